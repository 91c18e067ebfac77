// Calendar administration against the real app: staff build a category tree and a calendar, make
// slots from a weekly pattern, close weekdays and public holidays, stop bookings; every change that
// would strand a booking is refused (409) with the bookings in the way, and writes nothing; the
// earlier platform's files are previewed, applied, exported and read back to the same state.
import type { CalendarAdminSlots, CalendarFileReport } from '@city/api-client/staff-contract';
import type { SurveyConfig } from '@city/survey-core';
import { buildSubmissionPayload, formatReservationValue, japanTimeToEpochMs } from '@city/survey-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HttpClient } from './calendar-fixtures.js';
import { citizen, listen, saveSurveys } from './calendar-fixtures.js';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';
import { editBytes, fixture } from './import-fixtures.js';
import { addStaff, addTeams, consoleClient } from './staff-helpers.js';

// A Tuesday: the week of 2026-12-07 (Mon) holds no holiday; 2027-01-11 is 成人の日.
const NOW = japanTimeToEpochMs('2026-12-01', '10:00');
let ctx: TestContext;
let http: HttpClient;
let admin: ReturnType<typeof consoleClient>;

const RULES = { bookingOpensDaysAhead: 90, bookingClosesBefore: { unit: 'hours' as const, amount: 1 }, changeClosesBefore: { unit: 'hours' as const, amount: 1 } };
const NO_CLOSURES: { weekdays: number[]; publicHolidays: boolean } = { weekdays: [], publicHolidays: false };

/** A survey booking through the vaccination venue the tests build. */
const VACCINATION: SurveyConfig = {
  surveyId: 'vaccination',
  surveyTitle: 'ワクチン接種の予約',
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前', required: true },
    { itemKey: 'slot', type: 'reservation', title: '接種日時', categoryId: 'hall-a', required: true },
  ],
};

beforeEach(async () => {
  ctx = await createTestContext({}, {}, { now: () => NOW });
  await addTeams(ctx);
  http = await listen(ctx);
  admin = consoleClient(ctx);
  expect((await admin.signIn(await addStaff(ctx, 'admin', ['team-a']))).status).toBe(200);
});
afterEach(async () => {
  await ctx.close();
});

/** The tree 新型コロナワクチン / 1回目 / A会場 and a calendar on A会場. */
async function buildVenue(closures = NO_CLOSURES) {
  for (const [categoryId, tag1, tag2, tag3] of [
    ['vaccine', '新型コロナワクチン', '', ''],
    ['first-dose', '新型コロナワクチン', '1回目', ''],
    ['hall-a', '新型コロナワクチン', '1回目', 'A会場'],
  ] as const) {
    expect((await admin.call('staffSaveCategory', { body: { categoryId, tag1, tag2, tag3 } })).status).toBe(200);
  }
  expect(await admin.call('staffSaveCalendar', { params: { calendarId: 'cal-hall-a' }, body: { categoryId: 'hall-a', rules: RULES, closures } })).toMatchObject({ status: 200, body: { data: { created: true } } });
}

const generateWeekdays = (from: string, to: string, capacity = 3) =>
  admin.call('staffGenerateSlots', { params: { calendarId: 'cal-hall-a' }, body: { from, to, weekdays: [1, 2, 3, 4, 5], start: '09:00', end: '12:00', minutes: 30, capacity } });
const slotsOf = async (from: string, to: string) => (await admin.call('staffCalendarAdminSlots', { params: { calendarId: 'cal-hall-a' }, query: { from, to } })).body.data as CalendarAdminSlots;
const book = (n: number, date: string, slotId: string) =>
  http.call(citizen(n), 'putReservation', { body: buildSubmissionPayload({ config: VACCINATION, userId: citizen(n).userId, answers: { name: `市民${String(n)}`, slot: formatReservationValue({ categoryId: 'hall-a', date, slotId }) }, now: NOW }) });
