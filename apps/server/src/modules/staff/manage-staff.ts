// Staff accounts: created by an administrator (or, for the first one, the create-staff command),
// unlocked by an administrator. Both are audited.
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../access/actor.js';
import type { StaffRole } from '../../access/permissions.js';
import { requireRole } from '../../access/permissions.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import { appendAudit } from '../audit/audit.js';
import { hashPassword, MIN_PASSWORD_LENGTH } from './passwords.js';
import type { StaffDeps } from './staff.js';
import type { StaffMember } from './staff-repository.js';

export interface NewStaffMember {
  loginId: string;
  displayName: string;
  role: StaffRole;
  teamIds: readonly string[];
  password: string;
  /** Enrolled at creation (the demo accounts); otherwise at the first sign-in, when required. */
  totpSecret?: string;
}

/**
 * Creates an account: 400 for a short password or an unknown team, 409 for a login id in use.
 * `actor` is the administrator creating it (403 for any other role), or the system (the command).
 */
export async function createStaffMember(deps: StaffDeps, actor: Actor, input: NewStaffMember): Promise<StaffMember> {
  requireRole(actor, 'staff.manage');
  if (input.password.length < MIN_PASSWORD_LENGTH) throw new HttpError(400, 'password_too_short', messages.staffPasswordTooShort);
  const passwordHash = await hashPassword(input.password, deps.passwordHashing);
  return deps.store.transaction(async ({ staff, audit }) => {
    const now = deps.now();
    if ((await staff.findByLoginId(input.loginId)) !== undefined) throw new HttpError(409, 'login_id_taken', messages.staffLoginIdTaken);
    const known = new Set((await staff.teams()).map((team) => team.teamId));
    if (input.teamIds.some((teamId) => !known.has(teamId))) throw new HttpError(400, 'unknown_team', messages.staffUnknownTeam);
    const staffId = randomUUID();
    await staff.insert(
      { staffId, loginId: input.loginId, displayName: input.displayName, role: input.role, passwordHash, totpSecret: input.totpSecret ?? null, teamIds: [...input.teamIds] },
      now,
    );
    const detail = { loginId: input.loginId, role: input.role, teamIds: input.teamIds };
    await appendAudit(audit, actor, { action: 'staff.create', target: `staff:${staffId}`, detail }, now);
    const created = await staff.find(staffId);
    if (created === undefined) throw new Error('the staff member just created is missing');
    return created;
  });
}

/** Unlocks a locked account (an administrator's action), clearing its failures. */
export async function unlockStaffMember(deps: StaffDeps, actor: Actor, staffId: string): Promise<void> {
  requireRole(actor, 'staff.manage');
  await deps.store.transaction(async ({ staff, audit }) => {
    const member = await staff.find(staffId);
    if (member === undefined) throw new HttpError(404, 'staff_not_found', messages.staffNotFound);
    const now = deps.now();
    await staff.unlock(staffId, now);
    await appendAudit(audit, actor, { action: 'staff.unlock', target: `staff:${staffId}`, detail: { wasLocked: member.lockedAt !== null } }, now);
  });
}
