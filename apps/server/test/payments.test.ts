// Paying for a held booking end to end, over real HTTP on 127.0.0.1 with a real database and an
// injected clock: the citizen is sent to the sandbox provider's hosted page, a tester presses its
// buttons (form posts, as a browser sends them), the sandbox notifies the server's notification
// route with a signed request, and getOrder tells the citizen how it went.
import type { SubmissionPayload, SurveyConfig } from '@city/survey-core';
import { japanTimeToEpochMs } from '@city/survey-core';
import { PAYMENT_NOTIFICATIONS_PATH } from '@city/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_LIFETIME_MS } from '../src/modules/orders/holds.js';
import { ProviderUnavailable } from '../src/modules/payments/provider.js';
import type { SandboxEvent, SandboxProvider } from '../src/modules/payments/sandbox/sandbox-provider.js';
import type { HttpClient } from './calendar-fixtures.js';
import { addCalendar, addCategories, bookingPayload, CHECKUP_CATEGORIES, citizen, listen, saveSurveys, slotValue } from './calendar-fixtures.js';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';
import { BLOOD, FEE, PAID_SURVEY, unreachableProvider } from './payment-fixtures.js';

const NOW = japanTimeToEpochMs('2026-12-01', '10:00');
const PAID_APPEND_SURVEY: SurveyConfig = { ...PAID_SURVEY, surveyId: 'checkup-paid-append', isAppending: { value: true } };
const DATES = Array.from({ length: 28 }, (_, i) => `2026-12-${String(i + 3).padStart(2, '0')}`);

let clock = NOW;
let ctx: TestContext;
let http: HttpClient;
let sandbox: SandboxProvider;

async function setUp(options: Parameters<typeof createTestContext>[2] = {}) {
  const context = await createTestContext({}, {}, { now: () => clock, ...options });
  await addCategories(context.app.storage, CHECKUP_CATEGORIES);
  await addCalendar(context.app.storage, {
    calendarId: 'cal-central',
    categoryId: 'checkup-central',
    rules: { maxActiveBookingsPerUser: undefined },
    slots: DATES.map((date) => ({ date, slotId: '1', start: '09:00', end: '10:00', capacity: 1 })),
  });
  await saveSurveys(context, PAID_SURVEY, PAID_APPEND_SURVEY);
  return { context, client: await listen(context) };
}

beforeAll(async () => {
  ({ context: ctx, client: http } = await setUp());
  if (ctx.app.sandbox === undefined) throw new Error('test apps run the sandbox provider');
  sandbox = ctx.app.sandbox;
});
afterAll(async () => {
  await ctx.close();
});

const paidPayload = (n: number, date: string, withBloodTest = false): SubmissionPayload => ({
  ...bookingPayload(citizen(n).userId, slotValue('checkup-central', date, '1'), { config: PAID_SURVEY }),
  order: { items: [{ productId: FEE.productId, quantity: 1 }, ...(withBloodTest ? [{ productId: BLOOD.productId, quantity: 1 }] : [])] },
});
const hold = async (n: number, date: string, withBloodTest = false) => {
  const response = await http.call(citizen(n), 'putTemporaryReservation', { body: paidPayload(n, date, withBloodTest) });
  expect(response.status).toBe(200);
  return response.body.data;
};
/** Presses a button of the sandbox's page, as the browser posts its form; answers the status and where it redirects. */
const press = async (paymentUrl: string, action: 'pay' | 'cancel' | 'fail' | 'lapse') => {
  const response = await fetch(paymentUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action }).toString(),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
};
const getOrder = (n: number, orderId: string) => http.call(citizen(n), 'getOrder', { query: { orderId } });
const leftOn = async (date: string) => {
  const response = await http.call(citizen(0), 'getCalendarSlots', { query: { calendarId: 'cal-central', from: date, to: date } });
  return response.body.data.slots[0]?.left;
};
const claimsOn = async (date: string) =>
  (await ctx.query('SELECT user_id, hold_expires_at FROM slot_claims WHERE date = ? ORDER BY user_id', [date])) as { user_id: string; hold_expires_at: number | null }[];
