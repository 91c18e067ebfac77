// Orders as staff handle them (issue 26): listed by 受付番号 and state for their teams only; refunded
// once from the console, audited; and reconciled against the payment provider, each difference
// named and the product's side settled to the provider's.
import { japanTimeToEpochMs } from '@city/survey-core';
import type { OrderReconciliation, StaffOrder } from '@city/api-client/staff-contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HttpClient } from './calendar-fixtures.js';
import { addCalendar, addCategories, BOOKING_SURVEY, bookingPayload, CHECKUP_CATEGORIES, citizen, claimedUnits, listen, saveSurveys, slotValue } from './calendar-fixtures.js';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';
import { addSandboxPaidOrder, FEE, PAID_SURVEY, unreachableProvider } from './payment-fixtures.js';
import { addStaff, addTeams, consoleClient } from './staff-helpers.js';

const NOW = japanTimeToEpochMs('2026-12-01', '10:00');
const SURVEY = PAID_SURVEY.surveyId;
/** Team B's survey: its orders never reach team A's staff. */
const OTHER_SURVEY = 'checkup-paid-b';
let clock = NOW;
let ctx: TestContext;
let http: HttpClient;

beforeEach(async () => {
  clock = NOW;
  ctx = await createTestContext({}, {}, { now: () => clock });
  await addCategories(ctx.app.storage, CHECKUP_CATEGORIES);
  await addCalendar(ctx.app.storage, { calendarId: 'cal-central', categoryId: 'checkup-central', slots: [{ date: '2026-12-03', slotId: '1', start: '09:00', end: '10:00', capacity: 5 }] });
  await saveSurveys(ctx, PAID_SURVEY, { ...PAID_SURVEY, surveyId: OTHER_SURVEY, surveyTitle: 'B課の健診' });
  await addTeams(ctx);
  await ctx.surveys.transaction(async (surveys) => {
    await surveys.setTeams(SURVEY, ['team-a']);
    await surveys.setTeams(OTHER_SURVEY, ['team-b']);
  });
  http = await listen(ctx);
});
afterEach(async () => {
  await ctx.close();
});

/** A citizen holds the slot with the fee: the order waits for its payment at the sandbox. */
async function hold(user = citizen(1), surveyId = SURVEY) {
  const held = await http.call(user, 'putTemporaryReservation', {
    body: {
      ...bookingPayload(user.userId, slotValue('checkup-central', '2026-12-03', '1'), { config: { ...PAID_SURVEY, surveyId }, name: '山田太郎' }),
      order: { items: [{ productId: FEE.productId, quantity: 1 }] },
    },
  });
  expect(held.status, JSON.stringify(held.body)).toBe(200);
  const { partitionKey, paymentUrl } = held.body.data as { partitionKey: string; paymentUrl: string };
  const order = (await ctx.queryOne('SELECT order_id, receipt_number, provider_session_id FROM orders WHERE partition_key = ?', [partitionKey])) as {
    order_id: string;
    receipt_number: string;
    provider_session_id: string;
  };
  return { partitionKey, paymentUrl, orderId: order.order_id, receiptNumber: order.receipt_number, sessionId: order.provider_session_id };
}

