// The booking rules at the exact minute, in Japan time, with the app's injected clock: the window
// opening at 00:00 and closing the day (or hours) before, the change deadline, closed days, the
// per-citizen limit, and what a refusal leaves stored (nothing).
import { recordRepositories } from '../src/modules/records/repositories.js';
import type { SurveyConfig } from '@city/survey-core';
import { citizenView, japanTimeToEpochMs } from '@city/survey-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../src/http/errors.js';
import type { RepositoryFactory } from '../src/db/storage.js';
import type { RecordRepositories, RecordsDeps } from '../src/modules/records/records.js';
import { submitRecord } from '../src/modules/records/submit-record.js';
import type { HttpClient } from './calendar-fixtures.js';
import { addCalendar, addCategories, APPEND_BOOKING_SURVEY, BOOKING_SURVEY, bookingPayload, CHECKUP_CATEGORIES, citizen, claimedUnits, daySlots, insertClaimRow, listen, saveSurveys, slotValue } from './calendar-fixtures.js';
import type { TestContext } from './helpers.js';
import { createTestContext, pathOf } from './helpers.js';
import { FullSlotHints } from '../src/modules/records/full-slot-hints.js';

/** The moment a Japan-time date and time stand for. */
const at = (date: string, time: string) => japanTimeToEpochMs(date, time);

let clock = at('2026-12-01', '10:00');
let ctx: TestContext;
let http: HttpClient;
beforeEach(async () => {
  clock = at('2026-12-01', '10:00');
  ctx = await createTestContext({}, {}, { now: () => clock });
  await addCategories(ctx.app.storage, [...CHECKUP_CATEGORIES, { categoryId: 'flu', tag1: '予防接種', tag2: 'インフルエンザ' }]);
  const dates = ['2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06', '2026-12-08', '2026-12-09', '2026-12-10'];
  await addCalendar(ctx.app.storage, {
    calendarId: 'cal-central',
    categoryId: 'checkup-central',
    rules: { bookingOpensDaysAhead: 7 },
    slots: dates.flatMap((date) => daySlots(date)),
    closedDays: ['2026-12-06'],
  });
  // Closes two hours before each slot; change/cancel until one hour before.
  await addCalendar(ctx.app.storage, {
    calendarId: 'cal-north',
    categoryId: 'checkup-north',
    rules: { bookingClosesBefore: { unit: 'hours', amount: 2 }, changeClosesBefore: { unit: 'hours', amount: 1 }, maxActiveBookingsPerUser: undefined },
    slots: daySlots('2026-12-03'),
  });
  await addCalendar(ctx.app.storage, { calendarId: 'cal-flu', categoryId: 'flu', slots: daySlots('2026-12-03') });
  await saveSurveys(ctx, BOOKING_SURVEY, APPEND_BOOKING_SURVEY);
  http = await listen(ctx);
});
afterEach(async () => {
  await ctx.close();
});

const [one, two] = [citizen(1), citizen(2)];
const keyOf = (userId: string, config: SurveyConfig = BOOKING_SURVEY) => `${config.surveyId}#${userId}`;
const book = (user = one, value = slotValue('checkup-central', '2026-12-03', '1'), options: Parameters<typeof bookingPayload>[2] = {}) =>
  http.call(user, 'putReservation', { body: bookingPayload(user.userId, value, options) });
const changeOf = (user = one, config: SurveyConfig = BOOKING_SURVEY, partitionKey = keyOf(user.userId, config)) => ({
  body: { surveyId: config.surveyId, partitionKey, userId: user.userId },
});
const units = async () => Object.fromEntries(await claimedUnits(ctx.query));

