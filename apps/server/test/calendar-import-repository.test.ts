// The calendar administration's writes on either engine: the category tree, calendars, slots and
// closed days as staff and the import set them; a capacity below what is booked refused by the
// database; a change seen at once by the calendars' cached reads.
import { describe, expect, it } from 'vitest';
import { createPostgresCalendarRepository } from '../src/modules/calendars/postgres-calendar-repository.js';
import { createSqliteCalendarRepository } from '../src/modules/calendars/sqlite-calendar-repository.js';
import { createPostgresCalendarImportRepository } from '../src/modules/calendars/import/postgres-calendar-import-repository.js';
import { createSqliteCalendarImportRepository } from '../src/modules/calendars/import/sqlite-calendar-import-repository.js';
import { ENGINES, useTestDatabase } from './engines.js';

const repositories = {
  sqlite: (db: Parameters<typeof createSqliteCalendarImportRepository>[0], configuration: Parameters<typeof createSqliteCalendarRepository>[1]) => ({
    admin: createSqliteCalendarImportRepository(db),
    calendars: createSqliteCalendarRepository(db, configuration),
  }),
  postgres: (db: Parameters<typeof createPostgresCalendarImportRepository>[0], configuration: Parameters<typeof createPostgresCalendarImportRepository>[1]) => ({
    admin: createPostgresCalendarImportRepository(db, configuration),
    calendars: createPostgresCalendarRepository(db, configuration),
  }),
};
const RULES = { bookingOpensDaysAhead: 30, bookingClosesBefore: { unit: 'days' as const, amount: 1 }, changeClosesBefore: { unit: 'hours' as const, amount: 3 } };

describe.each(ENGINES)('the calendar administration on %s', (engine) => {
  const each = useTestDatabase(engine, repositories);

  const arrange = () =>
    each.store.transaction(async ({ admin }) => {
      await admin.insertCategory({ categoryId: 'c1', tag1: '健診', tag2: '集団健診', tag3: '', position: 2 });
      await admin.insertCategory({ categoryId: 'c0', tag1: '講座', tag2: '', tag3: '', position: 1 });
      await admin.insertCalendar({ calendarId: 'cal-1', categoryId: 'c1', rules: RULES });
      await admin.putSlot('cal-1', { date: '2026-12-01', slotId: 'am', start: '09:00', end: '10:00', capacity: 2 });
      await admin.putSlot('cal-1', { date: '2026-12-02', slotId: 'am', start: '09:00', end: '10:00', capacity: 2 });
    });

  it('keeps the category tree, calendars and their rules', async () => {
    await arrange();
    const { admin } = each.store.read;
    expect(await admin.categories()).toEqual([
      { categoryId: 'c0', tag1: '講座', tag2: '', tag3: '', position: 1 },
      { categoryId: 'c1', tag1: '健診', tag2: '集団健診', tag3: '', position: 2 },
    ]);
    await each.store.transaction(({ admin: writer }) => writer.renameCategory('c1', { tag1: '健康診断', tag2: '集団健診', tag3: '' }));
    expect(await admin.findCalendar('cal-1')).toEqual({ calendarId: 'cal-1', categoryId: 'c1' });
    expect(await admin.calendarOfCategory('c1')).toBe('cal-1');
    await each.store.transaction(({ admin: writer }) => writer.updateCalendar({ calendarId: 'cal-1', rules: { ...RULES, bookingStopped: true, maxActiveBookingsPerUser: 1 }, closures: { weekdays: [6, 0], publicHolidays: true } }));
    expect(await each.store.read.calendars.findCalendar('cal-1')).toEqual({
      calendarId: 'cal-1',
      categoryId: 'c1',
      rules: { ...RULES, bookingStopped: true, maxActiveBookingsPerUser: 1 },
      closures: { weekdays: [0, 6], publicHolidays: true },
    });
    await each.store.transaction(({ admin: writer }) => writer.setCategoryLabels({ tag1: '分野', tag2: '種類', tag3: '会場' }));
    expect(await admin.categoryLabels()).toEqual({ tag1: '分野', tag2: '種類', tag3: '会場' });
    expect((await each.store.read.calendars.categories()).find((category) => category.categoryId === 'c1')?.tag1).toBe('健康診断');
  });

  it('sets slots, refuses a capacity below what is booked, and tells the cached reads of a closed day at once', async () => {
    await arrange();
    await each.database.execute("INSERT INTO survey_configs (survey_id, config_json, updated_at) VALUES ('checkup', '{}', 0)");
    await each.database.execute("INSERT INTO survey_records (partition_key, survey_id, user_id, receipt_number, created_at, updated_at) VALUES ('checkup#U1', 'checkup', 'U1', 'R1', 0, 0)");
    const claim = { partitionKey: 'checkup#U1', itemKey: 'reservation', calendarId: 'cal-1', date: '2026-12-01', slotId: 'am', userId: 'U1', units: 2, createdAt: 1 };
    expect(await each.store.transaction(({ calendars }) => calendars.addClaim(claim, 1))).toBe(true);
    await expect(each.store.transaction(({ admin }) => admin.putSlot('cal-1', { date: '2026-12-01', slotId: 'am', start: '09:00', end: '10:00', capacity: 1 }))).rejects.toThrow();
    expect(await each.store.transaction(({ admin }) => admin.addSlotIfMissing('cal-1', { date: '2026-12-01', slotId: 'am', start: '11:00', end: '12:00', capacity: 9 }))).toBe(false);
    expect(await each.store.transaction(({ admin }) => admin.addSlotIfMissing('cal-1', { date: '2026-12-01', slotId: 'pm', start: '13:00', end: '14:00', capacity: 3 }))).toBe(true);
    expect(await each.store.read.admin.slotsOn('cal-1', ['2026-12-01'])).toEqual([
      { date: '2026-12-01', slotId: 'am', start: '09:00', end: '10:00', capacity: 2, claimed: 2 },
      { date: '2026-12-01', slotId: 'pm', start: '13:00', end: '14:00', capacity: 3, claimed: 0 },
    ]);
    expect(await each.store.read.admin.slotsBetween('cal-1', '2026-12-02', '2026-12-31')).toHaveLength(1);
    expect(await each.store.read.admin.claimedDatesFrom('cal-1', '2026-11-01')).toEqual([{ date: '2026-12-01', claimed: 2 }]);
    expect(await each.store.read.admin.claimOf('checkup#U1', 'reservation')).toEqual({ partitionKey: 'checkup#U1', itemKey: 'reservation', calendarId: 'cal-1', date: '2026-12-01', slotId: 'am', userId: 'U1', units: 2 });

    expect(await each.store.read.calendars.isClosedDay('cal-1', '2026-12-02')).toBe(false); // now cached
    expect(await each.store.transaction(({ admin }) => admin.addClosedDay('cal-1', '2026-12-02'))).toBe(true);
    expect(await each.store.transaction(({ admin }) => admin.addClosedDay('cal-1', '2026-12-02'))).toBe(false);
    expect(await each.store.read.calendars.isClosedDay('cal-1', '2026-12-02')).toBe(true);
    expect(await each.store.read.admin.closedDaysOn('cal-1', ['2026-12-01', '2026-12-02'])).toEqual(['2026-12-02']);
    await each.store.transaction(({ admin }) => admin.removeClosedDay('cal-1', '2026-12-02'));
    expect(await each.store.read.calendars.isClosedDay('cal-1', '2026-12-02')).toBe(false);
  });
});
