// Migration 11 keeps a slot's claimed units beside its capacity (the conditional UPDATE that takes
// capacity reads it): a database from before gets each slot's count from its claims, keeps every
// claim, and from then on refuses deleting a record that still holds one.
import { describe, expect, it } from 'vitest';
import { migrate } from '../src/db/database.js';
import { databaseAtVersion } from './migration-fixtures.js';

describe('migration 11', () => {
  it('counts each slot’s claims (holds too), keeps the claims, and a record holding one can no longer be deleted', () => {
    const db = databaseAtVersion(10);
    db.exec(`
      INSERT INTO calendar_categories (category_id, tag1, position) VALUES ('venue', '会場', 0);
      INSERT INTO calendars (calendar_id, category_id, booking_opens_days_ahead, booking_closes_unit, booking_closes_amount, change_closes_unit, change_closes_amount, updated_at)
        VALUES ('cal', 'venue', 30, 'days', 1, 'days', 1, 0);
      INSERT INTO calendar_slots (calendar_id, date, slot_id, start_time, end_time, capacity) VALUES
        ('cal', '2026-12-01', '1', '09:00', '10:00', 3), ('cal', '2026-12-01', '2', '10:00', '11:00', 2), ('cal', '2026-12-02', '1', '09:00', '10:00', 1);
      INSERT INTO survey_configs (survey_id, config_json, updated_at) VALUES ('s', '{}', 0);
      INSERT INTO survey_records (partition_key, survey_id, user_id, receipt_number, created_at, updated_at) VALUES ('pk1', 's', 'U1', 'R1', 0, 0), ('pk2', 's', 'U2', 'R2', 0, 0);
      INSERT INTO slot_claims (partition_key, item_key, calendar_id, date, slot_id, user_id, units, created_at, hold_expires_at) VALUES
        ('pk1', 'slot', 'cal', '2026-12-01', '1', 'U1', 2, 5, NULL),
        ('pk2', 'slot', 'cal', '2026-12-01', '1', 'U2', 1, 6, 99),
        ('pk2', 'other', 'cal', '2026-12-01', '2', 'U2', 1, 7, NULL);
    `);
    const claimsBefore = db.prepare('SELECT * FROM slot_claims ORDER BY partition_key, item_key').all();

    migrate(db);
    expect(db.prepare('SELECT date, slot_id, capacity, claimed_units FROM calendar_slots ORDER BY date, slot_id').all()).toEqual([
      { date: '2026-12-01', slot_id: '1', capacity: 3, claimed_units: 3 },
      { date: '2026-12-01', slot_id: '2', capacity: 2, claimed_units: 1 },
      { date: '2026-12-02', slot_id: '1', capacity: 1, claimed_units: 0 },
    ]);
    expect(db.prepare('SELECT * FROM slot_claims ORDER BY partition_key, item_key').all()).toEqual(claimsBefore);
    expect(() => db.prepare("DELETE FROM survey_records WHERE partition_key = 'pk1'").run()).toThrow(/FOREIGN KEY/);
    // The database's last word on capacity: no count above it, none below zero.
    expect(() => db.prepare("UPDATE calendar_slots SET claimed_units = 4 WHERE date = '2026-12-01' AND slot_id = '1'").run()).toThrow(/CHECK/);
    expect(() => db.prepare("UPDATE calendar_slots SET capacity = 0 WHERE date = '2026-12-01' AND slot_id = '2'").run()).toThrow(/CHECK/);
    expect(() => db.prepare("UPDATE calendar_slots SET claimed_units = -1 WHERE date = '2026-12-02'").run()).toThrow(/CHECK/);
    db.close();
  });
});