describe('the booking window', () => {
  it('closes at 00:00 the day before (前日まで): 23:59 books, 00:00 is refused', async () => {
    clock = at('2026-12-02', '23:59');
    expect((await book(one)).status).toBe(200);
    clock = at('2026-12-03', '00:00');
    const refused = await book(two);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'booking_closed',
      message: '選んだ予約枠は、予約の受付を終了しました。別の枠を選んでください。',
      fields: { slot: '選んだ予約枠は、予約の受付を終了しました。別の枠を選んでください。' },
    });
    expect(await units()).toEqual({ 'cal-central|2026-12-03|1': 1 });
  });

  it('closes hours before the slot when the rule says hours: 10:59 books a 13:00 slot, 11:00 does not', async () => {
    const value = slotValue('checkup-north', '2026-12-03', '3');
    clock = at('2026-12-03', '10:59');
    expect((await book(one, value)).status).toBe(200);
    clock = at('2026-12-03', '11:00');
    expect((await book(two, value)).body.code).toBe('booking_closed');
  });

  it('opens at 00:00 the given number of days ahead: 23:59 is refused, 00:00 books', async () => {
    const value = slotValue('checkup-central', '2026-12-09', '1');
    clock = at('2026-12-01', '23:59');
    const early = await book(one, value);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'booking_not_open', message: '選んだ予約枠は、まだ予約の受付を開始していません。' });
    clock = at('2026-12-02', '00:00');
    expect((await book(one, value)).status).toBe(200);
  });
});

describe('changes and cancellations', () => {
  it('moves a booking to another slot until 23:59 the day before; from 00:00 it is refused and the old slot kept', async () => {
    await book(one, slotValue('checkup-central', '2026-12-04', '1'));
    await book(two, slotValue('checkup-central', '2026-12-04', '1'));
    clock = at('2026-12-03', '23:59');
    expect((await book(one, slotValue('checkup-central', '2026-12-05', '2'))).status).toBe(200);
    clock = at('2026-12-04', '00:00');
    const refused = await book(two, slotValue('checkup-central', '2026-12-05', '2'));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'change_deadline_passed',
      message: '予約の変更・キャンセルの受付期限を過ぎているため、変更もキャンセルもできません。',
    });
    expect(await units()).toEqual({ 'cal-central|2026-12-04|1': 1, 'cal-central|2026-12-05|2': 1 });
  });

  it('keeps the claim of an edit that keeps its slot, even after booking and changes have closed', async () => {
    await book(one, slotValue('checkup-central', '2026-12-04', '1'));
    clock = at('2026-12-04', '08:00');
    const edit = await book(one, slotValue('checkup-central', '2026-12-04', '1'), { name: '新しい名前' });
    expect(edit.status).toBe(200);
    expect(await units()).toEqual({ 'cal-central|2026-12-04|1': 1 });
  });

  it('keeps the claims of items the citizen does not see (staff-only) through an edit', async () => {
    const withStaffSlot: SurveyConfig = {
      ...BOOKING_SURVEY,
      surveySchema: [...BOOKING_SURVEY.surveySchema, { itemKey: 'staffSlot', type: 'reservation', title: '職員用', isAdminItem: true }],
    };
    await saveSurveys(ctx, withStaffSlot);
    await book(one, slotValue('checkup-central', '2026-12-04', '1'));
    // Staff booked a second slot for the record (no staff API yet: straight into the table).
    await insertClaimRow(ctx.query, { partitionKey: keyOf(one.userId), itemKey: 'staffSlot', calendarId: 'cal-central', date: '2026-12-05', slotId: '3', userId: one.userId, units: 1 });
    expect((await book(one, slotValue('checkup-central', '2026-12-04', '2'), { config: citizenView(withStaffSlot) })).status).toBe(200);
    expect(await units()).toEqual({ 'cal-central|2026-12-04|2': 1, 'cal-central|2026-12-05|3': 1 });
  });

  it('moves a booking in append mode (oldPartitionKey) in the same transaction', async () => {
    const first = await book(one, slotValue('checkup-central', '2026-12-04', '1'), { config: APPEND_BOOKING_SURVEY, now: 1 });
    const moved = await book(one, slotValue('checkup-central', '2026-12-04', '2'), {
      config: APPEND_BOOKING_SURVEY,
      now: 2,
      oldPartitionKey: first.body.partitionKey,
    });
    expect(moved.status).toBe(200);
    expect(await units()).toEqual({ 'cal-central|2026-12-04|2': 1 });
  });

  it('refuses an edit replacing two records (rows keyed one, oldPartitionKey the other) that gives up a booking past its deadline', async () => {
    const appendBook = (date: string, now: number, oldPartitionKey?: string) =>
      book(one, slotValue('checkup-central', date, '1'), { config: APPEND_BOOKING_SURVEY, now, ...(oldPartitionKey === undefined ? {} : { oldPartitionKey }) });
    await appendBook('2026-12-04', 1); // record A (now 1)
    const recordB = await appendBook('2026-12-05', 2);
    clock = at('2026-12-04', '00:00'); // A's booking can no longer be changed; B's can.
    const bookedBoth = { 'cal-central|2026-12-04|1': 1, 'cal-central|2026-12-05|1': 1 };

    // Rows keyed A replace B too: moving to a new slot gives up both bookings, A's among them.
    const moved = await appendBook('2026-12-08', 1, recordB.body.partitionKey);
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe('change_deadline_passed');
    expect(await units()).toEqual(bookedBoth);
    // Keeping B's slot still gives up A's booking.
    const keptB = await appendBook('2026-12-05', 1, recordB.body.partitionKey);
    expect(keptB.status).toBe(409);
    expect(keptB.body.code).toBe('change_deadline_passed');
    expect(await units()).toEqual(bookedBoth);
  });

  it('cancels (freeing the slot) until 23:59 the day before; from 00:00 cancelling is refused', async () => {
    await book(one, slotValue('checkup-central', '2026-12-04', '1'));
    await book(two, slotValue('checkup-central', '2026-12-04', '1'));
    clock = at('2026-12-03', '23:59');
    expect((await http.call(one, 'cancelReservation', changeOf(one))).status).toBe(200);
    expect(await units()).toEqual({ 'cal-central|2026-12-04|1': 1 });
    clock = at('2026-12-04', '00:00');
    const refused = await http.call(two, 'cancelReservation', changeOf(two));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('change_deadline_passed');
    expect(await units()).toEqual({ 'cal-central|2026-12-04|1': 1 });
    // A cancelled record is closed: it cannot come back to take the slot again.
    expect((await book(one, slotValue('checkup-central', '2026-12-05', '1'))).body.code).toBe('record_closed');
  });

  it('refuses deleting a record past its change deadline until the slot has ended (10:00), then allows it', async () => {
    await book(one, slotValue('checkup-central', '2026-12-04', '1'));
    clock = at('2026-12-04', '00:00');
    expect((await http.call(one, 'deleteReservation', changeOf(one))).body.code).toBe('change_deadline_passed');
    clock = at('2026-12-04', '09:59');
    expect((await http.call(one, 'deleteReservation', changeOf(one))).status).toBe(409);
    clock = at('2026-12-04', '10:00');
    expect((await http.call(one, 'deleteReservation', changeOf(one))).status).toBe(200);
    expect(await units()).toEqual({});
    // A slot that has ended cannot be cancelled either (it is history, not a booking to free).
    await book(two, slotValue('checkup-central', '2026-12-05', '1'));
    clock = at('2026-12-05', '10:00');
    expect((await http.call(two, 'cancelReservation', changeOf(two))).body.code).toBe('change_deadline_passed');
  });

  it('deletes a record before the deadline, freeing its slot', async () => {
    await book(one, slotValue('checkup-central', '2026-12-04', '1'));
    expect((await http.call(one, 'deleteReservation', changeOf(one))).status).toBe(200);
    expect(await units()).toEqual({});
  });
});

