/** Failed look-ups per user and Japanese day (for the lockout), and records found by look-up (claimable for a while). */
export interface LookupGuardRepository {
  /** Lets the user claim a record they found by look-up, until `expiresAt`. */
  grant(userId: string, partitionKey: string, expiresAt: number): Promise<void>;
  isGranted(userId: string, partitionKey: string): Promise<boolean>;
  failures(userId: string, day: string): Promise<number>;
  addFailure(userId: string, day: string): Promise<void>;
}
