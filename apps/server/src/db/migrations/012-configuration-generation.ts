import type { Migration } from './migration.js';

/** The tables whose rows the configuration cache holds (see db/configuration-cache.ts). */
const CONFIGURATION_TABLES = ['survey_configs', 'survey_versions', 'calendar_categories', 'calendars', 'calendar_closed_days', 'calendar_display_settings'];

const triggers = CONFIGURATION_TABLES.flatMap((table) =>
  ['INSERT', 'UPDATE', 'DELETE'].map(
    (event) => `
      CREATE TRIGGER ${table}_${event.toLowerCase()}_changes_configuration AFTER ${event} ON ${table}
      BEGIN
        UPDATE configuration_generation SET generation = generation + 1 WHERE id = 1;
      END;`,
  ),
).join('\n');

export const migration: Migration = {
  version: 12,
  name: 'configuration generation',
  sql: `
      -- Raised by every change to the configuration servers keep in memory (surveys, categories,
      -- calendars, closed dates, level names), whoever makes it (a server, the import command, an
      -- operator's sqlite3 shell): another process sees its cache is stale by reading this one row.
      -- The process making the change hears of it at once through temporary triggers of its own
      -- connection (db/database.ts, watchConfigurationChanges), which no other connection sees.
      CREATE TABLE configuration_generation (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        generation INTEGER NOT NULL
      ) STRICT;
      INSERT INTO configuration_generation (id, generation) VALUES (1, 0);
      ${triggers}
    `,
};