const orderRow = async (orderId: string) =>
  (await ctx.queryOne('SELECT status, provider_session_id, payment_id, refund_id FROM orders WHERE order_id = ?', [orderId])) as {
    status: string;
    provider_session_id: string;
    payment_id: string | null;
    refund_id: string | null;
  };
const sessionOf = async (orderId: string) => (await orderRow(orderId)).provider_session_id;
const refundsOf = async (sessionId: string) =>
  ((await ctx.queryOne('SELECT COUNT(*) AS n FROM sandbox_refunds WHERE session_id = ?', [sessionId])) as { n: number }).n;
/** Posts a notification to the sandbox's route as the provider's server would. */
const notify = (body: string, headers: Record<string, string>) =>
  fetch(`${http.baseUrl}${PAYMENT_NOTIFICATIONS_PATH}/sandbox`, { method: 'POST', headers, body });
const event = (sessionId: string, outcome: SandboxEvent['outcome'], id = `evt_test_${Math.random().toString(16).slice(2)}`): SandboxEvent => ({
  id,
  sessionId,
  occurredAt: clock,
  outcome,
});
const paidOutcome = async (sessionId: string) => sandbox.fetchStatus(sessionId);

describe('paying at the sandbox', () => {
  it('shows the order on a plain Japanese page with 税込 prices, and paying books the slot', async () => {
    clock = NOW;
    const held = await hold(1, DATES[0]!, true);
    expect(held.total).toBe(2300);
    expect(held.paymentUrl).toBe(`${http.baseUrl}/__dev/payments/sandbox/checkout/${await sessionOf(held.holdId)}`);

    const page = await fetch(held.paymentUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    for (const text of ['特定健診 受診料', '追加血液検査', '1,500円', '800円', '合計（税込）', '2,300円', '支払う', 'キャンセルして戻る', '支払いに失敗する', '保留期限を過ぎたことにする']) {
      expect(html).toContain(text);
    }
    expect(html).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)/);

    // Before paying, the return page proves nothing: the order is still pending.
    expect((await getOrder(1, held.holdId)).body.data.status).toBe('pending');
    clock = NOW + 60_000;
    const paid = await press(held.paymentUrl, 'pay');
    expect(paid).toMatchObject({ status: 303, location: `${http.baseUrl}/completedPayment/${held.holdId}` });
    expect(await claimsOn(DATES[0]!)).toEqual([{ user_id: citizen(1).userId, hold_expires_at: null }]);
    expect(await leftOn(DATES[0]!)).toBe(0);

    const order = (await getOrder(1, held.holdId)).body.data;
    expect(order).toMatchObject({
      orderId: held.holdId,
      surveyId: 'checkup-paid',
      partitionKey: held.partitionKey,
      receiptNumber: held.receiptNumber,
      status: 'paid',
      total: 2300,
      paymentMethod: 'card',
      paidAt: NOW + 60_000,
      issuer: { name: 'デモ市 保健福祉課', proviso: '健康診断のご予約の料金として' },
    });
    expect(order.lines).toEqual([
      { productId: FEE.productId, name: FEE.name, unitPrice: 1500, quantity: 1, subtotal: 1500 },
      { productId: BLOOD.productId, name: BLOOD.name, unitPrice: 800, quantity: 1, subtotal: 800 },
    ]);
    expect(order.paymentUrl).toBeUndefined();
    // Amounts are integers in the API and in the database.
    expect([order.total, ...order.lines.flatMap((line) => [line.unitPrice, line.subtotal])].every(Number.isInteger)).toBe(true);
    // As text, an integer reads '2300' on both engines, a stored real '2300.0' (SQLite) or '2300.00' (numeric).
    const stored = await ctx.queryOne('SELECT total_yen, CAST(total_yen AS TEXT) AS t FROM orders WHERE order_id = ?', [held.holdId]);
    expect(stored).toEqual({ total_yen: 2300, t: '2300' });

    // The page now says it is paid, and pressing pay again changes nothing.
    expect(await (await fetch(held.paymentUrl)).text()).toContain('このお支払いは完了しています。');
    expect((await press(held.paymentUrl, 'pay')).status).toBe(409);
  });

  it('cancelling at the provider frees the slot; the citizen is sent to the cancel page', async () => {
    clock = NOW;
    const held = await hold(2, DATES[1]!);
    expect(await leftOn(DATES[1]!)).toBe(0);
    expect(await press(held.paymentUrl, 'cancel')).toMatchObject({ status: 303, location: `${http.baseUrl}/canceledPayment?order=${held.holdId}` });
    expect((await getOrder(2, held.holdId)).body.data.status).toBe('cancelled');
    expect(await claimsOn(DATES[1]!)).toEqual([]);
    expect(await leftOn(DATES[1]!)).toBe(1);
  });

  it('a failed payment frees the slot; the citizen is sent to the error page', async () => {
    clock = NOW;
    const held = await hold(3, DATES[2]!);
    expect(await press(held.paymentUrl, 'fail')).toMatchObject({ status: 303, location: `${http.baseUrl}/errorPayment?order=${held.holdId}` });
    expect((await getOrder(3, held.holdId)).body.data.status).toBe('failed');
    expect(await leftOn(DATES[2]!)).toBe(1);
  });

  it('a payment after the hold lapsed and another citizen took the slot is refunded exactly once, and getOrder says so', async () => {
    clock = NOW;
    const late = await hold(4, DATES[3]!);
    expect(await leftOn(DATES[3]!)).toBe(0); // held: the calendar citizens reload says so
    const lapsed = await press(late.paymentUrl, 'lapse');
    expect(lapsed.status).toBe(200);
    expect(lapsed.html).toContain('予約枠の保留を期限切れにしました。');
    expect(await leftOn(DATES[3]!)).toBe(1);
    const other = await hold(5, DATES[3]!);

    clock = NOW + 120_000;
    expect((await press(late.paymentUrl, 'pay')).status).toBe(303);
    const sessionId = await sessionOf(late.holdId);
    expect(await refundsOf(sessionId)).toBe(1);
    const order = (await getOrder(4, late.holdId)).body.data;
    expect(order).toMatchObject({ status: 'refunded', paymentMethod: 'card', refundedAt: NOW + 120_000, total: 1500 });
    // The other citizen keeps the slot; nothing was booked twice.
    expect(await claimsOn(DATES[3]!)).toEqual([{ user_id: citizen(5).userId, hold_expires_at: other.expiresAt }]);

    // The provider sends the payment again (a retry under a new event id): still one refund.
    const again = sandbox.signedEvent(event(sessionId, await paidOutcome(sessionId)));
    expect((await notify(again.body, again.headers)).status).toBe(200);
    expect(await refundsOf(sessionId)).toBe(1);
    expect((await orderRow(late.holdId)).status).toBe('refunded');
    expect(await (await fetch(late.paymentUrl)).text()).toContain('1,500円を返金しました。');
  });

  it('a payment whose notification was lost is found by getOrder, which asks the provider', async () => {
    clock = NOW;
    const held = await hold(6, DATES[4]!);
    // The page recorded the payment but the notification never arrived.
    expect(await sandbox.settle(await sessionOf(held.holdId), 'paid')).toBe(true);
    expect((await orderRow(held.holdId)).status).toBe('pending');
    expect((await getOrder(6, held.holdId)).body.data).toMatchObject({ status: 'paid', paymentMethod: 'card' });
    expect(await claimsOn(DATES[4]!)).toEqual([{ user_id: citizen(6).userId, hold_expires_at: null }]);
  });

  it('a session past its expiry answers expired, and the order is released when asked', async () => {
    clock = NOW;
    const held = await hold(7, DATES[5]!);
    clock = held.expiresAt - 5 * 60_000;
    expect(await sandbox.fetchStatus(await sessionOf(held.holdId))).toEqual({ kind: 'expired' });
    expect(await (await fetch(held.paymentUrl)).text()).toContain('このお支払いの期限が切れました。');
    expect((await getOrder(7, held.holdId)).body.data.status).toBe('expired');
    expect(await claimsOn(DATES[5]!)).toEqual([]);
  });
});

