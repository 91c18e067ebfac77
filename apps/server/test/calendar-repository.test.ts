// Capacity on either engine: a slot is never given more units than it holds, whatever number of
// bookings arrive at once on however many connections (several server instances on one
// PostgreSQL); lapsed holds give their units back; configuration is served from the cache.
import { beforeEach, describe, expect, it } from 'vitest';
import type { SlotClaim } from '../src/modules/calendars/calendar-repository.js';
import { createPostgresCalendarRepository } from '../src/modules/calendars/postgres-calendar-repository.js';
import { createSqliteCalendarRepository } from '../src/modules/calendars/sqlite-calendar-repository.js';
import { ENGINES, useTestDatabase } from './engines.js';

const calendarRepositories = { sqlite: createSqliteCalendarRepository, postgres: createPostgresCalendarRepository };
const DATE = '2026-12-01';

const claimOf = (n: number, slotId: string, holdExpiresAt?: number): SlotClaim => ({
  partitionKey: `checkup#U${String(n)}`,
  itemKey: 'reservation',
  calendarId: 'cal-1',
  date: DATE,
  slotId,
  userId: `U${String(n)}`,
  units: 1,
  createdAt: 1000 + n,
  ...(holdExpiresAt === undefined ? {} : { holdExpiresAt }),
});

describe.each(ENGINES)('calendars on %s', (engine) => {
  const each = useTestDatabase(engine, calendarRepositories);
  /** Records 0 to count-1 of the check-up survey, for claims to belong to. */
  const addRecords = async (count: number) => {
    for (let n = 0; n < count; n++) {
      await each.database.execute('INSERT INTO survey_records (partition_key, survey_id, user_id, receipt_number, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0)', [`checkup#U${String(n)}`, 'checkup', `U${String(n)}`, `R${String(n)}`]);
    }
  };
  const claimed = async (slotId: string) => (await each.database.execute('SELECT claimed_units FROM calendar_slots WHERE slot_id = ?', [slotId]))[0]?.claimed_units;

  beforeEach(async () => {
    await each.database.execute("INSERT INTO survey_configs (survey_id, config_json, updated_at) VALUES ('checkup', '{}', 0)");
    await each.database.execute("INSERT INTO calendar_categories (category_id, tag1, tag2, position) VALUES ('cat-1', '健診', '集団健診', 1)");
    await each.database.execute(
      "INSERT INTO calendars (calendar_id, category_id, booking_opens_days_ahead, booking_closes_unit, booking_closes_amount, change_closes_unit, change_closes_amount, updated_at) VALUES ('cal-1', 'cat-1', 30, 'days', 1, 'days', 1, 0)",
    );
    await each.database.execute(`INSERT INTO calendar_slots (calendar_id, date, slot_id, start_time, end_time, capacity) VALUES ('cal-1', '${DATE}', 'am', '09:00', '10:00', 10)`);
    await each.database.execute(`INSERT INTO calendar_slots (calendar_id, date, slot_id, start_time, end_time, capacity) VALUES ('cal-1', '${DATE}', 'pm', '13:00', '14:00', 1)`);
  });

  it('gives a capacity-10 slot to exactly 10 of 1,000 bookings sent at once', async () => {
    await addRecords(1000);
    const booked = await Promise.all(Array.from({ length: 1000 }, (_, n) => each.store.transaction((calendars) => calendars.addClaim(claimOf(n, 'am'), 5000))));
    expect(booked.filter(Boolean)).toHaveLength(10);
    expect(await claimed('am')).toBe(10);
    expect(await each.database.execute("SELECT COUNT(*) AS n FROM slot_claims WHERE slot_id = 'am'")).toEqual([{ n: 10 }]);
    expect((await each.store.read.findSlot('cal-1', DATE, 'am', 5000))?.left).toBe(0);
  });

  it('moves one booking into a slot of 1 when 10 move there at once', async () => {
    await addRecords(10);
    for (let n = 0; n < 10; n++) await each.store.transaction((calendars) => calendars.addClaim(claimOf(n, 'am'), 5000));
    const moved = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        each.store.transaction(async (calendars) => {
          const before = claimOf(n, 'am');
          await calendars.giveBackUnits(before);
          if (await calendars.moveClaim(before, claimOf(n, 'pm'), 5000)) return true;
          throw new Error('slot_full'); // the use-case rolls the given-back units back with it
        }).catch(() => false),
      ),
    );
    expect(moved.filter(Boolean)).toHaveLength(1);
    expect([await claimed('am'), await claimed('pm')]).toEqual([9, 1]);
  });

  it("takes a lapsed hold's units for a new booking, and sweeps the rest", async () => {
    await addRecords(12);
    for (let n = 0; n < 9; n++) await each.store.transaction((calendars) => calendars.addClaim(claimOf(n, 'am'), 5000));
    expect(await each.store.transaction((calendars) => calendars.addClaim(claimOf(9, 'am', 6000), 5000))).toBe(true); // a hold until 6000
    expect(await each.store.transaction((calendars) => calendars.addClaim(claimOf(10, 'am'), 5500))).toBe(false); // the hold still counts
    expect((await each.store.read.findSlot('cal-1', DATE, 'am', 6000))?.left).toBe(1); // lapsed by 6000: shown free
    expect(await each.store.transaction((calendars) => calendars.addClaim(claimOf(10, 'am'), 6000))).toBe(true); // swept, and taken
    expect(await each.store.read.claimsOfRecord('checkup#U9')).toEqual([]);
    expect(await each.store.transaction((calendars) => calendars.addClaim(claimOf(11, 'pm', 7000), 6000))).toBe(true);
    expect(await each.store.transaction((calendars) => calendars.sweepLapsedHolds(7000))).toBe(1);
    expect(await claimed('pm')).toBe(0);
  });

  it('reads categories, calendars and closed days, and frees every claim of a record', async () => {
    await addRecords(1);
    await each.database.execute(`INSERT INTO calendar_closed_days (calendar_id, date) VALUES ('cal-1', '${DATE}')`);
    expect(await each.store.read.categories()).toEqual([{ categoryId: 'cat-1', tag1: '健診', tag2: '集団健診', calendarId: 'cal-1' }]);
    expect(await each.store.read.findCalendar('cal-1')).toMatchObject({ calendarId: 'cal-1', categoryId: 'cat-1', closures: { weekdays: [], publicHolidays: false } });
    expect(await each.store.read.isClosedDay('cal-1', DATE)).toBe(true);
    expect(await each.store.read.closedDays('cal-1', '2026-11-01', '2026-12-31')).toEqual([DATE]);
    expect((await each.store.read.displaySettings()).categoryLabels).toEqual({ tag1: '大分類', tag2: '中分類', tag3: '小分類' });
    expect((await each.store.read.slots('cal-1', DATE, DATE, 0)).map((slot) => [slot.slotId, slot.left])).toEqual([
      ['am', 10],
      ['pm', 1],
    ]);
    await each.store.transaction((calendars) => calendars.addClaim(claimOf(0, 'am', 9000), 5000));
    await each.store.transaction((calendars) => calendars.confirmClaim('checkup#U0', 'reservation'));
    expect(await each.store.read.claimsOfUser('cal-1', 'U0')).toEqual([{ ...claimOf(0, 'am'), start: '09:00', end: '10:00' }]);
    await each.store.transaction((calendars) => calendars.releaseClaimsOfRecord('checkup#U0'));
    expect(await claimed('am')).toBe(0);
  });
});
