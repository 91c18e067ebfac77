// `pnpm --filter @city/server verify-audit-log`: walks the audit log's hash chain and says whether
// every entry is there, in order, as written (exit 0), or names the first that is not (exit 1).
import type { AuditRepository } from './audit-repository.js';
import type { ChainVerdict } from './chain.js';
import { verifyChain } from './chain.js';

const PROBLEMS: Record<Exclude<ChainVerdict, { ok: true }>['problem'], string> = {
  gap: 'is missing (an entry was removed)',
  broken_link: 'does not follow the entry before it (an entry was removed or moved)',
  altered: 'was changed after it was written',
};

/** Verifies the database's audit log; answers the exit code and what to print. */
export async function verifyAuditLog(audit: AuditRepository): Promise<{ code: number; message: string; verdict: ChainVerdict }> {
  const verdict = await verifyChain(audit.each());
  if (verdict.ok) return { code: 0, verdict, message: `The audit log is intact: ${verdict.entries} entries, last hash ${verdict.lastHash}.` };
  return { code: 1, verdict, message: `The audit log was tampered with: entry ${verdict.seq} ${PROBLEMS[verdict.problem]}. ${verdict.entries} entries before it verify.` };
}
