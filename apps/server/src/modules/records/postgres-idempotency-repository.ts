import type { PostgresQueryable } from '../../db/postgres.js';
import type { IdempotencyRepository } from './idempotency-repository.js';

/**
 * On PostgreSQL, transactions run side by side: a key is reserved by inserting its row at once,
 * with no answer yet. The row is the transaction's until it ends; another inserting the same key
 * waits on the primary key meanwhile, then finds the committed row (ON CONFLICT DO NOTHING) and
 * reads its answer.
 */
export function createPostgresIdempotencyRepository(db: PostgresQueryable): IdempotencyRepository {
  return {
    async reserve(userId, key, requestHash) {
      const reserved = await db.query({
        name: 'idempotency.reserve',
        text: "INSERT INTO idempotency_keys (user_id, idempotency_key, request_hash, response_json, created_at) VALUES ($1, $2, $3, '', $4) ON CONFLICT DO NOTHING",
        values: [userId, key, requestHash, Date.now()],
      });
      if (reserved.rowCount === 1) return undefined;
      const { rows } = await db.query<{ request_hash: string; response_json: string }>({
        name: 'idempotency.find',
        text: 'SELECT request_hash, response_json FROM idempotency_keys WHERE user_id = $1 AND idempotency_key = $2',
        values: [userId, key],
      });
      const row = rows[0];
      if (row === undefined) throw new Error(`The idempotency key ${key} was neither new nor found`);
      return { requestHash: row.request_hash, response: JSON.parse(row.response_json) as unknown };
    },
    async remember(userId, key, requestHash, response) {
      await db.query({
        name: 'idempotency.remember',
        text: 'UPDATE idempotency_keys SET request_hash = $3, response_json = $4, created_at = $5 WHERE user_id = $1 AND idempotency_key = $2',
        values: [userId, key, requestHash, JSON.stringify(response), Date.now()],
      });
    },
    async forgetOlderThan(time) {
      const { rowCount } = await db.query({ name: 'idempotency.forget', text: 'DELETE FROM idempotency_keys WHERE created_at < $1', values: [time] });
      return rowCount ?? 0;
    },
  };
}
