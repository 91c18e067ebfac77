import type { Migration } from './migration.js';

/** The tables whose rows the configuration cache holds (as migration 12 lists them for SQLite). */
const CONFIGURATION_TABLES = ['survey_configs', 'survey_versions', 'calendar_categories', 'calendars', 'calendar_closed_days', 'calendar_display_settings'];

// PostgreSQL's schema begins here: this migration creates on PostgreSQL what migrations 1 to 12 made
// on SQLite (there was no PostgreSQL database before it), and every later migration carries both.
// The translation, column by column (test/postgres-schema.test.ts compares the two):
// - INTEGER times (milliseconds since the epoch, every *_at column) are BIGINT, read back as
//   numbers (db/postgres.ts); other integers stay INTEGER, flags included (0 or 1, as in SQLite),
//   so that both engines' repositories read the same values;
// - JSON stays TEXT (the repositories parse it themselves on both engines), BLOB is BYTEA;
// - SQLite's rowid keys: the record events' id is an identity column; the audit log's seq is
//   assigned by its writer, as on SQLite, under a lock (see the audit repository); orders, listed
//   by their rowid, have one as an identity column;
// - COLLATE NOCASE on staff login ids is a unique index on lower(login_id);
// - triggers call functions: the audit log refuses UPDATE and DELETE, and a change to the
//   configuration raises configuration_generation, as on SQLite.
// search_fold: what searchFold (modules/records/search-text.ts) does, in SQL, for staff's partial
// searches (test/postgres-search-fold.test.ts compares the two): NFKC, lower case, spaces (what
// JavaScript's \s matches, listed) and hyphens dropped, katakana (U+30A1 to U+30F6) read as
// hiragana (0x60 below).
const KATAKANA = Array.from({ length: 0x30f6 - 0x30a1 + 1 }, (_, i) => String.fromCharCode(0x30a1 + i)).join('');
const HIRAGANA = Array.from({ length: 0x30f6 - 0x30a1 + 1 }, (_, i) => String.fromCharCode(0x30a1 - 0x60 + i)).join('');
const searchFoldFunction = `
      CREATE FUNCTION search_fold(value TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        SELECT translate(regexp_replace(lower(normalize(value, NFKC)), '[\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff‐‑‒–—―−-]', '', 'g'), '${KATAKANA}', '${HIRAGANA}')
      $$;`;

const configurationTriggers = CONFIGURATION_TABLES.map(
  (table) => `
      CREATE TRIGGER ${table}_changes_configuration AFTER INSERT OR UPDATE OR DELETE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION raise_configuration_generation();`,
).join('\n');

