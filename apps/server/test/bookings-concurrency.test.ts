// Capacity under contention, through the real HTTP server on 127.0.0.1 and a real database (SQLite's file, or PostgreSQL):
// a thousand citizens book one capacity-10 slot at once, then two hundred move into another.
import { japanTimeToEpochMs } from '@city/survey-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from './calendar-fixtures.js';
import { addCalendar, addCategories, BOOKING_SURVEY, bookingPayload, CHECKUP_CATEGORIES, citizen, claimedUnits, listen, saveSurveys, slotValue } from './calendar-fixtures.js';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';

const NOW = japanTimeToEpochMs('2026-12-01', '10:00');
const HOT = { date: '2026-12-03', slotId: 'hot' };
const START = { date: '2026-12-04', slotId: 'start' };
const TARGET = { date: '2026-12-05', slotId: 'target' };

let ctx: TestContext;
let http: HttpClient;
beforeAll(async () => {
  ctx = await createTestContext({}, {}, { now: () => NOW });
  await addCategories(ctx.app.storage, CHECKUP_CATEGORIES);
  await addCalendar(ctx.app.storage, {
    calendarId: 'cal-central',
    categoryId: 'checkup-central',
    slots: [
      { ...HOT, start: '09:00', end: '10:00', capacity: 10 },
      { ...START, start: '09:00', end: '10:00', capacity: 200 },
      { ...TARGET, start: '09:00', end: '10:00', capacity: 10 },
    ],
  });
  await saveSurveys(ctx, BOOKING_SURVEY);
  http = await listen(ctx);
});
afterAll(async () => {
  await ctx.close();
});

const valueOf = (slot: { date: string; slotId: string }) => slotValue('checkup-central', slot.date, slot.slotId);
const leftOf = async (slot: { date: string; slotId: string }) => {
  const response = await http.call(citizen(0), 'getCalendarSlots', { query: { calendarId: 'cal-central', from: slot.date, to: slot.date } });
  return response.body.data.slots.find((found) => found.slotId === slot.slotId)?.left;
};

/** Sends every citizen's submission at once (tokens and bodies made first) and counts the answers. */
async function fireAtOnce(citizens: number[], value: string): Promise<{ statuses: Map<string, number>; okUsers: Set<string>; ms: number }> {
  const requests = await Promise.all(
    citizens.map(async (n) => {
      const user = citizen(n);
      return { user, token: await http.token(user), body: bookingPayload(user.userId, value) };
    }),
  );
  const started = performance.now();
  const responses = await Promise.all(
    requests.map(async ({ user, token, body }) => ({ user, response: await http.call(token, 'putReservation', { body }) })),
  );
  const ms = performance.now() - started;
  const statuses = new Map<string, number>();
  const okUsers = new Set<string>();
  for (const { user, response } of responses) {
    const key = response.status === 200 ? '200' : `${response.status} ${response.body.code ?? ''}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    if (response.status === 200) okUsers.add(user.userId);
  }
  return { statuses, okUsers, ms };
}

describe('capacity under concurrency', () => {
  it('1,000 citizens booking one capacity-10 slot at once: exactly 10 succeed, 990 get slot_full, 0 left', async () => {
    const thousand = Array.from({ length: 1000 }, (_, i) => i + 1);
    const { statuses, ms } = await fireAtOnce(thousand, valueOf(HOT));
    console.info(`1,000 concurrent bookings answered in ${Math.round(ms)} ms`);
    expect(Object.fromEntries(statuses)).toEqual({ '200': 10, '409 slot_full': 990 });
    expect(await leftOf(HOT)).toBe(0);
    expect((await claimedUnits(ctx.query)).get(`cal-central|${HOT.date}|${HOT.slotId}`)).toBe(10);
    expect(await ctx.queryOne('SELECT COUNT(*) AS n FROM survey_records WHERE survey_id = ?', [BOOKING_SURVEY.surveyId])).toEqual({ n: 10 });
  }, 60_000);

  it('200 citizens moving their booking into one capacity-10 slot at once: exactly 10 move, 190 keep their old slot', async () => {
    const movers = Array.from({ length: 200 }, (_, i) => 2001 + i);
    const booked = await fireAtOnce(movers, valueOf(START));
    expect(Object.fromEntries(booked.statuses)).toEqual({ '200': 200 });

    const { statuses, okUsers, ms } = await fireAtOnce(movers, valueOf(TARGET));
    console.info(`200 concurrent changes answered in ${Math.round(ms)} ms`);
    expect(Object.fromEntries(statuses)).toEqual({ '200': 10, '409 slot_full': 190 });
    expect(await leftOf(TARGET)).toBe(0);
    expect(await leftOf(START)).toBe(10);
    const claims = (await ctx.query('SELECT user_id, slot_id FROM slot_claims WHERE date IN (?, ?)', [START.date, TARGET.date])) as {
      user_id: string;
      slot_id: string;
    }[];
    expect(claims).toHaveLength(200);
    for (const claim of claims) expect(claim.slot_id).toBe(okUsers.has(claim.user_id) ? TARGET.slotId : START.slotId);
    // Each refused citizen's record still names the old slot.
    const values = (await ctx.query("SELECT user_id, value FROM survey_results WHERE item_key = 'slot' AND user_id IN (SELECT user_id FROM slot_claims WHERE slot_id = ?)", [
      START.slotId,
    ])) as { user_id: string; value: string }[];
    expect(values).toHaveLength(190);
    for (const row of values) expect(row.value).toBe(valueOf(START));
  }, 60_000);
});
