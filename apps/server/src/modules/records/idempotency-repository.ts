/** What a submission answered, by the client's Idempotency-Key, so that a retry stores nothing twice. */
export interface IdempotencyRepository {
  find(userId: string, key: string): Promise<{ requestHash: string; response: unknown } | undefined>;
  remember(userId: string, key: string, requestHash: string, response: unknown): Promise<void>;
  /** Forgets keys older than this (a client retries within a minute). */
  forgetOlderThan(ms: number): Promise<void>;
}
