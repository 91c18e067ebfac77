// The reservation demo: the health check-up survey and three venues' calendars relative to today,
// seeded on every non-production start so that an old development database still has bookable
// slots, one slot with few left and one full.
import { demoBusyDate, demoCalendars, HEALTH_CHECKUP } from '@city/demo-data';
import { addDaysToDate, japaneseWeekday, todayInJapan } from '@city/survey-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/demo-seed.js';
import { insertClaimRow } from './calendar-fixtures.js';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';

// A Thursday: three days ahead is a Sunday, so the busy date is the Monday after.
const THURSDAY = '2026-11-26';

describe('the demo calendars as data', () => {
  it('cover today to today+27 for three venues and the study room: Sundays closed, four slots of 5 on every other day', () => {
    expect(japaneseWeekday(THURSDAY)).toBe('木');
    const calendars = demoCalendars(THURSDAY);
    expect(calendars.map((calendar) => [calendar.calendarId, calendar.categoryId])).toEqual([
      ['cal-checkup-central', 'checkup-central'],
      ['cal-checkup-north', 'checkup-north'],
      ['cal-checkup-south', 'checkup-south'],
      ['cal-study-room', 'study-room'],
    ]);
    const [central] = calendars;
    expect(central?.closedDays).toEqual(['2026-11-29', '2026-12-06', '2026-12-13', '2026-12-20']);
    expect(central?.slots).toHaveLength(24 * 4);
    expect(central?.slots[0]).toEqual({ date: THURSDAY, slotId: '1', start: '09:00', end: '10:00', capacity: 5 });
    expect(central?.slots.at(-1)).toEqual({ date: addDaysToDate(THURSDAY, 27), slotId: '4', start: '14:00', end: '15:00', capacity: 5 });
    expect(central?.rules).toEqual({
      bookingOpensDaysAhead: 60,
      bookingClosesBefore: { unit: 'days', amount: 1 },
      changeClosesBefore: { unit: 'days', amount: 1 },
      maxActiveBookingsPerUser: 3,
    });
  });

  it('put the busy slots on the first day at least 3 days ahead that is not a Sunday', () => {
    expect(demoBusyDate(THURSDAY)).toBe('2026-11-30');
    expect(demoBusyDate('2026-11-23')).toBe('2026-11-26');
  });

  it('book through the health check-up survey’s required slot item in 特定健診', () => {
    expect(HEALTH_CHECKUP).toMatchObject({ surveyId: 'health-checkup', surveyTitle: '健康診断のご予約' });
    expect(HEALTH_CHECKUP.surveySchema.find((item) => item.itemKey === 'slot')).toEqual({
      itemKey: 'slot',
      type: 'reservation',
      title: '予約日時',
      categoryId: 'checkup',
      cost: 1,
      required: true,
    });
    expect(HEALTH_CHECKUP.surveySchema.map((item) => [item.title, item.type, item.required ?? false])).toEqual([
      ['ご予約の前に', 'guide', false],
      ['お名前', 'text', true],
      ['フリガナ', 'text', false],
      ['電話番号', 'text', true],
      ['生年月日', 'birthday', false],
      ['予約日時', 'reservation', true],
      ['受診料', 'selectProducts', true],
      ['追加の検査', 'selectProducts', false],
      ['ご要望', 'textarea', false],
    ]);
  });
});

