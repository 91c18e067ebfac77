import type { Order, Product } from '@city/survey-core';

const grouping = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 0 });

/** `¥1,200`: yen, tax included, with the half-width sign Japanese price tags use. */
export function formatYen(amount: number): string {
  return `¥${grouping.format(amount)}`;
}

/** What an order costs, from the products' own prices; unknown products cost nothing. */
export function orderTotal(products: readonly Product[], order: Order): number {
  return order.items.reduce((total, line) => {
    const product = products.find((candidate) => candidate.productId === line.productId);
    return total + (product === undefined ? 0 : product.unitPrice * line.quantity);
  }, 0);
}