describe('slots that cannot be booked', () => {
  it('refuses a closed day with its own code', async () => {
    const refused = await book(one, slotValue('checkup-central', '2026-12-06', '1'));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'closed_day', message: '選んだ日は休業日のため予約できません。別の日を選んでください。' });
  });

  it('refuses a slot that does not exist, or of a category outside the item\'s, with 400 slot_not_found', async () => {
    for (const value of [
      slotValue('checkup-central', '2026-12-07', '1'), // no slots that day
      slotValue('checkup-central', '2026-12-03', '9'),
      slotValue('checkup-east', '2026-12-03', '1'), // no such category
      slotValue('checkup', '2026-12-03', '1'), // a category without a calendar
      slotValue('flu', '2026-12-03', '1'), // not under 特定健診
    ]) {
      const refused = await book(one, value);
      expect(refused.status, value).toBe(400);
      expect(refused.body).toMatchObject({ code: 'slot_not_found', fields: { slot: '選んだ予約枠が見つかりません。カレンダーから選び直してください。' } });
    }
    expect(await units()).toEqual({});
  });

  it('refuses a full slot with 409 slot_full, counting the item\'s cost', async () => {
    const value = slotValue('checkup-central', '2026-12-03', '1');
    for (const n of [1, 2, 3, 4, 5]) expect((await book(citizen(n), value)).status).toBe(200);
    const refused = await book(citizen(6), value);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'slot_full', message: '選んだ予約枠は満員になりました。カレンダーで空いている枠を選び直してください。' });

    const costly: SurveyConfig = {
      ...BOOKING_SURVEY,
      surveyId: 'checkup-pair',
      surveySchema: BOOKING_SURVEY.surveySchema.map((item) => (item.type === 'reservation' ? { ...item, cost: 3 } : item)),
    };
    await saveSurveys(ctx, costly);
    const pair = slotValue('checkup-central', '2026-12-03', '2');
    for (const n of [1, 2, 3]) await book(citizen(n), slotValue('checkup-central', '2026-12-03', '2'));
    expect((await book(one, pair, { config: costly })).body.code).toBe('slot_full'); // 2 left, costs 3
    expect((await book(one, slotValue('checkup-central', '2026-12-03', '3'), { config: costly })).status).toBe(200);
    expect((await units())['cal-central|2026-12-03|3']).toBe(3);
  });

  it('answers slot_full when the database refuses the claim, whatever the check before it saw', async () => {
    const value = slotValue('checkup-central', '2026-12-03', '1');
    for (const n of [1, 2, 3, 4, 5]) await book(citizen(n), value);
    // A repository whose slot reads are stale, on either engine: only the database's conditional
    // claim stands between it and overbooking.
    const stale = (repositories: RecordRepositories): RecordRepositories => {
      const { calendars } = repositories;
      return {
        ...repositories,
        calendars: { ...calendars, findSlot: async (...args: Parameters<typeof calendars.findSlot>) => ({ ...(await calendars.findSlot(...args))!, left: 99 }) },
      };
    };
    const factory: RepositoryFactory<RecordRepositories> = {
      sqlite: (db, configuration) => stale(recordRepositories.sqlite(db, configuration)),
      postgres: (db, configuration) => stale(recordRepositories.postgres(db, configuration)),
    };
    const store = ctx.app.storage.store(factory);
    const six = citizen(6);
    const attempt = submitRecord({ store, fullSlots: new FullSlotHints(), isOwnUpload: async () => true, now: () => clock, settleCancelledOrder: async () => undefined }, six.userId, bookingPayload(six.userId, value), undefined);
    await expect(attempt).rejects.toBeInstanceOf(HttpError);
    await expect(attempt).rejects.toMatchObject({ statusCode: 409, code: 'slot_full' });
    expect(await units()).toEqual({ 'cal-central|2026-12-03|1': 5 });
    expect((await ctx.records.read.find(keyOf(six.userId))) === undefined).toBe(true);
  });
});