describe('notifications', () => {
  it('handles the same notification twice once', async () => {
    clock = NOW;
    const held = await hold(8, DATES[6]!);
    const sessionId = await sessionOf(held.holdId);
    await sandbox.settle(sessionId, 'paid');
    const signed = sandbox.signedEvent(event(sessionId, await paidOutcome(sessionId), 'evt_twice'));
    for (let i = 0; i < 2; i += 1) {
      const response = await notify(signed.body, signed.headers);
      expect([response.status, await response.json()]).toEqual([200, { received: true }]);
    }
    expect(await ctx.queryOne("SELECT COUNT(*) AS n FROM payment_events WHERE provider = 'sandbox' AND event_id = 'evt_twice'")).toEqual({ n: 1 });
    expect((await orderRow(held.holdId)).status).toBe('paid');
    expect(await claimsOn(DATES[6]!)).toEqual([{ user_id: citizen(8).userId, hold_expires_at: null }]);
  });

  it('refuses a tampered, unsigned, foreign or too-old notification with 400, changing nothing', async () => {
    clock = NOW;
    const held = await hold(9, DATES[7]!);
    const sessionId = await sessionOf(held.holdId);
    const cancel = event(sessionId, { kind: 'cancelled' });
    const signed = sandbox.signedEvent(cancel);
    const tampered = signed.body.replace('cancelled', 'failed');
    const tooOld = sandbox.signedEvent(cancel, clock - 5 * 60_000 - 1000);
    const forged = { ...signed.headers, 'sandbox-signature': `t=${Math.floor(clock / 1000)},v1=${'0'.repeat(64)}` };
    const unsigned = { 'content-type': 'application/json' };
    for (const [body, headers] of [[tampered, signed.headers], [signed.body, unsigned], [signed.body, forged], [tooOld.body, tooOld.headers]] as const) {
      const response = await notify(body, headers);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'invalid_signature', message: '通知の署名を確認できませんでした。' });
    }
    expect((await orderRow(held.holdId)).status).toBe('pending');
    expect(await claimsOn(DATES[7]!)).toEqual([{ user_id: citizen(9).userId, hold_expires_at: held.expiresAt }]);
    // A notification for a provider that is not running: 404.
    expect((await fetch(`${http.baseUrl}${PAYMENT_NOTIFICATIONS_PATH}/stripe`, { method: 'POST', headers: signed.headers, body: signed.body })).status).toBe(404);
    // The genuine one is then taken.
    expect((await notify(signed.body, signed.headers)).status).toBe(200);
    expect((await orderRow(held.holdId)).status).toBe('cancelled');
  });

  it('out of order: an expired after paid changes nothing; a paid after cancelled is refunded', async () => {
    clock = NOW;
    const paid = await hold(10, DATES[8]!);
    await press(paid.paymentUrl, 'pay');
    const expired = sandbox.signedEvent(event(await sessionOf(paid.holdId), { kind: 'expired' }));
    expect((await notify(expired.body, expired.headers)).status).toBe(200);
    expect((await orderRow(paid.holdId)).status).toBe('paid');
    expect(await claimsOn(DATES[8]!)).toEqual([{ user_id: citizen(10).userId, hold_expires_at: null }]);

    const cancelledFirst = await hold(11, DATES[9]!);
    const sessionId = await sessionOf(cancelledFirst.holdId);
    // The citizen paid, but the provider's "cancelled" (sent earlier) arrives before its "paid".
    await sandbox.settle(sessionId, 'paid');
    const stale = sandbox.signedEvent(event(sessionId, { kind: 'cancelled' }));
    expect((await notify(stale.body, stale.headers)).status).toBe(200);
    expect((await orderRow(cancelledFirst.holdId)).status).toBe('cancelled');
    expect(await leftOn(DATES[9]!)).toBe(1);
    const paidLate = sandbox.signedEvent(event(sessionId, await paidOutcome(sessionId)));
    expect((await notify(paidLate.body, paidLate.headers)).status).toBe(200);
    expect((await orderRow(cancelledFirst.holdId)).status).toBe('refunded');
    expect(await refundsOf(sessionId)).toBe(1);
    expect(await leftOn(DATES[9]!)).toBe(1);
  });
});

