// Who a use-case acts for. Use-cases take an Actor instead of a citizen's user id, so the same
// cancel, read or booking serves the citizen's route and the staff console's, and the check of
// what the caller may do sits in one place (records/record-access.ts, permissions.ts).
import type { StaffRole } from '@city/api-client/staff-contract';

/** A signed-in LINE user, acting on their own records. */
export interface CitizenActor {
  kind: 'citizen';
  userId: string;
}

/** A signed-in staff member: what they may do is their role's (permissions.ts), where is their teams'. */
export interface StaffActor {
  kind: 'staff';
  staffId: string;
  loginId: string;
  role: StaffRole;
  teamIds: readonly string[];
  /** The address they call from, for the audit log. */
  ip: string;
}

/** The server itself (a scheduled job, a provider's notification): no person behind it. */
export interface SystemActor {
  kind: 'system';
  job: string;
}

export type Actor = CitizenActor | StaffActor | SystemActor;

export const citizen = (userId: string): CitizenActor => ({ kind: 'citizen', userId });

/** How the actor is named in the audit log and in a record's history. */
export function actorName(actor: Actor): string {
  if (actor.kind === 'citizen') return `citizen:${actor.userId}`;
  if (actor.kind === 'staff') return `staff:${actor.staffId}`;
  return `system:${actor.job}`;
}
