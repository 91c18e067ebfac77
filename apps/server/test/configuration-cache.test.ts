// Surveys, categories, calendars and closed dates are kept in memory: a change made by this process
// is seen at once (even one inside a transaction group, never before it commits), one made by
// another process on the same file within CONFIGURATION_MAX_AGE_MS. Beside them, a calendar's
// availability (the slots citizens reload): a change to a slot in this process is seen at once,
// one by another process within AVAILABILITY_MAX_AGE_MS of the request's clock.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDaysToDate, deadlineBefore, todayInJapan } from '@city/survey-core';
import { AVAILABILITY_MAX_AGE_MS, ConfigurationCache, CONFIGURATION_MAX_AGE_MS } from '../src/db/configuration-cache.js';
import type { SqliteDatabase } from '../src/db/database.js';
import { openDatabase } from '../src/db/database.js';
import type { SqliteConnections } from '../src/db/sqlite-store.js';
import { connectSqlite, sqliteStore } from '../src/db/sqlite-store.js';
import { recentCalendarSlots } from '../src/modules/calendars/calendars.js';
import { createSqliteCalendarRepository } from '../src/modules/calendars/sqlite-calendar-repository.js';
import { CHECKUP_CATEGORIES, daySlots, insertCalendar, insertCategories, insertSlots } from './calendar-fixtures.js';

let dir: string;
let db: SqliteDatabase;
let other: SqliteDatabase;
let connections: SqliteConnections;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'city-configuration-'));
  db = openDatabase(path.join(dir, 'city.sqlite'));
  // Another process on the same file (a second server, the import command).
  other = openDatabase(path.join(dir, 'city.sqlite'));
  connections = connectSqlite(db);
  insertCategories(db, CHECKUP_CATEGORIES);
  insertCalendar(db, { calendarId: 'cal-central', categoryId: 'checkup-central', rules: { maxActiveBookingsPerUser: 2 } });
});

afterEach(() => {
  connections.reader.close();
  db.close();
  other.close();
  rmSync(dir, { recursive: true, force: true });
});

const setLimit = (connection: SqliteDatabase, limit: number) => {
  connection.prepare("UPDATE calendars SET max_active_bookings_per_user = ? WHERE calendar_id = 'cal-central'").run(limit);
};

