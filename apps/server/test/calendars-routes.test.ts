import { addDaysToDate, japanTimeToEpochMs } from '@city/survey-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calendarImportRepository } from '../src/modules/calendars/repositories.js';
import type { HttpClient } from './calendar-fixtures.js';
import { addCalendar, addCategories, BOOKING_SURVEY, bookingPayload, CHECKUP_CATEGORIES, citizen, daySlots, listen, saveSurveys, slotValue } from './calendar-fixtures.js';
import type { TestContext } from './helpers.js';
import { createTestContext, pathOf } from './helpers.js';

// Tuesday 2026-12-01, 10:00 in Japan.
const TODAY = '2026-12-01';
const NOW = japanTimeToEpochMs(TODAY, '10:00');

let ctx: TestContext;
let http: HttpClient;
beforeEach(async () => {
  ctx = await createTestContext({}, {}, { now: () => NOW });
  await addCategories(ctx.app.storage, [
    ...CHECKUP_CATEGORIES,
    // A two-level path: bookable at the second level, no third level.
    { categoryId: 'flu', tag1: '予防接種', tag2: 'インフルエンザ' },
  ]);
  await addCalendar(ctx.app.storage, {
    calendarId: 'cal-central',
    categoryId: 'checkup-central',
    rules: { bookingOpensDaysAhead: 7 },
    slots: [...daySlots(TODAY), ...daySlots('2026-12-03'), ...daySlots('2026-12-06'), ...daySlots('2026-12-09')],
    closedDays: ['2026-12-06'],
  });
  await addCalendar(ctx.app.storage, { calendarId: 'cal-flu', categoryId: 'flu' });
  await saveSurveys(ctx, BOOKING_SURVEY);
  http = await listen(ctx);
});
afterEach(async () => {
  await ctx.close();
});

describe('calendars/categories, categories_tree, display_settings', () => {
  it('lists every category in display order, each with the calendar hanging off it', async () => {
    const response = await http.call(citizen(1), 'getCalendarCategories');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      { categoryId: 'health', tag1: '健康診断' },
      { categoryId: 'checkup', tag1: '健康診断', tag2: '特定健診' },
      { categoryId: 'checkup-central', tag1: '健康診断', tag2: '特定健診', tag3: '中央保健センター', calendarId: 'cal-central' },
      { categoryId: 'checkup-north', tag1: '健康診断', tag2: '特定健診', tag3: '北部公民館' },
      { categoryId: 'checkup-south', tag1: '健康診断', tag2: '特定健診', tag3: '南部市民センター' },
      { categoryId: 'flu', tag1: '予防接種', tag2: 'インフルエンザ', calendarId: 'cal-flu' },
    ]);
  });

  it('answers the tree with only the levels that exist', async () => {
    const response = await http.call(citizen(1), 'getCalendarCategoriesTree');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      {
        name: '健康診断',
        categoryId: 'health',
        children: [
          {
            name: '特定健診',
            categoryId: 'checkup',
            children: [
              { name: '中央保健センター', categoryId: 'checkup-central' },
              { name: '北部公民館', categoryId: 'checkup-north' },
              { name: '南部市民センター', categoryId: 'checkup-south' },
            ],
          },
        ],
      },
      // 予防接種 is no category itself (no id); インフルエンザ has no third level.
      { name: '予防接種', children: [{ name: 'インフルエンザ', categoryId: 'flu', children: [] }] },
    ]);
  });

  it('answers the labels of the three levels, as the municipality set them', async () => {
    expect((await http.call(citizen(1), 'getCalendarDisplaySettings')).body).toEqual({
      data: { categoryLabels: { tag1: '大分類', tag2: '中分類', tag3: '小分類' } },
    });
    // Through the calendar administration's repository, as the import sets them: a write behind the
    // app's back is another process's change on PostgreSQL, seen only once the cache next checks.
    await ctx.app.storage.store(calendarImportRepository).transaction((admin) => admin.setCategoryLabels({ tag1: '地区', tag2: '会場', tag3: '接種回数' }));
    expect((await http.call(citizen(1), 'getCalendarDisplaySettings')).body.data).toEqual({
      categoryLabels: { tag1: '地区', tag2: '会場', tag3: '接種回数' },
    });
  });

  it('requires a signed-in citizen', async () => {
    for (const name of ['getCalendarCategories', 'getCalendarCategoriesTree', 'getCalendarDisplaySettings'] as const) {
      const response = await fetch(`${http.baseUrl}${pathOf(name)}`);
      expect(response.status).toBe(401);
    }
    const slots = await fetch(`${http.baseUrl}/survey/api/v1/db/calendars/slots?calendarId=cal-central&from=${TODAY}&to=${TODAY}`);
    expect(slots.status).toBe(401);
  });
});

