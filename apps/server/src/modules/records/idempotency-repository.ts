import type { Awaitable } from '../../db/store.js';

/** What a submission answered, by the client's Idempotency-Key, so that a retry stores nothing twice. */
export interface IdempotencyRepository {
  /**
   * What was answered under this key, if anything; otherwise the key is reserved for the calling
   * transaction, which must {@link remember} its answer before it commits. A transaction asking for
   * the same key meanwhile (another server instance, on PostgreSQL) waits until this one ends, then
   * finds its answer (or, after a rollback, reserves the key itself).
   */
  reserve(userId: string, key: string, requestHash: string): Awaitable<{ requestHash: string; response: unknown } | undefined>;
  /** The answer to the request that reserved the key. */
  remember(userId: string, key: string, requestHash: string, response: unknown): Awaitable<void>;
  /** Forgets keys remembered before `time` (ms since the epoch); answers how many. */
  forgetOlderThan(time: number): Awaitable<number>;
}
