/** What a submission answered, by the client's Idempotency-Key, so that a retry stores nothing twice. */
export interface IdempotencyRepository {
  find(userId: string, key: string): Promise<{ requestHash: string; response: unknown } | undefined>;
  remember(userId: string, key: string, requestHash: string, response: unknown): Promise<void>;
  /** Forgets keys remembered before `time` (ms since the epoch); answers how many. */
  forgetOlderThan(time: number): Promise<number>;
}
