// The Stripe adapter against the Stripe stand-in over real HTTP: the official SDK makes every
// call, and every webhook arrives at a real endpoint signed as Stripe signs it.
import type { SendOptions, StripeEvent, StripeStandIn } from '@city/stripe-stand-in';
import { startStripeStandIn } from '@city/stripe-stand-in';
import type { PricedOrderLine } from '@city/survey-core';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CheckoutRequest, PaymentProvider } from '../src/modules/payments/provider.js';
import { NotificationRejected, ProviderUnavailable } from '../src/modules/payments/provider.js';
import type { StripePaymentMethod } from '../src/modules/payments/stripe/stripe-provider.js';
import { createStripeProvider } from '../src/modules/payments/stripe/stripe-provider.js';

const SECRET_KEY = 'sk_test_city_adapter';
const WEBHOOK_SECRET = 'whsec_city_adapter';
const START = Date.UTC(2026, 10, 23, 3, 0, 0);
const HOLD_MS = 40 * 60 * 1000;

interface Received {
  body: Buffer;
  headers: IncomingHttpHeaders;
}

/** The server's webhook endpoint, reduced to keeping each request's raw bytes and headers. */
async function startWebhookEndpoint() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ body: Buffer.concat(chunks), headers: request.headers });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/survey/api/v1/db/payments/notifications/stripe`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

const LINES: PricedOrderLine[] = [
  { productId: 'checkup-fee', name: '特定健診 受診料', unitPrice: 1500, quantity: 1, subtotal: 1500 },
  { productId: 'blood-test', name: '追加血液検査', unitPrice: 800, quantity: 1, subtotal: 800 },
];

let clock = START;
let standIn: StripeStandIn;
let endpoint: Awaited<ReturnType<typeof startWebhookEndpoint>>;

function provider(paymentMethods: StripePaymentMethod[] = ['card'], secretKey = SECRET_KEY, webhookSecret = WEBHOOK_SECRET): PaymentProvider {
  return createStripeProvider({ secretKey, webhookSecret, apiBaseUrl: standIn.url, paymentMethods, now: () => clock });
}

function checkout(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    orderId: 'order-7',
    lines: LINES,
    totalYen: 2300,
    expiresAt: clock + HOLD_MS - 60_000,
    successUrl: 'https://city.example/completedPayment/order-7',
    cancelUrl: 'https://city.example/canceledPayment?order=order-7',
    errorUrl: 'https://city.example/errorPayment?order=order-7',
    holdsSlots: true,
    ...overrides,
  };
}

/** Sends an event to the endpoint and answers what arrived there, as the route would hand it over. */
async function deliver(event: StripeEvent, options: SendOptions = {}): Promise<Received> {
  const before = endpoint.received.length;
  await standIn.send(event, options);
  const received = endpoint.received[before];
  if (!received) throw new Error('Nothing arrived at the webhook endpoint.');
  return received;
}

beforeEach(async () => {
  clock = START;
  endpoint = await startWebhookEndpoint();
  standIn = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, webhookUrl: endpoint.url, now: () => clock });
});

afterEach(async () => {
  await standIn.close();
  await endpoint.close();
});

describe('createSession', () => {
  it('opens a JPY Checkout Session with the priced lines, the order, the return urls and an expiry inside the hold', async () => {
    const request = checkout();
    const session = await provider(['card', 'paypay']).createSession(request);
    const received = standIn.session(session.sessionId);
    expect(received?.lineItems).toEqual([
      { name: '特定健診 受診料', unitAmount: 1500, quantity: 1, currency: 'jpy' },
      { name: '追加血液検査', unitAmount: 800, quantity: 1, currency: 'jpy' },
    ]);
    expect(received?.session).toMatchObject({
      amount_total: 2300,
      currency: 'jpy',
      mode: 'payment',
      client_reference_id: 'order-7',
      metadata: { orderId: 'order-7' },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      expires_at: Math.floor(request.expiresAt / 1000),
      payment_method_types: ['card', 'paypay'],
      status: 'open',
    });
    expect(session.url).toBe(received?.session.url);
    const page = await fetch(session.url);
    expect(await page.text()).toContain('¥2,300');
  });

  it('offers konbini only for an order that holds no slots', async () => {
    const stripe = provider(['card', 'konbini', 'paypay']);
    const holding = await stripe.createSession(checkout({ holdsSlots: true }));
    const notHolding = await stripe.createSession(checkout({ holdsSlots: false }));
    expect(standIn.session(holding.sessionId)?.session.payment_method_types).toEqual(['card', 'paypay']);
    expect(standIn.session(notHolding.sessionId)?.session.payment_method_types).toEqual(['card', 'konbini', 'paypay']);
  });

  it('keeps a far expiry to Stripe’s 24 hours, and refuses a hold too short for Stripe’s 30 minutes', async () => {
    const stripe = provider();
    const far = await stripe.createSession(checkout({ expiresAt: clock + 3 * 24 * 60 * 60 * 1000, holdsSlots: false }));
    expect(standIn.session(far.sessionId)?.session.expires_at).toBe(Math.floor(clock / 1000) + 24 * 60 * 60);
    await expect(stripe.createSession(checkout({ expiresAt: clock + 20 * 60 * 1000 }))).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(standIn.sessions()).toHaveLength(1);
  });

  it('ends the session when the server asks: its hold’s end less 5 minutes, over Stripe’s 30-minute minimum', async () => {
    const holdBegan = clock;
    clock += 40_000;
    const { sessionId } = await provider().createSession(checkout({ expiresAt: holdBegan + HOLD_MS - 5 * 60_000 }));
    const expiresAt = (standIn.session(sessionId)?.session.expires_at ?? 0) * 1000;
    expect(expiresAt).toBe(holdBegan + HOLD_MS - 5 * 60_000);
    expect(expiresAt).toBeGreaterThanOrEqual(clock + 30 * 60_000);
  });

  it('answers ProviderUnavailable for a refused key or an unreachable Stripe', async () => {
    await expect(provider(['card'], 'sk_test_wrong').createSession(checkout())).rejects.toBeInstanceOf(ProviderUnavailable);
    const stripe = provider();
    await standIn.close();
    await expect(stripe.createSession(checkout())).rejects.toBeInstanceOf(ProviderUnavailable);
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, now: () => clock });
  });
});

describe('verifyNotification', () => {
  async function paidEvent(methods: StripePaymentMethod[] = ['card'], method: StripePaymentMethod = 'card') {
    const { sessionId } = await provider(methods).createSession(checkout());
    return { sessionId, event: standIn.complete(sessionId, { method }) };
  }

  it('reads a genuine checkout.session.completed as paid, naming the PaymentIntent a refund needs', async () => {
    const { sessionId, event } = await paidEvent();
    const { body, headers } = await deliver(event);
    const notification = provider().verifyNotification(body, headers, clock);
    expect(notification).toEqual({
      eventId: event.id,
      sessionId,
      occurredAt: event.created * 1000,
      outcome: { kind: 'paid', paymentId: standIn.session(sessionId)?.session.payment_intent, method: 'card' },
    });
  });

  it('reports paypay when PayPay was the way offered to pay at once', async () => {
    const { event } = await paidEvent(['paypay'], 'paypay');
    const { body, headers } = await deliver(event);
    expect(provider().verifyNotification(body, headers, clock)?.outcome).toMatchObject({ kind: 'paid', method: 'paypay' });
  });

  it('rejects a body changed after signing, a broken signature, another secret and a missing header', async () => {
    const { event } = await paidEvent();
    const stripe = provider();
    for (const options of [{ tamper: 'body' }, { tamper: 'signature' }, { secret: 'whsec_someone_else' }] as const) {
      const { body, headers } = await deliver(event, options);
      expect(() => stripe.verifyNotification(body, headers, clock)).toThrow(NotificationRejected);
    }
    const { body, headers } = await deliver(event);
    expect(() => stripe.verifyNotification(body, { ...headers, 'stripe-signature': undefined }, clock)).toThrow(NotificationRejected);
    expect(() => provider(['card'], SECRET_KEY, 'whsec_wrong').verifyNotification(body, headers, clock)).toThrow(NotificationRejected);
  });

  it('rejects a genuine delivery replayed after the 300-second tolerance, and one signed too long ago', async () => {
    const { event } = await paidEvent();
    const stripe = provider();
    const captured = await deliver(event);
    expect(stripe.verifyNotification(captured.body, captured.headers, clock + 299_000)?.eventId).toBe(event.id);
    expect(() => stripe.verifyNotification(captured.body, captured.headers, clock + 301_000)).toThrow(NotificationRejected);

    const old = await deliver(event, { timestamp: Math.floor(clock / 1000) - 301 });
    expect(() => stripe.verifyNotification(old.body, old.headers, clock)).toThrow(/tolerance/);
  });

  it('answers null for genuine events it does not act on', async () => {
    const { sessionId } = await provider().createSession(checkout());
    const stripe = provider();
    const other = standIn.buildEvent('payment_intent.created', { id: 'pi_test_other', object: 'payment_intent' });
    const { body, headers } = await deliver(other);
    expect(stripe.verifyNotification(body, headers, clock)).toBeNull();
    const updated = standIn.buildEvent('checkout.session.updated', standIn.session(sessionId)?.session ?? {});
    const second = await deliver(updated);
    expect(stripe.verifyNotification(second.body, second.headers, clock)).toBeNull();
  });

  it('reads the same event delivered twice as the same event id, for the caller to handle once', async () => {
    const { event } = await paidEvent();
    const stripe = provider();
    const deliveries = await standIn.send(event, { times: 2 });
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
    const [first, second] = endpoint.received.map(({ body, headers }) => stripe.verifyNotification(body, headers, clock));
    expect(first?.eventId).toBe(event.id);
    expect(second).toEqual(first);
  });

  it('reads konbini events as they stood when they happened, whatever order they arrive in', async () => {
    const stripe = provider(['card', 'konbini']);
    const { sessionId } = await stripe.createSession(checkout({ holdsSlots: false }));
    const completed = standIn.complete(sessionId, { method: 'konbini' });
    const succeeded = standIn.succeedAsyncPayment(sessionId);
    const paymentId = standIn.session(sessionId)?.session.payment_intent;
    // Stripe does not promise order: the payment arrives before the voucher was announced.
    const late = await deliver(succeeded);
    const early = await deliver(completed);
    const readLate = stripe.verifyNotification(late.body, late.headers, clock);
    const readEarly = stripe.verifyNotification(early.body, early.headers, clock);
    expect(readLate?.outcome).toEqual({ kind: 'paid', paymentId, method: 'konbini' });
    expect(readEarly?.outcome).toEqual({ kind: 'open' });
    // occurredAt lets the caller see which came first when both carry the same second.
    expect(readEarly?.occurredAt).toBeLessThanOrEqual(readLate?.occurredAt ?? 0);
  });

  it('reads a lapsed konbini voucher as failed and an expired session as expired', async () => {
    const stripe = provider(['konbini']);
    const voucher = await stripe.createSession(checkout({ holdsSlots: false }));
    standIn.complete(voucher.sessionId, { method: 'konbini' });
    const failed = await deliver(standIn.failAsyncPayment(voucher.sessionId));
    expect(stripe.verifyNotification(failed.body, failed.headers, clock)?.outcome).toEqual({ kind: 'failed' });

    const lapsing = await stripe.createSession(checkout());
    const expired = await deliver(standIn.expire(lapsing.sessionId));
    expect(stripe.verifyNotification(expired.body, expired.headers, clock)).toMatchObject({ sessionId: lapsing.sessionId, outcome: { kind: 'expired' } });
  });
});

describe('fetchStatus', () => {
  it('answers open, then paid with the method used, for a session paid by PayPay among card and PayPay', async () => {
    const stripe = provider(['card', 'paypay']);
    const { sessionId } = await stripe.createSession(checkout());
    expect(await stripe.fetchStatus(sessionId)).toEqual({ kind: 'open' });
    standIn.complete(sessionId, { method: 'paypay' });
    expect(await stripe.fetchStatus(sessionId)).toEqual({ kind: 'paid', paymentId: standIn.session(sessionId)?.session.payment_intent, method: 'paypay' });
  });

  it('answers expired once the session lapsed at its expiry', async () => {
    const stripe = provider();
    const { sessionId } = await stripe.createSession(checkout());
    clock += HOLD_MS;
    expect(await stripe.fetchStatus(sessionId)).toEqual({ kind: 'expired' });
  });

  it('answers open for a konbini voucher waiting, failed once it lapsed', async () => {
    const stripe = provider(['konbini']);
    const { sessionId } = await stripe.createSession(checkout({ holdsSlots: false }));
    standIn.complete(sessionId, { method: 'konbini' });
    expect(await stripe.fetchStatus(sessionId)).toEqual({ kind: 'open' });
    standIn.failAsyncPayment(sessionId);
    expect(await stripe.fetchStatus(sessionId)).toEqual({ kind: 'failed' });
  });

  it('answers ProviderUnavailable for a session Stripe does not know', async () => {
    await expect(provider().fetchStatus('cs_test_unknown')).rejects.toBeInstanceOf(ProviderUnavailable);
  });
});

describe('refund', () => {
  it('refunds the whole amount once, however often it is asked with the same idempotency key', async () => {
    const stripe = provider();
    const { sessionId } = await stripe.createSession(checkout());
    standIn.complete(sessionId);
    const paymentId = String(standIn.session(sessionId)?.session.payment_intent);
    const request = { sessionId, paymentId, amountYen: 2300, idempotencyKey: 'refund-order-7' };
    const first = await stripe.refund(request);
    const second = await stripe.refund(request);
    expect(second.refundId).toBe(first.refundId);
    expect(standIn.refunds()).toEqual([expect.objectContaining({ id: first.refundId, amount: 2300, currency: 'jpy', payment_intent: paymentId })]);
    // Stripe forgets a key after 24 hours: asked again then, the refund already made is the answer.
    expect(await stripe.refund({ ...request, idempotencyKey: 'a-key-stripe-forgot' })).toEqual(first);
    expect(standIn.refunds()).toHaveLength(1);
  });
});

describe('fetchPayment', () => {
  it('answers how the payment stands and how much of it went back', async () => {
    const stripe = provider();
    const { sessionId } = await stripe.createSession(checkout());
    expect(await stripe.fetchPayment(sessionId)).toEqual({ outcome: { kind: 'open' }, refundedYen: 0 });
    standIn.complete(sessionId);
    const paymentId = String(standIn.session(sessionId)?.session.payment_intent);
    expect(await stripe.fetchPayment(sessionId)).toEqual({ outcome: { kind: 'paid', paymentId, method: 'card' }, refundedYen: 0 });
    await stripe.refund({ sessionId, paymentId, amountYen: 2300, idempotencyKey: 'refund-order-8' });
    expect(await stripe.fetchPayment(sessionId)).toEqual({ outcome: { kind: 'paid', paymentId, method: 'card' }, refundedYen: 2300 });
    await expect(stripe.fetchPayment('cs_test_unknown')).rejects.toBeInstanceOf(ProviderUnavailable);
  });
});

describe('endSession', () => {
  it('ends an open session, which can then no longer be paid', async () => {
    const stripe = provider();
    const { sessionId, url } = await stripe.createSession(checkout());
    expect(await stripe.endSession(sessionId)).toEqual({ kind: 'cancelled' });
    expect(standIn.session(sessionId)?.session.status).toBe('expired');
    expect(() => standIn.complete(sessionId)).toThrow(/expired/);
    const pay = await fetch(`${url}/pay`, { method: 'POST', body: new URLSearchParams({ method: 'card' }), redirect: 'manual' });
    expect(pay.status).toBeGreaterThanOrEqual(400);
    expect(await stripe.fetchStatus(sessionId)).toEqual({ kind: 'expired' });
    // Ending it again (a retried release) finds it ended and says so.
    expect(await stripe.endSession(sessionId)).toEqual({ kind: 'expired' });
  });

  it('answers paid, with the payment, for a session paid meanwhile', async () => {
    const stripe = provider();
    const { sessionId } = await stripe.createSession(checkout());
    standIn.complete(sessionId);
    expect(await stripe.endSession(sessionId)).toEqual({ kind: 'paid', paymentId: standIn.session(sessionId)?.session.payment_intent, method: 'card' });
    expect(standIn.session(sessionId)?.session.status).toBe('complete');
  });
});
