// Waitlists (issue 28, キャンセル待ち): a citizen joins a full slot's queue; a unit freed (a cancel,
// a capacity raised, an offer left) is owed to the queue, offered to the next citizen as a hold,
// told in LINE, taken over by their booking, or passed on when it runs out. A citizen booking
// directly never takes a unit owed to the queue.
import { japanTimeToEpochMs } from '@city/survey-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitlistRepository } from '../src/modules/calendars/repositories.js';
import { recount } from '../src/modules/recount/recount.js';
import { recountRepository } from '../src/modules/recount/repositories.js';
import { repositories } from '../src/db/storage.js';
import type { HttpClient } from './calendar-fixtures.js';
import { addCalendar, addCategories, APPEND_BOOKING_SURVEY, bookingPayload, CHECKUP_CATEGORIES, citizen, claimedUnits, listen, saveSurveys, slotValue } from './calendar-fixtures.js';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';

const at = (date: string, time: string) => japanTimeToEpochMs(date, time);
const SURVEY = APPEND_BOOKING_SURVEY;
const SLOT = slotValue('checkup-central', '2026-12-03', '1');
const SLOT_KEY = 'cal-central|2026-12-03|1';

let clock = at('2026-12-01', '10:00');
let ctx: TestContext;
let http: HttpClient;
beforeEach(async () => {
  clock = at('2026-12-01', '10:00');
  ctx = await createTestContext({}, {}, { now: () => clock });
  await addCategories(ctx.app.storage, CHECKUP_CATEGORIES);
  await addCalendar(ctx.app.storage, {
    calendarId: 'cal-central',
    categoryId: 'checkup-central',
    rules: { bookingOpensDaysAhead: 7 },
    slots: [{ date: '2026-12-03', slotId: '1', start: '09:00', end: '10:00', capacity: 1 }],
  });
  await saveSurveys(ctx, SURVEY);
  await setOfferMinutes(30);
  http = await listen(ctx);
});
afterEach(async () => {
  await ctx.close();
});

const [one, two, three, four] = [citizen(1), citizen(2), citizen(3), citizen(4)];
const setOfferMinutes = (minutes: number | undefined) => ctx.app.storage.store(waitlistRepository).transaction((waitlist) => waitlist.setOfferMinutes('cal-central', minutes, clock));
const book = (user = one) => http.call(user, 'putReservation', { body: bookingPayload(user.userId, SLOT, { config: SURVEY, now: clock }) });
const join = (user: typeof one) => http.call(user, 'joinWaitlist', { body: { surveyId: SURVEY.surveyId, itemKey: 'slot', value: SLOT } });
const placesOf = async (user: typeof one) => (await http.call(user, 'getWaitlist', { query: { calendarId: 'cal-central' } })).body.data;
const stateOf = async (user: typeof one) => (await placesOf(user)).places[0]?.state;
const cancel = (user: typeof one, partitionKey: string) => http.call(user, 'cancelReservation', { body: { surveyId: SURVEY.surveyId, partitionKey, userId: user.userId } });
const left = async () => {
  const response = await http.call(one, 'getCalendarSlots', { query: { calendarId: 'cal-central', from: '2026-12-03', to: '2026-12-03' } });
  return response.body.data.slots[0]?.left;
};
const slotRow = async () => (await ctx.queryOne('SELECT claimed_units, waitlist_units FROM calendar_slots WHERE slot_id = ?', ['1'])) as { claimed_units: number; waitlist_units: number };

