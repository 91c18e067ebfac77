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

/** Appends the entry when the actor is staff (citizens' own changes are their records' history, not the audit log's). */
export async function auditStaff(audit: AuditRepository, actor: Actor, what: AuditedAction, now: number): Promise<AuditEntry | undefined> {
  if (actor.kind !== 'staff') return undefined;
  return audit.append({ at: now, actor: actorName(actor), ip: actor.ip, action: what.action, target: what.target, detail: what.detail ?? {} });
}

/** The audit target naming a record. */
export const recordTarget = (partitionKey: string) => `record:${partitionKey}`;
