import type { Answers, PricedOrder, SurveySchemaItem } from '@city/survey-core';
import { orderFromAnswers, priceOrder } from '@city/survey-core';

/**
 * The answers' order priced from the survey's own products, for the confirm screen only: the
 * server prices it again and charges its own figure. Undefined when nothing is bought or the order
 * cannot be priced (the server then says why).
 */
export function priceForDisplay(schema: readonly SurveySchemaItem[], answers: Answers): PricedOrder | undefined {
  const order = orderFromAnswers(schema, answers);
  if (order === undefined) return undefined;
  const priced = priceOrder(schema, order);
  return priced.ok ? priced.order : undefined;
}
