import type { SqliteDatabase } from '../db/database.js';

/** Stored answers to submissions, by the client's Idempotency-Key, so a retry stores nothing twice. */
export function createIdempotencyRepository(db: SqliteDatabase) {
  const find = db.prepare<[string, string], { request_hash: string; response_json: string }>(
    'SELECT request_hash, response_json FROM idempotency_keys WHERE user_id = ? AND idempotency_key = ?',
  );
  const insert = db.prepare('INSERT INTO idempotency_keys (user_id, idempotency_key, request_hash, response_json, created_at) VALUES (?, ?, ?, ?, ?)');
  const prune = db.prepare<[number]>('DELETE FROM idempotency_keys WHERE created_at < ?');
  return {
    find(userId: string, key: string): { requestHash: string; response: unknown } | undefined {
      const row = find.get(userId, key);
      return row === undefined ? undefined : { requestHash: row.request_hash, response: JSON.parse(row.response_json) as unknown };
    },
    remember(userId: string, key: string, requestHash: string, response: unknown): void {
      insert.run(userId, key, requestHash, JSON.stringify(response), Date.now());
    },
    /** Keys older than a day are of no use: a client retries within a minute. */
    forgetOlderThan(ms: number): void {
      prune.run(Date.now() - ms);
    },
  };
}

/** Failed look-ups per user and day, for the lockout. */
export function createLookupFailureRepository(db: SqliteDatabase) {
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
    /** Lets the user claim a record they found by look-up, until `expiresAt`. */
    grant(userId: string, partitionKey: string, expiresAt: number): void {
      pruneGrants.run(Date.now());
      grant.run(userId, partitionKey, expiresAt);
    },
    isGranted(userId: string, partitionKey: string): boolean {
      return (granted.get(userId, partitionKey, Date.now())?.n ?? 0) > 0;
    },
    failures(userId: string, day: string): number {
      return get.get(userId, day)?.failures ?? 0;
    },
    addFailure(userId: string, day: string): void {
      add.run(userId, day);
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
export type LookupFailureRepository = ReturnType<typeof createLookupFailureRepository>;
