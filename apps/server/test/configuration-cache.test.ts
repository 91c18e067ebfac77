// Surveys, categories, calendars and closed dates are kept in memory: a change made by this process
// is seen at once (even one inside a transaction group, never before it commits), one made by
// another process on the same file within CONFIGURATION_MAX_AGE_MS.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigurationCache, CONFIGURATION_MAX_AGE_MS } from '../src/db/configuration-cache.js';
import type { SqliteDatabase } from '../src/db/database.js';
import { openDatabase } from '../src/db/database.js';
import type { SqliteConnections } from '../src/db/sqlite-store.js';
import { connectSqlite, sqliteStore } from '../src/db/sqlite-store.js';
import { createSqliteCalendarRepository } from '../src/modules/calendars/sqlite-calendar-repository.js';
import { CHECKUP_CATEGORIES, insertCalendar, insertCategories } from './calendar-fixtures.js';

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
