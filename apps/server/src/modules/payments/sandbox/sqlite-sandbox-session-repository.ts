import type { SqliteDatabase } from '../../../db/database.js';
import type { SandboxSessionRepository, SandboxSessionStatus } from './sandbox-session-repository.js';
import type { SandboxSessionRow } from './sandbox-session-rows.js';
import { toSession } from './sandbox-session-rows.js';

export function createSqliteSandboxSessionRepository(db: SqliteDatabase): SandboxSessionRepository {
  const insert = db.prepare<[string, string, string, number, number, string, string, string, number]>(
    `INSERT INTO sandbox_sessions (session_id, order_id, lines_json, total_yen, expires_at, success_url, cancel_url, error_url, status, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', ?)`,
  );
  const find = db.prepare<[string], SandboxSessionRow>(
    `SELECT s.*, (SELECT COALESCE(SUM(amount_yen), 0) FROM sandbox_refunds r WHERE r.session_id = s.session_id) AS refunded_yen
     FROM sandbox_sessions s WHERE session_id = ?`,
  );
  const settle = db.prepare<[SandboxSessionStatus, string | null, string | null, string]>(
    "UPDATE sandbox_sessions SET status = ?, payment_id = ?, payment_method = ? WHERE session_id = ? AND status = 'open'",
  );
  const findRefund = db.prepare<[string], { refund_id: string; session_id: string }>('SELECT refund_id, session_id FROM sandbox_refunds WHERE idempotency_key = ?');
  const insertRefund = db.prepare<[string, string, string, number, number]>(
    'INSERT INTO sandbox_refunds (idempotency_key, refund_id, session_id, amount_yen, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  return {
    async create(session, now) {
      insert.run(session.sessionId, session.orderId, JSON.stringify(session.lines), session.totalYen, session.expiresAt, session.successUrl, session.cancelUrl, session.errorUrl, now);
    },
    async find(sessionId) {
      const row = find.get(sessionId);
      return row === undefined ? undefined : toSession(row);
    },
    async settle(sessionId, status, paymentId, paymentMethod) {
      return settle.run(status, paymentId, paymentMethod, sessionId).changes === 1;
    },
    async lockForRefund() {},
    async findRefund(idempotencyKey) {
      const row = findRefund.get(idempotencyKey);
      return row === undefined ? undefined : { refundId: row.refund_id, sessionId: row.session_id };
    },
    async addRefund(refund, now) {
      insertRefund.run(refund.idempotencyKey, refund.refundId, refund.sessionId, refund.amountYen, now);
    },
  };
}