/** A citizen holds the slot and pays on the sandbox's page (its notification reaches the server). */
async function bookAndPay(user = citizen(1), surveyId = SURVEY) {
  const held = await hold(user, surveyId);
  const paid = await fetch(held.paymentUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=pay', redirect: 'manual' });
  expect(paid.status).toBe(303);
  return held;
}

const orderRow = async (orderId: string) => (await ctx.queryOne('SELECT status, refund_id FROM orders WHERE order_id = ?', [orderId])) as { status: string; refund_id: string | null };
const audited = async (action: string) => ((await ctx.query('SELECT target, detail_json FROM audit_log WHERE action = ? ORDER BY seq', [action])) as { target: string; detail_json: string }[]);

async function staff(role: 'member' | 'operator' | 'admin', team = 'team-a') {
  const client = consoleClient(ctx);
  await client.signIn(await addStaff(ctx, role, [team]));
  return client;
}

describe('the orders list', () => {
  it('lists the team’s orders newest first, by 受付番号, state, survey and period; never another team’s', async () => {
    const paid = await bookAndPay(citizen(1));
    clock += 60_000;
    const waiting = await hold(citizen(2));
    clock += 60_000;
    await bookAndPay(citizen(3), OTHER_SURVEY);
    const operator = await staff('operator');
    const list = async (query: Record<string, string> = {}) => {
      const response = await operator.call('staffOrders', { query });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.data as { orders: StaffOrder[]; next: string | null };
    };
    const all = await list();
    expect(all.orders.map((order) => order.receiptNumber)).toEqual([waiting.receiptNumber, paid.receiptNumber]);
    expect(all.next).toBeNull();
    expect(all.orders[1]).toMatchObject({ status: 'paid', total: FEE.unitPrice, lines: [`${FEE.name} × 1`], paymentMethod: 'card', paidAt: NOW, refundOwed: false, partitionKey: paid.partitionKey });
    expect(all.orders[0]).toMatchObject({ status: 'pending', paidAt: null });
    expect((await list({ receiptNumber: ` ${paid.receiptNumber} ` })).orders.map((order) => order.orderId)).toEqual([paid.orderId]);
    expect((await list({ status: 'pending' })).orders.map((order) => order.orderId)).toEqual([waiting.orderId]);
    expect((await list({ status: 'refunded' })).orders).toEqual([]);
    expect((await list({ surveyId: OTHER_SURVEY })).orders).toEqual([]);
    expect((await list({ from: '2026-12-02' })).orders).toEqual([]);
    expect((await list({ from: '2026-12-01', to: '2026-12-01' })).orders).toHaveLength(2);
    expect((await list({ to: '2026-11-30' })).orders).toEqual([]);
    // Team B sees only its own.
    const other = await staff('member', 'team-b');
    const theirs = (await other.call('staffOrders', { query: {} })).body.data as { orders: StaffOrder[] };
    expect(theirs.orders.map((order) => order.surveyTitle)).toEqual(['B課の健診']);
    // A cursor that is not one is a 400, not a query.
    expect((await operator.call('staffOrders', { query: { after: "1'; DROP TABLE orders" } })).status).toBe(400);
  });

  it('pages by 50 through every order, none twice, with orders made in the same millisecond', async () => {
    for (let n = 0; n < 120; n += 1) {
      await addSandboxPaidOrder(ctx.query, { orderId: `order-${String(n).padStart(3, '0')}`, surveyId: SURVEY, partitionKey: `${SURVEY}#k${n}`, receiptNumber: `R${n}`, status: 'paid', createdAt: NOW - Math.floor(n / 7) * 1000 });
    }
    const member = await staff('member');
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const response = await member.call('staffOrders', { query: after === null ? {} : { after } });
      const page = response.body.data as { orders: StaffOrder[]; next: string | null };
      expect(page.orders.length).toBeLessThanOrEqual(50);
      seen.push(...page.orders.map((order) => order.orderId));
      after = page.next;
    } while (after !== null);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
  });
});

