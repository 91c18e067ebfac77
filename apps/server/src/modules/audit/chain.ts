// The audit log's hash chain. Each entry's hash covers the previous entry's hash and everything the
// entry says, so removing, altering or reordering an entry breaks every link after it: the verify
// command (scripts/verify-audit-log.ts) walks the chain and names the first entry that does not fit.
import { createHash } from 'node:crypto';
import type { AuditEntry } from './audit-repository.js';

/** The "previous hash" of the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** The hash of an entry: SHA-256 over the previous hash and the entry's fields, as stored. */
export function entryHash(prevHash: string, entry: Pick<AuditEntry, 'seq' | 'at' | 'actor' | 'ip' | 'action' | 'target' | 'detailJson'>): string {
  const fields = [entry.seq, entry.at, entry.actor, entry.ip, entry.action, entry.target, entry.detailJson];
  return createHash('sha256').update(prevHash).update('\n').update(JSON.stringify(fields)).digest('hex');
}

export type ChainVerdict =
  | { ok: true; entries: number; lastHash: string }
  | { ok: false; entries: number; seq: number; problem: 'gap' | 'broken_link' | 'altered' };

/**
 * Walks the entries in order: their seq must run 1, 2, 3… without a gap (a removed entry), each
 * must name the previous entry's hash (a removed or reordered one), and each hash must be the
 * hash of what the entry says (an altered one).
 */
export async function verifyChain(entries: AsyncIterable<AuditEntry>): Promise<ChainVerdict> {
  let previousHash = GENESIS_HASH;
  let expectedSeq = 1;
  let count = 0;
  for await (const entry of entries) {
    if (entry.seq !== expectedSeq) return { ok: false, entries: count, seq: expectedSeq, problem: 'gap' };
    if (entry.prevHash !== previousHash) return { ok: false, entries: count, seq: entry.seq, problem: 'broken_link' };
    if (entryHash(entry.prevHash, entry) !== entry.hash) {
      return { ok: false, entries: count, seq: entry.seq, problem: 'altered' };
    }
    previousHash = entry.hash;
    expectedSeq += 1;
    count += 1;
  }
  return { ok: true, entries: count, lastHash: previousHash };
}
