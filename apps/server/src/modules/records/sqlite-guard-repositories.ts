import type { SqliteDatabase } from '../../db/database.js';
import type { IdempotencyRepository, LookupGuardRepository } from './guard-repositories.js';

export function createSqliteIdempotencyRepository(db: SqliteDatabase): IdempotencyRepository {
  const find = db.prepare<[string, string], { request_hash: string; response_json: string }>(
    'SELECT request_hash, response_json FROM idempotency_keys WHERE user_id = ? AND idempotency_key = ?',
  );
  const insert = db.prepare('INSERT INTO idempotency_keys (user_id, idempotency_key, request_hash, response_json, created_at) VALUES (?, ?, ?, ?, ?)');
  const prune = db.prepare<[number]>('DELETE FROM idempotency_keys WHERE created_at < ?');
  return {
    async find(userId, key) {
      const row = find.get(userId, key);
      return row === undefined ? undefined : { requestHash: row.request_hash, response: JSON.parse(row.response_json) as unknown };
    },
    async remember(userId, key, requestHash, response) {
      insert.run(userId, key, requestHash, JSON.stringify(response), Date.now());
    },
    async forgetOlderThan(ms) {
      prune.run(Date.now() - ms);
    },
  };
}

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
