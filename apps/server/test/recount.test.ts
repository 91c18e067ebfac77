// The recount against the real app, on both engines: after citizens book and cancel, a paid
// booking, staff's cancel with its refund and an import with bookings, it finds no drift; data
// changed behind the product's back (a slot's count, a claim with no answer, an answer with no
// claim, a paid order of a cancelled record) is each reported, by the route and the command.
import { japanTimeToEpochMs } from '@city/survey-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runRecountCommand } from '../src/modules/recount/command.js';
import type { HttpClient } from './calendar-fixtures.js';
import { addCalendar, APPEND_BOOKING_SURVEY, bookingPayload, citizen, daySlots, saveSurveys, slotValue } from './calendar-fixtures.js';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';
import { FEE, PAID_SURVEY } from './payment-fixtures.js';
import type { TestStaff } from './staff-helpers.js';
import { addStaff, consoleClient, staffBookingWorld } from './staff-helpers.js';
import { totpCode } from '../src/modules/staff/totp.js';

let clock = japanTimeToEpochMs('2026-12-01', '10:00');
let ctx: TestContext;
let http: HttpClient;

beforeEach(async () => {
  signedInAdmin = undefined;
  administratorAccount = undefined;
  clock = japanTimeToEpochMs('2026-12-01', '10:00');
  ctx = await createTestContext({}, {}, { now: () => clock });
  ({ http } = await staffBookingWorld(ctx, { slots: daySlots('2026-12-03', 3) }));
  await addCalendar(ctx.app.storage, { calendarId: 'cal-north', categoryId: 'checkup-north', slots: daySlots('2026-12-03', 3) });
  await saveSurveys(ctx, PAID_SURVEY);
  await ctx.surveys.transaction((surveys) => surveys.setTeams(PAID_SURVEY.surveyId, ['team-a']));
});
afterEach(async () => {
  await ctx.close();
});

let signedInAdmin: ReturnType<typeof consoleClient> | undefined;
/** An admin of team A, signed in once per test (the recount itself is the administrator's). */
async function admin() {
  if (signedInAdmin !== undefined) return signedInAdmin;
  const console = consoleClient(ctx);
  expect((await console.signIn(await addStaff(ctx, 'admin', ['team-a']))).status).toBe(200);
  signedInAdmin = console;
  return console;
}

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
let administratorAccount: TestStaff | undefined;
/** The administrator, signed in with the second factor (a fresh TOTP step each time: a code is accepted once). */
async function administrator() {
  administratorAccount ??= await addStaff(ctx, 'administrator', ['team-a'], { totpSecret: SECRET });
  const console = consoleClient(ctx);
  expect((await console.signIn(administratorAccount)).status).toBe(200);
  clock += 30_000;
  expect((await console.call('staffSecondFactor', { body: { code: totpCode(SECRET, clock) } })).status).toBe(200);
  return console;
}

type Report = { drift: number; totals: Record<string, number>; slots: unknown[]; claims: { reason: string }[]; answers: unknown[]; orders: { reason: string }[] };

async function recountByRoute(): Promise<Report> {
  const response = await (await administrator()).call('staffRecount');
  expect(response.status).toBe(200);
  return response.body.data as Report;
}

