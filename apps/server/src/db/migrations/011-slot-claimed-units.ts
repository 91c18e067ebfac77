import type { Migration } from './migration.js';

export const migration: Migration = {
  version: 11,
  name: 'slot claimed units',
  sql: `
      -- What a slot's claims hold, kept beside its capacity, so that a claim is taken by one
      -- conditional UPDATE (claimed_units + units <= capacity) on SQLite and PostgreSQL alike: the
      -- UPDATE locks the row and checks the condition on its current value. It counts every claim
      -- row of the slot, holds that lapsed too until they are swept (a claim that finds the slot
      -- full sweeps that slot's, the maintenance job the rest). The CHECK is the database's last
      -- word: no code path can store more than the capacity, nor less than nothing.
      ALTER TABLE calendar_slots ADD COLUMN claimed_units INTEGER NOT NULL DEFAULT 0 CHECK (claimed_units >= 0 AND claimed_units <= capacity);
      UPDATE calendar_slots SET claimed_units = (
        SELECT COALESCE(SUM(c.units), 0) FROM slot_claims c
        WHERE c.calendar_id = calendar_slots.calendar_id AND c.date = calendar_slots.date AND c.slot_id = calendar_slots.slot_id);
      DROP TRIGGER slot_claims_within_capacity;
      DROP TRIGGER calendar_slots_capacity_above_claims;

      -- Claims no longer go with their record by ON DELETE CASCADE: a claim deleted behind the
      -- code's back would leave claimed_units too high. Deleting a record that still holds a claim
      -- now fails (the foreign key), so a forgotten release is an error, never a drifting count.
      CREATE TABLE slot_claims_011 (
        partition_key TEXT NOT NULL REFERENCES survey_records (partition_key),
        item_key TEXT NOT NULL,
        calendar_id TEXT NOT NULL,
        date TEXT NOT NULL,
        slot_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        units INTEGER NOT NULL CHECK (units > 0),
        created_at INTEGER NOT NULL,
        hold_expires_at INTEGER,
        PRIMARY KEY (partition_key, item_key),
        FOREIGN KEY (calendar_id, date, slot_id) REFERENCES calendar_slots (calendar_id, date, slot_id)
      ) STRICT;
      INSERT INTO slot_claims_011 (partition_key, item_key, calendar_id, date, slot_id, user_id, units, created_at, hold_expires_at)
        SELECT partition_key, item_key, calendar_id, date, slot_id, user_id, units, created_at, hold_expires_at FROM slot_claims;
      DROP TABLE slot_claims;
      ALTER TABLE slot_claims_011 RENAME TO slot_claims;
      CREATE INDEX slot_claims_by_slot ON slot_claims (calendar_id, date, slot_id, units);
      CREATE INDEX slot_claims_by_user ON slot_claims (calendar_id, user_id);
      -- Holds only: what a slot has left adds back its lapsed holds, and sweeps find them.
      CREATE INDEX slot_claims_holds ON slot_claims (calendar_id, date, slot_id, hold_expires_at) WHERE hold_expires_at IS NOT NULL;
    `,
};
