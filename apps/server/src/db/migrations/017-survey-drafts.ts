import type { Migration } from './migration.js';

// Drafts (issue 28): the answers a citizen is typing into a survey's form, one per citizen and
// survey, kept until they send it, discard it, or it expires (expires_at). Only the citizen reads
// their draft: no staff route, list or export reads this table.
const drafts = (time: string) => `
      CREATE TABLE survey_drafts (
        user_id TEXT NOT NULL,
        survey_id TEXT NOT NULL,
        answers_json TEXT NOT NULL,
        saved_at ${time} NOT NULL,
        expires_at ${time} NOT NULL,
        PRIMARY KEY (user_id, survey_id)
      )`;

const INDEXES = `
      CREATE INDEX survey_drafts_by_expiry ON survey_drafts (expires_at);`;

export const migration: Migration = {
  version: 17,
  name: 'survey drafts',
  sql: `${drafts('INTEGER')} STRICT;
      ${INDEXES}`,
  postgres: `${drafts('BIGINT')};
      ${INDEXES}`,
};
