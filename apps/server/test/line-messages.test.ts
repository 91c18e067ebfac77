// LINE MINI App service messages and day-before reminders, against the LINE stand-in over real HTTP
// (its own port, as LINE's API is reached): a booking made in the mini-app is confirmed once, a
// change and a cancellation too; the notification token is issued from the mini-app's LIFF access
// token, renewed by every send and stored; an expired or used-up one is never used; a send LINE
// fails with 500 is retried and arrives once; a reminder goes out at its minute once, even with two
// server instances working through the same database.
import type { InboxMessage, TestUser } from '@city/line-stand-in';
import { japanTimeToEpochMs } from '@city/survey-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { readConfig } from '../src/env.js';
import { backoffMs } from '../src/modules/line/delivery.js';
import { addCalendar, addCategories, BOOKING_SURVEY, bookingPayload, CHECKUP_CATEGORIES, daySlots, listen, saveSurveys, slotValue } from './calendar-fixtures.js';
import { FEE, PAID_SURVEY } from './payment-fixtures.js';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';

const at = (date: string, time: string) => japanTimeToEpochMs(date, time);
let clock = at('2026-12-01', '10:00');
let ctx: TestContext;
let yamada: TestUser;
let sato: TestUser;
let suzuki: TestUser;

beforeEach(async () => {
  clock = at('2026-12-01', '10:00');
  ctx = await createTestContext({}, {}, { now: () => clock });
  [yamada, sato, suzuki] = ctx.users as [TestUser, TestUser, TestUser];
  await addCategories(ctx.app.storage, CHECKUP_CATEGORIES);
  await addCalendar(ctx.app.storage, { calendarId: 'cal-central', categoryId: 'checkup-central', slots: ['2026-12-03', '2026-12-04'].flatMap((date) => daySlots(date)) });
  await saveSurveys(ctx, BOOKING_SURVEY);
});
afterEach(async () => {
  await ctx.close();
});

const messaging = () => {
  const standIn = ctx.app.lineStandIn;
  if (standIn === undefined) throw new Error('the test app runs with the LINE stand-in');
  return standIn.messaging;
};
const serviceInbox = (user: TestUser): Extract<InboxMessage, { kind: 'service' }>[] =>
  messaging()
    .inboxOf(user.userId)
    .filter((message) => message.kind === 'service');

/** What the LIFF SDK holds in the mini-app for this citizen (the stand-in's /liff/token). */
async function openMiniApp(user: TestUser): Promise<string> {
  const response = await ctx.app.inject({ url: `/__dev/line/liff/token?userId=${user.userId}` });
  return response.json<{ accessToken: string }>().accessToken;
}

/** A booking made in the mini-app: its rows say so, and the LIFF access token goes with it. */
async function bookInLine(user: TestUser, date: string, slotId: string, liffAccessToken: string, options: { idempotencyKey?: string; oldPartitionKey?: string } = {}) {
  const payload = bookingPayload(user.userId, slotValue('checkup-central', date, slotId), options.oldPartitionKey === undefined ? {} : { oldPartitionKey: options.oldPartitionKey });
  for (const row of payload.data) row.isLiffMode = true;
  const response = await ctx.call(user, 'putReservation', {
    body: payload,
    headers: { 'x-line-access-token': liffAccessToken, ...(options.idempotencyKey === undefined ? {} : { 'idempotency-key': options.idempotencyKey }) },
  });
  expect(response.status).toBe(200);
  await ctx.app.line.settled();
  return response.body.partitionKey;
}

async function tokenRow(user: TestUser) {
  return ctx.queryOne('SELECT token, remaining, expires_at FROM line_notification_tokens WHERE user_id = ?', [user.userId]);
}

async function setReminder(calendarId: string, daysBefore: number, sendTime: string) {
  await ctx.app.line.store.transaction((repositories) => repositories.messages.setReminder(calendarId, { daysBefore, sendTime }, clock));
}