describe('a refund from the console', () => {
  it('cancels the paid booking and refunds it once, audited; a second refund is refused', async () => {
    const paid = await bookAndPay();
    expect((await claimedUnits(ctx.query)).get('cal-central|2026-12-03|1')).toBe(1);
    const operator = await staff('operator');
    expect((await operator.call('staffRefundOrder', { params: { orderId: paid.orderId }, body: { reason: '本人から電話' } })).status).toBe(403);
    expect(await orderRow(paid.orderId)).toMatchObject({ status: 'paid', refund_id: null });

    const member = await staff('member');
    const refunded = await member.call('staffRefundOrder', { params: { orderId: paid.orderId }, body: { reason: '本人から電話' } });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.data).toMatchObject({ status: 'refunded', refundOwed: false });
    expect((await ctx.app.sandbox?.session(paid.sessionId))?.refundedYen).toBe(FEE.unitPrice);
    // The booking went with it: the slot is free and the record cancelled, with the reason.
    expect((await claimedUnits(ctx.query)).get('cal-central|2026-12-03|1')).toBeUndefined();
    expect(await ctx.queryOne('SELECT DISTINCT check_status FROM survey_results WHERE partition_key = ?', [paid.partitionKey])).toEqual({ check_status: 'キャンセル' });
    const entries = await audited('order.refund');
    expect(entries).toHaveLength(1);
    expect(entries[0]?.target).toBe(`order:${paid.orderId}`);
    expect(JSON.parse(entries[0]?.detail_json ?? '{}')).toEqual({ receiptNumber: paid.receiptNumber, amount: FEE.unitPrice, reason: '本人から電話', recordCancelled: true, refunded: true });

    const again = await member.call('staffRefundOrder', { params: { orderId: paid.orderId }, body: { reason: 'もう一度' } });
    expect(again).toMatchObject({ status: 409, body: { code: 'already_refunded' } });
    expect((await ctx.app.sandbox?.session(paid.sessionId))?.refundedYen).toBe(FEE.unitPrice);
    expect(await audited('order.refund')).toHaveLength(1);
  });

  it('refunds an order whose refund is owed, lists it as owed until then, and refuses an unpaid one or another team’s', async () => {
    const orderId = await addSandboxPaidOrder(ctx.query, { orderId: 'owed-1', surveyId: SURVEY, partitionKey: `${SURVEY}#gone`, receiptNumber: 'R-OWED', status: 'cancelled', createdAt: NOW });
    const waiting = await hold(citizen(2));
    const theirs = await bookAndPay(citizen(3), OTHER_SURVEY);
    const member = await staff('member');
    const owed = (await member.call('staffOrders', { query: { status: 'refundOwed' } })).body.data as { orders: StaffOrder[] };
    expect(owed.orders.map((order) => [order.orderId, order.refundOwed])).toEqual([[orderId, true]]);

    expect(await member.call('staffRefundOrder', { params: { orderId: waiting.orderId }, body: { reason: '誤り' } })).toMatchObject({ status: 409, body: { code: 'order_pending' } });
    expect(await member.call('staffRefundOrder', { params: { orderId: theirs.orderId }, body: { reason: '誤り' } })).toMatchObject({ status: 404, body: { code: 'order_not_found' } });
    expect(await orderRow(theirs.orderId)).toMatchObject({ status: 'paid' });
    // A reason is asked for: spaces are none.
    expect((await member.call('staffRefundOrder', { params: { orderId }, body: { reason: '' } })).status).toBe(400);
    expect(await member.call('staffRefundOrder', { params: { orderId }, body: { reason: '  ' } })).toMatchObject({ status: 400, body: { code: 'reason_required' } });

    const refunded = await member.call('staffRefundOrder', { params: { orderId }, body: { reason: '返金の再試行' } });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.data).toMatchObject({ status: 'refunded', refundOwed: false });
    expect((await ctx.app.sandbox?.session(`sbcs_${orderId}`))?.refundedYen).toBe(FEE.unitPrice);
    expect((await member.call('staffOrders', { query: { status: 'refundOwed' } })).body.data).toMatchObject({ orders: [] });
    expect(JSON.parse((await audited('order.refund'))[0]?.detail_json ?? '{}')).toMatchObject({ recordCancelled: false, refunded: true });
  });
});

