// Lottery booking (issue 28, 抽選): a calendar takes applications until a deadline (nobody books
// its slots meanwhile), staff draw it with a recorded seed, winners are offered their slot for the
// winners' hours and book it through the form, and the others queue in drawn order: a place a
// winner leaves unbooked (or unpaid) goes to the next drawn. The same seed draws the same winners
// on both engines (this file runs on each).
import { japanTimeToEpochMs } from '@city/survey-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repositories } from '../src/db/storage.js';
import { waitlistRepository } from '../src/modules/calendars/repositories.js';
import { recount } from '../src/modules/recount/recount.js';
import { recountRepository } from '../src/modules/recount/repositories.js';
import type { HttpClient } from './calendar-fixtures.js';
import { bookingPayload, citizen, PAID_APPEND_BOOKING_SURVEY, saveSurveys, slotValue } from './calendar-fixtures.js';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';
import { addStaff, consoleClient, staffBookingWorld } from './staff-helpers.js';

const at = (date: string, time: string) => japanTimeToEpochMs(date, time);
const SEED = 'b7e21f0c9d8a43e6a1f5c3d2e4b6a809';
const CLOSES = at('2026-12-03', '12:00');
const HOUR = 3_600_000;

let clock = at('2026-12-01', '10:00');
let ctx: TestContext;
let http: HttpClient;
let admin: Awaited<ReturnType<typeof addStaff>>;
let surveyId: string;
beforeEach(async () => {
  clock = at('2026-12-01', '10:00');
  ctx = await createTestContext({}, {}, { now: () => clock, lotterySeed: () => SEED });
  ({ http, surveyId } = await staffBookingWorld(ctx, {
    rules: { bookingOpensDaysAhead: 30, maxActiveBookingsPerUser: 1 },
    slots: [
      { date: '2026-12-10', slotId: '1', start: '09:00', end: '10:00', capacity: 2 },
      { date: '2026-12-10', slotId: '2', start: '10:00', end: '11:00', capacity: 1 },
    ],
  }));
  await saveSurveys(ctx, PAID_APPEND_BOOKING_SURVEY);
  admin = await addStaff(ctx, 'admin', ['team-a']);
});
afterEach(async () => {
  await ctx.close();
});

const citizens = Array.from({ length: 8 }, (_, index) => citizen(index + 1));
const [one, two, three] = citizens as [(typeof citizens)[0], (typeof citizens)[0], (typeof citizens)[0]];
const slot = (slotId: string) => slotValue('checkup-central', '2026-12-10', slotId);
/** The console, signed in afresh (the clock moves days: a session would have timed out). */
const console = async () => {
  const staff = consoleClient(ctx);
  expect((await staff.signIn(admin)).status).toBe(200);
  return staff;
};
const setLottery = async (lottery: { applicationsCloseAt: number; winnerHours: number } | null) => (await console()).call('staffSetCalendarLottery', { params: { calendarId: 'cal-central' }, body: { lottery } });
const draw = async () => (await console()).call('staffDrawCalendarLottery', { params: { calendarId: 'cal-central' } });
const apply = (user: typeof one, slotId = '1', survey = surveyId) => http.call(user, 'applyLottery', { body: { surveyId: survey, itemKey: 'slot', value: slot(slotId) } });
const lotteryOf = async (user: typeof one) => (await http.call(user, 'getLottery', { query: { calendarId: 'cal-central' } })).body.data;
const placesOf = async (user: typeof one) => (await http.call(user, 'getWaitlist', { query: { calendarId: 'cal-central' } })).body.data.places;
const book = (user: typeof one, slotId = '1') => http.call(user, 'putReservation', { body: bookingPayload(user.userId, slot(slotId), { config: { ...PAID_APPEND_BOOKING_SURVEY, surveyId }, now: clock }) });
const resultsTold = async () =>
  (await ctx.query("SELECT user_id, payload_json FROM line_messages WHERE kind = 'lottery_result' ORDER BY user_id")).map((row) => ({ userId: String(row.user_id), text: String(row.payload_json) }));

