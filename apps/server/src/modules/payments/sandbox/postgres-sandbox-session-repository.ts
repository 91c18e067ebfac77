import type { PostgresQueryable } from '../../../db/postgres.js';
import type { SandboxSessionRepository } from './sandbox-session-repository.js';
import type { SandboxSessionRow } from './sandbox-session-rows.js';
import { toSession } from './sandbox-session-rows.js';

export function createPostgresSandboxSessionRepository(db: PostgresQueryable): SandboxSessionRepository {
  return {
    async create(session, now) {
      await db.query({
        name: 'sandbox.create',
        text: `INSERT INTO sandbox_sessions (session_id, order_id, lines_json, total_yen, expires_at, success_url, cancel_url, error_url, status, created_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'open', $9)`,
        values: [session.sessionId, session.orderId, JSON.stringify(session.lines), session.totalYen, session.expiresAt, session.successUrl, session.cancelUrl, session.errorUrl, now],
      });
    },
    async find(sessionId) {
      const { rows } = await db.query<SandboxSessionRow>({
        name: 'sandbox.find',
        text: `SELECT s.session_id, s.order_id, s.lines_json, s.total_yen, s.expires_at, s.success_url, s.cancel_url, s.error_url, s.status, s.payment_id, s.payment_method,
                 (SELECT COALESCE(SUM(amount_yen), 0) FROM sandbox_refunds r WHERE r.session_id = s.session_id) AS refunded_yen
               FROM sandbox_sessions s WHERE session_id = $1`,
        values: [sessionId],
      });
      const row = rows[0];
      return row === undefined ? undefined : toSession(row);
    },
    async settle(sessionId, status, paymentId, paymentMethod) {
      const { rowCount } = await db.query({
        name: 'sandbox.settle',
        text: "UPDATE sandbox_sessions SET status = $1, payment_id = $2, payment_method = $3 WHERE session_id = $4 AND status = 'open'",
        values: [status, paymentId, paymentMethod, sessionId],
      });
      return rowCount === 1;
    },
    async lockForRefund(sessionId) {
      await db.query({ name: 'sandbox.lockForRefund', text: 'SELECT 1 FROM sandbox_sessions WHERE session_id = $1 FOR UPDATE', values: [sessionId] });
    },
    async findRefund(idempotencyKey) {
      const { rows } = await db.query<{ refund_id: string; session_id: string }>({
        name: 'sandbox.findRefund',
        text: 'SELECT refund_id, session_id FROM sandbox_refunds WHERE idempotency_key = $1',
        values: [idempotencyKey],
      });
      const row = rows[0];
      return row === undefined ? undefined : { refundId: row.refund_id, sessionId: row.session_id };
    },
    async addRefund(refund, now) {
      await db.query({
        name: 'sandbox.addRefund',
        text: 'INSERT INTO sandbox_refunds (idempotency_key, refund_id, session_id, amount_yen, created_at) VALUES ($1, $2, $3, $4, $5)',
        values: [refund.idempotencyKey, refund.refundId, refund.sessionId, refund.amountYen, now],
      });
    },
  };
}
