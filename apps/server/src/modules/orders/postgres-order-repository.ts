import type { PostgresQueryable } from '../../db/postgres.js';
import type { OrderRepository, StoredOrder } from './order-repository.js';
import type { OrderRow } from './order-rows.js';
import { toOrder } from './order-rows.js';
import { orderSearchSql } from './order-search.js';
import type { Configuration } from '../../db/configuration-cache.js';

const COLUMNS = `order_id, partition_key, survey_id, receipt_number, user_id, status, total_yen, lines_json, held_claims_json, provider,
  provider_session_id, hold_expires_at, created_at, updated_at, payment_url, payment_id, payment_method, paid_at, refund_id, refunded_at`;

/**
 * Orders over PostgreSQL. An order read by one or by its record, inside a transaction, is locked
 * (FOR UPDATE) until the transaction ends: the use-cases decide on its status and then write it,
 * so a second settlement of the same order (a notification delivered to two instances at once)
 * waits for the first and then sees what it did. Outside a transaction the lock ends with the read.
 */
export function createPostgresOrderRepository(db: PostgresQueryable, configuration: Configuration): OrderRepository {
  const orders = async (name: string, text: string, values: unknown[]) => (await db.query<OrderRow>({ name, text, values })).rows.map(toOrder);
  const order = async (name: string, text: string, values: unknown[]) => (await orders(name, text, values))[0];
  const changed = async (name: string, text: string, values: unknown[]) => (await db.query({ name, text, values })).rowCount ?? 0;
  const find = (orderId: string) => order('orders.find', `SELECT ${COLUMNS} FROM orders WHERE order_id = $1 FOR UPDATE`, [orderId]);
  return {
    async insert(newOrder) {
      await db.query({
        name: 'orders.insert',
        text: `INSERT INTO orders (order_id, partition_key, survey_id, receipt_number, user_id, status, total_yen, lines_json, held_claims_json,
                 provider, provider_session_id, hold_expires_at, created_at, updated_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        values: [
          newOrder.orderId,
          newOrder.partitionKey,
          newOrder.surveyId,
          newOrder.receiptNumber,
          newOrder.userId,
          newOrder.status,
          newOrder.totalYen,
          JSON.stringify(newOrder.lines),
          JSON.stringify(newOrder.heldClaims),
          newOrder.provider,
          newOrder.providerSessionId,
          newOrder.holdExpiresAt,
          newOrder.createdAt,
          newOrder.updatedAt,
        ],
      });
    },
    find,
    pendingOfRecord: (partitionKey) => order('orders.pendingOfRecord', `SELECT ${COLUMNS} FROM orders WHERE partition_key = $1 AND status = 'pending' FOR UPDATE`, [partitionKey]),
    async openOfRecord(partitionKey) {
      const open = await orders('orders.openOfRecord', `SELECT ${COLUMNS} FROM orders WHERE partition_key = $1 AND status IN ('pending', 'paid') FOR UPDATE`, [partitionKey]);
      return { pending: open.find((found) => found.status === 'pending'), paid: open.find((found) => found.status === 'paid') };
    },
    paidOfRecord: (partitionKey) => order('orders.paidOfRecord', `SELECT ${COLUMNS} FROM orders WHERE partition_key = $1 AND status = 'paid' FOR UPDATE`, [partitionKey]),
    async setStatus(orderId, status, now) {
      await changed('orders.setStatus', 'UPDATE orders SET status = $1, updated_at = $2 WHERE order_id = $3', [status, now, orderId]);
    },
    async moveToRecord(orderId, partitionKey, now) {
      await changed('orders.moveToRecord', 'UPDATE orders SET partition_key = $1, updated_at = $2 WHERE order_id = $3', [partitionKey, now, orderId]);
    },
    findBySession: (provider, sessionId) => order('orders.findBySession', `SELECT ${COLUMNS} FROM orders WHERE provider = $1 AND provider_session_id = $2 FOR UPDATE`, [provider, sessionId]),
    async productIdsOrdered(surveyId) {
      const { rows } = await db.query<{ lines_json: string }>({
        name: 'orders.linesOfSurvey',
        text: "SELECT lines_json FROM orders WHERE survey_id = $1 AND status IN ('pending', 'paid', 'refunded')",
        values: [surveyId],
      });
      return new Set(rows.flatMap((row) => (JSON.parse(row.lines_json) as StoredOrder['lines']).map((line) => line.productId)));
    },
    async ofUser(userId, partitionKey) {
      return partitionKey === undefined
        ? orders('orders.ofUser', `SELECT ${COLUMNS} FROM orders WHERE user_id = $1 ORDER BY created_at DESC, rowid DESC`, [userId])
        : orders('orders.ofRecord', `SELECT ${COLUMNS} FROM orders WHERE user_id = $1 AND partition_key = $2 ORDER BY created_at DESC, rowid DESC`, [userId, partitionKey]);
    },
    async ofRecords(partitionKeys) {
      if (partitionKeys.length === 0) return [];
      return orders('orders.ofRecords', `SELECT ${COLUMNS} FROM orders WHERE partition_key = ANY($1::text[]) ORDER BY partition_key, created_at DESC, rowid DESC`, [partitionKeys]);
    },
    async search(search) {
      if (search.surveyIds.length === 0) return [];
      // Its shape varies with the filter: an unnamed statement, planned for its values.
      const { sql, values } = orderSearchSql(search, (n) => `$${n}`);
      return (await db.query<OrderRow>(`SELECT ${COLUMNS} FROM orders ${sql}`, values)).rows.map(toOrder);
    },
    async setSession(orderId, session, now) {
      return (
        (await changed(
          'orders.setSession',
          "UPDATE orders SET provider = $1, provider_session_id = $2, payment_url = $3, updated_at = $4 WHERE order_id = $5 AND provider_session_id IS NULL AND status = 'pending'",
          [session.provider, session.sessionId, session.url, now, orderId],
        )) === 1
      );
    },
    async setPayment(orderId, payment, now) {
      await changed('orders.setPayment', 'UPDATE orders SET payment_id = $1, payment_method = $2, paid_at = $3, updated_at = $4 WHERE order_id = $5 AND payment_id IS NULL', [
        payment.paymentId,
        payment.method,
        payment.paidAt,
        now,
        orderId,
      ]);
    },
    async markRefunded(orderId, refundId, now) {
      return (await changed('orders.markRefunded', "UPDATE orders SET status = 'refunded', refund_id = $1, refunded_at = $2, updated_at = $2 WHERE order_id = $3 AND refund_id IS NULL", [refundId, now, orderId])) === 1;
    },
    async lapseHolds(orderId, now) {
      const found = await find(orderId);
      if (found === undefined || found.status !== 'pending') return;
      await changed('orders.lapseClaims', 'UPDATE slot_claims SET hold_expires_at = $1 WHERE partition_key = $2 AND hold_expires_at IS NOT NULL', [now, found.partitionKey]);
      // Their units are free from now: the slots citizens reload are stale once this commits.
      configuration.availabilityChanged();
      await changed('orders.lapseOrder', 'UPDATE orders SET hold_expires_at = $1, updated_at = $1 WHERE order_id = $2', [now, orderId]);
    },
  };
}