describe('the configuration cache', () => {
  it('reads a calendar once, then from memory, and sees this process’s change at once', async () => {
    const calendars = sqliteStore(connections, createSqliteCalendarRepository).read;
    const first = await calendars.findCalendar('cal-central');
    expect(first?.rules.maxActiveBookingsPerUser).toBe(2);
    expect(await calendars.findCalendar('cal-central')).toBe(first); // the same object: not read again
    setLimit(db, 3);
    expect((await calendars.findCalendar('cal-central'))?.rules.maxActiveBookingsPerUser).toBe(3);
    db.prepare("INSERT INTO calendar_closed_days (calendar_id, date) VALUES ('cal-central', '2026-12-24')").run();
    expect(await calendars.isClosedDay('cal-central', '2026-12-24')).toBe(true);
  });

  it('keeps nothing read while a change is uncommitted, and nothing of a change rolled back', async () => {
    const store = sqliteStore(connections, createSqliteCalendarRepository);
    await store.read.findCalendar('cal-central');
    let readMeanwhile: number | undefined;
    await expect(
      store.transaction(async (calendars) => {
        setLimit(db, 5);
        // Read inside the transaction: what it changed.
        expect((await calendars.findCalendar('cal-central'))?.rules.maxActiveBookingsPerUser).toBe(5);
        readMeanwhile = (await store.read.findCalendar('cal-central'))?.rules.maxActiveBookingsPerUser;
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(readMeanwhile).toBe(2); // the reader sees committed data only
    expect((await store.read.findCalendar('cal-central'))?.rules.maxActiveBookingsPerUser).toBe(2);
  });

  it('sees another process’s change once its max age has passed, not before', async () => {
    let clock = 0;
    const stored = db.prepare<[], { generation: number }>('SELECT generation FROM configuration_generation WHERE id = 1');
    const cache = new ConfigurationCache(() => stored.get()?.generation ?? 0, CONFIGURATION_MAX_AGE_MS, () => clock);
    const calendars = createSqliteCalendarRepository(db, cache);
    expect((await calendars.findCalendar('cal-central'))?.rules.maxActiveBookingsPerUser).toBe(2);
    // A plain connection (an older server, a sqlite3 shell) writes without any function of ours.
    const plain = new Database(path.join(dir, 'city.sqlite'));
    try {
      setLimit(plain, 4);
    } finally {
      plain.close();
    }
    clock += CONFIGURATION_MAX_AGE_MS - 1;
    expect((await calendars.findCalendar('cal-central'))?.rules.maxActiveBookingsPerUser).toBe(2);
    clock += 1;
    expect((await calendars.findCalendar('cal-central'))?.rules.maxActiveBookingsPerUser).toBe(4);
  });
});

describe('a calendar’s availability', () => {
  const day = addDaysToDate(todayInJapan(), 10);
  const now = Date.now();
  const claim = (connection: SqliteDatabase, slotId: string, units: number) =>
    connection.prepare("UPDATE calendar_slots SET claimed_units = claimed_units + ? WHERE calendar_id = 'cal-central' AND date = ? AND slot_id = ?").run(units, day, slotId);
  type Calendars = ReturnType<typeof createSqliteCalendarRepository>;
  // As the route reloads them (its answer prepared from the slots; here, the slots themselves).
  const reload = (calendars: Calendars, at: number) => recentCalendarSlots(calendars, { calendarId: 'cal-central', from: day, to: day }, at, 'test', (slots) => slots);
  const left = async (calendars: Calendars, at = now) => (await reload(calendars, at)).slots.map((slot) => slot.left);

  beforeEach(() => {
    insertSlots(db, 'cal-central', daySlots(day, 5));
  });

  it('is built once for the reloads of the next moment, and again after a slot changes in this process', async () => {
    const calendars = sqliteStore(connections, createSqliteCalendarRepository).read;
    const first = await reload(calendars, now);
    expect(await reload(calendars, now + 1)).toBe(first); // the same object: not built again
    claim(db, '2', 1);
    expect(await left(calendars, now + 2)).toEqual([5, 4, 5, 5]);
    // A configuration change (the day closed) is seen at once too.
    db.prepare("INSERT INTO calendar_closed_days (calendar_id, date) VALUES ('cal-central', ?)").run(day);
    expect((await reload(calendars, now + 3)).slots.map((slot) => slot.status)).toEqual(['closedDay', 'closedDay', 'closedDay', 'closedDay']);
  });

  it('builds once for reloads that arrive while it is being built', async () => {
    const calendars = sqliteStore(connections, createSqliteCalendarRepository).read;
    const [first, second] = await Promise.all([reload(calendars, now), reload(calendars, now + 1)]);
    expect(second).toBe(first);
    claim(db, '1', 1); // a change meanwhile: built again, for the reloads after it
    const [third, fourth] = await Promise.all([reload(calendars, now + 2), reload(calendars, now + 3)]);
    expect(third).not.toBe(first);
    expect(fourth).toBe(third);
    expect(third.slots.map((slot) => slot.left)).toEqual([4, 5, 5, 5]);
  });

  it('serves what is committed while a booking is not, forgets it once the booking commits, and shows one rolled back as never made', async () => {
    const store = sqliteStore(connections, createSqliteCalendarRepository);
    expect(await left(store.read)).toEqual([5, 5, 5, 5]);
    let readMeanwhile: number[] | undefined;
    await expect(
      store.transaction(async () => {
        claim(db, '1', 2);
        readMeanwhile = await left(store.read); // the reader sees committed data only
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(readMeanwhile).toEqual([5, 5, 5, 5]);
    await store.transaction(async () => {
      claim(db, '1', 1);
      readMeanwhile = await left(store.read);
    });
    expect(readMeanwhile).toEqual([5, 5, 5, 5]);
    // Committed: the next reload shows it, though the one above was read a moment before.
    expect(await left(store.read)).toEqual([4, 5, 5, 5]);
    // And it is kept again for the reloads after it.
    const settled = await reload(store.read, now + 1);
    expect(await reload(store.read, now + 2)).toBe(settled);
  });

  it('changes a slot’s status the millisecond its booking closes, however recently it was built', async () => {
    const calendars = sqliteStore(connections, createSqliteCalendarRepository).read;
    const { rules } = await reload(calendars, now);
    const closes = deadlineBefore(day, '09:00', rules.bookingClosesBefore);
    const statusAt = async (at: number) => (await reload(calendars, at)).slots[0]?.status;
    expect(await statusAt(closes - 1)).toBe('open');
    expect(await statusAt(closes)).toBe('closed');
  });

  it('shows another process’s booking once AVAILABILITY_MAX_AGE_MS has passed by the request’s clock, not before', async () => {
    const calendars = sqliteStore(connections, createSqliteCalendarRepository).read;
    expect(await left(calendars, now)).toEqual([5, 5, 5, 5]);
    claim(other, '3', 5); // another server on the same file
    expect(await left(calendars, now + AVAILABILITY_MAX_AGE_MS - 1)).toEqual([5, 5, 5, 5]);
    expect(await left(calendars, now + AVAILABILITY_MAX_AGE_MS)).toEqual([5, 5, 0, 5]);
    // A clock that goes back (a test's, a corrected one) never gets an answer from its future.
    claim(other, '4', 1);
    expect(await left(calendars, now)).toEqual([5, 5, 0, 4]);
  });
});