describe('calendars/slots', () => {
  const query = (from: string, to: string, calendarId = 'cal-central') => ({ query: { calendarId, from, to } });

  it('answers the slots of the range with the rules, closed days, and where each slot stands now', async () => {
    const response = await http.call(citizen(1), 'getCalendarSlots', query(TODAY, '2026-12-10'));
    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(data).toMatchObject({
      calendarId: 'cal-central',
      categoryId: 'checkup-central',
      today: TODAY,
      closedDays: ['2026-12-06'],
      rules: { bookingOpensDaysAhead: 7, bookingClosesBefore: { unit: 'days', amount: 1 }, maxActiveBookingsPerUser: 3 },
    });
    const status = (date: string, slotId: string) => data.slots.find((slot) => slot.date === date && slot.slotId === slotId)?.status;
    expect(data.slots).toHaveLength(16);
    expect(data.slots[0]).toEqual({ slotId: '1', date: TODAY, start: '09:00', end: '10:00', capacity: 5, left: 5, status: 'closed' });
    expect(status(TODAY, '4')).toBe('closed'); // closes the day before
    expect(status('2026-12-03', '1')).toBe('open');
    expect(status('2026-12-06', '1')).toBe('closedDay');
    expect(status('2026-12-09', '1')).toBe('notOpenYet'); // 8 days ahead; opens 7 days ahead
    expect(data.slots.map((slot) => `${slot.date} ${slot.start}`)).toEqual([...data.slots.map((slot) => `${slot.date} ${slot.start}`)].sort());
  });

  it('shows what is left: capacity minus every booking, freed again when one is cancelled', async () => {
    const value = slotValue('checkup-central', '2026-12-03', '2');
    const left = async () =>
      (await http.call(citizen(1), 'getCalendarSlots', query('2026-12-03', '2026-12-03'))).body.data.slots.find((slot) => slot.slotId === '2')?.left;
    expect(await left()).toBe(5);
    for (const n of [1, 2, 3]) {
      expect((await http.call(citizen(n), 'putReservation', { body: bookingPayload(citizen(n).userId, value) })).status).toBe(200);
    }
    expect(await left()).toBe(2);
    const cancel = await http.call(citizen(2), 'cancelReservation', {
      body: { surveyId: BOOKING_SURVEY.surveyId, partitionKey: `${BOOKING_SURVEY.surveyId}#${citizen(2).userId}`, userId: citizen(2).userId },
    });
    expect(cancel.status).toBe(200);
    expect(await left()).toBe(3);
  });

  it('answers an empty range of a calendar with no slots, and the longest range allowed', async () => {
    const flu = await http.call(citizen(1), 'getCalendarSlots', query(TODAY, TODAY, 'cal-flu'));
    expect(flu.status).toBe(200);
    expect(flu.body.data.slots).toEqual([]);
    const longest = await http.call(citizen(1), 'getCalendarSlots', query(TODAY, addDaysToDate(TODAY, 41)));
    expect(longest.status).toBe(200);
  });

  it('refuses a range backwards, an impossible date or longer than 42 days with a JSON 400', async () => {
    for (const [from, to] of [
      ['2026-12-05', '2026-12-04'],
      ['2026-02-30', '2026-03-01'],
      ['2026-12-01', '2026-13-01'],
      [TODAY, addDaysToDate(TODAY, 42)],
    ] as const) {
      const response = await http.call(citizen(1), 'getCalendarSlots', query(from, to));
      expect(response.status, `${from}..${to}`).toBe(400);
      expect(response.body).toMatchObject({ code: 'invalid_date_range', message: '表示する期間が正しくありません。' });
    }
    const notADate = await http.call(citizen(1), 'getCalendarSlots', query('12/01', TODAY));
    expect(notADate.status).toBe(400);
    expect(notADate.body.code).toBe('invalid_request');
  });

  it('answers 404 for an unknown calendar', async () => {
    const response = await http.call(citizen(1), 'getCalendarSlots', query(TODAY, TODAY, 'cal-nowhere'));
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'calendar_not_found', message: 'カレンダーが見つかりません。' });
  });
});
