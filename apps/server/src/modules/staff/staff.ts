// What the staff module's use-cases need, and a staff member as the console sees them.
import type { StaffSession } from '@city/api-client/staff-contract';
import type { Store } from '../../db/store.js';
import type { StaffActor } from '../../access/actor.js';
import { actionsOf } from '../../access/permissions.js';
import type { StaffSecurityConfig } from '../../env.js';
import type { AuditRepository } from '../audit/audit-repository.js';
import type { StaffMember, StaffRepository, StaffSessionRow, Team } from './staff-repository.js';
import type { PasswordHashParameters } from './passwords.js';

export interface StaffRepositories {
  staff: StaffRepository;
  audit: AuditRepository;
}

export interface StaffDeps {
  store: Store<StaffRepositories>;
  security: StaffSecurityConfig;
  now: () => number;
  /**
   * How new accounts' passwords are hashed; default (and in every server process) the production
   * parameters. Tests that make hundreds of accounts set cheaper ones (test/staff-helpers.ts).
   */
  passwordHashing?: PasswordHashParameters;
}

/** Failed sign-ins (passwords and codes) after which an account locks until an administrator unlocks it. */
export const LOCKOUT_AFTER_FAILURES = 10;

export function memberView(member: StaffMember, teams: readonly Team[]): StaffSession['staff'] {
  return {
    staffId: member.staffId,
    loginId: member.loginId,
    displayName: member.displayName,
    role: member.role,
    teams: teams.filter((team) => member.teamIds.includes(team.teamId)),
    totpEnrolled: member.totpSecret !== null,
    locked: member.lockedAt !== null,
  };
}

export function sessionView(deps: StaffDeps, member: StaffMember, session: StaffSessionRow, teams: readonly Team[]): StaffSession {
  const stage = session.stage === 'signed_in' ? 'signed_in' : member.totpSecret === null ? 'totp_enrolment' : 'second_factor';
  return {
    stage,
    staff: memberView(member, teams),
    csrfToken: session.csrfToken,
    actions: stage === 'signed_in' ? actionsOf(member.role) : [],
    idleTimeoutSeconds: Math.round(deps.security.idleTimeoutMs / 1000),
  };
}

export function actorOf(member: StaffMember, ip: string): StaffActor {
  return { kind: 'staff', staffId: member.staffId, loginId: member.loginId, role: member.role, teamIds: member.teamIds, ip };
}
