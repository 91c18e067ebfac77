import type { Answers, Order, SurveySchemaItem } from '@city/survey-core';
import { priceOrder } from '@city/survey-core';
import type { PricedOrder } from '@city/survey-core';

/**
 * What the answers buy, as `buildSubmissionPayload` reads them: each listed product id of a
 * `selectProducts` answer is one unit. Undefined when nothing is bought.
 */
export function orderOf(schema: readonly SurveySchemaItem[], answers: Answers): Order | undefined {
  const quantities = new Map<string, number>();
  for (const item of schema) {
    if (item.type !== 'selectProducts') continue;
    const answer = answers[item.itemKey];
    for (const productId of Array.isArray(answer) ? answer : []) {
      if (typeof productId === 'string' && productId.trim() !== '') quantities.set(productId, (quantities.get(productId) ?? 0) + 1);
    }
  }
  return quantities.size === 0 ? undefined : { items: [...quantities].map(([productId, quantity]) => ({ productId, quantity })) };
}

/**
 * The answers' order priced from the survey's own products, for the confirm screen only: the
 * server prices it again and charges its own figure. Undefined when nothing is bought or the order
 * cannot be priced (the server then says why).
 */
export function priceForDisplay(schema: readonly SurveySchemaItem[], answers: Answers): PricedOrder | undefined {
  const order = orderOf(schema, answers);
  if (order === undefined) return undefined;
  const priced = priceOrder(schema, order);
  return priced.ok ? priced.order : undefined;
}
