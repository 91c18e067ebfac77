import type { Migration } from './migration.js';

// The staff console's orders list (issue 26): a team's orders by survey, newest first, and an
// order found by its 受付番号. Until now orders were read only by record, session or citizen.
const INDEXES = `
      CREATE INDEX orders_by_survey ON orders (survey_id, created_at, order_id);
      CREATE INDEX orders_by_receipt_number ON orders (receipt_number);`;

export const migration: Migration = {
  version: 14,
  name: 'orders for staff',
  sql: INDEXES,
  postgres: INDEXES,
};