describe('seeding the demo calendars', () => {
  // A test app on the suite's engine: it has the demo surveys, and leaves the calendars to these seeds.
  let ctx: TestContext;
  let seed: (today: string) => Promise<void>;

  beforeEach(async () => {
    ctx = await createTestContext();
    seed = (today) => seedDemoData(ctx.app.storage, { today });
  });
  afterEach(async () => {
    await ctx.close();
  });

  const all = (sql: string, ...params: unknown[]) => ctx.query(sql, params);
  const snapshot = async () => ({
    categories: await all('SELECT * FROM calendar_categories ORDER BY category_id'),
    calendars: await all('SELECT * FROM calendars ORDER BY calendar_id'),
    slots: await all('SELECT * FROM calendar_slots ORDER BY calendar_id, date, slot_id'),
    closedDays: await all('SELECT * FROM calendar_closed_days ORDER BY calendar_id, date'),
    claims: await all('SELECT partition_key, calendar_id, date, slot_id, user_id, units FROM slot_claims ORDER BY partition_key'),
    records: await all('SELECT partition_key, user_id, receipt_number FROM survey_records ORDER BY partition_key'),
  });
  /** What is left of each slot of a calendar on a date, by slot id. */
  const leftOn = async (calendarId: string, date: string) => {
    const rows = (await all(
      `SELECT s.slot_id, s.capacity - COALESCE((SELECT SUM(units) FROM slot_claims c
         WHERE c.calendar_id = s.calendar_id AND c.date = s.date AND c.slot_id = s.slot_id), 0) AS left
       FROM calendar_slots s WHERE s.calendar_id = ? AND s.date = ? ORDER BY s.slot_id`,
      calendarId,
      date,
    )) as { slot_id: string; left: number }[];
    return Object.fromEntries(rows.map((row) => [row.slot_id, row.left]));
  };

  it('adds the category tree, four calendars, their slots and closed days, and the neighbours who fill slot 3 and leave 1 of slot 2', async () => {
    await seed(THURSDAY);
    expect(await all("SELECT category_id, tag1, tag2, tag3 FROM calendar_categories ORDER BY position")).toEqual([
      { category_id: 'health', tag1: '健康診断', tag2: '', tag3: '' },
      { category_id: 'checkup', tag1: '健康診断', tag2: '特定健診', tag3: '' },
      { category_id: 'checkup-central', tag1: '健康診断', tag2: '特定健診', tag3: '中央保健センター' },
      { category_id: 'checkup-north', tag1: '健康診断', tag2: '特定健診', tag3: '北部公民館' },
      { category_id: 'checkup-south', tag1: '健康診断', tag2: '特定健診', tag3: '南部市民センター' },
      { category_id: 'study-room', tag1: '図書館 学習室', tag2: '', tag3: '' },
    ]);
    expect(await all('SELECT calendar_id, category_id, max_active_bookings_per_user FROM calendars ORDER BY calendar_id')).toEqual([
      { calendar_id: 'cal-checkup-central', category_id: 'checkup-central', max_active_bookings_per_user: 3 },
      { calendar_id: 'cal-checkup-north', category_id: 'checkup-north', max_active_bookings_per_user: 3 },
      { calendar_id: 'cal-checkup-south', category_id: 'checkup-south', max_active_bookings_per_user: 3 },
      { calendar_id: 'cal-study-room', category_id: 'study-room', max_active_bookings_per_user: 3 },
    ]);
    expect(await all('SELECT calendar_id, COUNT(*) AS n, MIN(date) AS first, MAX(date) AS last FROM calendar_slots GROUP BY calendar_id ORDER BY calendar_id')).toEqual(
      ['cal-checkup-central', 'cal-checkup-north', 'cal-checkup-south', 'cal-study-room'].map((calendarId) => ({
        calendar_id: calendarId,
        n: 96,
        first: THURSDAY,
        last: '2026-12-23',
      })),
    );
    expect(await all("SELECT date FROM calendar_closed_days WHERE calendar_id = 'cal-checkup-north' ORDER BY date")).toEqual(
      ['2026-11-29', '2026-12-06', '2026-12-13', '2026-12-20'].map((date) => ({ date })),
    );
    expect(await leftOn('cal-checkup-central', '2026-11-30')).toEqual({ 1: 5, 2: 1, 3: 0, 4: 5 });
    expect(await leftOn('cal-checkup-north', '2026-11-30')).toEqual({ 1: 5, 2: 5, 3: 5, 4: 5 });
    // Other citizens' records, each naming its slot in the reservation answer.
    expect(await all("SELECT user_id, value FROM survey_results WHERE item_key = 'slot' ORDER BY user_id")).toEqual([
      ...[1, 2, 3, 4].map((n) => ({ user_id: `U-demo-neighbour-${n}`, value: 'checkup-central|2026-11-30|2' })),
      ...[5, 6, 7, 8, 9].map((n) => ({ user_id: `U-demo-neighbour-${n}`, value: 'checkup-central|2026-11-30|3' })),
    ]);
    expect(await all("SELECT survey_id FROM survey_configs WHERE survey_id = 'health-checkup'")).toHaveLength(1);
    // The levels named as a citizen says them (会場を選んでください), not 大分類 / 中分類 / 小分類.
    expect(await all('SELECT tag1_label, tag2_label, tag3_label FROM calendar_display_settings')).toEqual([{ tag1_label: '種類', tag2_label: '健診', tag3_label: '会場' }]);
  });

  it('keeps level names staff set', async () => {
    await all("UPDATE calendar_display_settings SET tag1_label = '地区', tag2_label = '施設', tag3_label = '部屋' RETURNING id");
    await seed(THURSDAY);
    expect(await all('SELECT tag1_label, tag2_label, tag3_label FROM calendar_display_settings')).toEqual([{ tag1_label: '地区', tag2_label: '施設', tag3_label: '部屋' }]);
  });

  it('changes nothing when started again the same day', async () => {
    await seed(THURSDAY);
    const first = await snapshot();
    await seed(THURSDAY);
    expect(await snapshot()).toEqual(first);
  });

  it('on a later start, adds the new dates and moves the neighbours, never touching slots that exist', async () => {
    await seed(THURSDAY);
    // Staff changed a slot, and a citizen booked one, on dates the next start still covers.
    await all("UPDATE calendar_slots SET capacity = 8 WHERE calendar_id = 'cal-checkup-north' AND date = '2026-12-01' AND slot_id = '1'");
    await all("DELETE FROM calendar_slots WHERE calendar_id = 'cal-checkup-south' AND date = '2026-12-04' AND slot_id = '4'");
    // The slots as staff define them (what they hold moves with the neighbours).
    const slotsBefore = await all("SELECT calendar_id, date, slot_id, start_time, end_time, capacity FROM calendar_slots WHERE date <= '2026-12-23' ORDER BY calendar_id, date, slot_id");

    const later = addDaysToDate(THURSDAY, 7); // the Thursday after: busy date Monday 2026-12-07
    await seed(later);
    expect(await all("SELECT calendar_id, date, slot_id, start_time, end_time, capacity FROM calendar_slots WHERE date <= '2026-12-23' ORDER BY calendar_id, date, slot_id")).toEqual(slotsBefore);
    expect(await all('SELECT calendar_id, COUNT(*) AS n, MAX(date) AS last FROM calendar_slots WHERE date >= ? GROUP BY calendar_id ORDER BY calendar_id', later)).toEqual([
      { calendar_id: 'cal-checkup-central', n: 96, last: '2026-12-30' },
      { calendar_id: 'cal-checkup-north', n: 96, last: '2026-12-30' },
      { calendar_id: 'cal-checkup-south', n: 95, last: '2026-12-30' },
      { calendar_id: 'cal-study-room', n: 96, last: '2026-12-30' },
    ]);
    expect(await all("SELECT date FROM calendar_closed_days WHERE calendar_id = 'cal-checkup-north' AND date > '2026-12-23' ORDER BY date")).toEqual([{ date: '2026-12-27' }]);
    expect(await leftOn('cal-checkup-central', '2026-11-30')).toEqual({ 1: 5, 2: 5, 3: 5, 4: 5 });
    expect(await leftOn('cal-checkup-central', '2026-12-07')).toEqual({ 1: 5, 2: 1, 3: 0, 4: 5 });
    expect(await all('SELECT COUNT(*) AS n FROM survey_records WHERE user_id LIKE ?', 'U-demo-neighbour-%')).toEqual([{ n: 9 }]);
  });

  it('leaves a neighbour out rather than overfill a slot citizens already took', async () => {
    await seed(THURSDAY);
    // Citizens take 3 units of next week's slot 3: only 2 neighbours fit there.
    await all("INSERT INTO survey_records (partition_key, survey_id, user_id, receipt_number, created_at, updated_at) VALUES ('health-checkup#U1#1', 'health-checkup', 'U1', 'R-1', 0, 0)");
    await seed(addDaysToDate(THURSDAY, 4)); // Monday: the slots of 12-07 may not exist yet
    await insertClaimRow(ctx.query, { partitionKey: 'health-checkup#U1#1', itemKey: 'slot', calendarId: 'cal-checkup-central', date: '2026-12-07', slotId: '3', userId: 'U1', units: 3 });
    await seed(addDaysToDate(THURSDAY, 7));
    expect(await leftOn('cal-checkup-central', '2026-12-07')).toMatchObject({ 2: 1, 3: 0 });
    expect(await all("SELECT SUM(units) AS units FROM slot_claims WHERE date = '2026-12-07' AND slot_id = '3' AND user_id LIKE 'U-demo-neighbour-%'")).toEqual([
      { units: 2 },
    ]);
  });
});

