// The maintenance job forgets idempotency keys older than a day and sweeps lapsed holds (their units
// given back to the slot), so that no request pays for either.
import { japanTimeToEpochMs } from '@city/survey-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { SqliteDatabase } from '../src/db/database.js';
import { openDatabase } from '../src/db/database.js';
import type { SqliteConnections } from '../src/db/sqlite-store.js';
import { connectSqlite } from '../src/db/sqlite-store.js';
import { IDEMPOTENCY_KEY_LIFETIME_MS, startMaintenance } from '../src/maintenance.js';
import { CHECKUP_CATEGORIES, insertCalendar, insertCategories } from './calendar-fixtures.js';
import { sqliteStorage } from '../src/db/storage.js';

let dir: string;
let db: SqliteDatabase;
let connections: SqliteConnections;
const NOW = japanTimeToEpochMs('2026-12-01', '10:00');

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'city-maintenance-'));
  db = openDatabase(path.join(dir, 'city.sqlite'));
  connections = connectSqlite(db);
  insertCategories(db, CHECKUP_CATEGORIES);
  insertCalendar(db, { calendarId: 'cal-central', categoryId: 'checkup-central', slots: [{ date: '2026-12-05', slotId: '1', start: '09:00', end: '10:00', capacity: 3 }] });
  db.prepare("INSERT INTO survey_configs (survey_id, config_json, updated_at) VALUES ('s', '{}', 0)").run();
  const record = db.prepare("INSERT INTO survey_records (partition_key, survey_id, user_id, receipt_number, created_at, updated_at) VALUES (?, 's', ?, ?, 0, 0)");
  const claim = db.prepare("INSERT INTO slot_claims (partition_key, item_key, calendar_id, date, slot_id, user_id, units, created_at, hold_expires_at) VALUES (?, 'slot', 'cal-central', '2026-12-05', '1', ?, 1, 0, ?)");
  // A booking, a hold still counting and a hold that lapsed a minute ago: three units claimed.
  for (const [key, user, expires] of [['pk-booked', 'U1', null], ['pk-holding', 'U2', NOW + 60_000], ['pk-lapsed', 'U3', NOW - 60_000]] as const) {
    record.run(key, user, `R-${key}`);
    claim.run(key, user, expires);
  }
  db.prepare("UPDATE calendar_slots SET claimed_units = 3 WHERE calendar_id = 'cal-central'").run();
  const key = db.prepare("INSERT INTO idempotency_keys (user_id, idempotency_key, request_hash, response_json, created_at) VALUES ('U1', ?, 'h', '{}', ?)");
  key.run('old', Date.now() - IDEMPOTENCY_KEY_LIFETIME_MS - 1000);
  key.run('recent', Date.now() - 60_000);
});

afterEach(() => {
  connections.reader.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

it('forgets keys older than a day, sweeps lapsed holds giving their units back, and keeps the rest', async () => {
  const maintenance = startMaintenance(sqliteStorage(connections), () => NOW, (error) => {
    throw error;
  });
  try {
    expect(await maintenance.run()).toEqual({ keysForgotten: 1, holdsSwept: 1 });
    expect(db.prepare('SELECT idempotency_key FROM idempotency_keys').all()).toEqual([{ idempotency_key: 'recent' }]);
    expect(db.prepare('SELECT partition_key FROM slot_claims ORDER BY partition_key').all()).toEqual([{ partition_key: 'pk-booked' }, { partition_key: 'pk-holding' }]);
    expect(db.prepare("SELECT claimed_units FROM calendar_slots WHERE calendar_id = 'cal-central'").get()).toEqual({ claimed_units: 2 });
    // Nothing more to do: a second run changes nothing.
    expect(await maintenance.run()).toEqual({ keysForgotten: 0, holdsSwept: 0 });
  } finally {
    maintenance.stop();
  }
});