/** Every table a refused change must leave as it was, each in its key's order (rows come in no set order otherwise). */
const CALENDAR_TABLES = {
  calendar_categories: 'category_id',
  calendars: 'calendar_id',
  calendar_slots: 'calendar_id, date, slot_id',
  calendar_closed_days: 'calendar_id, date',
  slot_claims: 'partition_key, item_key',
  audit_log: 'seq',
  calendar_display_settings: 'id',
};
const calendarTables = async () => {
  const tables: string[] = [];
  for (const [table, key] of Object.entries(CALENDAR_TABLES)) tables.push(JSON.stringify(await ctx.query(`SELECT * FROM ${table} ORDER BY ${key}`)));
  return tables.join('\n');
};

describe('building a calendar', () => {
  it('makes a tree, a calendar on its leaf, and slots from a weekly pattern; generating twice adds nothing', async () => {
    await buildVenue();
    expect(await admin.call('staffSaveCalendar', { params: { calendarId: 'cal-first' }, body: { categoryId: 'first-dose', rules: RULES, closures: NO_CLOSURES } })).toMatchObject({ status: 409, body: { code: 'category_has_children' } });
    expect(await generateWeekdays('2026-12-07', '2026-12-13')).toMatchObject({ status: 200, body: { data: { added: 30, existing: 0 } } });
    expect(await generateWeekdays('2026-12-07', '2026-12-13')).toMatchObject({ status: 200, body: { data: { added: 0, existing: 30 } } });
    const week = await slotsOf('2026-12-07', '2026-12-13');
    expect(week.slots.filter((slot) => slot.date === '2026-12-07').map((slot) => `${slot.slotId} ${slot.start}-${slot.end} ${String(slot.capacity)}`)).toEqual([
      '0900 09:00-09:30 3',
      '0930 09:30-10:00 3',
      '1000 10:00-10:30 3',
      '1030 10:30-11:00 3',
      '1100 11:00-11:30 3',
      '1130 11:30-12:00 3',
    ]);
    expect(new Set(week.slots.map((slot) => slot.date))).toEqual(new Set(['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11']));
    // A citizen books through a survey on the new category.
    await saveSurveys(ctx, VACCINATION);
    expect((await book(1, '2026-12-08', '0930')).status).toBe(200);
    expect((await slotsOf('2026-12-08', '2026-12-08')).slots.find((slot) => slot.slotId === '0930')?.booked).toBe(1);
    const actions = ((await ctx.query("SELECT action FROM audit_log WHERE action LIKE 'calendar.%' OR action LIKE 'category.%' ORDER BY seq")) as { action: string }[]).map((row) => row.action);
    expect(actions).toEqual(['category.create', 'category.create', 'category.create', 'calendar.create', 'calendar.generate']);
  });

  it('renames a level with the categories below it (their ids and calendars kept), and refuses moving a branch to another level', async () => {
    await buildVenue();
    expect((await admin.call('staffSaveCategory', { body: { categoryId: 'vaccine', tag1: 'コロナワクチン', tag2: '', tag3: '' } })).status).toBe(200);
    const paths = await ctx.query('SELECT category_id, tag1, tag2, tag3 FROM calendar_categories ORDER BY position');
    expect(paths).toEqual([
      { category_id: 'vaccine', tag1: 'コロナワクチン', tag2: '', tag3: '' },
      { category_id: 'first-dose', tag1: 'コロナワクチン', tag2: '1回目', tag3: '' },
      { category_id: 'hall-a', tag1: 'コロナワクチン', tag2: '1回目', tag3: 'A会場' },
    ]);
    const moved = await admin.call('staffSaveCategory', { body: { categoryId: 'first-dose', tag1: 'コロナワクチン', tag2: '1回目', tag3: '別会場' } });
    expect(moved).toMatchObject({ status: 409, body: { code: 'category_has_children', blockers: [{ id: 'hall-a' }] } });
    expect((await http.call(citizen(1), 'getCalendarSlots', { query: { calendarId: 'cal-hall-a', from: '2026-12-07', to: '2026-12-07' } })).body.data.categoryId).toBe('hall-a');
  });

  it('closes weekdays and public holidays by rule: citizens see them closed and cannot book them', async () => {
    await buildVenue({ weekdays: [3], publicHolidays: true });
    await admin.call('staffPutSlots', {
      params: { calendarId: 'cal-hall-a' },
      body: { slots: ['2027-01-11', '2027-01-12', '2027-01-13'].map((date) => ({ date, slotId: '0900', start: '09:00', end: '09:30', capacity: 2 })) },
    });
    const view = await slotsOf('2027-01-11', '2027-01-13');
    expect(view.closedDays).toEqual([
      { date: '2027-01-11', reason: 'holiday', holidayName: '成人の日' },
      { date: '2027-01-13', reason: 'weekday' },
    ]);
    const seen = await http.call(citizen(1), 'getCalendarSlots', { query: { calendarId: 'cal-hall-a', from: '2027-01-11', to: '2027-01-13' } });
    expect(seen.body.data.closedDays).toEqual(['2027-01-11', '2027-01-13']);
    expect(seen.body.data.slots.map((slot) => slot.status)).toEqual(['closedDay', 'open', 'closedDay']);
    await saveSurveys(ctx, VACCINATION);
    expect(await book(1, '2027-01-11', '0900')).toMatchObject({ status: 409, body: { code: 'closed_day' } });
    expect((await book(1, '2027-01-12', '0900')).status).toBe(200);
  });

  it('stops bookings (予約停止): no new booking, the ones made stay and can be cancelled, and it resumes', async () => {
    await buildVenue();
    await generateWeekdays('2026-12-07', '2026-12-07');
    await saveSurveys(ctx, VACCINATION);
    const kept = await book(1, '2026-12-07', '0900');
    expect(kept.status).toBe(200);
    await admin.call('staffSaveCalendar', { params: { calendarId: 'cal-hall-a' }, body: { categoryId: 'hall-a', rules: { ...RULES, bookingStopped: true }, closures: NO_CLOSURES } });
    expect(await book(2, '2026-12-07', '0930')).toMatchObject({ status: 409, body: { code: 'booking_stopped', message: 'この予約は現在、受付を停止しています。再開までお待ちください。' } });
    const seen = await http.call(citizen(2), 'getCalendarSlots', { query: { calendarId: 'cal-hall-a', from: '2026-12-07', to: '2026-12-07' } });
    expect(seen.body.data.rules.bookingStopped).toBe(true);
    expect(new Set(seen.body.data.slots.map((slot) => slot.status))).toEqual(new Set(['closed']));
    expect((await http.call(citizen(1), 'cancelReservation', { body: { surveyId: 'vaccination', partitionKey: kept.body.partitionKey, userId: citizen(1).userId } })).status).toBe(200);
    await admin.call('staffSaveCalendar', { params: { calendarId: 'cal-hall-a' }, body: { categoryId: 'hall-a', rules: RULES, closures: NO_CLOSURES } });
    expect((await book(2, '2026-12-07', '0930')).status).toBe(200);
    const actions = ((await ctx.query("SELECT action FROM audit_log WHERE target = 'calendar:cal-hall-a' ORDER BY seq")) as { action: string }[]).map((row) => row.action);
    expect(actions).toEqual(['calendar.create', 'calendar.generate', 'calendar.stop', 'calendar.resume']);
  });
});