describe('a full slot, refused without a transaction (records/full-slot-refusal.ts)', () => {
  const value = slotValue('checkup-central', '2026-12-03', '1');
  let transactions = 0;
  let deps: RecordsDeps;
  beforeEach(async () => {
    const store = ctx.app.storage.store(recordRepositories);
    deps = {
      store: {
        read: store.read,
        transaction: (work) => {
          transactions += 1;
          return store.transaction(work);
        },
        openSnapshot: () => store.openSnapshot(),
      },
      fullSlots: new FullSlotHints(),
      isOwnUpload: async () => true,
      now: () => clock,
      settleCancelledOrder: async () => undefined,
    };
    for (const n of [1, 2, 3, 4, 5]) await submitRecord(deps, citizen(n).userId, bookingPayload(citizen(n).userId, value), { key: `book-${n}`, bodyHash: `hash-${n}` });
    transactions = 0;
  });
  /** 'stored', or the refusal as the caller sees it. */
  const attempt = (n: number, payload = bookingPayload(citizen(n).userId, value)) =>
    submitRecord(deps, citizen(n).userId, payload, { key: `attempt-${n}`, bodyHash: `attempt-${n}` }).then(
      () => 'stored',
      (error: unknown) => (error instanceof HttpError ? { statusCode: error.statusCode, code: error.code, message: error.message, extra: error.extra } : error),
    );

  it("refuses the next citizen's first booking of a slot just found full on one read, with the transaction's own answer", async () => {
    const first = await attempt(6);
    expect(first).toMatchObject({ statusCode: 409, code: 'slot_full' });
    expect(transactions).toBe(1);
    expect(await attempt(7)).toEqual(first);
    expect(await attempt(8)).toEqual(first);
    expect(transactions).toBe(1); // neither ran one
    expect(await units()).toEqual({ 'cal-central|2026-12-03|1': 5 });
    // A unit freed: the next booking reads it free and takes it, in a transaction.
    expect((await http.call(citizen(5), 'cancelReservation', changeOf(citizen(5)))).status).toBe(200);
    expect(await attempt(9)).toBe('stored');
    expect(await units()).toEqual({ 'cal-central|2026-12-03|1': 5 });
  });

  it('answers as the transaction would when another answer comes first: an invalid answer, a retried key, an edit keeping its booking', async () => {
    await attempt(6); // refused: the slot is now "likely full"
    transactions = 0;
    expect(await attempt(7, bookingPayload(citizen(7).userId, value, { name: '' }))).toMatchObject({ statusCode: 400 });
    // Citizen 1's booking sent again with its key: the answer stored then, not slot_full.
    const retried = await submitRecord(deps, one.userId, bookingPayload(one.userId, value), { key: 'book-1', bodyHash: 'hash-1' });
    expect(retried.partitionKey).toBe(keyOf(one.userId));
    // Citizen 2 editing their booking, keeping the full slot: stored.
    expect(await attempt(2, bookingPayload(two.userId, value, { name: '市民 二' }))).toBe('stored');
    expect(transactions).toBe(3);
  });
});

