import type { Migration } from './migration.js';

export const migration: Migration = {
  version: 3,
  name: 'calendars and slot claims',
  sql: `
      -- How the calendar screens label the three category levels: one row.
      CREATE TABLE calendar_display_settings (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        tag1_label TEXT NOT NULL,
        tag2_label TEXT NOT NULL,
        tag3_label TEXT NOT NULL
      ) STRICT;
      INSERT INTO calendar_display_settings (id, tag1_label, tag2_label, tag3_label) VALUES (1, '大分類', '中分類', '小分類');

      -- The category tree: a path of up to three names ('' below the deepest level), in display order.
      CREATE TABLE calendar_categories (
        category_id TEXT PRIMARY KEY,
        tag1 TEXT NOT NULL CHECK (tag1 <> ''),
        tag2 TEXT NOT NULL DEFAULT '',
        tag3 TEXT NOT NULL DEFAULT '' CHECK (tag3 = '' OR tag2 <> ''),
        position INTEGER NOT NULL,
        UNIQUE (tag1, tag2, tag3)
      ) STRICT;

      -- A calendar hangs off one category, with its booking rules (see CalendarRules).
      CREATE TABLE calendars (
        calendar_id TEXT PRIMARY KEY,
        category_id TEXT NOT NULL UNIQUE REFERENCES calendar_categories (category_id),
        booking_opens_days_ahead INTEGER NOT NULL CHECK (booking_opens_days_ahead >= 0),
        booking_closes_unit TEXT NOT NULL CHECK (booking_closes_unit IN ('days', 'hours')),
        booking_closes_amount INTEGER NOT NULL CHECK (booking_closes_amount >= 0),
        change_closes_unit TEXT NOT NULL CHECK (change_closes_unit IN ('days', 'hours')),
        change_closes_amount INTEGER NOT NULL CHECK (change_closes_amount >= 0),
        max_active_bookings_per_user INTEGER CHECK (max_active_bookings_per_user >= 1), -- NULL: no limit
        updated_at INTEGER NOT NULL
      ) STRICT;

      -- Slots: a date (Japan time) and the slot's id within it, its times and capacity in units.
      CREATE TABLE calendar_slots (
        calendar_id TEXT NOT NULL REFERENCES calendars (calendar_id) ON DELETE CASCADE,
        date TEXT NOT NULL, -- YYYY-MM-DD
        slot_id TEXT NOT NULL,
        start_time TEXT NOT NULL, -- HH:MM
        end_time TEXT NOT NULL,
        capacity INTEGER NOT NULL CHECK (capacity >= 0),
        PRIMARY KEY (calendar_id, date, slot_id)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE calendar_closed_days (
        calendar_id TEXT NOT NULL REFERENCES calendars (calendar_id) ON DELETE CASCADE,
        date TEXT NOT NULL,
        PRIMARY KEY (calendar_id, date)
      ) STRICT, WITHOUT ROWID;

      -- The units a record's reservation answer takes from a slot. What a slot has left is always
      -- computed from these (capacity minus their sum): there is no stored count to drift. A claim
      -- goes with its record (deleting the record frees it).
      CREATE TABLE slot_claims (
        partition_key TEXT NOT NULL REFERENCES survey_records (partition_key) ON DELETE CASCADE,
        item_key TEXT NOT NULL,
        calendar_id TEXT NOT NULL,
        date TEXT NOT NULL,
        slot_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        units INTEGER NOT NULL CHECK (units > 0),
        created_at INTEGER NOT NULL,
        PRIMARY KEY (partition_key, item_key),
        FOREIGN KEY (calendar_id, date, slot_id) REFERENCES calendar_slots (calendar_id, date, slot_id)
      ) STRICT;
      CREATE INDEX slot_claims_by_slot ON slot_claims (calendar_id, date, slot_id, units);
      CREATE INDEX slot_claims_by_user ON slot_claims (calendar_id, user_id);

      -- The database itself refuses more claims than a slot holds, and a capacity below what is
      -- claimed, whatever the code above it does. Claims are inserted and deleted (a change of slot
      -- deletes the old claim and inserts the new one); only user_id is ever updated (putUserId).
      CREATE TRIGGER slot_claims_within_capacity BEFORE INSERT ON slot_claims
      WHEN NEW.units + (SELECT COALESCE(SUM(units), 0) FROM slot_claims
                        WHERE calendar_id = NEW.calendar_id AND date = NEW.date AND slot_id = NEW.slot_id)
           > (SELECT capacity FROM calendar_slots
              WHERE calendar_id = NEW.calendar_id AND date = NEW.date AND slot_id = NEW.slot_id)
      BEGIN SELECT RAISE(ABORT, 'slot_full'); END;

      CREATE TRIGGER calendar_slots_capacity_above_claims BEFORE UPDATE OF capacity ON calendar_slots
      WHEN NEW.capacity < (SELECT COALESCE(SUM(units), 0) FROM slot_claims
                           WHERE calendar_id = NEW.calendar_id AND date = NEW.date AND slot_id = NEW.slot_id)
      BEGIN SELECT RAISE(ABORT, 'capacity_below_claims'); END;
    `,
};