describe('a waitlist', () => {
  it('takes a citizen on a full slot only, once, on a calendar that offers it', async () => {
    expect((await join(two)).body.code).toBe('slot_not_full');
    const booked = await book(one);
    expect(booked.status).toBe(200);
    await setOfferMinutes(undefined);
    expect((await join(two)).body.code).toBe('waitlist_not_offered');
    await setOfferMinutes(30);
    expect((await join(one)).body.code).toBe('already_booked');
    const joined = await join(two);
    expect(joined.status).toBe(200);
    expect(joined.body.data).toMatchObject({ state: 'waiting', ahead: 0, date: '2026-12-03', start: '09:00', surveyId: SURVEY.surveyId });
    expect((await join(two)).body.code).toBe('already_waiting');
    expect((await join(three)).body.data).toMatchObject({ state: 'waiting', ahead: 1 });
    expect(await placesOf(two)).toMatchObject({ open: true, places: [{ state: 'waiting' }] });
    expect((await placesOf(four)).places).toEqual([]);
    expect(await slotRow()).toEqual({ claimed_units: 1, waitlist_units: 2 });
  });

  it('offers a cancelled unit to the first in line, never to a citizen booking directly, and the offered one books it', async () => {
    const first = await book(one);
    await join(two);
    await join(three);
    expect((await cancel(one, first.body.partitionKey)).status).toBe(200);
    // Owed to the queue at once, before any offer is made: a direct booking finds the slot full.
    expect((await book(four)).body.code).toBe('slot_full');
    expect(await left()).toBe(0);
    await ctx.app.waitlist.runOnce();
    expect(await stateOf(two)).toBe('offered');
    expect((await placesOf(two)).places[0]?.offeredUntil).toBe(clock + 30 * 60_000);
    expect(await stateOf(three)).toBe('waiting');
    expect((await book(four)).body.code).toBe('slot_full');
    expect((await book(three)).body.code).toBe('slot_full');
    // Told in LINE, once.
    const told = await ctx.query("SELECT user_id, kind, payload_json FROM line_messages WHERE kind = 'waitlist_offer'");
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ user_id: two.userId });
    expect(String(told[0]!.payload_json)).toContain('2026年12月3日（木） 09:00〜10:00');

    const booked = await book(two);
    expect(booked.status).toBe(200);
    await ctx.app.waitlist.runOnce();
    expect(await stateOf(two)).toBe('booked');
    expect(await stateOf(three)).toBe('waiting');
    expect(Object.fromEntries(await claimedUnits(ctx.query))).toEqual({ [SLOT_KEY]: 1 });
    expect(await slotRow()).toEqual({ claimed_units: 1, waitlist_units: 1 });
    const claims = await ctx.query('SELECT partition_key, user_id FROM slot_claims');
    expect(claims).toEqual([{ partition_key: booked.body.partitionKey, user_id: two.userId }]);
    // The database agrees with itself: claims, and the units the slot keeps for its waitlist.
    expect((await recount(ctx.app.storage.store(repositories({ recount: recountRepository })))).drift).toBe(0);
  });

  it('passes an offer not taken in time to the next citizen; the first can no longer book it', async () => {
    const first = await book(one);
    await join(two);
    await join(three);
    await cancel(one, first.body.partitionKey);
    await ctx.app.waitlist.runOnce();
    expect(await stateOf(two)).toBe('offered');
    clock += 30 * 60_000;
    await ctx.app.waitlist.runOnce();
    expect(await stateOf(two)).toBe('expired');
    expect(await stateOf(three)).toBe('offered');
    expect((await book(two)).body.code).toBe('slot_full');
    expect((await book(three)).status).toBe(200);
  });

  it('gives an offer left to the next at once, and a unit nobody waits for back to everyone', async () => {
    const first = await book(one);
    await join(two);
    await cancel(one, first.body.partitionKey);
    await ctx.app.waitlist.runOnce();
    expect(await stateOf(two)).toBe('offered');
    const entryId = (await placesOf(two)).places[0]!.entryId;
    expect((await http.call(three, 'leaveWaitlist', { body: { entryId } })).status).toBe(404);
    expect((await http.call(two, 'leaveWaitlist', { body: { entryId } })).status).toBe(200);
    expect(await stateOf(two)).toBe('left');
    expect(await slotRow()).toEqual({ claimed_units: 0, waitlist_units: 0 });
    expect(await left()).toBe(1);
    expect((await book(four)).status).toBe(200);
  });

  it('offers units a capacity raise frees, and ends its queues when staff turn it off', async () => {
    await book(one);
    await join(two);
    await join(three);
    await ctx.query("UPDATE calendar_slots SET capacity = 2 WHERE slot_id = '1'");
    await ctx.app.waitlist.runOnce();
    expect(await stateOf(two)).toBe('offered');
    expect(await stateOf(three)).toBe('waiting');
    await setOfferMinutes(undefined);
    await ctx.app.waitlist.runOnce();
    expect(await stateOf(two)).toBe('expired');
    expect(await stateOf(three)).toBe('expired');
    expect(await slotRow()).toEqual({ claimed_units: 1, waitlist_units: 0 });
    expect((await book(four)).status).toBe(200);
  });

  it('ends the place of a citizen who books the slot directly, and an offered citizen books with the offer, not a second unit', async () => {
    await book(one);
    await join(two);
    await join(three);
    // Two units freed before the queue is worked: both owed to the queue, none to a walk-in.
    await ctx.query("UPDATE calendar_slots SET capacity = 3 WHERE slot_id = '1'");
    expect((await book(four)).body.code).toBe('slot_full');
    await ctx.app.waitlist.runOnce();
    expect([await stateOf(two), await stateOf(three)]).toEqual(['offered', 'offered']);
    // Another unit comes free: the offered citizen's booking takes their offer, and the new unit
    // stays free for anyone.
    await ctx.query("UPDATE calendar_slots SET capacity = 4 WHERE slot_id = '1'");
    expect((await book(two)).status).toBe(200);
    expect(await stateOf(two)).toBe('booked');
    expect(await slotRow()).toEqual({ claimed_units: 2, waitlist_units: 1 });
    expect((await book(four)).status).toBe(200);
    expect((await book(three)).status).toBe(200);
    expect(await stateOf(three)).toBe('booked');
    expect(await slotRow()).toEqual({ claimed_units: 4, waitlist_units: 0 });
  });

  it('ends a waiting place when its citizen books a unit free beyond the queue\'s', async () => {
    await book(one);
    await join(two);
    await ctx.query("UPDATE calendar_slots SET capacity = 3 WHERE slot_id = '1'");
    // One unit owed to 2's place, one free for anyone: 2 takes it directly, and waits no more.
    expect((await book(two)).status).toBe(200);
    expect(await stateOf(two)).toBe('booked');
    expect(await slotRow()).toEqual({ claimed_units: 2, waitlist_units: 0 });
    expect((await book(four)).status).toBe(200);
    await ctx.app.waitlist.runOnce();
    expect((await placesOf(two)).places).toHaveLength(1);
  });

  it('ends a queue when the slot can no longer be booked', async () => {
    await book(one);
    await join(two);
    // Booking closes the day before (前日まで): the place waits until then, to the minute.
    clock = at('2026-12-02', '23:59');
    await ctx.app.waitlist.runOnce();
    expect(await stateOf(two)).toBe('waiting');
    clock = at('2026-12-03', '00:00');
    await ctx.app.waitlist.runOnce();
    expect(await stateOf(two)).toBe('expired');
    expect(await slotRow()).toEqual({ claimed_units: 1, waitlist_units: 0 });
  });
});
