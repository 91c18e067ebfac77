import type { SqliteDatabase } from '../../db/database.js';
import type { OrderRepository, OrderStatus, StoredOrder } from './order-repository.js';
import type { OrderRow } from './order-rows.js';
import { toOrder } from './order-rows.js';
import { orderSearchSql } from './order-search.js';

export function createSqliteOrderRepository(db: SqliteDatabase): OrderRepository {
  const insert = db.prepare<[string, string, string, string, string, OrderStatus, number, string, string, string, string | null, number, number, number]>(
    `INSERT INTO orders (order_id, partition_key, survey_id, receipt_number, user_id, status, total_yen, lines_json, held_claims_json,
       provider, provider_session_id, hold_expires_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const find = db.prepare<[string], OrderRow>('SELECT * FROM orders WHERE order_id = ?');
  const pendingOfRecord = db.prepare<[string], OrderRow>("SELECT * FROM orders WHERE partition_key = ? AND status = 'pending'");
  const paidOfRecord = db.prepare<[string], OrderRow>("SELECT * FROM orders WHERE partition_key = ? AND status = 'paid'");
  const openOfRecord = db.prepare<[string], OrderRow>("SELECT * FROM orders WHERE partition_key = ? AND status IN ('pending', 'paid')");
  const setStatus = db.prepare<[OrderStatus, number, string]>('UPDATE orders SET status = ?, updated_at = ? WHERE order_id = ?');
  const moveToRecord = db.prepare<[string, number, string]>('UPDATE orders SET partition_key = ?, updated_at = ? WHERE order_id = ?');
  const findBySession = db.prepare<[string, string], OrderRow>('SELECT * FROM orders WHERE provider = ? AND provider_session_id = ?');
  const ofUser = db.prepare<[string], OrderRow>('SELECT * FROM orders WHERE user_id = ? ORDER BY created_at DESC, rowid DESC');
  const ofRecord = db.prepare<[string, string], OrderRow>(
    'SELECT * FROM orders WHERE user_id = ? AND partition_key = ? ORDER BY created_at DESC, rowid DESC',
  );
  const ofRecords = db.prepare<[string], OrderRow>(
    'SELECT * FROM orders WHERE partition_key IN (SELECT value FROM json_each(?)) ORDER BY partition_key, created_at DESC, rowid DESC',
  );
  const setSession = db.prepare<[string, string, string, number, string]>(
    "UPDATE orders SET provider = ?, provider_session_id = ?, payment_url = ?, updated_at = ? WHERE order_id = ? AND provider_session_id IS NULL AND status = 'pending'",
  );
  const setPayment = db.prepare<[string, string, number, number, string]>(
    'UPDATE orders SET payment_id = ?, payment_method = ?, paid_at = ?, updated_at = ? WHERE order_id = ? AND payment_id IS NULL',
  );
  const markRefunded = db.prepare<[string, number, number, string]>(
    "UPDATE orders SET status = 'refunded', refund_id = ?, refunded_at = ?, updated_at = ? WHERE order_id = ? AND refund_id IS NULL",
  );
  const lapseClaims = db.prepare<[number, string]>(
    'UPDATE slot_claims SET hold_expires_at = ? WHERE partition_key = ? AND hold_expires_at IS NOT NULL',
  );
  const lapseOrder = db.prepare<[number, number, string]>('UPDATE orders SET hold_expires_at = ?, updated_at = ? WHERE order_id = ?');

  const linesOfSurvey = db.prepare<[string], { lines_json: string }>(
    "SELECT lines_json FROM orders WHERE survey_id = ? AND status IN ('pending', 'paid', 'refunded')",
  );
  return {
    productIdsOrdered(surveyId) {
      return new Set(linesOfSurvey.all(surveyId).flatMap((row) => (JSON.parse(row.lines_json) as StoredOrder['lines']).map((line) => line.productId)));
    },
    insert(order) {
      insert.run(
        order.orderId,
        order.partitionKey,
        order.surveyId,
        order.receiptNumber,
        order.userId,
        order.status,
        order.totalYen,
        JSON.stringify(order.lines),
        JSON.stringify(order.heldClaims),
        order.provider,
        order.providerSessionId,
        order.holdExpiresAt,
        order.createdAt,
        order.updatedAt,
      );
    },
    find(orderId) {
      const row = find.get(orderId);
      return row === undefined ? undefined : toOrder(row);
    },
    pendingOfRecord(partitionKey) {
      const row = pendingOfRecord.get(partitionKey);
      return row === undefined ? undefined : toOrder(row);
    },
    openOfRecord(partitionKey) {
      const open = openOfRecord.all(partitionKey).map(toOrder);
      return { pending: open.find((order) => order.status === 'pending'), paid: open.find((order) => order.status === 'paid') };
    },
    paidOfRecord(partitionKey) {
      const row = paidOfRecord.get(partitionKey);
      return row === undefined ? undefined : toOrder(row);
    },
    moveToRecord(orderId, partitionKey, now) {
      moveToRecord.run(partitionKey, now, orderId);
    },
    setStatus(orderId, status, now) {
      setStatus.run(status, now, orderId);
    },
    findBySession(provider, sessionId) {
      const row = findBySession.get(provider, sessionId);
      return row === undefined ? undefined : toOrder(row);
    },
    ofUser(userId, partitionKey) {
      return (partitionKey === undefined ? ofUser.all(userId) : ofRecord.all(userId, partitionKey)).map(toOrder);
    },
    ofRecords(partitionKeys) {
      return partitionKeys.length === 0 ? [] : ofRecords.all(JSON.stringify(partitionKeys)).map(toOrder);
    },
    search(search) {
      if (search.surveyIds.length === 0) return [];
      const { sql, values } = orderSearchSql(search, () => '?');
      return db.prepare<unknown[], OrderRow>(`SELECT * FROM orders ${sql}`).all(...values).map(toOrder);
    },
    setSession(orderId, session, now) {
      return setSession.run(session.provider, session.sessionId, session.url, now, orderId).changes === 1;
    },
    setPayment(orderId, payment, now) {
      setPayment.run(payment.paymentId, payment.method, payment.paidAt, now, orderId);
    },
    markRefunded(orderId, refundId, now) {
      return markRefunded.run(refundId, now, now, orderId).changes === 1;
    },
    lapseHolds(orderId, now) {
      const order = find.get(orderId);
      if (order === undefined || order.status !== 'pending') return;
      lapseClaims.run(now, order.partition_key);
      lapseOrder.run(now, now, orderId);
    },
  };
}
