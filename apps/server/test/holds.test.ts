// Holds while a citizen pays, through the real HTTP server on 127.0.0.1 and a real database,
// at an injected clock: a hold counts until the millisecond it expires, the last units go to the
// first holds, and a payment confirms its hold once, or answers refund once when its units are gone.
import type { SubmissionPayload, SurveyConfig } from '@city/survey-core';
import { japanTimeToEpochMs } from '@city/survey-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositories } from '../src/db/storage.js';
import { calendarRepository } from '../src/modules/calendars/repositories.js';
import { HOLD_LIFETIME_MS } from '../src/modules/orders/holds.js';
import type { OrdersDeps } from '../src/modules/orders/settle-order.js';
import { confirmOrder, releaseOrder } from '../src/modules/orders/settle-order.js';
import { orderRepository } from '../src/modules/orders/repositories.js';
import type { HttpClient } from './calendar-fixtures.js';
import { addCalendar, addCategories, BOOKING_SURVEY, bookingPayload, CHECKUP_CATEGORIES, citizen, listen, saveSurveys, slotValue } from './calendar-fixtures.js';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';

const NOW = japanTimeToEpochMs('2026-12-01', '10:00');
const FEE = { productId: 'checkup-fee', name: '特定健診 受診料', unitPrice: 1500, maxQuantity: 1 };

/** The booking survey with a fee to pay. */
const PAID_SURVEY: SurveyConfig = {
  ...BOOKING_SURVEY,
  surveyId: 'checkup-paid',
  surveySchema: [...BOOKING_SURVEY.surveySchema, { itemKey: 'fee', type: 'selectProducts', title: '受診料', products: [FEE] }],
};

let clock = NOW;
let ctx: TestContext;
let http: HttpClient;
let orders: OrdersDeps;
beforeAll(async () => {
  ctx = await createTestContext({}, {}, { now: () => clock });
  await addCategories(ctx.app.storage, CHECKUP_CATEGORIES);
  await addCalendar(ctx.app.storage, {
    calendarId: 'cal-central',
    categoryId: 'checkup-central',
    rules: { maxActiveBookingsPerUser: undefined },
    slots: ['03', '04', '05', '06', '07'].map((day) => ({ date: `2026-12-${day}`, slotId: '1', start: '09:00', end: '10:00', capacity: day === '04' ? 10 : 1 })),
  });
  await saveSurveys(ctx, BOOKING_SURVEY, PAID_SURVEY);
  http = await listen(ctx);
  orders = { store: ctx.app.storage.store(repositories({ calendars: calendarRepository, orders: orderRepository })) };
});
afterAll(async () => {
  await ctx.close();
});

const valueOn = (date: string) => slotValue('checkup-central', date, '1');
/** A paid booking of the slot on `date`: the fee, once. */
const paidPayload = (n: number, date: string): SubmissionPayload => ({
  ...bookingPayload(citizen(n).userId, valueOn(date), { config: PAID_SURVEY }),
  order: { items: [{ productId: FEE.productId, quantity: 1 }] },
});
const leftOn = async (date: string) => {
  const response = await http.call(citizen(0), 'getCalendarSlots', { query: { calendarId: 'cal-central', from: date, to: date } });
  return response.body.data.slots[0]?.left;
};
const orderRow = async (orderId: string) =>
  (await ctx.queryOne('SELECT status, total_yen, lines_json FROM orders WHERE order_id = ?', [orderId])) as { status: string; total_yen: number; lines_json: string };
const claimsOn = async (date: string) =>
  (await ctx.query('SELECT user_id, hold_expires_at FROM slot_claims WHERE date = ? ORDER BY user_id', [date])) as { user_id: string; hold_expires_at: number | null }[];

