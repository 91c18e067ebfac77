import type { AuditEntry } from './audit-repository.js';

/** An audit entry as the console shows it: the actor named. */
export function auditView(entry: AuditEntry, nameOf: (staffId: string) => string) {
  const staffId = entry.actor.startsWith('staff:') ? entry.actor.slice('staff:'.length) : undefined;
  return {
    seq: entry.seq,
    at: entry.at,
    actor: entry.actor,
    actorName: staffId === undefined ? entry.actor : nameOf(staffId),
    ip: entry.ip,
    action: entry.action,
    target: entry.target,
    detail: entry.detail,
  };
}