describe('a refund after the booking’s time', () => {
  it('gives the money back alone: the booking the citizen kept stays', async () => {
    const paid = await bookAndPay();
    clock = japanTimeToEpochMs('2026-12-03', '11:00'); // the slot (09:00–10:00) has ended
    const member = await staff('member');
    const refunded = await member.call('staffRefundOrder', { params: { orderId: paid.orderId }, body: { reason: '受診料の免除' } });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.data).toMatchObject({ status: 'refunded' });
    expect((await ctx.app.sandbox?.session(paid.sessionId))?.refundedYen).toBe(FEE.unitPrice);
    expect(await ctx.queryOne('SELECT DISTINCT check_status FROM survey_results WHERE partition_key = ?', [paid.partitionKey])).toEqual({ check_status: '未対応' });
    expect((await claimedUnits(ctx.query)).get('cal-central|2026-12-03|1')).toBe(1);
    expect(JSON.parse((await audited('order.refund'))[0]?.detail_json ?? '{}')).toMatchObject({ recordCancelled: false, refunded: true });
    // Nothing is left to settle for it.
    const admin = await staff('admin');
    expect(await admin.call('staffSettleOrder', { params: { orderId: paid.orderId }, body: {} })).toMatchObject({ status: 409, body: { code: 'nothing_to_settle' } });
    // A date that does not exist is a 400, not a failure.
    expect(await member.call('staffOrders', { query: { to: '2026-13-01' } })).toMatchObject({ status: 400, body: { code: 'invalid_period' } });
    expect(await admin.call('staffReconcileOrders', { body: { from: '2026-02-30', to: '2026-03-01' } })).toMatchObject({ status: 400, body: { code: 'invalid_period' } });
  });
});

describe('a refund the provider does not take', () => {
  it('answers 503 and keeps the order as a refund owed, the booking cancelled all the same; audited as not refunded', async () => {
    // An app whose provider (named as the sandbox that made the orders' sessions) cannot be reached.
    await ctx.close();
    ctx = await createTestContext({}, {}, { now: () => clock, paymentProvider: unreachableProvider('sandbox') });
    await addCategories(ctx.app.storage, CHECKUP_CATEGORIES);
    await addCalendar(ctx.app.storage, { calendarId: 'cal-central', categoryId: 'checkup-central', slots: [{ date: '2026-12-03', slotId: '1', start: '09:00', end: '10:00', capacity: 5 }] });
    await saveSurveys(ctx, BOOKING_SURVEY);
    await addTeams(ctx);
    await ctx.surveys.transaction((surveys) => surveys.setTeams(BOOKING_SURVEY.surveyId, ['team-a']));
    http = await listen(ctx);
    const user = citizen(1);
    const booked = await http.call(user, 'putReservation', { body: bookingPayload(user.userId, slotValue('checkup-central', '2026-12-03', '1'), { config: BOOKING_SURVEY, name: '山田太郎' }) });
    expect(booked.status).toBe(200);
    const paidId = await addSandboxPaidOrder(ctx.query, { orderId: 'paid-down', surveyId: BOOKING_SURVEY.surveyId, partitionKey: booked.body.partitionKey, receiptNumber: 'R-DOWN', status: 'paid', createdAt: NOW });
    const owedId = await addSandboxPaidOrder(ctx.query, { orderId: 'owed-down', surveyId: BOOKING_SURVEY.surveyId, partitionKey: `${BOOKING_SURVEY.surveyId}#gone`, receiptNumber: 'R-OWED', status: 'cancelled', createdAt: NOW });
    const member = await staff('member');

    const cancelled = await member.call('staffRefundOrder', { params: { orderId: paidId }, body: { reason: '本人から電話' } });
    expect(cancelled).toMatchObject({ status: 503, body: { code: 'payment_unavailable' } });
    expect(cancelled.body.message).toContain('予約はキャンセルしました');
    expect((await claimedUnits(ctx.query)).get('cal-central|2026-12-03|1')).toBeUndefined();
    const owed = await member.call('staffRefundOrder', { params: { orderId: owedId }, body: { reason: '再試行' } });
    expect(owed).toMatchObject({ status: 503, body: { code: 'payment_unavailable' } });
    const listed = (await member.call('staffOrders', { query: { status: 'refundOwed' } })).body.data as { orders: StaffOrder[] };
    expect(listed.orders.map((order) => order.orderId).sort()).toEqual([owedId, paidId]);
    expect((await audited('order.refund')).map((entry) => (JSON.parse(entry.detail_json) as { refunded: boolean; recordCancelled: boolean }))).toEqual([
      expect.objectContaining({ refunded: false, recordCancelled: true }),
      expect.objectContaining({ refunded: false, recordCancelled: false }),
    ]);
    // The reconciliation names what it could not ask about.
    const admin = await staff('admin');
    const report = (await admin.call('staffReconcileOrders', { body: { from: '2026-12-01', to: '2026-12-01' } })).body.data as OrderReconciliation;
    expect(report.differences.map((row) => row.difference)).toEqual(['unreachable', 'unreachable']);
  });
});

