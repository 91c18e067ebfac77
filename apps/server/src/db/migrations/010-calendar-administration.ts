import type { Migration } from './migration.js';

export const migration: Migration = {
  version: 10,
  name: 'calendar administration',
  sql: `
      -- 予約停止: staff stop new bookings of a calendar; the bookings made stay.
      ALTER TABLE calendars ADD COLUMN booking_stopped INTEGER NOT NULL DEFAULT 0 CHECK (booking_stopped IN (0, 1));
      -- Days the venue is always closed, beside the dates in calendar_closed_days: weekdays as a JSON
      -- array of 0 (Sunday) to 6 (Saturday), and Japan's public holidays when asked for.
      ALTER TABLE calendars ADD COLUMN closed_weekdays TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE calendars ADD COLUMN closed_on_public_holidays INTEGER NOT NULL DEFAULT 0 CHECK (closed_on_public_holidays IN (0, 1));

      -- Settings staff keep in the console (the receipt issuer's details), one JSON value per key;
      -- a key absent here falls back to the server's environment.
      CREATE TABLE app_settings (
        key TEXT PRIMARY KEY,
        value_json TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
    `,
};
