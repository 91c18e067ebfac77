/** What one audit entry says: who did what to what, when, from where, and (for writes) what changed. */
export interface AuditEntryInput {
  at: number;
  /** `staff:<id>`, `citizen:<id>`, `system:<job>`, or `login:<login id>` for a failed sign-in. */
  actor: string;
  ip: string;
  /** e.g. `staff.signIn`, `record.view`, `record.changeStatus`. */
  action: string;
  /** What it was done to: `record:<partitionKey>`, `staff:<id>`, `survey:<id>`; '' for none. */
  target: string;
  /** What changed, or what was asked (a filter); `{}` when nothing more is to be said. */
  detail: Record<string, unknown>;
}

/** An entry as stored: its place in the log and its link to the one before. */
export interface AuditEntry extends AuditEntryInput {
  seq: number;
  /** `detail` exactly as stored, which is what the hash covers. */
  detailJson: string;
  prevHash: string;
  hash: string;
}

export interface AuditQuery {
  target?: string | undefined;
  actor?: string | undefined;
  /** Entries whose action starts with this. */
  action?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  /** Entries before this seq (the next page of a newest-first list). */
  beforeSeq?: number | undefined;
  limit: number;
}

/**
 * The audit log (migration 7): entries are only ever appended, inside the transaction of what they
 * record, each hashed with the one before (see chain.ts). The database refuses UPDATE and DELETE.
 */
export interface AuditRepository {
  append(entry: AuditEntryInput): Promise<AuditEntry>;
  /** Entries matching the query, newest first. */
  find(query: AuditQuery): Promise<AuditEntry[]>;
  /** Every entry in order, read as it goes (for verifying the chain of a large log). */
  each(): AsyncIterable<AuditEntry>;
  count(): Promise<number>;
}