describe('service messages after an action in the mini-app', () => {
  it('confirms a booking once, even when the request is sent again, with the date, time, place and the way to change it', async () => {
    const liff = await openMiniApp(yamada);
    await bookInLine(yamada, '2026-12-03', '2', liff, { idempotencyKey: 'book-once' });
    await bookInLine(yamada, '2026-12-03', '2', liff, { idempotencyKey: 'book-once' });
    await ctx.app.line.runOnce();
    const inbox = serviceInbox(yamada);
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({
      templateName: 'booking_confirm_ja',
      params: {
        title: 'ご予約を受け付けました',
        date: '2026年12月3日（木）',
        time: '10:00〜11:00',
        place: '健康診断 特定健診 中央保健センター',
        btn1_url: expect.stringMatching(/\/confirmList\/checkup-booking$/) as unknown,
      },
    });
    expect(inbox[0]?.params.detail).toMatch(/^健康診断のご予約（受付番号 \S+）$/);
    // The token issued from the LIFF access token was renewed by the send and stored: four sends left.
    const stored = await tokenRow(yamada);
    expect(stored).toMatchObject({ remaining: 4 });
    expect(typeof stored?.token).toBe('string');
    // The LIFF access token is not kept once the notification token was issued from it.
    expect(await ctx.queryOne('SELECT count(*) AS n FROM line_messages WHERE liff_access_token IS NOT NULL')).toMatchObject({ n: 0 });
  });

  it('confirms a change and a cancellation, each once, with the renewed token each time', async () => {
    const liff = await openMiniApp(yamada);
    const first = await bookInLine(yamada, '2026-12-03', '2', liff);
    const tokenAfterBooking = (await tokenRow(yamada))?.token;
    await bookInLine(yamada, '2026-12-04', '3', liff, { oldPartitionKey: first });
    const tokenAfterChange = (await tokenRow(yamada))?.token;
    expect(tokenAfterChange).not.toBe(tokenAfterBooking);
    const cancel = await ctx.call(yamada, 'cancelReservation', {
      body: { surveyId: BOOKING_SURVEY.surveyId, partitionKey: first, userId: yamada.userId },
      headers: { 'x-line-access-token': liff },
    });
    expect(cancel.status).toBe(200);
    await ctx.app.line.settled();
    const inbox = serviceInbox(yamada);
    expect(inbox.map((message) => message.templateName)).toEqual(['booking_confirm_ja', 'booking_change_ja', 'booking_cancel_ja']);
    expect(inbox[1]?.params).toMatchObject({ title: 'ご予約を変更しました', date: '2026年12月4日（金）', time: '13:00〜14:00' });
    // The cancellation names the booking it ended, read before its slot was released.
    expect(inbox[2]?.params).toMatchObject({ title: 'ご予約をキャンセルしました', date: '2026年12月4日（金）' });
    expect(await tokenRow(yamada)).toMatchObject({ remaining: 2 });
  });

  it('sends nothing for a booking made in a browser (no LIFF access token), or when LINE refuses the LIFF access token', async () => {
    const payload = bookingPayload(yamada.userId, slotValue('checkup-central', '2026-12-03', '1'));
    expect((await ctx.call(yamada, 'putReservation', { body: payload })).status).toBe(200);
    await ctx.app.line.runOnce();
    expect(serviceInbox(yamada)).toEqual([]);
    expect(await ctx.queryOne('SELECT count(*) AS n FROM line_messages')).toMatchObject({ n: 0 });

    // A web login's access token is no LIFF access token: LINE answers 401, the citizen has no token.
    await bookInLine(sato, '2026-12-03', '1', 'not-a-liff-access-token');
    const [message] = await ctx.query('SELECT state, outcome FROM line_messages WHERE user_id = ?', [sato.userId]);
    expect(message).toMatchObject({ state: 'unreachable', outcome: 'no_token' });
    expect(serviceInbox(sato)).toEqual([]);
  });

  it('retries a send LINE fails with 500, and delivers it once', async () => {
    messaging().injectFailure({ endpoint: 'notifier-send', status: 500 });
    const liff = await openMiniApp(yamada);
    await bookInLine(yamada, '2026-12-03', '2', liff);
    expect(serviceInbox(yamada)).toEqual([]);
    expect(await ctx.queryOne('SELECT state, outcome, attempts FROM line_messages')).toMatchObject({ state: 'pending', outcome: 'http_500', attempts: 1 });
    // Not before its backoff.
    await ctx.app.line.runOnce();
    expect(serviceInbox(yamada)).toEqual([]);
    clock += backoffMs(1);
    await ctx.app.line.runOnce();
    await ctx.app.line.runOnce();
    expect(serviceInbox(yamada)).toHaveLength(1);
    expect(await ctx.queryOne('SELECT state, attempts FROM line_messages')).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('never sends twice when LINE took a send but its answer was lost: the spent token is refused', async () => {
    messaging().injectFailure({ endpoint: 'notifier-send', status: 500, afterDelivery: true });
    const liff = await openMiniApp(yamada);
    await bookInLine(yamada, '2026-12-03', '2', liff);
    clock += backoffMs(1);
    await ctx.app.line.runOnce();
    expect(serviceInbox(yamada)).toHaveLength(1);
    expect(await ctx.queryOne('SELECT state, outcome FROM line_messages')).toMatchObject({ state: 'failed', outcome: 'token_rejected' });
  });
});

describe('a booking paid for in the mini-app', () => {
  const paidPayload = (user: TestUser, slotId: string) => {
    const payload = { ...bookingPayload(user.userId, slotValue('checkup-central', '2026-12-03', slotId), { config: PAID_SURVEY }), order: { items: [{ productId: FEE.productId, quantity: 1 }] } };
    for (const row of payload.data) row.isLiffMode = true;
    return payload;
  };
  const pay = async (paymentUrl: string, action: 'pay' | 'cancel') => {
    await fetch(paymentUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ action }).toString(), redirect: 'manual' });
  };

  it('is confirmed once its payment is, with the token issued while the mini-app was open', async () => {
    await saveSurveys(ctx, PAID_SURVEY);
    const http = await listen(ctx);
    const liff = await openMiniApp(yamada);
    const held = await http.call(yamada, 'putTemporaryReservation', { body: paidPayload(yamada, '2'), headers: { 'x-line-access-token': liff } });
    expect(held.status).toBe(200);
    await ctx.app.line.runOnce();
    expect(serviceInbox(yamada)).toEqual([]);
    // Issued at once: LINE revokes the LIFF access token when the citizen leaves for the payment page.
    expect(await tokenRow(yamada)).toMatchObject({ remaining: 5 });
    expect(await ctx.query('SELECT liff_access_token FROM line_messages')).toEqual([{ liff_access_token: null }, { liff_access_token: null }]);
    await pay(held.body.data.paymentUrl, 'pay');
    await ctx.app.line.settled();
    await ctx.app.line.runOnce();
    expect(serviceInbox(yamada).map((message) => [message.templateName, message.params.date, message.params.time])).toEqual([
      ['booking_confirm_ja', '2026年12月3日（木）', '10:00〜11:00'],
      ['payment_receipt_ja', '2026年12月3日（木）', '10:00〜11:00'],
    ]);
    // The receipt says what was paid and opens the receipt's page in the mini-app.
    expect(serviceInbox(yamada)[1]?.params).toMatchObject({ title: 'お支払いを受け付けました', note: expect.stringContaining('1,500円（税込）') as unknown });
    expect(serviceInbox(yamada)[1]?.params.btn1_url).toMatch(/\/receipt\?order=/);
    expect(await tokenRow(yamada)).toMatchObject({ remaining: 3 });
  });

  it('is never confirmed when the payment is not made, and the message says so in the end', async () => {
    await saveSurveys(ctx, PAID_SURVEY);
    const http = await listen(ctx);
    const held = await http.call(sato, 'putTemporaryReservation', { body: paidPayload(sato, '3'), headers: { 'x-line-access-token': await openMiniApp(sato) } });
    await pay(held.body.data.paymentUrl, 'cancel');
    await ctx.app.line.runOnce();
    expect(serviceInbox(sato)).toEqual([]);
    clock += 15 * 24 * 3600_000;
    await ctx.app.line.runOnce();
    expect(await ctx.query('SELECT kind, state, outcome FROM line_messages ORDER BY message_id')).toEqual([
      { kind: 'booked', state: 'unreachable', outcome: 'not_paid' },
      { kind: 'paid', state: 'unreachable', outcome: 'not_paid' },
    ]);
  });
});

