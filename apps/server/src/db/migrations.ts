// Numbered schema changes, applied in order at start. Never edit a released one: add the next.
export const migrations: { version: number; name: string; sql: string }[] = [
  {
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
  },
  {
    version: 2,
    name: 'uploaded files',
    sql: `
      -- Files citizens uploaded for files items; answers refer to them by URL (/files/<file_id>).
      CREATE TABLE uploaded_files (
        file_id TEXT PRIMARY KEY, -- 32 random hex digits
        user_id TEXT NOT NULL, -- the uploader, the only one who may read it
        name TEXT NOT NULL,
        content_type TEXT NOT NULL,
        size INTEGER NOT NULL,
        data BLOB NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT;
    `,
  },
  {
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
  },
  {
    version: 4,
    name: 'orders and holds',
    sql: `
      -- A claim with hold_expires_at is a hold: it counts against capacity while hold_expires_at > now
      -- (the citizen is paying); NULL is a confirmed booking. The capacity trigger of migration 3
      -- counts every row, lapsed holds too, since it cannot see the application's clock: every path
      -- that inserts a claim first deletes the lapsed holds of that slot in the same transaction,
      -- so the trigger's count is exact when it runs, and no background job is needed.
      ALTER TABLE slot_claims ADD COLUMN hold_expires_at INTEGER;

      -- What a citizen pays for one record: priced on the server from the survey's products.
      CREATE TABLE orders (
        order_id TEXT PRIMARY KEY, -- 32 random hex digits
        partition_key TEXT NOT NULL REFERENCES survey_records (partition_key) ON DELETE CASCADE,
        user_id TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'cancelled', 'failed', 'expired', 'refunded')),
        total_yen INTEGER NOT NULL CHECK (total_yen >= 0),
        lines_json TEXT NOT NULL, -- PricedOrderLine[]: names and prices as charged
        held_claims_json TEXT NOT NULL, -- the slots the order holds, to claim them again if a hold lapsed
        provider TEXT NOT NULL,
        provider_session_id TEXT,
        hold_expires_at INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX orders_by_record ON orders (partition_key, status);
    `,
  },
  {
    version: 5,
    name: 'payments',
    sql: `
      -- Orders are money records: they must outlive the record they paid for. Migration 4 tied them
      -- to survey_records with ON DELETE CASCADE, and an edit replaces a record by deleting and
      -- inserting it again, which would delete its paid order (and with it the receipt and any
      -- refund trail). The table is rebuilt without that foreign key, keeping the survey and
      -- receipt number the order was made for.
      --
      -- What a payment session and its outcome leave on an order: payment_url, the provider's page;
      -- payment_id, what a refund names; refund_id, set once, by the one transaction that marks the
      -- order refunded. The refund itself goes to the provider under the fixed key
      -- 'refund-' || order_id, so however often a late payment is reported the money goes back once.
      CREATE TABLE orders_v5 (
        order_id TEXT PRIMARY KEY, -- 32 random hex digits
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
        paid_at INTEGER,
        refund_id TEXT,
        refunded_at INTEGER,
        hold_expires_at INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      INSERT INTO orders_v5 (order_id, partition_key, survey_id, receipt_number, user_id, status, total_yen, lines_json,
        held_claims_json, provider, provider_session_id, hold_expires_at, created_at, updated_at)
      SELECT o.order_id, o.partition_key, r.survey_id, r.receipt_number, o.user_id, o.status, o.total_yen, o.lines_json,
        o.held_claims_json, o.provider, o.provider_session_id, o.hold_expires_at, o.created_at, o.updated_at
      FROM orders o JOIN survey_records r ON r.partition_key = o.partition_key;
      DROP TABLE orders;
      ALTER TABLE orders_v5 RENAME TO orders;
      CREATE INDEX orders_by_record ON orders (partition_key, status);
      -- Notifications name the provider's session: one order per (provider, session).
      CREATE UNIQUE INDEX orders_by_session ON orders (provider, provider_session_id) WHERE provider_session_id IS NOT NULL;
      CREATE INDEX orders_by_user ON orders (user_id, created_at);

      -- Notifications already handled: providers send an event again (a retry, a replay).
      CREATE TABLE payment_events (
        provider TEXT NOT NULL,
        event_id TEXT NOT NULL,
        session_id TEXT NOT NULL,
        outcome TEXT NOT NULL,
        received_at INTEGER NOT NULL,
        PRIMARY KEY (provider, event_id)
      ) STRICT;

      -- The sandbox provider's sessions and refunds (development and tests only; empty in
      -- production). In SQLite so a session survives a restart of the development server.
      CREATE TABLE sandbox_sessions (
        session_id TEXT PRIMARY KEY,
        order_id TEXT NOT NULL,
        lines_json TEXT NOT NULL,
        total_yen INTEGER NOT NULL CHECK (total_yen >= 0),
        expires_at INTEGER NOT NULL,
        success_url TEXT NOT NULL,
        cancel_url TEXT NOT NULL,
        error_url TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('open', 'paid', 'cancelled', 'failed')),
        payment_id TEXT,
        payment_method TEXT,
        created_at INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE sandbox_refunds (
        idempotency_key TEXT PRIMARY KEY,
        refund_id TEXT NOT NULL UNIQUE,
        session_id TEXT NOT NULL REFERENCES sandbox_sessions (session_id),
        amount_yen INTEGER NOT NULL CHECK (amount_yen >= 0),
        created_at INTEGER NOT NULL
      ) STRICT;
    `,
  },
  {
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
  },
];