describe('retries', () => {
  it('claims once for a submission retried with the same Idempotency-Key, and answers the same', async () => {
    const body = bookingPayload(one.userId, slotValue('checkup-central', '2026-12-03', '1'), { config: APPEND_BOOKING_SURVEY, now: 1 });
    const headers = { 'idempotency-key': 'retry-0001' };
    const first = await http.call(one, 'putReservation', { body, headers });
    const again = await http.call(one, 'putReservation', { body, headers });
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await units()).toEqual({ 'cal-central|2026-12-03|1': 1 });
  });
});

describe('the per-citizen limit', () => {
  it('refuses a fourth active booking; one whose slot ended (at 10:00 exactly) no longer counts', async () => {
    const appendBook = (date: string, slotId: string, now: number) =>
      book(one, slotValue('checkup-central', date, slotId), { config: APPEND_BOOKING_SURVEY, now });
    expect((await appendBook('2026-12-03', '1', 1)).status).toBe(200);
    expect((await appendBook('2026-12-04', '1', 2)).status).toBe(200);
    expect((await appendBook('2026-12-05', '1', 3)).status).toBe(200);
    const fourth = await appendBook('2026-12-08', '1', 4);
    expect(fourth.status).toBe(409);
    expect(fourth.body).toMatchObject({
      code: 'booking_limit_reached',
      message: '予約できる件数の上限に達しています。ほかの予約をキャンセルしてから、お申し込みください。',
    });
    // Other citizens and other calendars are not limited by it.
    expect((await book(two, slotValue('checkup-central', '2026-12-08', '1'))).status).toBe(200);
    expect((await book(one, slotValue('checkup-north', '2026-12-03', '4'))).status).toBe(200);

    clock = at('2026-12-03', '09:59');
    expect((await appendBook('2026-12-10', '1', 5)).body.code).toBe('booking_limit_reached');
    clock = at('2026-12-03', '10:00');
    expect((await appendBook('2026-12-10', '1', 6)).status).toBe(200);
  });

  it('counts a booking staff imported once the citizen claims its record (putUserId)', async () => {
    // Staff imported a record holding a booking, nobody's yet (no staff API yet: straight into the
    // tables), and citizen one found it by look-up.
    const imported = `${APPEND_BOOKING_SURVEY.surveyId}#import-000001`;
    await ctx.query("INSERT INTO survey_records (partition_key, survey_id, user_id, receipt_number, created_at, updated_at) VALUES (?, ?, '', 'R-import-1', 0, 0)", [
      imported,
      APPEND_BOOKING_SURVEY.surveyId,
    ]);
    await insertClaimRow(ctx.query, { partitionKey: imported, itemKey: 'slot', calendarId: 'cal-central', date: '2026-12-03', slotId: '2', userId: '', units: 1 });
    await ctx.query('INSERT INTO lookup_grants (user_id, partition_key, expires_at) VALUES (?, ?, ?)', [one.userId, imported, Number.MAX_SAFE_INTEGER]);
    const appendBook = (date: string, now: number) => book(one, slotValue('checkup-central', date, '1'), { config: APPEND_BOOKING_SURVEY, now });
    expect((await appendBook('2026-12-03', 1)).status).toBe(200);
    expect((await appendBook('2026-12-04', 2)).status).toBe(200);

    const claimed = await http.call(one, 'putUserId', changeOf(one, APPEND_BOOKING_SURVEY, imported));
    expect(claimed.status).toBe(200);
    // The imported booking is the third of the calendar's three.
    expect((await appendBook('2026-12-05', 3)).body.code).toBe('booking_limit_reached');
  });

  it('does not count the booking an edit replaces', async () => {
    const appendBook = (date: string, now: number, oldPartitionKey?: string) =>
      book(one, slotValue('checkup-central', date, '1'), { config: APPEND_BOOKING_SURVEY, now, ...(oldPartitionKey === undefined ? {} : { oldPartitionKey }) });
    await appendBook('2026-12-03', 1);
    await appendBook('2026-12-04', 2);
    const third = await appendBook('2026-12-05', 3);
    const moved = await appendBook('2026-12-08', 4, third.body.partitionKey);
    expect(moved.status).toBe(200);
    expect(await units()).toEqual({ 'cal-central|2026-12-03|1': 1, 'cal-central|2026-12-04|1': 1, 'cal-central|2026-12-08|1': 1 });
  });

  it('is told before a slot is chosen (booking_limits): per limited calendar below a category, counted as a booking counts it', async () => {
    const limits = (user = one, query: { categoryId: string; partitionKey?: string } = { categoryId: 'checkup' }) => http.call(user, 'getBookingLimits', { query });
    // cal-central allows three; cal-north has no limit; cal-flu is not below 特定健診.
    expect((await limits()).body.data).toEqual([{ calendarId: 'cal-central', categoryId: 'checkup-central', maxActiveBookingsPerUser: 3, activeBookings: 0 }]);
    const appendBook = (date: string, now: number) => book(one, slotValue('checkup-central', date, '1'), { config: APPEND_BOOKING_SURVEY, now });
    await appendBook('2026-12-03', 1);
    await appendBook('2026-12-04', 2);
    const third = await appendBook('2026-12-05', 3);
    expect((await limits()).body.data[0]?.activeBookings).toBe(3);
    // The calendar's own category, and another citizen's standing.
    expect((await limits(one, { categoryId: 'checkup-central' })).body.data).toEqual([{ calendarId: 'cal-central', categoryId: 'checkup-central', maxActiveBookingsPerUser: 3, activeBookings: 3 }]);
    expect((await limits(two)).body.data[0]?.activeBookings).toBe(0);
    // Changing one of them gives its booking up: it does not count (nor does naming another's record).
    expect((await limits(one, { categoryId: 'checkup', partitionKey: third.body.partitionKey })).body.data[0]?.activeBookings).toBe(2);
    expect((await limits(two, { categoryId: 'checkup', partitionKey: third.body.partitionKey })).body.data[0]?.activeBookings).toBe(0);
    // A slot that has ended no longer counts, as the booking rule says.
    clock = at('2026-12-03', '10:00');
    expect((await limits()).body.data[0]?.activeBookings).toBe(2);
    const unknown = await limits(one, { categoryId: 'nope' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'category_not_found', message: '予約の場所が見つかりません。' });
    expect((await fetch(`${http.baseUrl}${pathOf('getBookingLimits')}?categoryId=checkup`)).status).toBe(401);
  });
});
