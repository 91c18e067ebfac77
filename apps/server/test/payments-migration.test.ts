// Migration 5 rebuilds `orders` (no cascade from survey_records): orders made under migration 4 keep
// every field, gain their survey and 受付番号, and outlive their record from then on.
import { describe, expect, it } from 'vitest';
import { migrate } from '../src/db/database.js';
import { databaseAtVersion } from './migration-fixtures.js';

describe('migration 5', () => {
  it('keeps the orders of migration 4, with their record’s survey and receipt number', () => {
    const db = databaseAtVersion(4);
    db.prepare("INSERT INTO survey_configs (survey_id, config_json, updated_at) VALUES ('checkup-paid', '{}', 1)").run();
    db.prepare("INSERT INTO survey_records (partition_key, survey_id, user_id, receipt_number, created_at, updated_at) VALUES ('pk1', 'checkup-paid', 'U1', 'R0001', 1, 1)").run();
    db.prepare(
      `INSERT INTO orders (order_id, partition_key, user_id, status, total_yen, lines_json, held_claims_json, provider, provider_session_id, hold_expires_at, created_at, updated_at)
       VALUES ('o1', 'pk1', 'U1', 'pending', 1500, '[]', '[]', 'none', NULL, 99, 1, 1)`,
    ).run();

    migrate(db);
    expect(db.prepare('SELECT * FROM orders').all()).toEqual([
      {
        order_id: 'o1', partition_key: 'pk1', survey_id: 'checkup-paid', receipt_number: 'R0001', user_id: 'U1', status: 'pending', total_yen: 1500,
        lines_json: '[]', held_claims_json: '[]', provider: 'none', provider_session_id: null, payment_url: null, payment_id: null,
        payment_method: null, paid_at: null, refund_id: null, refunded_at: null, hold_expires_at: 99, created_at: 1, updated_at: 1,
      },
    ]);
    db.prepare("DELETE FROM survey_records WHERE partition_key = 'pk1'").run();
    expect(db.prepare('SELECT COUNT(*) AS n FROM orders').get()).toEqual({ n: 1 });
    db.close();
  });
});