describe('changes that would strand a booking', () => {
  beforeEach(async () => {
    await buildVenue();
    await generateWeekdays('2026-12-07', '2026-12-08', 2);
    await saveSurveys(ctx, VACCINATION);
    expect((await book(1, '2026-12-07', '0900')).status).toBe(200);
    expect((await book(2, '2026-12-07', '0900')).status).toBe(200);
  });

  it('are refused with the bookings in the way, and write nothing', async () => {
    const before = await calendarTables();
    const slot = (capacity: number, start = '09:00', end = '09:30') => ({ date: '2026-12-07', slotId: '0900', start, end, capacity });
    const booked = [{ id: '2026-12-07|0900', label: '2026-12-07（月）09:00〜09:30 予約2人分' }];
    // Capacity below what is booked, even with another slot added in the same request.
    const lower = await admin.call('staffPutSlots', { params: { calendarId: 'cal-hall-a' }, body: { slots: [slot(1), { date: '2026-12-09', slotId: '0900', start: '09:00', end: '09:30', capacity: 2 }] } });
    expect(lower).toMatchObject({ status: 409, body: { code: 'capacity_below_booked', blockers: booked } });
    expect(await admin.call('staffPutSlots', { params: { calendarId: 'cal-hall-a' }, body: { slots: [slot(2, '09:15', '09:45')] } })).toMatchObject({ status: 409, body: { code: 'booked_slot_retimed', blockers: booked } });
    const deleting = await admin.call('staffDeleteSlots', { params: { calendarId: 'cal-hall-a' }, body: { slots: [{ date: '2026-12-07', slotId: '0900' }, { date: '2026-12-07', slotId: '0930' }] } });
    expect(deleting).toMatchObject({ status: 409, body: { code: 'booked_slot_deleted', blockers: booked } });
    expect(await admin.call('staffSetClosedDays', { params: { calendarId: 'cal-hall-a' }, body: { close: ['2026-12-07'], open: [] } })).toMatchObject({ status: 409, body: { code: 'booked_day_closed', blockers: booked } });
    const mondays = await admin.call('staffSaveCalendar', { params: { calendarId: 'cal-hall-a' }, body: { categoryId: 'hall-a', rules: RULES, closures: { weekdays: [1], publicHolidays: false } } });
    expect(mondays).toMatchObject({ status: 409, body: { code: 'booked_day_closed', blockers: [{ id: '2026-12-07', label: '2026-12-07（月） 予約2人分' }] } });
    // The category: a survey books through it, and it holds bookings.
    expect(await admin.call('staffDeleteCategory', { params: { categoryId: 'hall-a' } })).toMatchObject({ status: 409, body: { code: 'category_in_use', blockers: [{ id: 'vaccination', label: 'ワクチン接種の予約' }] } });
    expect(await admin.call('staffDeleteCategory', { params: { categoryId: 'first-dose' } })).toMatchObject({ status: 409, body: { code: 'category_has_children' } });
    await ctx.surveys.transaction((surveys) => surveys.save({ config: { ...VACCINATION, surveySchema: VACCINATION.surveySchema.filter((item) => item.type !== 'reservation') }, lookupItemKeys: [], searchable: false }));
    const unusedBefore = await calendarTables();
    expect(await admin.call('staffDeleteCategory', { params: { categoryId: 'hall-a' } })).toMatchObject({ status: 409, body: { code: 'category_has_bookings', blockers: booked } });
    expect(await calendarTables()).toBe(unusedBefore);
    expect(before).toBe(unusedBefore);
  });

  it('lets what strands nobody through: a capacity down to what is booked, an empty slot deleted', async () => {
    const lower = await admin.call('staffPutSlots', { params: { calendarId: 'cal-hall-a' }, body: { slots: [{ date: '2026-12-07', slotId: '0900', start: '09:00', end: '09:30', capacity: 2 }, { date: '2026-12-07', slotId: '0930', start: '09:30', end: '10:00', capacity: 5 }] } });
    expect(lower).toMatchObject({ status: 200, body: { data: { added: 0, changed: 1, unchanged: 1 } } });
    expect(await admin.call('staffDeleteSlots', { params: { calendarId: 'cal-hall-a' }, body: { slots: [{ date: '2026-12-08', slotId: '1130' }] } })).toMatchObject({ status: 200, body: { data: { deleted: 1 } } });
  });
});

