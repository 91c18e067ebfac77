// The Stripe Checkout adapter: PaymentProvider on the official `stripe` SDK. Every call goes
// through the SDK's own HTTP client and its webhook signature check, so what the tests run against
// the stand-in is the code that runs against Stripe; only `apiBaseUrl` differs.
import Stripe from 'stripe';
import type { CheckoutRequest, CheckoutSession, PaymentNotification, PaymentOutcome, PaymentProvider } from '../provider.js';
import { NotificationRejected, ProviderUnavailable } from '../provider.js';

export type StripePaymentMethod = 'card' | 'konbini' | 'paypay';

export interface StripeProviderOptions {
  /** `sk_live_...` / `sk_test_...` (STRIPE_SECRET_KEY). */
  secretKey: string;
  /** The webhook endpoint's `whsec_...` signing secret (STRIPE_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** Another origin for Stripe's API (the stand-in in tests); Stripe's own when absent. */
  apiBaseUrl?: string;
  /** What the citizen may pay with; konbini only for orders that hold no slots. */
  paymentMethods: readonly StripePaymentMethod[];
  /** The clock for session expiry (ms since the epoch); tests inject one. */
  now?: () => number;
  /** How long one API call may take before it counts as unavailable (ms). */
  timeoutMs?: number;
}

/** Stripe's default: a delivery signed more than 5 minutes before it arrives is refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** Stripe refuses a Checkout Session that expires sooner than 30 minutes after creation. */
const STRIPE_MIN_EXPIRY_SECONDS = 30 * 60;
const STRIPE_MAX_EXPIRY_SECONDS = 24 * 60 * 60;
/** Room for the request's transit and for the clocks of this server and Stripe to disagree. */
const CLOCK_SKEW_SECONDS = 10;
const DEFAULT_TIMEOUT_MS = 10_000;

/** Events about a Checkout Session's outcome; every other event type is acknowledged and ignored. */
const SESSION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

function sdkConfig(options: StripeProviderOptions): Stripe.StripeConfig {
  const config: Stripe.StripeConfig = {
    // No retries: a create retried by the SDK could open a second session; refunds carry their
    // own idempotency key, and the caller retries whole operations itself.
    maxNetworkRetries: 0,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    telemetry: false,
  };
  if (options.apiBaseUrl) {
    const url = new URL(options.apiBaseUrl);
    config.host = url.hostname;
    config.protocol = url.protocol === 'http:' ? 'http' : 'https';
    config.port = url.port || (url.protocol === 'http:' ? '80' : '443');
  }
  return config;
}

const idOf = (value: string | { id: string } | null | undefined): string | undefined => (typeof value === 'string' ? value : value?.id);

/** Which method paid, as far as the session alone says (a webhook carries no PaymentMethod). */
function methodFromSession(session: Stripe.Checkout.Session, paidLater: boolean): string {
  if (paidLater) return 'konbini';
  const paidAtOnce = session.payment_method_types.filter((type) => type !== 'konbini');
  // Card and PayPay both settle at once: with both offered the event cannot tell them apart, and
  // `card` is reported (fetchStatus reads the PaymentIntent and knows). See docs/adr/0010-payment-providers-sandbox-and-stripe.md.
  return paidAtOnce.length === 1 && paidAtOnce[0] === 'paypay' ? 'paypay' : 'card';
}

function outcomeOfEvent(type: string, session: Stripe.Checkout.Session): PaymentOutcome | null {
  const paymentId = idOf(session.payment_intent);
  switch (type) {
    case 'checkout.session.completed':
      // `unpaid` here is a konbini voucher: the citizen pays at the store later, or never.
      if (session.payment_status === 'unpaid') return { kind: 'open' };
      if (session.payment_status === 'paid' && paymentId) return { kind: 'paid', paymentId, method: methodFromSession(session, false) };
      return null;
    case 'checkout.session.async_payment_succeeded':
      return paymentId ? { kind: 'paid', paymentId, method: methodFromSession(session, true) } : null;
    case 'checkout.session.async_payment_failed':
      return { kind: 'failed' };
    case 'checkout.session.expired':
      return { kind: 'expired' };
    default:
      return null;
  }
}

/** How a retrieved session (its PaymentIntent and PaymentMethod expanded) stands. */
function outcomeOfSession(session: Stripe.Checkout.Session): PaymentOutcome {
  if (session.status === 'open') return { kind: 'open' };
  if (session.status === 'expired') return { kind: 'expired' };
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  const paymentId = idOf(session.payment_intent);
  if (session.payment_status === 'paid' && paymentId) {
    const paymentMethod = intent && typeof intent.payment_method === 'object' ? intent.payment_method : null;
    return { kind: 'paid', paymentId, method: paymentMethod?.type ?? methodFromSession(session, false) };
  }
  // Complete but unpaid: a konbini voucher still waiting, or one that lapsed.
  if (intent && (intent.status === 'requires_payment_method' || intent.status === 'canceled')) return { kind: 'failed' };
  return { kind: 'open' };
}

