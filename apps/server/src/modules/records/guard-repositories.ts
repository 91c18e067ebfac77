/** What a submission answered, by the client's Idempotency-Key, so that a retry stores nothing twice. */
export interface IdempotencyRepository {
  find(userId: string, key: string): Promise<{ requestHash: string; response: unknown } | undefined>;
  remember(userId: string, key: string, requestHash: string, response: unknown): Promise<void>;
  /** Forgets keys older than this (a client retries within a minute). */
  forgetOlderThan(ms: number): Promise<void>;
}

/** Failed look-ups per user and Japanese day (for the lockout), and records found by look-up (claimable for a while). */
export interface LookupGuardRepository {
  /** Lets the user claim a record they found by look-up, until `expiresAt`. */
  grant(userId: string, partitionKey: string, expiresAt: number): Promise<void>;
  isGranted(userId: string, partitionKey: string): Promise<boolean>;
  failures(userId: string, day: string): Promise<number>;
  addFailure(userId: string, day: string): Promise<void>;
}
