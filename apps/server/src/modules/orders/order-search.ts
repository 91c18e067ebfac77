// The staff console's orders list as SQL, the same on both engines but for how a value is written
// in the statement (`?` on SQLite, `$n` on PostgreSQL): newest first, a page after a keyset.
import type { OrderSearch, OrderStatus } from './order-repository.js';

/**
 * Money was taken and has not gone back, on an order released (cancelled with its record, or a
 * payment that came after its hold lapsed): the refund is owed, to retry. A pending order with a
 * payment is still being confirmed, not owed.
 */
export const REFUND_OWED_SQL = "payment_id IS NOT NULL AND refund_id IS NULL AND status IN ('cancelled', 'failed', 'expired')";

/** The WHERE clause and ORDER BY of a search, with its values in order; `placeholder(n)` writes the n-th (1-based). */
export function orderSearchSql(search: OrderSearch, placeholder: (n: number) => string): { sql: string; values: unknown[] } {
  const values: unknown[] = [];
  const value = (v: unknown) => {
    values.push(v);
    return placeholder(values.length);
  };
  const list = (vs: readonly unknown[]) => vs.map(value).join(', ');
  const conditions = [`survey_id IN (${list(search.surveyIds)})`];
  if (search.receiptNumber !== undefined) conditions.push(`receipt_number = ${value(search.receiptNumber)}`);
  const statuses: readonly OrderStatus[] = search.statuses ?? [];
  if (statuses.length > 0 && search.refundOwed === true) conditions.push(`(status IN (${list(statuses)}) OR (${REFUND_OWED_SQL}))`);
  else if (statuses.length > 0) conditions.push(`status IN (${list(statuses)})`);
  else if (search.refundOwed === true) conditions.push(`(${REFUND_OWED_SQL})`);
  if (search.createdFrom !== undefined) conditions.push(`created_at >= ${value(search.createdFrom)}`);
  if (search.createdBefore !== undefined) conditions.push(`created_at < ${value(search.createdBefore)}`);
  if (search.provider !== undefined) conditions.push(`provider = ${value(search.provider)} AND provider_session_id IS NOT NULL`);
  if (search.after !== undefined) conditions.push(`(created_at, order_id) < (${value(search.after.createdAt)}, ${value(search.after.orderId)})`);
  return { sql: `WHERE ${conditions.join(' AND ')} ORDER BY created_at DESC, order_id DESC LIMIT ${value(search.limit)}`, values };
}
