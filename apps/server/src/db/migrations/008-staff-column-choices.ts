import type { Migration } from './migration.js';

export const migration: Migration = {
  version: 8,
  name: 'staff column choices',
  sql: `
      -- The columns a staff member chose for a survey's results list, kept on the server so that
      -- they follow the person from one city-hall terminal to another.
      CREATE TABLE staff_column_choices (
        staff_id TEXT NOT NULL REFERENCES staff_members (staff_id) ON DELETE CASCADE,
        survey_id TEXT NOT NULL REFERENCES survey_configs (survey_id) ON DELETE CASCADE,
        item_keys_json TEXT NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (staff_id, survey_id)
      ) STRICT;
    `,
};