async function recountByCommand() {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runRecountCommand({ database: { databasePath: ctx.databasePath, databaseUrl: ctx.databaseUrl }, out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out, err };
}

/** Citizen n books a slot of the central venue; answers the record's key. */
async function book(n: number, slotId: string): Promise<string> {
  clock += 1_000;
  const user = citizen(n);
  const response = await http.call(user, 'putReservation', { body: bookingPayload(user.userId, slotValue('checkup-central', '2026-12-03', slotId), { config: APPEND_BOOKING_SURVEY, now: clock }) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.partitionKey;
}

describe('the recount', () => {
  it('finds no drift after bookings, a cancel, a paid booking refunded by staff, and an import', async () => {
    await book(1, '1');
    await book(2, '1');
    // Citizen 3 books and cancels.
    const cancelled = await book(3, '3');
    const cancel3 = await http.call(citizen(3), 'cancelReservation', { body: { surveyId: APPEND_BOOKING_SURVEY.surveyId, partitionKey: cancelled, userId: citizen(3).userId } });
    expect(cancel3.status, JSON.stringify(cancel3.body)).toBe(200);
    // A paid booking, cancelled by staff: its payment is refunded.
    const user = citizen(4);
    const held = await http.call(user, 'putTemporaryReservation', {
      body: { ...bookingPayload(user.userId, slotValue('checkup-central', '2026-12-03', '4'), { config: PAID_SURVEY, name: '山田太郎' }), order: { items: [{ productId: FEE.productId, quantity: 1 }] } },
    });
    expect(held.status).toBe(200);
    expect((await fetch(held.body.data.paymentUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=pay', redirect: 'manual' })).status).toBe(303);
    const console = await admin();
    const paid = held.body.data.partitionKey;
    const version = ((await ctx.queryOne('SELECT version FROM survey_records WHERE partition_key = ?', [paid])) as { version: number }).version;
    const cancel = await console.call('staffChangeStatus', { params: { surveyId: PAID_SURVEY.surveyId, partitionKey: paid }, body: { status: 'キャンセル', reason: '本人から電話', version } });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    // An import with a booking at the north venue.
    const file = Buffer.from(['ユーザーID,パーティションキー,受付番号,お名前,予約日時,状態,作成日,更新日,管理者メモ', ',,,窓口 花子,checkup-north|2026-12-03|1,,,,'].join('\r\n'));
    const imported = await console.call('staffImportRecords', { params: { surveyId: 'checkup-append' }, body: { fileName: 'a.csv', contentBase64: file.toString('base64'), dryRun: false } });
    expect(imported.body, JSON.stringify(imported.body)).toMatchObject({ data: { create: 1, bookings: 1 } });

    const report = await recountByRoute();
    expect(report).toMatchObject({ drift: 0, slots: [], claims: [], answers: [], orders: [] });
    expect(report.totals).toMatchObject({ slots: 8, claims: 3 });
    const command = await recountByCommand();
    expect(command).toMatchObject({ code: 0, err: [] });
    expect(command.out.at(-1)).toBe('ずれはありません（0件）');
  });

  it('reports each kind of drift made behind the product’s back', async () => {
    const first = await book(1, '1');
    const second = await book(2, '2');
    // A slot's count mended by hand; a claim whose answer was edited in the database; an answer
    // whose claim was deleted; a paid order whose record was cancelled without its refund.
    await ctx.query("UPDATE calendar_slots SET claimed_units = claimed_units + 1 WHERE slot_id = '3' AND calendar_id = 'cal-central'");
    await ctx.query("UPDATE survey_results SET value = ? WHERE partition_key = ? AND item_key = 'slot'", [slotValue('checkup-central', '2026-12-03', '4'), first]);
    await ctx.query('DELETE FROM slot_claims WHERE partition_key = ?', [second]);
    await ctx.query("UPDATE calendar_slots SET claimed_units = claimed_units - 1 WHERE slot_id = '2' AND calendar_id = 'cal-central'");
    await ctx.query(
      `INSERT INTO orders (order_id, partition_key, survey_id, receipt_number, user_id, status, total_yen, lines_json, held_claims_json, provider, provider_session_id, hold_expires_at, created_at, updated_at)
       VALUES ('order-x', 'gone#record', 'checkup-booking', 'ABC-1234', 'U1', 'paid', 1500, '[]', '[]', 'sandbox', NULL, 0, 0, 0)`,
    );
    const report = await recountByRoute();
    expect(report.slots).toEqual([{ calendarId: 'cal-central', date: '2026-12-03', slotId: '3', claimedUnits: 1, claims: 0, capacity: 3, waitlistUnits: 0, waitlistPlaces: 0 }]);
    expect(report.claims).toEqual([{ partitionKey: first, itemKey: 'slot', calendarId: 'cal-central', date: '2026-12-03', slotId: '1', reason: 'otherSlot' }]);
    // 山田's edited answer is told once, as the claim it no longer answers; the answer whose claim is gone, as an answer.
    expect(report.answers).toEqual([expect.objectContaining({ partitionKey: second, itemKey: 'slot', value: slotValue('checkup-central', '2026-12-03', '2') })]);
    expect(report.orders).toEqual([{ orderId: 'order-x', receiptNumber: 'ABC-1234', partitionKey: 'gone#record', reason: 'noRecord' }]);
    expect(report.drift).toBe(4);
    const command = await recountByCommand();
    expect(command.code).toBe(1);
    expect(command.err.at(-1)).toBe('ずれが 4 件あります');
    expect(command.err).toContain('  予約枠 cal-central 2026-12-03 枠3: 枠に記録された予約数 1、予約を数え直した数 0、定員 3、キャンセル待ちに確保した数 0、キャンセル待ちの方の数 0');
  });

  it('reports units kept for a waitlist nobody waits in, and finds none after the waitlist was used', async () => {
    await ctx.query("UPDATE calendar_slots SET waitlist_units = 2 WHERE slot_id = '4' AND calendar_id = 'cal-central'");
    const report = await recountByRoute();
    expect(report.slots).toEqual([{ calendarId: 'cal-central', date: '2026-12-03', slotId: '4', claimedUnits: 0, claims: 0, capacity: 3, waitlistUnits: 2, waitlistPlaces: 0 }]);
    expect(report.drift).toBe(1);
  });

  it('is for administrators only (its findings name records of every team), and audited', async () => {
    expect((await (await admin()).call('staffRecount')).status).toBe(403);
    await recountByRoute();
    expect(((await ctx.queryOne("SELECT detail_json FROM audit_log WHERE action = 'recount.read'")) as { detail_json: string }).detail_json).toBe('{"drift":0}');
  });
});
