// The whole server with the Stripe adapter, against the Stripe stand-in: both listen on 127.0.0.1,
// the stand-in's webhooks arrive at the server's notification route signed as Stripe signs them,
// and every clock is the injected one. What a citizen and the municipality would notice: the
// booking, the order's state, the money at Stripe.
import { PAYMENT_NOTIFICATIONS_PATH } from '@city/api-client/contract';
import type { StripeStandIn } from '@city/stripe-stand-in';
import { startStripeStandIn } from '@city/stripe-stand-in';
import type { SubmissionPayload, SurveyConfig } from '@city/survey-core';
import { buildSubmissionPayload, japanTimeToEpochMs } from '@city/survey-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_LIFETIME_MS } from '../src/modules/orders/holds.js';
import { createStripeProvider } from '../src/modules/payments/stripe/stripe-provider.js';
import type { HttpClient } from './calendar-fixtures.js';
import { addCalendar, addCategories, BOOKING_SURVEY, bookingPayload, CHECKUP_CATEGORIES, citizen, listen, saveSurveys, slotValue } from './calendar-fixtures.js';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';

const NOW = japanTimeToEpochMs('2026-12-01', '10:00');
const SECRET_KEY = 'sk_test_city_server';
const WEBHOOK_SECRET = 'whsec_city_server';
const FEE = { productId: 'checkup-fee', name: '特定健診 受診料', unitPrice: 1500, maxQuantity: 1 };
const CLASS_FEE = { productId: 'class-fee', name: '料理教室 受講料', unitPrice: 2000, maxQuantity: 2 };

/** A booking with a fee: the order holds a slot. */
const PAID_SURVEY: SurveyConfig = {
  ...BOOKING_SURVEY,
  surveyId: 'checkup-stripe',
  surveySchema: [...BOOKING_SURVEY.surveySchema, { itemKey: 'fee', type: 'selectProducts', title: '受診料', products: [FEE] }],
};
/** A fee with no slot: nothing is held, so paying later at a konbini is offered. */
const FEE_ONLY_SURVEY: SurveyConfig = {
  surveyId: 'class-fee',
  surveyTitle: '料理教室のお申し込み',
  isAppending: { value: true },
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前', required: true, maxLength: 20 },
    { itemKey: 'fee', type: 'selectProducts', title: '受講料', products: [CLASS_FEE] },
  ],
};

let clock = NOW;
let ctx: TestContext;
let http: HttpClient;
let stripe: StripeStandIn;

beforeAll(async () => {
  stripe = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, now: () => clock });
  const paymentProvider = createStripeProvider({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    apiBaseUrl: stripe.url,
    paymentMethods: ['card', 'konbini'],
    now: () => clock,
  });
  ctx = await createTestContext({}, {}, { now: () => clock, paymentProvider });
  await addCategories(ctx.app.storage, CHECKUP_CATEGORIES);
  await addCalendar(ctx.app.storage, {
    calendarId: 'cal-central',
    categoryId: 'checkup-central',
    rules: { maxActiveBookingsPerUser: undefined },
    slots: ['03', '04', '05', '06', '07'].map((day) => ({ date: `2026-12-${day}`, slotId: '1', start: '09:00', end: '10:00', capacity: 1 })),
  });
  await saveSurveys(ctx, PAID_SURVEY, FEE_ONLY_SURVEY);
  http = await listen(ctx);
  stripe.setWebhookUrl(`${http.baseUrl}${PAYMENT_NOTIFICATIONS_PATH}/stripe`);
});
afterAll(async () => {
  await ctx.close();
  await stripe.close();
});

const bookingOn = (n: number, date: string): SubmissionPayload => ({
  ...bookingPayload(citizen(n).userId, slotValue('checkup-central', date, '1'), { config: PAID_SURVEY }),
  order: { items: [{ productId: FEE.productId, quantity: 1 }] },
});
const classFee = (n: number): SubmissionPayload => ({
  ...buildSubmissionPayload({ config: FEE_ONLY_SURVEY, userId: citizen(n).userId, answers: { name: '市民' } }),
  order: { items: [{ productId: CLASS_FEE.productId, quantity: 2 }] },
});

async function hold(n: number, payload: SubmissionPayload) {
  const response = await http.call(citizen(n), 'putTemporaryReservation', { body: payload });
  expect(response.status).toBe(200);
  const { holdId, paymentUrl, expiresAt } = response.body.data;
  const session = stripe.sessions().find((record) => record.session.client_reference_id === holdId);
  if (!session) throw new Error(`no Stripe session for order ${holdId}`);
  return { holdId, paymentUrl, expiresAt, sessionId: session.session.id };
}
const orderOf = async (n: number, orderId: string) => (await http.call(citizen(n), 'getOrder', { query: { orderId } })).body.data;
const leftOn = async (date: string) =>
  (await http.call(citizen(0), 'getCalendarSlots', { query: { calendarId: 'cal-central', from: date, to: date } })).body.data.slots[0]?.left;
const bookedUnits = async (date: string) =>
  ((await ctx.queryOne('SELECT COUNT(*) AS n FROM slot_claims WHERE date = ? AND hold_expires_at IS NULL', [date])) as { n: number }).n;

