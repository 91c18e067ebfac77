import type { Migration } from './migration.js';

export const migration: Migration = {
  version: 1,
  name: 'surveys and survey results',
  sql: `
      CREATE TABLE survey_configs (
        survey_id TEXT PRIMARY KEY,
        config_json TEXT NOT NULL,
        -- Citizens may look records up in this survey by these items (JSON array of itemKeys).
        lookup_item_keys_json TEXT NOT NULL DEFAULT '[]',
        searchable INTEGER NOT NULL DEFAULT 0,
        updated_at INTEGER NOT NULL
      ) STRICT;

      -- One row per record: who owns it and its receipt number (受付番号).
      CREATE TABLE survey_records (
        partition_key TEXT PRIMARY KEY,
        survey_id TEXT NOT NULL REFERENCES survey_configs (survey_id),
        user_id TEXT NOT NULL, -- '' for a record imported by staff and not yet claimed
        receipt_number TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX survey_records_by_survey_user ON survey_records (survey_id, user_id);

      -- The spec's result rows, keyed as the spec keys them.
      CREATE TABLE survey_results (
        partition_key TEXT NOT NULL REFERENCES survey_records (partition_key) ON DELETE CASCADE,
        sort_key TEXT NOT NULL,
        survey_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        item_key TEXT NOT NULL,
        value TEXT NOT NULL,
        user_search_key TEXT NOT NULL,
        is_liff_mode INTEGER NOT NULL,
        check_status TEXT NOT NULL,
        files_json TEXT,
        position INTEGER NOT NULL, -- row order within the record, as submitted
        PRIMARY KEY (partition_key, sort_key)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX survey_results_by_survey_partition ON survey_results (survey_id, partition_key);
      CREATE INDEX survey_results_by_survey_user ON survey_results (survey_id, user_id);
      CREATE INDEX survey_results_by_search_key ON survey_results (survey_id, user_search_key);

      -- A submission seen before answers with what it answered the first time.
      CREATE TABLE idempotency_keys (
        user_id TEXT NOT NULL,
        idempotency_key TEXT NOT NULL,
        request_hash TEXT NOT NULL,
        response_json TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (user_id, idempotency_key)
      ) STRICT;
      CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);

      -- Records a user found by look-up and may therefore claim (putUserId), for a while.
      CREATE TABLE lookup_grants (
        user_id TEXT NOT NULL,
        partition_key TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        PRIMARY KEY (user_id, partition_key)
      ) STRICT;

      -- Failed look-ups per user per day (Japan time), for the lockout.
      CREATE TABLE lookup_failures (
        user_id TEXT NOT NULL,
        day TEXT NOT NULL,
        failures INTEGER NOT NULL,
        PRIMARY KEY (user_id, day)
      ) STRICT;
    `,
};
