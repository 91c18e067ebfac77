// The server calls itself (the LINE stand-in's token endpoint when a citizen signs in, the sandbox
// provider's notification when a tester pays): it must do so where it listens, not at a fixed
// 127.0.0.1. 127.0.0.2 stands for an operator's HOST=192.168.1.10: loopback, but not 127.0.0.1.
import { DEV_CHANNEL } from '@city/line-stand-in';
import { LINE_STAND_IN_PATH } from '@city/api-client/contract';
import { japanTimeToEpochMs } from '@city/survey-core';
import { afterEach, describe, expect, it } from 'vitest';
import { addCalendar, addCategories, bookingPayload, CHECKUP_CATEGORIES, citizen, listen, saveSurveys, slotValue } from './calendar-fixtures.js';
import type { TestContext } from './helpers.js';
import { createTestContext, pathOf } from './helpers.js';
import { FEE, PAID_SURVEY } from './payment-fixtures.js';

const NOW = japanTimeToEpochMs('2026-12-01', '10:00');
const contexts: TestContext[] = [];
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

/** A test app selling the check-up's fee on a calendar with a slot on 2026-12-03. */
async function paidBookingApp(): Promise<TestContext> {
  const ctx = await createTestContext({}, {}, { now: () => NOW });
  contexts.push(ctx);
  await addCategories(ctx.app.storage, CHECKUP_CATEGORIES);
  await addCalendar(ctx.app.storage, { calendarId: 'cal-central', categoryId: 'checkup-central', slots: [{ date: '2026-12-03', slotId: '1', start: '09:00', end: '10:00', capacity: 5 }] });
  await saveSurveys(ctx, PAID_SURVEY);
  return ctx;
}

const paidPayload = (n: number) => ({
  ...bookingPayload(citizen(n).userId, slotValue('checkup-central', '2026-12-03', '1'), { config: PAID_SURVEY }),
  order: { items: [{ productId: FEE.productId, quantity: 1 }] },
});

/** Presses 支払う on the sandbox's page, as a browser posts its form. */
const pressPay = (paymentUrl: string) =>
  fetch(paymentUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=pay', redirect: 'manual' });

describe('a server listening on another address than 127.0.0.1', () => {
  it('signs a citizen in through the stand-in: the code is exchanged at the server’s own address', async () => {
    const ctx = await paidBookingApp();
    const http = await listen(ctx, '127.0.0.2');
    const redirectTo = `${http.baseUrl}/login`;
    const authorize = new URLSearchParams({ response_type: 'code', client_id: DEV_CHANNEL.channelId, redirect_uri: redirectTo, state: '1', scope: 'profile openid', test_user: ctx.users[0]!.userId });
    const back = await fetch(`${http.baseUrl}${LINE_STAND_IN_PATH}/oauth2/v2.1/authorize?${authorize.toString()}`, { redirect: 'manual' });
    const code = new URL(back.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const login = await fetch(`${http.baseUrl}${pathOf('exchangeLoginCode')}?${new URLSearchParams({ code, redirectTo }).toString()}`);
    expect(login.status).toBe(200);
    expect(((await login.json()) as { data: { profile: { displayName: string } } }).data.profile.displayName).toBe('山田 太郎');
  });

  it('takes a sandbox payment: the page notifies the server at its own address, then sends the citizen back', async () => {
    const ctx = await paidBookingApp();
    const http = await listen(ctx, '127.0.0.2');
    const held = await http.call(citizen(1), 'putTemporaryReservation', { body: paidPayload(1) });
    expect(held.status).toBe(200);
    const paid = await pressPay(held.body.data.paymentUrl);
    expect(paid.status).toBe(303);
    expect(new URL(paid.headers.get('location') ?? '').pathname).toBe(`/completedPayment/${held.body.data.holdId}`);
    expect((await http.call(citizen(1), 'getOrder', { query: { orderId: held.body.data.holdId } })).body.data.status).toBe('paid');
  });
});

describe('the sandbox page when its notification cannot be delivered', () => {
  it('says so on its page (502), never a bare 500', async () => {
    // Not listening: the notification has nowhere to go.
    const ctx = await paidBookingApp();
    const held = await ctx.call(citizen(2), 'putTemporaryReservation', { body: paidPayload(2) });
    expect(held.status).toBe(200);
    const page = await ctx.app.inject({ method: 'POST', url: new URL(held.body.data.paymentUrl).pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'action=pay' });
    expect(page.statusCode).toBe(502);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('サーバーに通知を届けられませんでした');
  });
});