describe('a development server start', () => {
  it('serves the health check-up survey and has today’s demo calendars', async () => {
    const context = await createTestContext({ NODE_ENV: 'development' });
    try {
      const [yamada] = context.users;
      const response = await context.call(yamada!, 'getSurveyConfig', { query: { surveyId: 'health-checkup' } });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ surveyId: 'health-checkup', surveyTitle: '健康診断のご予約' });
      const busy = demoBusyDate(todayInJapan());
      const rows = await context.query(
        `SELECT s.slot_id, s.capacity, (SELECT COALESCE(SUM(units), 0) FROM slot_claims c WHERE c.calendar_id = s.calendar_id AND c.date = s.date AND c.slot_id = s.slot_id) AS claimed
         FROM calendar_slots s WHERE s.calendar_id = 'cal-checkup-central' AND s.date = ? ORDER BY s.slot_id`,
        [busy],
      );
      expect(rows).toEqual([
        { slot_id: '1', capacity: 5, claimed: 0 },
        { slot_id: '2', capacity: 5, claimed: 4 },
        { slot_id: '3', capacity: 5, claimed: 5 },
        { slot_id: '4', capacity: 5, claimed: 0 },
      ]);
    } finally {
      await context.close();
    }
  });

  it('leaves the demo calendars out of test apps, which set up their own', async () => {
    const context = await createTestContext();
    try {
      expect(await context.queryOne('SELECT COUNT(*) AS n FROM calendar_categories')).toEqual({ n: 0 });
      // The demo surveys are there as before, the reservation demo included.
      expect((await context.call(context.users[0]!, 'getSurveyConfig', { query: { surveyId: 'health-checkup' } })).status).toBe(200);
    } finally {
      await context.close();
    }
  });
});
