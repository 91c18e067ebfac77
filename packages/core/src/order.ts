import { orderMessages } from './messages.js';
import type { Order, Product, SurveySchemaItem } from './types.js';

/** How many units of one product an order may hold when the product sets no `maxQuantity`. */
export const DEFAULT_MAX_QUANTITY = 10;

/** The most units of `product` one order may hold. */
export function maxQuantity(product: Pick<Product, 'maxQuantity'>): number {
  return product.maxQuantity ?? DEFAULT_MAX_QUANTITY;
}

/** One line of a priced order: the survey's name and price, never the client's. Yen, tax included. */
export interface PricedOrderLine {
  productId: string;
  name: string;
  unitPrice: number;
  quantity: number;
  subtotal: number;
}

/** An order priced from the survey's products, in integer yen, tax included. */
export interface PricedOrder {
  lines: PricedOrderLine[];
  total: number;
}

/** What {@link priceOrder} answers: the priced order, or why it cannot be priced (Japanese). */
export type PriceOrderResult = { ok: true; order: PricedOrder } | { ok: false; problems: string[] };

/**
 * Prices an order from the survey's `selectProducts` items only: each line's name and unit price
 * come from the schema, so any price, name or total the client sent alongside is never read.
 * Refuses a product the survey does not sell, a quantity that is not an integer from 1 to the
 * product's `maxQuantity`, and the same product twice.
 *
 * @example
 * const schema = [{ itemKey: 'fee', type: 'selectProducts', title: '受診料', products: [{ productId: 'p1', name: '検診', unitPrice: 1500 }] }] as const;
 * priceOrder(schema, { items: [{ productId: 'p1', quantity: 2 }] });
 * // { ok: true, order: { lines: [{ productId: 'p1', name: '検診', unitPrice: 1500, quantity: 2, subtotal: 3000 }], total: 3000 } }
 */
export function priceOrder(schema: readonly SurveySchemaItem[], order: Order): PriceOrderResult {
  const products = new Map<string, Product>();
  for (const item of schema) {
    if (item.type !== 'selectProducts') continue;
    for (const product of item.products) if (!products.has(product.productId)) products.set(product.productId, product);
  }

  const problems: string[] = [];
  const lines: PricedOrderLine[] = [];
  const seen = new Set<string>();
  for (const { productId, quantity } of order.items) {
    const product = products.get(productId);
    if (product === undefined) {
      problems.push(orderMessages.unknownProduct(productId));
      continue;
    }
    if (seen.has(productId)) {
      problems.push(orderMessages.duplicateProduct(product.name));
      continue;
    }
    seen.add(productId);
    const max = maxQuantity(product);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > max) {
      problems.push(orderMessages.quantity(product.name, max));
      continue;
    }
    // Only the fields named here leave: the survey's name and price, the client's quantity.
    lines.push({ productId, name: product.name, unitPrice: product.unitPrice, quantity, subtotal: product.unitPrice * quantity });
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, order: { lines, total: lines.reduce((sum, line) => sum + line.subtotal, 0) } };
}
