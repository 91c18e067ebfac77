import type { SqliteDatabase } from '../../db/database.js';
import type { IdempotencyRepository } from './idempotency-repository.js';

/** On SQLite, transactions run one at a time: a key found absent stays so until this one commits. */
export function createSqliteIdempotencyRepository(db: SqliteDatabase): IdempotencyRepository {
  const find = db.prepare<[string, string], { request_hash: string; response_json: string }>(
    'SELECT request_hash, response_json FROM idempotency_keys WHERE user_id = ? AND idempotency_key = ?',
  );
  const insert = db.prepare('INSERT INTO idempotency_keys (user_id, idempotency_key, request_hash, response_json, created_at) VALUES (?, ?, ?, ?, ?)');
  const prune = db.prepare<[number]>('DELETE FROM idempotency_keys WHERE created_at < ?');
  return {
    reserve(userId, key) {
      const row = find.get(userId, key);
      return row === undefined ? undefined : { requestHash: row.request_hash, response: JSON.parse(row.response_json) as unknown };
    },
    remember(userId, key, requestHash, response) {
      insert.run(userId, key, requestHash, JSON.stringify(response), Date.now());
    },
    forgetOlderThan(time) {
      return prune.run(time).changes;
    },
  };
}
