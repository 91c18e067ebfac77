// The Done-when load test of issue 13, through the real HTTP server on 127.0.0.1, a real database
// and the sandbox provider's hosted page: 100 citizens (each with their own ID token) try at once to
// hold and pay for the last 5 units of a slot. At most 5 hold, the others are told slot_full before
// any payment session is made, and never more than 5 are booked. Then holds lapse (the tester's
// button, or the injected clock passing while a payment's notification is still on its way), others
// take the units, and every late payment is refunded exactly once, even when its notification comes
// twice at once. Counts are exact afterwards.
import type { SubmissionPayload } from '@city/survey-core';
import { japanTimeToEpochMs } from '@city/survey-core';
import { PAYMENT_NOTIFICATIONS_PATH } from '@city/api-client/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HOLD_LIFETIME_MS } from '../src/modules/orders/holds.js';
import type { SandboxProvider } from '../src/modules/payments/sandbox/sandbox-provider.js';
import type { HttpClient } from './calendar-fixtures.js';
import { addCalendar, addCategories, BOOKING_SURVEY, bookingPayload, CHECKUP_CATEGORIES, citizen, listen, saveSurveys, slotValue } from './calendar-fixtures.js';
import { FEE, PAID_SURVEY } from './payment-fixtures.js';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';

const NOW = japanTimeToEpochMs('2026-12-01', '10:00');
const SLOT = { date: '2026-12-03', slotId: 'last' };
const CAPACITY = 8;
/** Booked (free of charge) before the race: 5 units are left. */
const BOOKED_BEFORE = 3;
let clock = NOW;
let ctx: TestContext;
let http: HttpClient;
let sandbox: SandboxProvider;
beforeAll(async () => {
  ctx = await createTestContext({}, {}, { now: () => clock });
  await addCategories(ctx.app.storage, CHECKUP_CATEGORIES);
  await addCalendar(ctx.app.storage, {
    calendarId: 'cal-central',
    categoryId: 'checkup-central',
    rules: { maxActiveBookingsPerUser: undefined },
    slots: [{ ...SLOT, start: '09:00', end: '10:00', capacity: CAPACITY }],
  });
  await saveSurveys(ctx, BOOKING_SURVEY, PAID_SURVEY);
  http = await listen(ctx);
  sandbox = ctx.app.sandbox!;
});
afterAll(async () => {
  await ctx.close();
});

const value = slotValue('checkup-central', SLOT.date, SLOT.slotId);
const paidPayload = (n: number): SubmissionPayload => ({
  ...bookingPayload(citizen(n).userId, value, { config: PAID_SURVEY }),
  order: { items: [{ productId: FEE.productId, quantity: 1 }] },
});
const count = async (sql: string, ...params: unknown[]) => ((await ctx.queryOne(sql, params)) as { n: number }).n;
const confirmedUnits = () => count('SELECT COALESCE(SUM(units), 0) AS n FROM slot_claims WHERE hold_expires_at IS NULL');
const unexpiredHeldUnits = () => count('SELECT COALESCE(SUM(units), 0) AS n FROM slot_claims WHERE hold_expires_at > ?', clock);
const leftByApi = async () => {
  const response = await http.call(citizen(0), 'getCalendarSlots', { query: { calendarId: 'cal-central', from: SLOT.date, to: SLOT.date } });
  return response.body.data.slots[0]?.left;
};
const sessionOf = async (orderId: string) =>
  ((await ctx.queryOne('SELECT provider_session_id AS id FROM orders WHERE order_id = ?', [orderId])) as { id: string }).id;
const refundsOf = (sessionId: string) => count('SELECT COUNT(*) AS n FROM sandbox_refunds WHERE session_id = ?', sessionId);
/** Presses a button of the sandbox's page as a browser posts its form. */
const press = async (paymentUrl: string, action: 'pay' | 'lapse') => {
  const response = await fetch(paymentUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `action=${action}`,
    redirect: 'manual',
  });
  await response.arrayBuffer();
  return response.status;
};
/** Every citizen's hold at once (tokens and bodies made first). */
async function holdAtOnce(citizens: number[]) {
  const requests = await Promise.all(citizens.map(async (n) => ({ n, token: await http.token(citizen(n)), body: paidPayload(n) })));
  const answers = await Promise.all(requests.map(async ({ n, token, body }) => ({ n, response: await http.call(token, 'putTemporaryReservation', { body }) })));
  return {
    held: answers.filter(({ response }) => response.status === 200).map(({ n, response }) => ({ n, ...response.body.data })),
    refused: answers.filter(({ response }) => response.status !== 200).map(({ response }) => [response.status, response.body.code]),
  };
}

