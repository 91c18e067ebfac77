import type { Migration } from './migration.js';

export const migration: Migration = {
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
};
