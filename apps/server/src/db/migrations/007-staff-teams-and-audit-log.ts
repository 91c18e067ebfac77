import type { Migration } from './migration.js';

export const migration: Migration = {
  version: 7,
  name: 'staff, teams and the audit log',
  sql: `
      -- Teams own surveys; a staff member sees and acts on the surveys of their teams only.
      CREATE TABLE teams (
        team_id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE survey_teams (
        survey_id TEXT NOT NULL REFERENCES survey_configs (survey_id) ON DELETE CASCADE,
        team_id TEXT NOT NULL REFERENCES teams (team_id),
        PRIMARY KEY (survey_id, team_id)
      ) STRICT;
      CREATE INDEX survey_teams_by_team ON survey_teams (team_id);

      -- City-hall staff (not LINE users). The password is an Argon2id PHC string; the TOTP secret is
      -- set once enrolled, and totp_last_step keeps a code from being accepted twice.
      CREATE TABLE staff_members (
        staff_id TEXT PRIMARY KEY,
        login_id TEXT NOT NULL UNIQUE COLLATE NOCASE,
        display_name TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('administrator', 'admin', 'member', 'operator', 'guest')),
        password_hash TEXT NOT NULL,
        totp_secret TEXT,
        totp_last_step INTEGER,
        failed_logins INTEGER NOT NULL DEFAULT 0,
        locked_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE staff_member_teams (
        staff_id TEXT NOT NULL REFERENCES staff_members (staff_id) ON DELETE CASCADE,
        team_id TEXT NOT NULL REFERENCES teams (team_id),
        PRIMARY KEY (staff_id, team_id)
      ) STRICT;

      -- A signed-in console: the cookie carries a random token, stored here only as its SHA-256.
      -- stage 'second_factor' waits for a TOTP code (or its enrolment); 'signed_in' may act.
      CREATE TABLE staff_sessions (
        token_hash TEXT PRIMARY KEY,
        staff_id TEXT NOT NULL REFERENCES staff_members (staff_id) ON DELETE CASCADE,
        stage TEXT NOT NULL CHECK (stage IN ('second_factor', 'signed_in')),
        csrf_token TEXT NOT NULL,
        -- A secret offered for enrolment, kept until the first code from it is confirmed.
        pending_totp_secret TEXT,
        ip TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        last_seen_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX staff_sessions_by_staff ON staff_sessions (staff_id);

      -- What staff did to a record: its status changes (with a reason) and memos, as entries.
      -- partition_key has no foreign key: the history outlives an edit that replaces the record.
      CREATE TABLE record_events (
        event_id INTEGER PRIMARY KEY,
        partition_key TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('status', 'memo')),
        status TEXT,
        text TEXT NOT NULL DEFAULT '',
        staff_id TEXT NOT NULL,
        at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX record_events_by_record ON record_events (partition_key, event_id);

      -- Where a record came from, who entered it (staff booking on a citizen's behalf), and its
      -- version: every change adds one, so an edit made on a stale copy is refused (409).
      ALTER TABLE survey_records ADD COLUMN origin TEXT NOT NULL DEFAULT 'web' CHECK (origin IN ('line', 'web', 'staff', 'import'));
      ALTER TABLE survey_records ADD COLUMN entered_by TEXT;
      ALTER TABLE survey_records ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
      UPDATE survey_records SET origin = 'import' WHERE user_id = '';
      UPDATE survey_records SET origin = 'line'
        WHERE user_id <> '' AND EXISTS (SELECT 1 FROM survey_results r WHERE r.partition_key = survey_records.partition_key AND r.is_liff_mode = 1);
      CREATE INDEX survey_records_by_survey_created ON survey_records (survey_id, created_at, partition_key);

      -- The audit log: append-only, each entry chained to the one before by its hash (see the
      -- server README, "Audit log"). The database refuses to change or remove an entry.
      CREATE TABLE audit_log (
        seq INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        actor TEXT NOT NULL,
        ip TEXT NOT NULL,
        action TEXT NOT NULL,
        target TEXT NOT NULL,
        detail_json TEXT NOT NULL,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL
      ) STRICT;
      CREATE INDEX audit_log_by_target ON audit_log (target, seq);
      CREATE INDEX audit_log_by_actor ON audit_log (actor, seq);
      CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
        BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
      CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
        BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
    `,
};
