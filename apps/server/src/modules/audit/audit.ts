// What use-cases call to audit what staff do: one entry, in the transaction of the change itself,
// so an entry exists exactly when the change does.
import type { Actor } from '../../access/actor.js';
import { actorName } from '../../access/actor.js';
import type { AuditEntry, AuditRepository } from './audit-repository.js';

export interface AuditedAction {
  action: string;
  target: string;
  detail?: Record<string, unknown>;
}

/**
 * Appends the entry for a staff member or a system job. A citizen's own changes are not audited:
 * they are the record's own history, and the audit log is about who at the city hall did what.
 */
export async function appendAudit(audit: AuditRepository, actor: Actor, what: AuditedAction, now: number): Promise<AuditEntry | undefined> {
  if (actor.kind === 'citizen') return undefined;
  const ip = actor.kind === 'staff' ? actor.ip : '';
  return audit.append({ at: now, actor: actorName(actor), ip, action: what.action, target: what.target, detail: what.detail ?? {} });
}

/** The audit target naming a record. */
export const recordTarget = (partitionKey: string) => `record:${partitionKey}`;