function unavailable(action: string, error: unknown): ProviderUnavailable {
  const detail = error instanceof Error ? error.message : String(error);
  return new ProviderUnavailable(`Stripe could not ${action}: ${detail}`, { cause: error });
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, sdkConfig(options));
  const now = options.now ?? (() => Date.now());

  async function retrieveOutcome(sessionId: string): Promise<PaymentOutcome> {
    try {
      const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.payment_method'] });
      return outcomeOfSession(session);
    } catch (error) {
      throw unavailable(`read session ${sessionId}`, error);
    }
  }

  /** The refunds given (or on their way) for a payment, and their sum in yen. */
  async function refundsOf(paymentId: string): Promise<{ given: Stripe.Refund[]; totalYen: number }> {
    try {
      const refunds = await stripe.refunds.list({ payment_intent: paymentId, limit: 10 });
      const given = refunds.data.filter((refund) => refund.status !== 'failed' && refund.status !== 'canceled');
      return { given, totalYen: given.reduce((sum, refund) => sum + refund.amount, 0) };
    } catch (error) {
      throw unavailable(`list the refunds of ${paymentId}`, error);
    }
  }

  /** The refund that already gave this payment's amount back, if there is one. */
  async function findRefund(paymentId: string, amountYen: number): Promise<string | undefined> {
    const { given, totalYen } = await refundsOf(paymentId);
    return totalYen >= amountYen ? given[0]?.id : undefined;
  }

  return {
    name: 'stripe',

    async createSession(request: CheckoutRequest): Promise<CheckoutSession> {
      const lineTotal = request.lines.reduce((sum, line) => sum + line.subtotal, 0);
      if (lineTotal !== request.totalYen || request.lines.some((line) => line.unitPrice * line.quantity !== line.subtotal)) {
        throw new Error(`Order ${request.orderId}: the lines do not add up to ${request.totalYen} yen.`);
      }
      const nowSeconds = Math.floor(now() / 1000);
      // The session ends when asked (before the hold lapses). Stripe will not end one sooner than
      // 30 minutes after it starts: a hold with less time left gets no session rather than one
      // that outlives it. Nor later than 24 hours.
      const requested = Math.floor(request.expiresAt / 1000);
      if (requested < nowSeconds + STRIPE_MIN_EXPIRY_SECONDS + CLOCK_SKEW_SECONDS) {
        throw new ProviderUnavailable(`Order ${request.orderId}: its hold ends too soon for a Stripe Checkout Session (at least 30 minutes).`);
      }
      const expiresAt = Math.min(requested, nowSeconds + STRIPE_MAX_EXPIRY_SECONDS);
      // Konbini is paid days later at a store: never while the order holds a calendar slot.
      const offered = options.paymentMethods.filter((method) => !(request.holdsSlots && method === 'konbini'));
      // Configured with konbini alone, a slot-holding order still needs a way to pay at once.
      const paymentMethodTypes = offered.length > 0 ? offered : (['card'] as const);
      try {
        const session = await stripe.checkout.sessions.create({
          mode: 'payment',
          line_items: request.lines.map((line) => ({
            // JPY is zero-decimal: unit_amount is whole yen.
            price_data: { currency: 'jpy', unit_amount: line.unitPrice, product_data: { name: line.name } },
            quantity: line.quantity,
          })),
          // Since API 2026-10-28.endive (stripe 23) this filters what the account has enabled in the
          // Dashboard; the session's `payment_method_types` is what was actually offered.
          allowed_payment_method_types: [...paymentMethodTypes],
          client_reference_id: request.orderId,
          metadata: { orderId: request.orderId },
          payment_intent_data: { metadata: { orderId: request.orderId } },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: expiresAt,
          locale: 'ja',
        });
        if (!session.url) throw new Error(`session ${session.id} has no url`);
        return { sessionId: session.id, url: session.url };
      } catch (error) {
        throw unavailable(`open a Checkout Session for order ${request.orderId}`, error);
      }
    },

    verifyNotification(rawBody, headers, nowMs): PaymentNotification | null {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string' || signature === '') {
        throw new NotificationRejected('No single Stripe-Signature header.');
      }
      let event: Stripe.Event;
      try {
        // `receivedAt` makes the SDK judge the signature's age against our clock, not Date.now().
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret, SIGNATURE_TOLERANCE_SECONDS, undefined, nowMs);
      } catch (error) {
        throw new NotificationRejected(error instanceof Error ? error.message : 'The Stripe signature does not check out.');
      }
      if (!SESSION_EVENTS.has(event.type)) return null;
      const session = event.data.object as Stripe.Checkout.Session;
      const outcome = outcomeOfEvent(event.type, session);
      if (!outcome) return null;
      return { eventId: event.id, sessionId: session.id, occurredAt: event.created * 1000, outcome };
    },

    fetchStatus: retrieveOutcome,

    async fetchPayment(sessionId) {
      const outcome = await retrieveOutcome(sessionId);
      return { outcome, refundedYen: outcome.kind === 'paid' ? (await refundsOf(outcome.paymentId)).totalYen : 0 };
    },

    async refund({ paymentId, amountYen, idempotencyKey }) {
      try {
        const refund = await stripe.refunds.create({ payment_intent: paymentId, amount: amountYen }, { idempotencyKey });
        return { refundId: refund.id };
      } catch (error) {
        // Stripe forgets idempotency keys after 24 hours: a retry after that finds the payment
        // refunded already. That refund is the answer, not a failure to retry forever.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded') {
          const existing = await findRefund(paymentId, amountYen);
          if (existing) return { refundId: existing };
        }
        throw unavailable(`refund ${paymentId}`, error);
      }
    },

    async endSession(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return { kind: 'cancelled' };
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open: it was paid (or a konbini
        // voucher was issued) or it expired meanwhile. How it stands decides what the caller does.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 400) {
          return retrieveOutcome(sessionId);
        }
        throw unavailable(`end session ${sessionId}`, error);
      }
    },
  };
}