describe('day-before reminders', () => {
  it('go out at the calendar’s minute, once, and not for a booking made after it', async () => {
    await setReminder('cal-central', 1, '18:00');
    const liff = await openMiniApp(yamada);
    await bookInLine(yamada, '2026-12-03', '2', liff);
    clock = at('2026-12-02', '17:59');
    await ctx.app.line.runOnce();
    expect(serviceInbox(yamada)).toHaveLength(1); // the confirmation only
    clock = at('2026-12-02', '18:00');
    await ctx.app.line.runOnce();
    await ctx.app.line.runOnce();
    const reminders = serviceInbox(yamada).filter((message) => message.templateName === 'booking_remind_ja');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.params).toMatchObject({ title: '明日のご予約のお知らせ', date: '2026年12月3日（木）', time: '10:00〜11:00', place: '健康診断 特定健診 中央保健センター' });
    expect(reminders[0]?.params.btn1_url).toMatch(/\/confirmList\/checkup-booking$/);

    // 佐藤 books the same day at 19:00, after the reminder's minute: the confirmation says it all.
    clock = at('2026-12-02', '19:00');
    await bookInLine(sato, '2026-12-03', '3', await openMiniApp(sato));
    await ctx.app.line.runOnce();
    expect(serviceInbox(sato).map((message) => message.templateName)).toEqual(['booking_confirm_ja']);
  });

  it('use the stored token; an expired or used-up one is not used, and the message says why it was not sent', async () => {
    await setReminder('cal-central', 1, '09:00');
    await bookInLine(yamada, '2026-12-03', '1', await openMiniApp(yamada));
    await bookInLine(sato, '2026-12-03', '2', await openMiniApp(sato));
    await bookInLine(suzuki, '2026-12-03', '3', await openMiniApp(suzuki));
    await ctx.query('UPDATE line_notification_tokens SET expires_at = ? WHERE user_id = ?', [clock - 1, sato.userId]);
    await ctx.query('UPDATE line_notification_tokens SET remaining = 0, token = NULL WHERE user_id = ?', [suzuki.userId]);
    const sends = () => messaging().inboxes();
    const before = [...sends().values()].flat().length;
    clock = at('2026-12-02', '09:00');
    await ctx.app.line.runOnce();
    expect([...sends().values()].flat().length).toBe(before + 1);
    expect(serviceInbox(yamada).at(-1)?.templateName).toBe('booking_remind_ja');
    const outcomes = await ctx.query("SELECT user_id, state, outcome FROM line_messages WHERE kind = 'reminder' ORDER BY user_id");
    expect(outcomes).toEqual([
      { user_id: yamada.userId, state: 'sent', outcome: null },
      { user_id: sato.userId, state: 'unreachable', outcome: 'token_expired' },
      { user_id: suzuki.userId, state: 'unreachable', outcome: 'token_used_up' },
    ]);
  });

  it('go out once with two server instances polling the same database at the same minute', async () => {
    await setReminder('cal-central', 1, '18:00');
    for (const [index, user] of ctx.users.entries()) await bookInLine(user, '2026-12-03', String(index + 1), await openMiniApp(user));
    const second = await secondInstance();
    try {
      clock = at('2026-12-02', '18:00');
      await Promise.all([ctx.app.line.runOnce(), second.line.runOnce(), ctx.app.line.runOnce(), second.line.runOnce()]);
      for (const user of ctx.users) {
        expect(serviceInbox(user).filter((message) => message.templateName === 'booking_remind_ja'), user.displayName).toHaveLength(1);
      }
      expect(await ctx.queryOne("SELECT count(*) AS n FROM line_messages WHERE kind = 'reminder' AND state = 'sent'")).toMatchObject({ n: 3 });
    } finally {
      await second.close();
    }
  });
});

/** Another server instance on this test's database, sending through the first one's LINE stand-in. */
async function secondInstance(): Promise<App & { close: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'city-line-second-'));
  const config = readConfig({
    NODE_ENV: 'test',
    DATABASE_PATH: ctx.databasePath,
    ...(ctx.databaseUrl === undefined ? {} : { DATABASE_URL: ctx.databaseUrl }),
    LINE_MESSAGING_API_BASE_URL: ctx.app.lineStandInUrl ?? '',
    CITIZEN_APP_DIR: path.join(dir, 'no-app'),
    CONSOLE_APP_DIR: path.join(dir, 'no-console'),
  });
  const db = ctx.databaseUrl === undefined ? openDatabase(ctx.databasePath) : undefined;
  const app = await buildApp({ config, ...(db === undefined ? {} : { db }), now: () => clock, scheduleLineDelivery: false, seed: false });
  const close = app.close.bind(app);
  return Object.assign(app, {
    close: async () => {
      await close();
      db?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  });
}