describe('the reconciliation against the payment provider', () => {
  it('names each order the provider has otherwise, settles those it can, and agrees afterwards', async () => {
    const agreed = await bookAndPay(citizen(1));
    const open = await hold(citizen(2));
    // The provider took this one's money, but its notification never came (the sandbox page's tester button).
    const lost = await hold(citizen(3));
    const paidQuietly = await fetch(lost.paymentUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=payLost' });
    expect(paidQuietly.status).toBe(200);
    expect(await paidQuietly.text()).toContain('サーバーへの通知は送っていません');
    expect(await orderRow(lost.orderId)).toMatchObject({ status: 'pending' });
    // Refunded in the provider's dashboard, not through the product.
    const outside = await bookAndPay(citizen(4));
    const outsideSession = await ctx.app.sandbox?.session(outside.sessionId);
    await ctx.app.sandbox?.refund({ sessionId: outside.sessionId, paymentId: outsideSession?.paymentId ?? '', amountYen: FEE.unitPrice, idempotencyKey: 'dashboard-1' });
    // A refund owed (the provider was down when the record was cancelled).
    const owedId = await addSandboxPaidOrder(ctx.query, { orderId: 'owed-2', surveyId: SURVEY, partitionKey: `${SURVEY}#gone`, receiptNumber: 'R-OWED', status: 'cancelled', createdAt: NOW });

    const member = await staff('member');
    expect((await member.call('staffReconcileOrders', { body: { from: '2026-12-01', to: '2026-12-01' } })).status).toBe(403);
    const admin = await staff('admin');
    const reconcile = async () => {
      const response = await admin.call('staffReconcileOrders', { body: { from: '2026-12-01', to: '2026-12-01' } });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.data as OrderReconciliation;
    };
    const first = await reconcile();
    expect(first.provider).toBe('sandbox');
    expect(first.checked).toBe(5);
    const byOrder = new Map(first.differences.map((row) => [row.order.orderId, row]));
    expect(byOrder.has(agreed.orderId)).toBe(false);
    expect(byOrder.has(open.orderId)).toBe(false);
    expect(byOrder.get(lost.orderId)).toMatchObject({ difference: 'paidNotRecorded', providerStatus: 'paid', settleable: true });
    expect(byOrder.get(outside.orderId)).toMatchObject({ difference: 'refundedAtProvider', providerRefundedYen: FEE.unitPrice, settleable: false });
    expect(byOrder.get(owedId)).toMatchObject({ difference: 'refundOwed', settleable: true });
    expect(first.differences).toHaveLength(3);

    for (const orderId of [lost.orderId, owedId]) {
      const settled = await admin.call('staffSettleOrder', { params: { orderId }, body: {} });
      expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    }
    // The lost payment confirmed the booking; the owed refund was made.
    expect(await orderRow(lost.orderId)).toMatchObject({ status: 'paid' });
    expect(await orderRow(owedId)).toMatchObject({ status: 'refunded' });
    expect((await claimedUnits(ctx.query)).get('cal-central|2026-12-03|1')).toBe(4);
    const second = await reconcile();
    expect(second.differences.map((row) => [row.order.orderId, row.difference])).toEqual([[outside.orderId, 'refundedAtProvider']]);
    expect((await audited('orders.reconcile')).map((entry) => JSON.parse(entry.detail_json) as unknown)).toEqual([
      { from: '2026-12-01', to: '2026-12-01', checked: 5, differing: 3 },
      { from: '2026-12-01', to: '2026-12-01', checked: 5, differing: 1 },
    ]);
    expect(await audited('order.settle')).toHaveLength(2);
    // A period that ends before it starts is refused.
    expect(await admin.call('staffReconcileOrders', { body: { from: '2026-12-02', to: '2026-12-01' } })).toMatchObject({ status: 400, body: { code: 'invalid_period' } });
  });
});