describe('a lottery', () => {
  it('takes applications until its deadline, with no direct booking meanwhile, and is drawn once, after it', async () => {
    expect((await (await console()).call('staffCalendarLottery', { params: { calendarId: 'cal-central' } })).body.data).toBeNull();
    expect((await setLottery({ applicationsCloseAt: clock - 1, winnerHours: 24 })).body.code).toBe('invalid_lottery');
    expect((await setLottery({ applicationsCloseAt: clock + 400 * 24 * HOUR, winnerHours: 24 })).body.code).toBe('invalid_lottery');
    expect((await setLottery({ applicationsCloseAt: 2 ** 60, winnerHours: 24 })).status).toBe(400);
    expect((await apply(one)).body.code).toBe('lottery_not_found');
    const set = await setLottery({ applicationsCloseAt: CLOSES, winnerHours: 24 });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ applicationsCloseAt: CLOSES, winnerHours: 24, applications: 0 });

    const direct = await book(one);
    expect(direct.status).toBe(409);
    expect(direct.body.code).toBe('lottery_pending');
    expect(await ctx.query('SELECT * FROM slot_claims')).toEqual([]);

    const applied = await apply(one);
    expect(applied.status).toBe(200);
    expect(applied.body.data).toMatchObject({ state: 'applied', date: '2026-12-10', start: '09:00', slotId: '1' });
    expect((await apply(one)).body.code).toBe('already_applied');
    expect((await apply(two)).status).toBe(200);
    const withdrawn = (await apply(three)).body.data.applicationId;
    expect((await http.call(one, 'withdrawLottery', { body: { applicationId: withdrawn } })).status).toBe(404);
    expect((await http.call(three, 'withdrawLottery', { body: { applicationId: withdrawn } })).status).toBe(200);
    expect(await lotteryOf(one)).toMatchObject({ lottery: { applicationsCloseAt: CLOSES, winnerHours: 24 }, applications: [{ state: 'applied' }] });
    expect((await lotteryOf(three)).applications).toMatchObject([{ state: 'withdrawn' }]);
    expect((await draw()).body.code).toBe('lottery_not_closed');

    // Staff may end the applications early; the draw may follow at once.
    clock = CLOSES - HOUR;
    const closed = await (await console()).call('staffCloseCalendarLottery', { params: { calendarId: 'cal-central' } });
    expect(closed.body.data).toMatchObject({ applicationsCloseAt: clock });
    expect((await (await console()).call('staffCloseCalendarLottery', { params: { calendarId: 'cal-central' } })).body.code).toBe('lottery_closed');
    clock = CLOSES;
    expect((await apply(three)).body.code).toBe('lottery_closed');
    const drawn = await draw();
    expect(drawn.status).toBe(200);
    expect(drawn.body.data).toMatchObject({ applications: 2, applicants: 2, won: 2, lost: 0, seed: SEED, drawnAt: CLOSES });
    expect((await (await console()).call('staffCloseCalendarLottery', { params: { calendarId: 'cal-central' } })).body.code).toBe('lottery_drawn');
    expect((await draw()).body.code).toBe('lottery_drawn');
    expect((await setLottery(null)).body.code).toBe('lottery_drawn');
    // Audited with everything the draw read: anyone can draw it again from this.
    const audited = await ctx.query("SELECT detail_json FROM audit_log WHERE action = 'calendar.lotteryDrawn'");
    expect(JSON.parse(String(audited[0]?.detail_json))).toMatchObject({ seed: SEED, capacity: { '2026-12-10|1': 2 }, limit: 1, applications: 2 });
  });

  it('draws the recorded seed\'s winners; they are offered the slot, the rest queue in drawn order and get a place left unbooked', async () => {
    await setLottery({ applicationsCloseAt: CLOSES, winnerHours: 24 });
    for (const user of citizens.slice(0, 6)) expect((await apply(user)).status).toBe(200);
    clock = CLOSES;
    expect((await draw()).status).toBe(200);

    // The recorded seed's result, the same on SQLite and PostgreSQL (applications 1 to 6 in order).
    const results = await Promise.all(citizens.slice(0, 6).map(async (user) => (await lotteryOf(user)).applications[0]));
    const winners = results.filter((result) => result?.state === 'won').map((result) => result?.applicationId);
    const order = [...results].sort((a, b) => (a?.drawnRank ?? 0) - (b?.drawnRank ?? 0)).map((result) => result?.applicationId);
    expect({ winners, order }).toEqual({ winners: WINNERS, order: ORDER });

    // Winners hold an offer for 24 hours; the others wait in drawn order.
    const byApplication = (id: number) => citizens[id - 1]!;
    for (const id of WINNERS) expect((await placesOf(byApplication(id)))[0]).toMatchObject({ state: 'offered', offeredUntil: CLOSES + 24 * HOUR });
    const reserves = ORDER.filter((id) => !WINNERS.includes(id));
    for (const [ahead, id] of reserves.entries()) expect((await placesOf(byApplication(id)))[0]).toMatchObject({ state: 'waiting', ahead });
    // Everyone is told in LINE, once.
    const told = await resultsTold();
    expect(told).toHaveLength(6);
    for (const id of WINNERS) expect(told.find((message) => message.userId === byApplication(id).userId)?.text).toContain('当選しました');
    expect(told.find((message) => message.userId === byApplication(reserves[0]!).userId)?.text).toContain('補欠1番');

    // Nobody else books the slot; a winner does.
    expect((await book(citizens[7]!)).body.code).toBe('slot_full');
    expect((await book(byApplication(reserves[0]!))).body.code).toBe('slot_full');
    expect((await book(byApplication(WINNERS[0]!))).status).toBe(200);
    // The other winner lets the day pass: their place goes to the first reserve.
    clock += 24 * HOUR;
    await ctx.app.waitlist.runOnce();
    expect((await placesOf(byApplication(WINNERS[1]!)))[0]?.state).toBe('expired');
    expect((await placesOf(byApplication(reserves[0]!)))[0]?.state).toBe('offered');
    expect((await placesOf(byApplication(reserves[1]!)))[0]).toMatchObject({ state: 'waiting', ahead: 0 });
    expect((await book(byApplication(WINNERS[1]!))).body.code).toBe('slot_full');
    expect((await book(byApplication(reserves[0]!))).status).toBe(200);
    // The lottery's queues are worked as a waitlist; the calendar takes no other (staff set none).
    expect((await http.call(citizens[7]!, 'joinWaitlist', { body: { surveyId, itemKey: 'slot', value: slot('1') } })).body.code).toBe('waitlist_not_offered');
    expect((await recount(ctx.app.storage.store(repositories({ recount: recountRepository })))).drift).toBe(0);
  });

  it('leaves a calendar\'s own waitlist standing while it takes applications, and draws only what the waiting are not owed', async () => {
    await ctx.app.storage.store(waitlistRepository).transaction((waitlist) => waitlist.setOfferMinutes('cal-central', 30, clock));
    const first = await book(one, '2');
    expect(first.status).toBe(200);
    expect((await http.call(two, 'joinWaitlist', { body: { surveyId, itemKey: 'slot', value: slot('2') } })).status).toBe(200);
    await setLottery({ applicationsCloseAt: CLOSES, winnerHours: 24 });
    // While applications are taken: a place freed is owed to the one waiting, but not offered yet.
    expect((await http.call(one, 'cancelReservation', { body: { surveyId, partitionKey: first.body.partitionKey, userId: one.userId } })).status).toBe(200);
    await ctx.app.waitlist.runOnce();
    expect((await placesOf(two))[0]?.state).toBe('waiting');
    expect((await http.call(three, 'joinWaitlist', { body: { surveyId, itemKey: 'slot', value: slot('2') } })).body.code).toBe('lottery_pending');
    expect((await http.call(three, 'getWaitlist', { query: { calendarId: 'cal-central' } })).body.data.open).toBe(false);
    expect((await apply(two, '2')).body.code).toBe('already_waiting');
    expect((await apply(three, '2')).status).toBe(200);
    clock = CLOSES;
    // Nothing is free beyond what the waiting are owed: three loses, and queues behind two.
    expect((await draw()).body.data).toMatchObject({ won: 0, lost: 1 });
    expect((await placesOf(three))[0]).toMatchObject({ state: 'waiting', ahead: 1 });
    await ctx.app.waitlist.runOnce();
    expect((await placesOf(two))[0]).toMatchObject({ state: 'offered', offeredUntil: clock + 30 * 60_000 });
    expect((await book(two, '2')).status).toBe(200);
    expect((await recount(ctx.app.storage.store(repositories({ recount: recountRepository })))).drift).toBe(0);
  });

  it('passes a paid winner\'s place to the next drawn when the payment is not made', async () => {
    await saveSurveys(ctx, { ...PAID_APPEND_BOOKING_SURVEY });
    await setLottery({ applicationsCloseAt: CLOSES, winnerHours: 24 });
    await apply(one, '2', PAID_APPEND_BOOKING_SURVEY.surveyId);
    await apply(two, '2', PAID_APPEND_BOOKING_SURVEY.surveyId);
    clock = CLOSES;
    await draw();
    const [winner, reserve] = (await placesOf(one))[0]?.state === 'offered' ? [one, two] : [two, one];
    const hold = await http.call(winner, 'putTemporaryReservation', {
      body: { ...bookingPayload(winner.userId, slot('2'), { config: PAID_APPEND_BOOKING_SURVEY, now: clock }), order: { items: [{ productId: 'fee', quantity: 1 }] } },
    });
    expect(hold.status).toBe(200);
    // The hold (40 minutes) lapses unpaid: its unit is owed to the queue, and offered to the reserve.
    clock += 41 * 60_000;
    await ctx.app.waitlist.runOnce();
    expect((await placesOf(reserve))[0]?.state).toBe('offered');
    expect((await recount(ctx.app.storage.store(repositories({ recount: recountRepository })))).drift).toBe(0);
  });

  it('gives a citizen no more than the calendar allows, and tells the one passed over', async () => {
    await setLottery({ applicationsCloseAt: CLOSES, winnerHours: 24 });
    await apply(one, '1');
    await apply(one, '2');
    clock = CLOSES;
    expect((await draw()).body.data).toMatchObject({ won: 1, lost: 1 });
    const states = (await lotteryOf(one)).applications.map((application) => application.state).sort();
    expect(states).toEqual(['lost', 'won']);
    // Passed over for the limit: not queued for the slot (an offer they could not book).
    expect(await placesOf(one)).toHaveLength(1);
    expect((await resultsTold()).filter((message) => message.text.includes('落選'))[0]?.text).not.toContain('補欠');
  });
});

// The recorded seed's draw of applications 1 to 6 for slot 1 (capacity 2), pinned 2026-11-27.
const WINNERS = [2, 6];
const ORDER = [6, 2, 1, 3, 5, 4];