export const migration: Migration = {
  version: 13,
  name: 'PostgreSQL baseline',
  sql: '-- Nothing on SQLite: migrations 1 to 12 made this schema there.',
  postgres: `
      CREATE TABLE survey_configs (
        survey_id TEXT PRIMARY KEY,
        config_json TEXT NOT NULL,
        lookup_item_keys_json TEXT NOT NULL DEFAULT '[]',
        searchable INTEGER NOT NULL DEFAULT 0,
        updated_at BIGINT NOT NULL,
        version INTEGER NOT NULL DEFAULT 1,
        state TEXT NOT NULL DEFAULT 'published' CHECK (state IN ('draft', 'published', 'closed'))
      );

      CREATE TABLE survey_records (
        partition_key TEXT PRIMARY KEY,
        survey_id TEXT NOT NULL REFERENCES survey_configs (survey_id),
        user_id TEXT NOT NULL,
        receipt_number TEXT NOT NULL UNIQUE,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        origin TEXT NOT NULL DEFAULT 'web' CHECK (origin IN ('line', 'web', 'staff', 'import')),
        entered_by TEXT,
        version INTEGER NOT NULL DEFAULT 1,
        survey_version INTEGER NOT NULL DEFAULT 1
      );
      CREATE INDEX survey_records_by_survey_user ON survey_records (survey_id, user_id);
      CREATE INDEX survey_records_by_survey_created ON survey_records (survey_id, created_at, partition_key);
      CREATE INDEX survey_records_by_survey_version ON survey_records (survey_id, survey_version);

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
        position INTEGER NOT NULL,
        PRIMARY KEY (partition_key, sort_key)
      );
      CREATE INDEX survey_results_by_survey_partition ON survey_results (survey_id, partition_key);
      CREATE INDEX survey_results_by_survey_user ON survey_results (survey_id, user_id);
      CREATE INDEX survey_results_by_search_key ON survey_results (survey_id, user_search_key);

      CREATE TABLE idempotency_keys (
        user_id TEXT NOT NULL,
        idempotency_key TEXT NOT NULL,
        request_hash TEXT NOT NULL,
        response_json TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, idempotency_key)
      );
      CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);

      CREATE TABLE lookup_grants (
        user_id TEXT NOT NULL,
        partition_key TEXT NOT NULL,
        expires_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, partition_key)
      );

      CREATE TABLE lookup_failures (
        user_id TEXT NOT NULL,
        day TEXT NOT NULL,
        failures INTEGER NOT NULL,
        PRIMARY KEY (user_id, day)
      );

      CREATE TABLE uploaded_files (
        file_id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        name TEXT NOT NULL,
        content_type TEXT NOT NULL,
        size INTEGER NOT NULL,
        data BYTEA NOT NULL,
        created_at BIGINT NOT NULL
      );

      CREATE TABLE calendar_display_settings (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        tag1_label TEXT NOT NULL,
        tag2_label TEXT NOT NULL,
        tag3_label TEXT NOT NULL
      );
      INSERT INTO calendar_display_settings (id, tag1_label, tag2_label, tag3_label) VALUES (1, '大分類', '中分類', '小分類');

      CREATE TABLE calendar_categories (
        category_id TEXT PRIMARY KEY,
        tag1 TEXT NOT NULL CHECK (tag1 <> ''),
        tag2 TEXT NOT NULL DEFAULT '',
        tag3 TEXT NOT NULL DEFAULT '' CHECK (tag3 = '' OR tag2 <> ''),
        position INTEGER NOT NULL,
        UNIQUE (tag1, tag2, tag3)
      );

      CREATE TABLE calendars (
        calendar_id TEXT PRIMARY KEY,
        category_id TEXT NOT NULL UNIQUE REFERENCES calendar_categories (category_id),
        booking_opens_days_ahead INTEGER NOT NULL CHECK (booking_opens_days_ahead >= 0),
        booking_closes_unit TEXT NOT NULL CHECK (booking_closes_unit IN ('days', 'hours')),
        booking_closes_amount INTEGER NOT NULL CHECK (booking_closes_amount >= 0),
        change_closes_unit TEXT NOT NULL CHECK (change_closes_unit IN ('days', 'hours')),
        change_closes_amount INTEGER NOT NULL CHECK (change_closes_amount >= 0),
        max_active_bookings_per_user INTEGER CHECK (max_active_bookings_per_user >= 1),
        updated_at BIGINT NOT NULL,
        booking_stopped INTEGER NOT NULL DEFAULT 0 CHECK (booking_stopped IN (0, 1)),
        closed_weekdays TEXT NOT NULL DEFAULT '[]',
        closed_on_public_holidays INTEGER NOT NULL DEFAULT 0 CHECK (closed_on_public_holidays IN (0, 1))
      );

      CREATE TABLE calendar_slots (
        calendar_id TEXT NOT NULL REFERENCES calendars (calendar_id) ON DELETE CASCADE,
        date TEXT NOT NULL,
        slot_id TEXT NOT NULL,
        start_time TEXT NOT NULL,
        end_time TEXT NOT NULL,
        capacity INTEGER NOT NULL CHECK (capacity >= 0),
        claimed_units INTEGER NOT NULL DEFAULT 0 CHECK (claimed_units >= 0 AND claimed_units <= capacity),
        PRIMARY KEY (calendar_id, date, slot_id)
      );

      CREATE TABLE calendar_closed_days (
        calendar_id TEXT NOT NULL REFERENCES calendars (calendar_id) ON DELETE CASCADE,
        date TEXT NOT NULL,
        PRIMARY KEY (calendar_id, date)
      );

      CREATE TABLE slot_claims (
        partition_key TEXT NOT NULL REFERENCES survey_records (partition_key),
        item_key TEXT NOT NULL,
        calendar_id TEXT NOT NULL,
        date TEXT NOT NULL,
        slot_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        units INTEGER NOT NULL CHECK (units > 0),
        created_at BIGINT NOT NULL,
        hold_expires_at BIGINT,
        PRIMARY KEY (partition_key, item_key),
        FOREIGN KEY (calendar_id, date, slot_id) REFERENCES calendar_slots (calendar_id, date, slot_id)
      );
      CREATE INDEX slot_claims_by_slot ON slot_claims (calendar_id, date, slot_id, units);
      CREATE INDEX slot_claims_by_user ON slot_claims (calendar_id, user_id);
      CREATE INDEX slot_claims_holds ON slot_claims (calendar_id, date, slot_id, hold_expires_at) WHERE hold_expires_at IS NOT NULL;

      CREATE TABLE orders (
        -- SQLite's implicit rowid, which a user's orders are listed by (newest first) when two have
        -- the same created_at: the same statements then list them in the same order on both.
        rowid BIGINT GENERATED ALWAYS AS IDENTITY,
        order_id TEXT PRIMARY KEY,
        partition_key TEXT NOT NULL,
        survey_id TEXT NOT NULL,
        receipt_number TEXT NOT NULL,
        user_id TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'cancelled', 'failed', 'expired', 'refunded')),
        total_yen INTEGER NOT NULL CHECK (total_yen >= 0),
        lines_json TEXT NOT NULL,
        held_claims_json TEXT NOT NULL,
        provider TEXT NOT NULL,
        provider_session_id TEXT,
        payment_url TEXT,
        payment_id TEXT,
        payment_method TEXT,
        paid_at BIGINT,
        refund_id TEXT,
        refunded_at BIGINT,
        hold_expires_at BIGINT NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      );
      CREATE INDEX orders_by_record ON orders (partition_key, status);
      CREATE UNIQUE INDEX orders_by_session ON orders (provider, provider_session_id) WHERE provider_session_id IS NOT NULL;
      CREATE INDEX orders_by_user ON orders (user_id, created_at);

      CREATE TABLE payment_events (
        provider TEXT NOT NULL,
        event_id TEXT NOT NULL,
        session_id TEXT NOT NULL,
        outcome TEXT NOT NULL,
        received_at BIGINT NOT NULL,
        PRIMARY KEY (provider, event_id)
      );

      CREATE TABLE sandbox_sessions (
        session_id TEXT PRIMARY KEY,
        order_id TEXT NOT NULL,
        lines_json TEXT NOT NULL,
        total_yen INTEGER NOT NULL CHECK (total_yen >= 0),
        expires_at BIGINT NOT NULL,
        success_url TEXT NOT NULL,
        cancel_url TEXT NOT NULL,
        error_url TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('open', 'paid', 'cancelled', 'failed')),
        payment_id TEXT,
        payment_method TEXT,
        created_at BIGINT NOT NULL
      );
      CREATE TABLE sandbox_refunds (
        idempotency_key TEXT PRIMARY KEY,
        refund_id TEXT NOT NULL UNIQUE,
        session_id TEXT NOT NULL REFERENCES sandbox_sessions (session_id),
        amount_yen INTEGER NOT NULL CHECK (amount_yen >= 0),
        created_at BIGINT NOT NULL
      );

      CREATE TABLE member_numbers (
        survey_id TEXT NOT NULL,
        sequence INTEGER NOT NULL CHECK (sequence >= 1),
        member_number TEXT NOT NULL,
        partition_key TEXT NOT NULL,
        user_id TEXT NOT NULL,
        issued_at BIGINT NOT NULL,
        withdrawn_at BIGINT,
        PRIMARY KEY (survey_id, sequence),
        UNIQUE (survey_id, member_number)
      );
      CREATE INDEX member_numbers_by_record ON member_numbers (partition_key) WHERE withdrawn_at IS NULL;
      CREATE INDEX member_numbers_by_user ON member_numbers (survey_id, user_id) WHERE withdrawn_at IS NULL;

      CREATE TABLE teams (
        team_id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        created_at BIGINT NOT NULL
      );

      CREATE TABLE survey_teams (
        survey_id TEXT NOT NULL REFERENCES survey_configs (survey_id) ON DELETE CASCADE,
        team_id TEXT NOT NULL REFERENCES teams (team_id),
        PRIMARY KEY (survey_id, team_id)
      );
      CREATE INDEX survey_teams_by_team ON survey_teams (team_id);

      CREATE TABLE staff_members (
        staff_id TEXT PRIMARY KEY,
        login_id TEXT NOT NULL,
        display_name TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('administrator', 'admin', 'member', 'operator', 'guest')),
        password_hash TEXT NOT NULL,
        totp_secret TEXT,
        totp_last_step BIGINT,
        failed_logins INTEGER NOT NULL DEFAULT 0,
        locked_at BIGINT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      );
      -- SQLite's login_id UNIQUE COLLATE NOCASE: one login id whatever its letters' case.
      CREATE UNIQUE INDEX staff_members_by_login_id ON staff_members (lower(login_id));

      CREATE TABLE staff_member_teams (
        staff_id TEXT NOT NULL REFERENCES staff_members (staff_id) ON DELETE CASCADE,
        team_id TEXT NOT NULL REFERENCES teams (team_id),
        PRIMARY KEY (staff_id, team_id)
      );

      CREATE TABLE staff_sessions (
        token_hash TEXT PRIMARY KEY,
        staff_id TEXT NOT NULL REFERENCES staff_members (staff_id) ON DELETE CASCADE,
        stage TEXT NOT NULL CHECK (stage IN ('second_factor', 'signed_in')),
        csrf_token TEXT NOT NULL,
        pending_totp_secret TEXT,
        ip TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        last_seen_at BIGINT NOT NULL
      );
      CREATE INDEX staff_sessions_by_staff ON staff_sessions (staff_id);

      CREATE TABLE record_events (
        event_id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        partition_key TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('status', 'memo')),
        status TEXT,
        text TEXT NOT NULL DEFAULT '',
        staff_id TEXT NOT NULL,
        at BIGINT NOT NULL
      );
      CREATE INDEX record_events_by_record ON record_events (partition_key, event_id);

      CREATE TABLE audit_log (
        seq BIGINT PRIMARY KEY,
        at BIGINT NOT NULL,
        actor TEXT NOT NULL,
        ip TEXT NOT NULL,
        action TEXT NOT NULL,
        target TEXT NOT NULL,
        detail_json TEXT NOT NULL,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL
      );
      CREATE INDEX audit_log_by_target ON audit_log (target, seq);
      CREATE INDEX audit_log_by_actor ON audit_log (actor, seq);
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$;
      CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

      CREATE TABLE staff_column_choices (
        staff_id TEXT NOT NULL REFERENCES staff_members (staff_id) ON DELETE CASCADE,
        survey_id TEXT NOT NULL REFERENCES survey_configs (survey_id) ON DELETE CASCADE,
        item_keys_json TEXT NOT NULL,
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (staff_id, survey_id)
      );

      CREATE TABLE survey_versions (
        survey_id TEXT NOT NULL REFERENCES survey_configs (survey_id) ON DELETE CASCADE,
        version INTEGER NOT NULL CHECK (version >= 1),
        config_json TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        created_by TEXT NOT NULL,
        PRIMARY KEY (survey_id, version)
      );

      CREATE TABLE app_settings (
        key TEXT PRIMARY KEY,
        value_json TEXT NOT NULL,
        updated_at BIGINT NOT NULL
      );

      CREATE TABLE configuration_generation (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        generation BIGINT NOT NULL
      );
      INSERT INTO configuration_generation (id, generation) VALUES (1, 0);
      CREATE FUNCTION raise_configuration_generation() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN UPDATE configuration_generation SET generation = generation + 1 WHERE id = 1; RETURN NULL; END $$;
      ${configurationTriggers}
      ${searchFoldFunction}
    `,
};