describe('the earlier platform’s files', () => {
  const upload = (name: string, bytes: Buffer, extra: { calendarId?: string; categoryId?: string } = {}) => ({ body: { fileName: name, contentBase64: bytes.toString('base64'), ...extra } });

  it('previews a file without writing, applies it in one go, and exports what imports back to the same state', async () => {
    const tree = await admin.call('staffPreviewCalendarFile', upload('vaccine-sample-bunrui.csv', fixture('vaccine-sample-bunrui.csv')));
    expect(tree.status).toBe(200);
    expect((tree.body.data as CalendarFileReport).categories.filter((category) => category.outcome === 'added').length).toBeGreaterThan(5);
    expect(await ctx.queryOne('SELECT COUNT(*) AS n FROM calendar_categories')).toEqual({ n: 0 });
    expect((await admin.call('staffApplyCalendarFile', upload('vaccine-sample-bunrui.csv', fixture('vaccine-sample-bunrui.csv')))).status).toBe(200);
    const venue = (await ctx.queryOne("SELECT category_id FROM calendar_categories WHERE tag3 = 'A会場' AND tag2 = '1回目'")) as { category_id: string };

    const slots = upload('vaccine-sample-calendar.csv', fixture('vaccine-sample-calendar.csv'), { calendarId: 'cal-a', categoryId: venue.category_id });
    const preview = (await admin.call('staffPreviewCalendarFile', slots)).body.data as CalendarFileReport;
    expect(preview).toMatchObject({ kind: 'slots', applied: false, calendarCreated: true });
    expect(preview.slots.added).toBeGreaterThan(0);
    expect(preview.dates[0]?.date).toBe('2021-04-05');
    expect(preview.dates[0]?.added[0]).toEqual({ slotId: '1', start: '10:00', end: '11:00', capacity: 2 });
    expect(await ctx.queryOne('SELECT COUNT(*) AS n FROM calendars')).toEqual({ n: 0 });
    const applied = (await admin.call('staffApplyCalendarFile', slots)).body.data as CalendarFileReport;
    expect(applied).toMatchObject({ applied: true, slots: preview.slots, closedDays: preview.closedDays });

    // Out and back in: the export changes nothing.
    const exported = await fetch(`${http.baseUrl}/console/api/calendars/admin/calendars/cal-a/slots.csv?from=2021-04-05&to=2021-05-02`, { headers: { cookie: admin.cookie ?? '' } });
    expect(exported.headers.get('content-type')).toContain('text/csv');
    const bytes = Buffer.from(await exported.arrayBuffer());
    const again = (await admin.call('staffPreviewCalendarFile', upload('export.csv', bytes, { calendarId: 'cal-a' }))).body.data as CalendarFileReport;
    expect(again).toMatchObject({ slots: { added: 0, changed: 0, removed: 0 }, closedDays: { added: 0, removed: 0 }, dates: [] });
    const categories = await fetch(`${http.baseUrl}/console/api/calendars/admin/categories.csv`, { headers: { cookie: admin.cookie ?? '' } });
    const treeAgain = (await admin.call('staffPreviewCalendarFile', upload('categories.csv', Buffer.from(await categories.arrayBuffer())))).body.data as CalendarFileReport;
    expect(treeAgain.categories.every((category) => category.outcome === 'unchanged')).toBe(true);
  });

  it('refuses a file that would move a booked slot, naming it, and writes nothing', async () => {
    await buildVenue();
    await admin.call('staffPutSlots', { params: { calendarId: 'cal-hall-a' }, body: { slots: [{ date: '2026-12-07', slotId: '1', start: '10:00', end: '11:00', capacity: 2 }] } });
    await saveSurveys(ctx, VACCINATION);
    expect((await book(1, '2026-12-07', '1')).status).toBe(200);
    const before = await calendarTables();
    const moved = Buffer.from('id,____,____,2026/12/7\r\n1,10:30,11:30,2\r\n', 'utf8');
    const refused = await admin.call('staffApplyCalendarFile', upload('moved.csv', moved, { calendarId: 'cal-hall-a' }));
    expect(refused).toMatchObject({ status: 409, body: { code: 'file_refused' } });
    expect((refused.body as { problems: { at: string; message: string }[] }).problems[0]?.message).toContain('10:00');
    expect(await calendarTables()).toBe(before);
    const broken = await admin.call('staffPreviewCalendarFile', upload('broken.csv', editBytes(fixture('vaccine-sample-calendar.csv'), (text) => text.replace('10:00', '10:0x'))));
    expect(broken).toMatchObject({ status: 400, body: { code: 'invalid_file', problems: [{ at: '3行目 2列目' }] } });
  });
});
