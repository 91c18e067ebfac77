// The sandbox payment provider: a stand-in for a real one, on this server, outside production only.
// Its sessions live in SQLite (a development restart keeps them); a tester pays, cancels or fails
// on its hosted page (sandbox-page.ts), which then sends a signed notification to the server's own
// notification route over real HTTP, as a real provider's server would, before sending the citizen
// back. The signature is Stripe's scheme: HMAC-SHA256 over `timestamp.body`, with a random secret
// made at each start (nothing outside this process can sign).
import { SANDBOX_PAYMENT_PATH } from '@city/api-client/contract';
import type { PricedOrderLine } from '@city/survey-core';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SqliteConnections } from '../../../db/sqlite-store.js';
import type { CheckoutRequest, PaymentNotification, PaymentOutcome, PaymentProvider } from '../provider.js';
import { NotificationRejected } from '../provider.js';

export const SANDBOX_PROVIDER_NAME = 'sandbox';
/** The header carrying the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
/** How old (or how far ahead) a notification's timestamp may be. */
export const SANDBOX_SIGNATURE_TOLERANCE_MS = 5 * 60_000;
/** How the sandbox says a payment was made. */
export const SANDBOX_PAYMENT_METHOD = 'card';

export type SandboxSessionStatus = 'open' | 'paid' | 'cancelled' | 'failed';

export interface SandboxSession {
  sessionId: string;
  orderId: string;
  lines: PricedOrderLine[];
  totalYen: number;
  expiresAt: number;
  successUrl: string;
  cancelUrl: string;
  errorUrl: string;
  status: SandboxSessionStatus;
  paymentId: string | null;
  paymentMethod: string | null;
  /** The refunds made for the session (a tester sees them on the page). */
  refundedYen: number;
}

/** What the sandbox posts to the notification route (the body it signs). */
export interface SandboxEvent {
  id: string;
  sessionId: string;
  occurredAt: number;
  outcome: PaymentOutcome;
}

export interface SandboxOptions {
  /** The server's database: the sandbox's writes queue with the server's own transactions. */
  connections: SqliteConnections;
  now: () => number;
  /** The hosted page's origin when the citizen returns into LINE (the return URLs then name liff.line.me). */
  pageOrigin: () => string;
}

export interface SandboxProvider extends PaymentProvider {
  session(sessionId: string): Promise<SandboxSession | undefined>;
  /** Records what the tester did on the page; answers false when the session was no longer open. */
  settle(sessionId: string, status: Exclude<SandboxSessionStatus, 'open'>): Promise<boolean>;
  /** The signed notification the sandbox sends for an event: its body and headers. */
  signedEvent(event: SandboxEvent, timestampMs?: number): { body: string; headers: Record<string, string> };
  /** The signature header value for a body at a time (tests forge and replay with it). */
  sign(body: string, timestampMs: number): string;
}