describe('a refund the provider does not take at first', () => {
  it('answers the notification with an error so the provider sends it again, and the retry refunds once', async () => {
    clock = NOW;
    const late = await hold(22, DATES[16]!);
    await press(late.paymentUrl, 'lapse');
    await hold(23, DATES[16]!);
    const sessionId = await sessionOf(late.holdId);
    await sandbox.settle(sessionId, 'paid');
    const signed = sandbox.signedEvent(event(sessionId, await paidOutcome(sessionId), 'evt_refund_retry'));
    const refund = sandbox.refund.bind(sandbox);
    sandbox.refund = () => Promise.reject(new ProviderUnavailable('sandbox is down'));
    try {
      expect((await notify(signed.body, signed.headers)).status).toBeGreaterThanOrEqual(500);
      // The citizen is told the money is on its way back while the provider is down.
      expect((await getOrder(22, late.holdId)).body.data).toMatchObject({ status: 'expired', refundPending: true });
    } finally {
      sandbox.refund = refund;
    }
    // The payment is kept on the order, which is not marked refunded, and the event not remembered.
    expect(await orderRow(late.holdId)).toMatchObject({ status: 'expired', refund_id: null });
    expect((await orderRow(late.holdId)).payment_id).toMatch(/^sbpay_/);
    expect(await refundsOf(sessionId)).toBe(0);
    expect((await notify(signed.body, signed.headers)).status).toBe(200);
    expect((await orderRow(late.holdId)).status).toBe('refunded');
    expect(await refundsOf(sessionId)).toBe(1);
    expect((await notify(signed.body, signed.headers)).status).toBe(200);
    expect(await refundsOf(sessionId)).toBe(1);
  });
});