describe('paying by card through Stripe', () => {
  it('sends the citizen to Stripe for the order’s total, and a completed event delivered twice books the slot once', async () => {
    clock = NOW;
    const order = await hold(1, bookingOn(1, '2026-12-03'));
    expect(order.paymentUrl).toBe(`${stripe.url}/c/pay/${order.sessionId}`);
    expect(stripe.session(order.sessionId)?.session).toMatchObject({
      amount_total: 1500,
      currency: 'jpy',
      metadata: { orderId: order.holdId },
      success_url: `${http.baseUrl}/completedPayment/${order.holdId}`,
      cancel_url: `${http.baseUrl}/canceledPayment?order=${order.holdId}`,
      // The order holds a slot: no konbini.
      payment_method_types: ['card'],
    });

    const deliveries = await stripe.send(stripe.complete(order.sessionId), { times: 2 });
    expect(deliveries).toEqual([
      { status: 200, body: '{"received":true}' },
      { status: 200, body: '{"received":true}' },
    ]);
    expect(await orderOf(1, order.holdId)).toMatchObject({ status: 'paid', paymentMethod: 'card', total: 1500 });
    expect(await bookedUnits('2026-12-03')).toBe(1);
    expect(await leftOn('2026-12-03')).toBe(0);
  });

  it('answers 400 invalid_signature to a tampered, foreign or stale notification, and does nothing', async () => {
    clock = NOW;
    const order = await hold(2, bookingOn(2, '2026-12-04'));
    const completed = stripe.complete(order.sessionId);
    for (const options of [{ tamper: 'body' }, { secret: 'whsec_not_ours' }, { timestamp: Math.floor(clock / 1000) - 600 }] as const) {
      const [delivery] = await stripe.send(completed, options);
      expect(delivery?.status).toBe(400);
      expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({ code: 'invalid_signature' });
    }
    expect(await bookedUnits('2026-12-04')).toBe(0);
    // The genuine delivery still counts afterwards: nothing was remembered from the rejected ones.
    await stripe.send(completed);
    expect(await bookedUnits('2026-12-04')).toBe(1);
  });
});

describe('paying later at a konbini (a fee that holds no slot)', () => {
  it('reads events delivered out of order: the payment before the voucher leaves the order paid', async () => {
    clock = NOW;
    const order = await hold(3, classFee(3));
    expect(stripe.session(order.sessionId)?.session).toMatchObject({ amount_total: 4000, payment_method_types: ['card', 'konbini'] });
    const voucherIssued = stripe.complete(order.sessionId, { method: 'konbini' });
    const paidAtStore = stripe.succeedAsyncPayment(order.sessionId);
    await stripe.send(paidAtStore);
    await stripe.send(voucherIssued);
    expect(await orderOf(3, order.holdId)).toMatchObject({ status: 'paid', paymentMethod: 'konbini', total: 4000 });
  });
});

describe('a payment that completes after its hold lapsed', () => {
  it('is refunded at Stripe exactly once when the slot went to someone else', async () => {
    clock = NOW;
    const late = await hold(4, bookingOn(4, '2026-12-05'));
    // The citizen pays just before the session ends; Stripe's notification is held up.
    clock = NOW + 29 * 60_000;
    const completed = stripe.complete(late.sessionId);
    clock = late.expiresAt + 60_000;
    await hold(5, bookingOn(5, '2026-12-05'));
    expect(NOW + HOLD_LIFETIME_MS).toBe(late.expiresAt);

    await stripe.send(completed, { times: 2 });
    expect(await orderOf(4, late.holdId)).toMatchObject({ status: 'refunded' });
    const paymentIntent = stripe.session(late.sessionId)?.session.payment_intent;
    expect(stripe.refunds()).toEqual([expect.objectContaining({ payment_intent: paymentIntent, amount: 1500 })]);
    // Looking again, or Stripe delivering once more, refunds nothing more.
    await orderOf(4, late.holdId);
    await stripe.send(completed);
    expect(stripe.refunds()).toHaveLength(1);
  });
});

describe('cancelling an order', () => {
  it('ends the session at Stripe, so it can no longer be paid, and frees the slot', async () => {
    clock = NOW;
    const order = await hold(6, bookingOn(6, '2026-12-06'));
    expect(await leftOn('2026-12-06')).toBe(0);
    const cancelled = await http.call(citizen(6), 'cancelOrder', { body: { orderId: order.holdId } });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled' });
    expect(stripe.session(order.sessionId)?.session.status).toBe('expired');
    const pay = await fetch(`${order.paymentUrl}/pay`, { method: 'POST', body: new URLSearchParams({ method: 'card' }), redirect: 'manual' });
    expect(pay.status).toBe(409);
    expect(await leftOn('2026-12-06')).toBe(1);
  });

  it('books instead when Stripe says the session was paid meanwhile', async () => {
    clock = NOW;
    const order = await hold(7, bookingOn(7, '2026-12-07'));
    stripe.complete(order.sessionId);
    const cancelled = await http.call(citizen(7), 'cancelOrder', { body: { orderId: order.holdId } });
    expect(cancelled.body.data).toMatchObject({ status: 'paid', paymentMethod: 'card' });
    expect(await bookedUnits('2026-12-07')).toBe(1);
  });
});