interface SessionRow {
  session_id: string;
  order_id: string;
  lines_json: string;
  total_yen: number;
  expires_at: number;
  success_url: string;
  cancel_url: string;
  error_url: string;
  status: SandboxSessionStatus;
  payment_id: string | null;
  payment_method: string | null;
  refunded_yen: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export function createSandboxProvider(options: SandboxOptions): SandboxProvider {
  const { connections, now } = options;
  const db = connections.writer;
  // Every statement runs in a transaction of the server's queue: never inside another's.
  const inTransaction = <T>(work: () => T) => connections.transact(async () => work());
  const secret = randomBytes(32);
  const insert = db.prepare(
    `INSERT INTO sandbox_sessions (session_id, order_id, lines_json, total_yen, expires_at, success_url, cancel_url, error_url, status, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', ?)`,
  );
  const find = db.prepare<[string], SessionRow>(
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

  const toSession = (row: SessionRow): SandboxSession => ({
    sessionId: row.session_id,
    orderId: row.order_id,
    lines: JSON.parse(row.lines_json) as PricedOrderLine[],
    totalYen: row.total_yen,
    expiresAt: row.expires_at,
    successUrl: row.success_url,
    cancelUrl: row.cancel_url,
    errorUrl: row.error_url,
    status: row.status,
    paymentId: row.payment_id,
    paymentMethod: row.payment_method,
    refundedYen: row.refunded_yen,
  });
  const sessionNow = (sessionId: string) => {
    const row = find.get(sessionId);
    return row === undefined ? undefined : toSession(row);
  };
  const session = (sessionId: string) => inTransaction(() => sessionNow(sessionId));
  const outcomeOf = (s: SandboxSession): PaymentOutcome => {
    switch (s.status) {
      case 'paid':
        return { kind: 'paid', paymentId: s.paymentId ?? '', method: s.paymentMethod ?? SANDBOX_PAYMENT_METHOD };
      case 'cancelled':
      case 'failed':
        return { kind: s.status };
      case 'open':
        return now() >= s.expiresAt ? { kind: 'expired' } : { kind: 'open' };
    }
  };
  const mustFind = (sessionId: string) => {
    const found = sessionNow(sessionId);
    if (found === undefined) throw new Error(`sandbox session ${sessionId} not found`);
    return found;
  };
  const sign = (body: string, timestampMs: number) => {
    const t = Math.floor(timestampMs / 1000);
    return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
  };

  return {
    name: SANDBOX_PROVIDER_NAME,

    async createSession(request: CheckoutRequest) {
      const sessionId = id('sbcs');
      await inTransaction(() => insert.run(
        sessionId,
        request.orderId,
        JSON.stringify(request.lines),
        request.totalYen,
        request.expiresAt,
        request.successUrl,
        request.cancelUrl,
        request.errorUrl,
        now(),
      ));
      // The page is on this server: where the citizen comes back to, unless that is LINE's LIFF URL.
      const returnOrigin = new URL(request.successUrl).origin;
      const origin = returnOrigin === 'https://liff.line.me' ? options.pageOrigin() : returnOrigin;
      return { sessionId, url: `${origin}${SANDBOX_PAYMENT_PATH}/checkout/${sessionId}` };
    },

    verifyNotification(rawBody, headers, at): PaymentNotification {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      if (typeof header !== 'string') throw new NotificationRejected('no signature');
      const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
      const t = Number(parts.get('t'));
      const v1 = parts.get('v1') ?? '';
      if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(v1)) throw new NotificationRejected('malformed signature');
      if (Math.abs(at - t * 1000) > SANDBOX_SIGNATURE_TOLERANCE_MS) throw new NotificationRejected('signature too old');
      const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
      if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) throw new NotificationRejected('wrong signature');
      const event = JSON.parse(rawBody.toString('utf8')) as SandboxEvent;
      return { eventId: event.id, sessionId: event.sessionId, occurredAt: event.occurredAt, outcome: event.outcome };
    },

    async fetchStatus(sessionId) {
      return inTransaction(() => outcomeOf(mustFind(sessionId)));
    },

    async refund({ sessionId, amountYen, idempotencyKey }) {
      return inTransaction(() => {
        const seen = findRefund.get(idempotencyKey);
        if (seen !== undefined) {
          if (seen.session_id !== sessionId) throw new Error('idempotency key reused for another session');
          return { refundId: seen.refund_id };
        }
        const paid = mustFind(sessionId);
        if (paid.status !== 'paid') throw new Error(`sandbox session ${sessionId} was not paid`);
        if (paid.refundedYen + amountYen > paid.totalYen) throw new Error('refund larger than the payment');
        const refundId = id('sbre');
        insertRefund.run(idempotencyKey, refundId, sessionId, amountYen, now());
        return { refundId };
      });
    },

    async endSession(sessionId) {
      return inTransaction(() => {
        if (outcomeOf(mustFind(sessionId)).kind === 'open') settle.run('cancelled', null, null, sessionId);
        return outcomeOf(mustFind(sessionId));
      });
    },

    session,

    settle(sessionId, status) {
      return inTransaction(() => {
        const current = sessionNow(sessionId);
        if (current === undefined || outcomeOf(current).kind !== 'open') return false;
        const paid = status === 'paid';
        return settle.run(status, paid ? id('sbpay') : null, paid ? SANDBOX_PAYMENT_METHOD : null, sessionId).changes === 1;
      });
    },

    signedEvent(event, timestampMs = now()) {
      const body = JSON.stringify(event);
      return { body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: sign(body, timestampMs) } };
    },

    sign,
  };
}