describe('temprary and the citizen calls', () => {
  it('answers a retry with the same Idempotency-Key with the same order and page, made once', async () => {
    clock = NOW;
    const request = { body: paidPayload(12, DATES[10]!), headers: { 'idempotency-key': 'pay-retry-00001' } };
    const [first, second] = await Promise.all([
      http.call(citizen(12), 'putTemporaryReservation', request),
      http.call(citizen(12), 'putTemporaryReservation', request),
    ]);
    const third = await http.call(citizen(12), 'putTemporaryReservation', request);
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(third.body).toEqual(first.body);
    expect(await ctx.queryOne('SELECT COUNT(*) AS n FROM sandbox_sessions WHERE order_id = ?', [first.body.data.holdId])).toEqual({ n: 1 });
  });

  it('ignores a client-sent price or total: the order, the page and the payment are the survey\'s prices', async () => {
    clock = NOW;
    const payload = paidPayload(13, DATES[11]!);
    const dressed = { ...payload, order: { total: 1, items: [{ productId: FEE.productId, quantity: 1, name: '無料', unitPrice: 1, subtotal: 1 }] } };
    const response = await http.call(citizen(13), 'putTemporaryReservation', { body: dressed });
    expect(response.status).toBe(200);
    const held = response.body.data;
    expect(held.total).toBe(1500);
    const page = await fetch(held.paymentUrl);
    expect(await page.text()).toContain('1,500円');
    expect(await ctx.queryOne('SELECT total_yen, lines_json FROM sandbox_sessions WHERE order_id = ?', [held.holdId])).toEqual({
      total_yen: 1500,
      lines_json: JSON.stringify([{ productId: FEE.productId, name: FEE.name, unitPrice: 1500, quantity: 1, subtotal: 1500 }]),
    });
    await press(held.paymentUrl, 'pay');
    const paid = (await getOrder(13, held.holdId)).body.data;
    expect(paid).toMatchObject({ status: 'paid', total: 1500, lines: [{ productId: FEE.productId, name: FEE.name, unitPrice: 1500, quantity: 1, subtotal: 1500 }] });
  });

  it('shows and cancels an order to its owner only; anyone else gets 404 order_not_found', async () => {
    clock = NOW;
    const held = await hold(14, DATES[12]!);
    for (const response of [
      await http.call(citizen(15), 'getOrder', { query: { orderId: held.holdId } }),
      await http.call(citizen(15), 'cancelOrder', { body: { orderId: held.holdId } }),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: 'order_not_found', message: 'ご注文が見つかりません。' });
    }
    expect((await http.call(citizen(15), 'getOrders', {})).body.data).toEqual([]);
    expect((await orderRow(held.holdId)).status).toBe('pending');

    const listed = await http.call(citizen(14), 'getOrders', { query: { partitionKey: held.partitionKey } });
    expect(listed.body.data.map((order) => [order.orderId, order.status, order.paymentUrl])).toEqual([[held.holdId, 'pending', held.paymentUrl]]);

    const cancelled = await http.call(citizen(14), 'cancelOrder', { body: { orderId: held.holdId } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
    expect(await leftOn(DATES[12]!)).toBe(1);
    // The provider's session was ended: it can no longer be paid.
    expect(await sandbox.fetchStatus(await sessionOf(held.holdId))).toEqual({ kind: 'cancelled' });
    expect((await press(held.paymentUrl, 'pay')).status).toBe(409);
  });

  it('cancelling an order paid meanwhile confirms it instead', async () => {
    clock = NOW;
    const held = await hold(16, DATES[13]!);
    await sandbox.settle(await sessionOf(held.holdId), 'paid');
    const response = await http.call(citizen(16), 'cancelOrder', { body: { orderId: held.holdId } });
    expect(response.body.data.status).toBe('paid');
    expect(await claimsOn(DATES[13]!)).toEqual([{ user_id: citizen(16).userId, hold_expires_at: null }]);
  });

  it('lists the citizen’s orders newest first', async () => {
    const holdAppending = async (date: string, now: number) => {
      const payload = {
        ...bookingPayload(citizen(17).userId, slotValue('checkup-central', date, '1'), { config: PAID_APPEND_SURVEY, now }),
        order: { items: [{ productId: FEE.productId, quantity: 1 }] },
      };
      return (await http.call(citizen(17), 'putTemporaryReservation', { body: payload })).body.data;
    };
    clock = NOW + 1000;
    const older = await holdAppending(DATES[14]!, clock);
    await press(older.paymentUrl, 'cancel');
    clock = NOW + 2000;
    const newer = await holdAppending(DATES[15]!, clock);
    const listed = await http.call(citizen(17), 'getOrders', {});
    expect(listed.body.data.map((order) => [order.orderId, order.status])).toEqual([
      [newer.holdId, 'pending'],
      [older.holdId, 'cancelled'],
    ]);
  });

  it('refuses to edit or delete a paid record; cancelling it frees the slot and refunds the payment once, keeping the receipt', async () => {
    clock = NOW;
    const paid = await hold(21, DATES[20]!);
    await press(paid.paymentUrl, 'pay');
    const key = { surveyId: PAID_SURVEY.surveyId, partitionKey: paid.partitionKey, userId: citizen(21).userId };

    // Update mode: an edit would replace the paid record (and charge again): refused, nothing held.
    const edit = await http.call(citizen(21), 'putTemporaryReservation', { body: paidPayload(21, DATES[21]!) });
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({ code: 'order_paid' });
    expect(edit.body.message).toContain('返金');
    expect(await claimsOn(DATES[21]!)).toEqual([]);
    const deletion = await http.call(citizen(21), 'deleteReservation', { body: key });
    expect(deletion.status).toBe(409);
    expect(deletion.body.code).toBe('order_paid');
    expect(await leftOn(DATES[20]!)).toBe(0);

    const cancel = await http.call(citizen(21), 'cancelReservation', { body: key });
    expect(cancel.status).toBe(200);
    expect(await leftOn(DATES[20]!)).toBe(1);
    expect(await refundsOf(await sessionOf(paid.holdId))).toBe(1);
    const refunded = (await getOrder(21, paid.holdId)).body.data;
    expect(refunded).toMatchObject({ status: 'refunded', paymentMethod: 'card', total: 1500, receiptNumber: paid.receiptNumber });
    expect(refunded).not.toHaveProperty('refundPending');
    // Cancelling again changes nothing and refunds nothing more; the record may now be deleted,
    // and its order (the money's trail) outlives it.
    expect((await http.call(citizen(21), 'cancelReservation', { body: key })).status).toBe(200);
    expect(await refundsOf(await sessionOf(paid.holdId))).toBe(1);
    expect((await http.call(citizen(21), 'deleteReservation', { body: key })).status).toBe(200);
    expect((await getOrder(21, paid.holdId)).body.data.status).toBe('refunded');
  });

  it('keeps the payment when a paid booking moves to another date buying what was paid for; anything else is refused', async () => {
    clock = NOW;
    // Append mode: the change replaces the record (oldPartitionKey), and its paid order goes with it.
    const order = { items: [{ productId: FEE.productId, quantity: 1 }] };
    const booking = bookingPayload(citizen(44).userId, slotValue('checkup-central', DATES[24]!, '1'), { config: PAID_APPEND_SURVEY, now: clock });
    const held = (await http.call(citizen(44), 'putTemporaryReservation', { body: { ...booking, order } })).body.data;
    await press(held.paymentUrl, 'pay');
    const change = (date: string, items = order.items) => ({
      ...bookingPayload(citizen(44).userId, slotValue('checkup-central', date, '1'), { config: PAID_APPEND_SURVEY, now: clock + 1, oldPartitionKey: held.partitionKey }),
      order: { items },
    });

    // Buying more, or paying again through temprary, is refused, and nothing moves.
    const more = await http.call(citizen(44), 'putReservation', { body: change(DATES[25]!, [...order.items, { productId: BLOOD.productId, quantity: 1 }]) });
    expect(more.status).toBe(409);
    expect(more.body.code).toBe('order_paid');
    expect((await http.call(citizen(44), 'putTemporaryReservation', { body: change(DATES[25]!) })).body.code).toBe('order_paid');
    expect([await leftOn(DATES[24]!), await leftOn(DATES[25]!)]).toEqual([0, 1]);

    const moved = await http.call(citizen(44), 'putReservation', { body: change(DATES[25]!) });
    expect(moved.status).toBe(200);
    expect(moved.body.receiptNumber).toBe(held.receiptNumber);
    expect([await leftOn(DATES[24]!), await leftOn(DATES[25]!)]).toEqual([1, 0]);
    const orders = (await http.call(citizen(44), 'getOrders', { query: { partitionKey: moved.body.partitionKey } })).body.data;
    expect(orders.map((o) => [o.orderId, o.status, o.total])).toEqual([[held.holdId, 'paid', 1500]]);
    expect(await refundsOf(await sessionOf(held.holdId))).toBe(0);
  });

  it('cancelling a record that waits for its payment ends the session: the page can no longer be paid', async () => {
    clock = NOW;
    const held = await hold(22, DATES[22]!);
    const key = { surveyId: PAID_SURVEY.surveyId, partitionKey: held.partitionKey, userId: citizen(22).userId };
    expect((await http.call(citizen(22), 'cancelReservation', { body: key })).status).toBe(200);
    expect(await leftOn(DATES[22]!)).toBe(1);
    expect(await sandbox.fetchStatus(await sessionOf(held.holdId))).toEqual({ kind: 'cancelled' });
    expect((await press(held.paymentUrl, 'pay')).status).toBe(409);
    expect((await getOrder(22, held.holdId)).body.data).toMatchObject({ status: 'cancelled' });
  });

  it('answers 409 order_closed to a temprary sent again after its payment ended, and tells payBy while pending', async () => {
    clock = NOW;
    const request = { body: paidPayload(43, DATES[23]!), headers: { 'idempotency-key': 'closed-order-key-1' } };
    const first = await http.call(citizen(43), 'putTemporaryReservation', request);
    expect(first.body).toMatchObject({ data: { total: 1500 } });
    expect((await getOrder(43, first.body.data.holdId)).body.data.payBy).toBe(first.body.data.expiresAt - 5 * 60_000);
    await press(first.body.data.paymentUrl, 'cancel');
    const again = await http.call(citizen(43), 'putTemporaryReservation', request);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('order_closed');
    expect((await getOrder(43, first.body.data.holdId)).body.data).not.toHaveProperty('payBy');
  });

  it('sends the citizen back into LINE when asked and the server knows the LIFF id', async () => {
    const { context, client } = await setUp();
    const liff = await createTestContext({ LIFF_ID: '1650000000-AbCd' }, {}, { now: () => clock });
    try {
      // Without a LIFF id, returnTo=liff falls back to the app's own origin.
      const plain = await client.call(citizen(18), 'putTemporaryReservation', { query: { returnTo: 'liff' }, body: paidPayload(18, DATES[16]!) });
      const plainSession = (await context.queryOne('SELECT success_url FROM sandbox_sessions')) as { success_url: string };
      expect(plainSession.success_url).toBe(`${client.baseUrl}/completedPayment/${plain.body.data.holdId}`);

      await addCategories(liff.app.storage, CHECKUP_CATEGORIES);
      await addCalendar(liff.app.storage, { calendarId: 'cal-central', categoryId: 'checkup-central', slots: [{ date: DATES[16]!, slotId: '1', start: '09:00', end: '10:00', capacity: 1 }] });
      await saveSurveys(liff, PAID_SURVEY);
      const liffClient = await listen(liff);
      const held = await liffClient.call(citizen(18), 'putTemporaryReservation', { query: { returnTo: 'liff' }, body: paidPayload(18, DATES[16]!) });
      expect(held.status).toBe(200);
      const session = await liff.queryOne('SELECT success_url, cancel_url, error_url FROM sandbox_sessions');
      const id = held.body.data.holdId;
      expect(session).toEqual({
        success_url: `https://liff.line.me/1650000000-AbCd/completedPayment/${id}`,
        cancel_url: `https://liff.line.me/1650000000-AbCd/canceledPayment?order=${id}`,
        error_url: `https://liff.line.me/1650000000-AbCd/errorPayment?order=${id}`,
      });
      // The page stays on this server, and its form may send the citizen on to LINE.
      expect(held.body.data.paymentUrl.startsWith(`${liffClient.baseUrl}/__dev/payments/sandbox/checkout/`)).toBe(true);
      const page = await fetch(held.body.data.paymentUrl);
      expect(page.headers.get('content-security-policy')).toContain("form-action 'self' https://liff.line.me");
    } finally {
      await context.close();
      await liff.close();
    }
  });
});

describe('a provider that cannot be reached', () => {
  it('answers 503 payment_unavailable in Japanese, and nothing stays held', async () => {
    clock = NOW;
    const provider = unreachableProvider('sandbox');
    const { context, client } = await setUp({ paymentProvider: provider });
    try {
      const response = await client.call(citizen(19), 'putTemporaryReservation', { body: paidPayload(19, DATES[17]!) });
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ code: 'payment_unavailable', message: expect.stringContaining('決済サービスに接続できませんでした') as unknown });
      expect(provider.sessionsAsked).toBe(1);
      expect(await context.queryOne('SELECT COUNT(*) AS n FROM slot_claims')).toEqual({ n: 0 });
      expect(await context.query('SELECT status FROM orders')).toEqual([{ status: 'failed' }]);
      const slots = await client.call(citizen(0), 'getCalendarSlots', { query: { calendarId: 'cal-central', from: DATES[17]!, to: DATES[17]! } });
      expect(slots.body.data.slots[0]?.left).toBe(1);
    } finally {
      await context.close();
    }
  });
});

// The hold outlives the session by the margin: a payment made inside its session finds the slot held.
it('makes sessions that end before their hold lapses', async () => {
  clock = NOW;
  const held = await hold(20, DATES[18]!);
  expect(held.expiresAt).toBe(NOW + HOLD_LIFETIME_MS);
  const session = await sandbox.session(await sessionOf(held.holdId));
  expect(session?.expiresAt).toBe(held.expiresAt - 5 * 60_000);
});
