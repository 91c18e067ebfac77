import type { SqliteDatabase } from '../../db/database.js';
import type { LookupGuardRepository } from './lookup-guard-repository.js';

// Transactions run one at a time on SQLite: a count read stays true until this one commits.
export function createSqliteLookupGuardRepository(db: SqliteDatabase): LookupGuardRepository {
  const get = db.prepare<[string, string], { failures: number }>('SELECT failures FROM lookup_failures WHERE user_id = ? AND day = ?');
  const add = db.prepare(
    'INSERT INTO lookup_failures (user_id, day, failures) VALUES (?, ?, 1) ON CONFLICT (user_id, day) DO UPDATE SET failures = failures + 1',
  );
  const grant = db.prepare(
    'INSERT INTO lookup_grants (user_id, partition_key, expires_at) VALUES (?, ?, ?) ON CONFLICT (user_id, partition_key) DO UPDATE SET expires_at = excluded.expires_at',
  );
  const pruneGrants = db.prepare<[number]>('DELETE FROM lookup_grants WHERE expires_at <= ?');
  const granted = db.prepare<[string, string, number], { n: number }>(
    'SELECT COUNT(*) AS n FROM lookup_grants WHERE user_id = ? AND partition_key = ? AND expires_at > ?',
  );
  return {
    async grant(userId, partitionKey, expiresAt) {
      pruneGrants.run(Date.now());
      grant.run(userId, partitionKey, expiresAt);
    },
    async isGranted(userId, partitionKey) {
      return (granted.get(userId, partitionKey, Date.now())?.n ?? 0) > 0;
    },
    async failures(userId, day) {
      return get.get(userId, day)?.failures ?? 0;
    },
    async addFailure(userId, day) {
      add.run(userId, day);
    },
  };
}
