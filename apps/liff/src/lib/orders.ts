import type { OrderView } from '@city/api-client';

/**
 * Each record's order, by partition key: the newest when a record has several (a payment given up,
 * then tried again). `orders` come newest first, as getOrders answers them.
 */
export function ordersByRecord(orders: readonly OrderView[]): Map<string, OrderView> {
  const byRecord = new Map<string, OrderView>();
  for (const order of orders) if (!byRecord.has(order.partitionKey)) byRecord.set(order.partitionKey, order);
  return byRecord;
}