describe('reservation/temprary', () => {
  it('holds the slot and prices the order from the survey, whatever prices the client sent along', async () => {
    clock = NOW;
    const payload = paidPayload(1, '2026-12-03');
    const dressed = { ...payload, order: { total: 1, items: [{ productId: FEE.productId, quantity: 1, unitPrice: 1, subtotal: 1 }] } };
    const response = await http.call(citizen(1), 'putTemporaryReservation', { body: dressed });
    expect(response.status).toBe(200);
    const hold = response.body.data;
    expect(hold).toMatchObject({ expiresAt: NOW + HOLD_LIFETIME_MS, total: 1500, partitionKey: payload.data[0]!.partitionKey });
    expect(await orderRow(hold.holdId)).toEqual({
      status: 'pending',
      total_yen: 1500,
      lines_json: JSON.stringify([{ productId: FEE.productId, name: FEE.name, unitPrice: 1500, quantity: 1, subtotal: 1500 }]),
    });
    expect(await claimsOn('2026-12-03')).toEqual([{ user_id: citizen(1).userId, hold_expires_at: NOW + HOLD_LIFETIME_MS }]);
    expect(await leftOn('2026-12-03')).toBe(0);
  });

  it('refuses an order without products, and one the survey cannot price, in Japanese, holding nothing', async () => {
    const none = await http.call(citizen(2), 'putTemporaryReservation', { body: { ...paidPayload(2, '2026-12-05'), order: { items: [] } } });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'order_required', message: 'お支払いが必要な商品が選ばれていません。商品を選んでから、お申し込みください。' });
    const two = await http.call(citizen(2), 'putTemporaryReservation', {
      body: { ...paidPayload(2, '2026-12-05'), order: { items: [{ productId: FEE.productId, quantity: 2 }] } },
    });
    expect(two.status).toBe(400);
    expect(two.body).toMatchObject({ code: 'invalid_order', message: '「特定健診 受診料」の数量は1から1までの整数で指定してください' });
    expect(await claimsOn('2026-12-05')).toEqual([]);
  });

  it('answers a retry with the same Idempotency-Key as the first time, holding once', async () => {
    const request = { body: paidPayload(3, '2026-12-05'), headers: { 'idempotency-key': 'hold-retry-0001' } };
    const first = await http.call(citizen(3), 'putTemporaryReservation', request);
    const again = await http.call(citizen(3), 'putTemporaryReservation', request);
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await ctx.queryOne('SELECT COUNT(*) AS n FROM orders WHERE user_id = ?', [citizen(3).userId])).toEqual({ n: 1 });
    const putItem = await http.call(citizen(3), 'putReservation', { body: bookingPayload(citizen(3).userId, valueOn('2026-12-06')), headers: { 'idempotency-key': 'hold-retry-0001' } });
    expect(putItem.status).toBe(422);
  });

  it('counts a hold until the millisecond it expires; then another citizen takes the units, and the late payment answers refund, once', async () => {
    clock = NOW;
    const held = await http.call(citizen(10), 'putTemporaryReservation', { body: paidPayload(10, '2026-12-06') });
    const { holdId, expiresAt } = held.body.data;

    clock = expiresAt - 1;
    expect(await leftOn('2026-12-06')).toBe(0);
    const early = await http.call(citizen(11), 'putReservation', { body: bookingPayload(citizen(11).userId, valueOn('2026-12-06')) });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('slot_full');

    clock = expiresAt;
    expect(await leftOn('2026-12-06')).toBe(1);
    const onTime = await http.call(citizen(11), 'putReservation', { body: bookingPayload(citizen(11).userId, valueOn('2026-12-06')) });
    expect(onTime.status).toBe(200);
    // The lapsed hold was deleted by the claim that took its units.
    expect(await claimsOn('2026-12-06')).toEqual([{ user_id: citizen(11).userId, hold_expires_at: null }]);

    expect(await confirmOrder(orders, holdId, clock + 1000)).toBe('refund');
    expect((await orderRow(holdId)).status).toBe('expired');
    const before = await ctx.query('SELECT * FROM slot_claims ORDER BY partition_key, item_key');
    expect(await confirmOrder(orders, holdId, clock + 2000)).toBe('refund');
    expect(await ctx.query('SELECT * FROM slot_claims ORDER BY partition_key, item_key')).toEqual(before);
    expect((await orderRow(holdId)).status).toBe('expired');
  });

  it('confirms a lapsed hold whose units nobody took: claimed again as a booking', async () => {
    clock = NOW;
    const held = await http.call(citizen(20), 'putTemporaryReservation', { body: paidPayload(20, '2026-12-07') });
    expect(await confirmOrder(orders, held.body.data.holdId, held.body.data.expiresAt + 60_000)).toBe('confirmed');
    expect(await claimsOn('2026-12-07')).toEqual([{ user_id: citizen(20).userId, hold_expires_at: null }]);
    expect((await orderRow(held.body.data.holdId)).status).toBe('paid');
  });

  it('keeps a pending record from being edited into a booking or deleted; cancelItem frees the hold and cancels the order', async () => {
    clock = NOW;
    const citizenOne = citizen(1);
    const edit = await http.call(citizenOne, 'putReservation', { body: bookingPayload(citizenOne.userId, valueOn('2026-12-03'), { config: PAID_SURVEY }) });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('order_pending');
    expect(edit.body.message).toContain('お支払いの手続き中');

    const { partitionKey } = paidPayload(1, '2026-12-03').data[0]!;
    const holdId = ((await ctx.queryOne('SELECT order_id FROM orders WHERE partition_key = ?', [partitionKey])) as { order_id: string }).order_id;
    const key = { surveyId: PAID_SURVEY.surveyId, partitionKey, userId: citizenOne.userId };
    const deletion = await http.call(citizenOne, 'deleteReservation', { body: key });
    expect(deletion.status).toBe(409);
    expect(deletion.body.code).toBe('order_pending');
    const cancel = await http.call(citizenOne, 'cancelReservation', { body: key });
    expect(cancel.status).toBe(200);
    expect(await claimsOn('2026-12-03')).toEqual([]);
    expect(await leftOn('2026-12-03')).toBe(1);
    expect((await orderRow(holdId)).status).toBe('cancelled');
    // A payment arriving after the cancellation books nothing.
    expect(await confirmOrder(orders, holdId, clock)).toBe('refund');
    expect(await claimsOn('2026-12-03')).toEqual([]);
  });

  it('releaseOrder frees the holds and sets the status once', async () => {
    clock = NOW;
    const held = await http.call(citizen(30), 'putTemporaryReservation', { body: paidPayload(30, '2026-12-03') });
    expect(await leftOn('2026-12-03')).toBe(0);
    expect(await releaseOrder(orders, held.body.data.holdId, 'failed', clock)).toBe('failed');
    expect(await leftOn('2026-12-03')).toBe(1);
    expect(await releaseOrder(orders, held.body.data.holdId, 'expired', clock)).toBe('failed');
    expect((await orderRow(held.body.data.holdId)).status).toBe('failed');
  });
});

