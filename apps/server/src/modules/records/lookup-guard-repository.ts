/** Failed look-ups per user and Japanese day (for the lockout), and records found by look-up (claimable for a while). */
export interface LookupGuardRepository {
  /** Lets the user claim a record they found by look-up, until `expiresAt`. */
  grant(userId: string, partitionKey: string, expiresAt: number): Promise<void>;
  isGranted(userId: string, partitionKey: string): Promise<boolean>;
  /**
   * The user's failed look-ups that day. The user's look-ups are then the calling transaction's
   * until it ends: another one by the same user meanwhile (another server instance, on PostgreSQL)
   * waits, and then counts this one's failure; so no burst of look-ups gets past the lockout.
   */
  failures(userId: string, day: string): Promise<number>;
  addFailure(userId: string, day: string): Promise<void>;
}
