import type { Migration } from './migration.js';

export const migration: Migration = {
  version: 9,
  name: 'survey versions and states',
  sql: `
      -- A survey's current version (what citizens answer now) and its state: a draft is seen by
      -- staff only, a published survey takes answers, a closed one keeps its records but takes no
      -- new answers. Surveys made before the editor were all published.
      ALTER TABLE survey_configs ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE survey_configs ADD COLUMN state TEXT NOT NULL DEFAULT 'published' CHECK (state IN ('draft', 'published', 'closed'));

      -- Every version a survey has been answered on, kept: a record is read with the items of the
      -- version it was answered on. A version with no answers yet is edited in place.
      CREATE TABLE survey_versions (
        survey_id TEXT NOT NULL REFERENCES survey_configs (survey_id) ON DELETE CASCADE,
        version INTEGER NOT NULL CHECK (version >= 1),
        config_json TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        -- Who saved it, as the audit log names actors (staff:<id>, system:<job>).
        created_by TEXT NOT NULL,
        PRIMARY KEY (survey_id, version)
      ) STRICT;
      INSERT INTO survey_versions (survey_id, version, config_json, created_at, created_by)
        SELECT survey_id, 1, config_json, updated_at, 'system:migration' FROM survey_configs;

      -- The survey version each record was answered on (its last submission's).
      ALTER TABLE survey_records ADD COLUMN survey_version INTEGER NOT NULL DEFAULT 1;
      CREATE INDEX survey_records_by_survey_version ON survey_records (survey_id, survey_version);
    `,
};
