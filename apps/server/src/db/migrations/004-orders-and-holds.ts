import type { Migration } from './migration.js';

export const migration: Migration = {
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
};