it('100 citizens for the last 5 units: 5 hold, the rest are told slot_full before paying; late payments are refunded exactly once; counts exact', async () => {
  for (let n = 1; n <= BOOKED_BEFORE; n += 1) {
    expect((await http.call(citizen(n), 'putReservation', { body: bookingPayload(citizen(n).userId, value) })).status).toBe(200);
  }
  expect(await leftByApi()).toBe(5);

  // The race.
  const racers = Array.from({ length: 100 }, (_, i) => 100 + i);
  const race = await holdAtOnce(racers);
  expect(race.held).toHaveLength(5);
  expect(race.refused).toEqual(Array.from({ length: 95 }, () => [409, 'slot_full']));
  // Payment sessions were made for the holders only.
  expect(await count('SELECT COUNT(*) AS n FROM sandbox_sessions')).toBe(5);
  expect(await count("SELECT COUNT(*) AS n FROM orders WHERE status = 'pending'")).toBe(5);
  expect(await leftByApi()).toBe(0);

  type Holder = (typeof race.held)[number];
  const [prompt, lapsedA, lapsedB, slowA, slowB] = race.held as [Holder, Holder, Holder, Holder, Holder];

  // One pays at once; its notification arrives; it is booked.
  expect(await press(prompt.paymentUrl, 'pay')).toBe(303);
  expect(await confirmedUnits()).toBe(BOOKED_BEFORE + 1);

  // Two holds lapse (the tester's button); two others take the units and pay; then the two pay late.
  expect(await Promise.all([press(lapsedA.paymentUrl, 'lapse'), press(lapsedB.paymentUrl, 'lapse')])).toEqual([200, 200]);
  const takers = await holdAtOnce([300, 301, 302]);
  expect(takers.held).toHaveLength(2);
  expect(takers.refused).toEqual([[409, 'slot_full']]);
  expect(await Promise.all(takers.held.map((taker) => press(taker.paymentUrl, 'pay')))).toEqual([303, 303]);
  expect(await Promise.all([press(lapsedA.paymentUrl, 'pay'), press(lapsedB.paymentUrl, 'pay')])).toEqual([303, 303]);
  expect(await confirmedUnits()).toBe(BOOKED_BEFORE + 3);

  // Two pay in time, but their notifications are delayed past the hold's lifetime (the clock moves on).
  const delayed = await Promise.all([slowA, slowB].map(async (slow) => ({ orderId: slow.holdId, sessionId: await sessionOf(slow.holdId) })));
  for (const { sessionId } of delayed) expect(await sandbox.settle(sessionId, 'paid')).toBe(true);
  clock = NOW + HOLD_LIFETIME_MS + 60_000;
  expect(await leftByApi()).toBe(2);
  const lateTakers = await holdAtOnce([400, 401, 402]);
  expect(lateTakers.held).toHaveLength(2);
  expect(lateTakers.refused).toEqual([[409, 'slot_full']]);
  expect(await Promise.all(lateTakers.held.map((taker) => press(taker.paymentUrl, 'pay')))).toEqual([303, 303]);
  // The delayed notifications arrive now, each twice at once (a provider's retry).
  const notifications = await Promise.all(
    delayed.map(async ({ sessionId }, i) => sandbox.signedEvent({ id: `evt_late_${i}`, sessionId, occurredAt: NOW + 60_000, outcome: await sandbox.fetchStatus(sessionId) })),
  );
  const answers = await Promise.all(
    [...notifications, ...notifications].map(async ({ body, headers }) =>
      (await fetch(`${http.baseUrl}${PAYMENT_NOTIFICATIONS_PATH}/sandbox`, { method: 'POST', headers, body })).status,
    ),
  );
  expect(answers).toEqual([200, 200, 200, 200]);

  // Every late payment was refunded exactly once; every order is settled; never more booked than the slot holds.
  for (const late of [lapsedA, lapsedB, slowA, slowB]) {
    expect(await refundsOf(await sessionOf(late.holdId))).toBe(1);
    const order = await http.call(citizen(late.n), 'getOrder', { query: { orderId: late.holdId } });
    expect(order.body.data.status).toBe('refunded');
  }
  expect(await count('SELECT COUNT(*) AS n FROM sandbox_refunds')).toBe(4);
  expect(await ctx.query('SELECT status, COUNT(*) AS n FROM orders GROUP BY status ORDER BY status')).toEqual([
    { status: 'paid', n: 5 },
    { status: 'refunded', n: 4 },
  ]);
  expect(await confirmedUnits()).toBe(CAPACITY);
  expect(await unexpiredHeldUnits()).toBe(0);
  // left = capacity - confirmed - unexpired holds, in SQL and as the API shows it.
  const left = CAPACITY - (await confirmedUnits()) - (await unexpiredHeldUnits());
  expect(left).toBe(0);
  expect(await leftByApi()).toBe(left);
}, 60_000);
