// The maintenance job forgets idempotency keys older than a day and sweeps lapsed holds (their units
// given back to the slot), so that no request pays for either. On the suite's engine.
import { japanTimeToEpochMs } from '@city/survey-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_LIFETIME_MS, startMaintenance } from '../src/maintenance.js';
import { addCalendar, addCategories, CHECKUP_CATEGORIES } from './calendar-fixtures.js';
import type { TestDatabase } from './engines.js';
import { openTestDatabase } from './engines.js';

let database: TestDatabase;
const NOW = japanTimeToEpochMs('2026-12-01', '10:00');

beforeEach(async () => {
  database = await openTestDatabase();
  const { storage, execute } = database;
  await addCategories(storage, CHECKUP_CATEGORIES);
  await addCalendar(storage, { calendarId: 'cal-central', categoryId: 'checkup-central', slots: [{ date: '2026-12-05', slotId: '1', start: '09:00', end: '10:00', capacity: 3 }] });
  await execute("INSERT INTO survey_configs (survey_id, config_json, updated_at) VALUES ('s', '{}', 0)");
  // A booking, a hold still counting and a hold that lapsed a minute ago: three units claimed.
  for (const [key, user, expires] of [['pk-booked', 'U1', null], ['pk-holding', 'U2', NOW + 60_000], ['pk-lapsed', 'U3', NOW - 60_000]] as const) {
    await execute("INSERT INTO survey_records (partition_key, survey_id, user_id, receipt_number, created_at, updated_at) VALUES (?, 's', ?, ?, 0, 0)", [key, user, `R-${key}`]);
    await execute(
      "INSERT INTO slot_claims (partition_key, item_key, calendar_id, date, slot_id, user_id, units, created_at, hold_expires_at) VALUES (?, 'slot', 'cal-central', '2026-12-05', '1', ?, 1, 0, ?)",
      [key, user, expires],
    );
  }
  await execute("UPDATE calendar_slots SET claimed_units = 3 WHERE calendar_id = 'cal-central'");
  const key = "INSERT INTO idempotency_keys (user_id, idempotency_key, request_hash, response_json, created_at) VALUES ('U1', ?, 'h', '{}', ?)";
  await execute(key, ['old', Date.now() - IDEMPOTENCY_KEY_LIFETIME_MS - 1000]);
  await execute(key, ['recent', Date.now() - 60_000]);
});

afterEach(async () => {
  await database.close();
});

it('forgets keys older than a day, sweeps lapsed holds giving their units back, and keeps the rest', async () => {
  const { storage, execute } = database;
  const maintenance = startMaintenance(storage, () => NOW, (error) => {
    throw error;
  });
  try {
    expect(await maintenance.run()).toEqual({ keysForgotten: 1, holdsSwept: 1, draftsForgotten: 0 });
    expect(await execute('SELECT idempotency_key FROM idempotency_keys')).toEqual([{ idempotency_key: 'recent' }]);
    expect(await execute('SELECT partition_key FROM slot_claims ORDER BY partition_key')).toEqual([{ partition_key: 'pk-booked' }, { partition_key: 'pk-holding' }]);
    expect(await execute("SELECT claimed_units FROM calendar_slots WHERE calendar_id = 'cal-central'")).toEqual([{ claimed_units: 2 }]);
    // Nothing more to do: a second run changes nothing.
    expect(await maintenance.run()).toEqual({ keysForgotten: 0, holdsSwept: 0, draftsForgotten: 0 });
  } finally {
    maintenance.stop();
  }
});
