import type { SqliteDatabase } from '../../db/database.js';
import type { OrderRepository, OrderStatus, StoredOrder } from './order-repository.js';

interface OrderRow {
  order_id: string;
  partition_key: string;
  user_id: string;
  status: OrderStatus;
  total_yen: number;
  lines_json: string;
  held_claims_json: string;
  provider: string;
  provider_session_id: string | null;
  hold_expires_at: number;
  created_at: number;
  updated_at: number;
}

const toOrder = (row: OrderRow): StoredOrder => ({
  orderId: row.order_id,
  partitionKey: row.partition_key,
  userId: row.user_id,
  status: row.status,
  totalYen: row.total_yen,
  lines: JSON.parse(row.lines_json) as StoredOrder['lines'],
  heldClaims: JSON.parse(row.held_claims_json) as StoredOrder['heldClaims'],
  provider: row.provider,
  providerSessionId: row.provider_session_id,
  holdExpiresAt: row.hold_expires_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export function createSqliteOrderRepository(db: SqliteDatabase): OrderRepository {
  const insert = db.prepare<[string, string, string, OrderStatus, number, string, string, string, string | null, number, number, number]>(
    `INSERT INTO orders (order_id, partition_key, user_id, status, total_yen, lines_json, held_claims_json, provider,
       provider_session_id, hold_expires_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const find = db.prepare<[string], OrderRow>('SELECT * FROM orders WHERE order_id = ?');
  const pendingOfRecord = db.prepare<[string], OrderRow>("SELECT * FROM orders WHERE partition_key = ? AND status = 'pending'");
  const setStatus = db.prepare<[OrderStatus, number, string]>('UPDATE orders SET status = ?, updated_at = ? WHERE order_id = ?');

  return {
    async insert(order) {
      insert.run(
        order.orderId,
        order.partitionKey,
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
    async find(orderId) {
      const row = find.get(orderId);
      return row === undefined ? undefined : toOrder(row);
    },
    async pendingOfRecord(partitionKey) {
      const row = pendingOfRecord.get(partitionKey);
      return row === undefined ? undefined : toOrder(row);
    },
    async setStatus(orderId, status, now) {
      setStatus.run(status, now, orderId);
    },
  };
}