describe('the last units under contention', () => {
  it('100 citizens holding the last 5 units at once: 5 holds, 95 slot_full before paying; lapsed payments refunded exactly once', async () => {
    clock = NOW;
    const date = '2026-12-04';
    for (let n = 1001; n <= 1005; n++) {
      expect((await http.call(citizen(n), 'putReservation', { body: bookingPayload(citizen(n).userId, valueOn(date)) })).status).toBe(200);
    }
    const hundred = Array.from({ length: 100 }, (_, i) => 2001 + i);
    const requests = await Promise.all(hundred.map(async (n) => ({ n, token: await http.token(citizen(n)), body: paidPayload(n, date) })));
    const responses = await Promise.all(requests.map(async ({ n, token, body }) => ({ n, response: await http.call(token, 'putTemporaryReservation', { body }) })));
    const statuses: Record<string, number> = {};
    for (const { response } of responses) {
      const key = response.status === 200 ? '200' : `${response.status} ${response.body.code ?? ''}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
    expect(statuses).toEqual({ '200': 5, '409 slot_full': 95 });
    const holds = responses.filter(({ response }) => response.status === 200).map(({ response }) => response.body.data.holdId);
    expect((await claimsOn(date)).filter((claim) => claim.hold_expires_at !== null)).toHaveLength(5);
    expect(await leftOn(date)).toBe(0);

    // One pays in time; the other four are away until their holds lapse.
    const [paidInTime, ...late] = holds as [string, ...string[]];
    expect(await confirmOrder(orders, paidInTime, clock)).toBe('confirmed');
    expect(await confirmOrder(orders, paidInTime, clock)).toBe('confirmed');
    clock = NOW + HOLD_LIFETIME_MS;
    expect(await leftOn(date)).toBe(4);
    for (let n = 3001; n <= 3004; n++) {
      expect((await http.call(citizen(n), 'putReservation', { body: bookingPayload(citizen(n).userId, valueOn(date)) })).status).toBe(200);
    }
    for (const holdId of late) expect(await confirmOrder(orders, holdId, clock)).toBe('refund');
    for (const holdId of late) expect(await confirmOrder(orders, holdId, clock)).toBe('refund');
    expect(await Promise.all(late.map(async (holdId) => (await orderRow(holdId)).status))).toEqual(['expired', 'expired', 'expired', 'expired']);
    expect((await orderRow(paidInTime)).status).toBe('paid');
    // Exact afterwards: ten bookings, no holds, nothing left.
    expect(await claimsOn(date)).toHaveLength(10);
    expect((await claimsOn(date)).every((claim) => claim.hold_expires_at === null)).toBe(true);
    expect(await leftOn(date)).toBe(0);
  }, 60_000);
});
