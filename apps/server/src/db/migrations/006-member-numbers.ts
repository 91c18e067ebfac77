import type { Migration } from './migration.js';

export const migration: Migration = {
  version: 6,
  name: 'member numbers',
  sql: `
      -- Every member number ever issued, per member survey. Rows are never deleted: a withdrawal
      -- sets withdrawn_at, so the next number is always above every one issued before (retired ones
      -- included) and a number never comes back. partition_key is the registration's record (no
      -- foreign key: the record goes on withdrawal, the number stays). user_id is '' for a paper
      -- card staff imported and nobody claimed yet.
      CREATE TABLE member_numbers (
        survey_id TEXT NOT NULL,
        sequence INTEGER NOT NULL CHECK (sequence >= 1),
        member_number TEXT NOT NULL,
        partition_key TEXT NOT NULL,
        user_id TEXT NOT NULL,
        issued_at INTEGER NOT NULL,
        withdrawn_at INTEGER,
        PRIMARY KEY (survey_id, sequence),
        UNIQUE (survey_id, member_number)
      ) STRICT;
      CREATE INDEX member_numbers_by_record ON member_numbers (partition_key) WHERE withdrawn_at IS NULL;
      CREATE INDEX member_numbers_by_user ON member_numbers (survey_id, user_id) WHERE withdrawn_at IS NULL;
    `,
};
