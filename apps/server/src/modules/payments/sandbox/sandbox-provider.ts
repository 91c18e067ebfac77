// The sandbox payment provider: a stand-in for a real one, on this server, outside production only.
// Its sessions live in the server's database (sandbox-session-repository.ts: a development restart
// keeps them); a tester pays, cancels or fails on its hosted page (sandbox-page.ts), which then
// sends a signed notification to the server's own notification route over real HTTP, as a real
// provider's server would, before sending the citizen back. The signature is Stripe's scheme: HMAC-SHA256 over `timestamp.body`, with a random secret
// made at each start (nothing outside this process can sign).
import { SANDBOX_PAYMENT_PATH } from '@city/api-client/contract';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Store } from '../../../db/store.js';
import type { CheckoutRequest, PaymentNotification, PaymentOutcome, PaymentProvider } from '../provider.js';
import { NotificationRejected } from '../provider.js';
import type { SandboxSession, SandboxSessionRepository, SandboxSessionStatus } from './sandbox-session-repository.js';

export type { SandboxSession, SandboxSessionStatus } from './sandbox-session-repository.js';

export const SANDBOX_PROVIDER_NAME = 'sandbox';
/** The header carrying the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
/** How old (or how far ahead) a notification's timestamp may be. */
export const SANDBOX_SIGNATURE_TOLERANCE_MS = 5 * 60_000;
/** How the sandbox says a payment was made. */
export const SANDBOX_PAYMENT_METHOD = 'card';

/** What the sandbox posts to the notification route (the body it signs). */
export interface SandboxEvent {
  id: string;
  sessionId: string;
  occurredAt: number;
  outcome: PaymentOutcome;
}

export interface SandboxOptions {
  /** The sandbox's sessions, in the server's database: its writes queue with the server's own transactions. */
  store: Store<SandboxSessionRepository>;
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

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export function createSandboxProvider(options: SandboxOptions): SandboxProvider {
  const { store, now } = options;
  const secret = randomBytes(32);
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
  const mustFind = async (sessions: SandboxSessionRepository, sessionId: string) => {
    const found = await sessions.find(sessionId);
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
      const { orderId, lines, totalYen, expiresAt, successUrl, cancelUrl, errorUrl } = request;
      await store.transaction((sessions) => sessions.create({ sessionId, orderId, lines, totalYen, expiresAt, successUrl, cancelUrl, errorUrl }, now()));
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
      return store.transaction(async (sessions) => outcomeOf(await mustFind(sessions, sessionId)));
    },

    async fetchPayment(sessionId) {
      return store.transaction(async (sessions) => {
        const session = await mustFind(sessions, sessionId);
        return { outcome: outcomeOf(session), refundedYen: session.refundedYen };
      });
    },

    async refund({ sessionId, amountYen, idempotencyKey }) {
      return store.transaction(async (sessions) => {
        // A second refund under the same key, sent meanwhile, waits here and then finds the first.
        await sessions.lockForRefund(sessionId);
        const seen = await sessions.findRefund(idempotencyKey);
        if (seen !== undefined) {
          if (seen.sessionId !== sessionId) throw new Error('idempotency key reused for another session');
          return { refundId: seen.refundId };
        }
        const paid = await mustFind(sessions, sessionId);
        if (paid.status !== 'paid') throw new Error(`sandbox session ${sessionId} was not paid`);
        if (paid.refundedYen + amountYen > paid.totalYen) throw new Error('refund larger than the payment');
        const refundId = id('sbre');
        await sessions.addRefund({ idempotencyKey, refundId, sessionId, amountYen }, now());
        return { refundId };
      });
    },

    async endSession(sessionId) {
      return store.transaction(async (sessions) => {
        if (outcomeOf(await mustFind(sessions, sessionId)).kind === 'open') await sessions.settle(sessionId, 'cancelled', null, null);
        return outcomeOf(await mustFind(sessions, sessionId));
      });
    },

    // Reads too run as transactions of the server's queue, like every call here: a provider is
    // called outside the server's own transactions, never inside one.
    session: (sessionId) => store.transaction((sessions) => sessions.find(sessionId)),

    settle(sessionId, status) {
      return store.transaction(async (sessions) => {
        const current = await sessions.find(sessionId);
        if (current === undefined || outcomeOf(current).kind !== 'open') return false;
        const paid = status === 'paid';
        return sessions.settle(sessionId, status, paid ? id('sbpay') : null, paid ? SANDBOX_PAYMENT_METHOD : null);
      });
    },

    signedEvent(event, timestampMs = now()) {
      const body = JSON.stringify(event);
      return { body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: sign(body, timestampMs) } };
    },

    sign,
  };
}
