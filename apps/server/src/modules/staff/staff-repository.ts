import type { StaffRole } from '../../access/permissions.js';

export interface Team {
  teamId: string;
  name: string;
}

/** A staff account as stored (migration 7). */
export interface StaffMember {
  staffId: string;
  loginId: string;
  displayName: string;
  role: StaffRole;
  /** Argon2id, as a PHC string. */
  passwordHash: string;
  /** Base32, once enrolled. */
  totpSecret: string | null;
  /** The last TOTP time step accepted: a code of that step or before is never accepted again. */
  totpLastStep: number | null;
  failedLogins: number;
  lockedAt: number | null;
  teamIds: string[];
}

export interface StaffSessionRow {
  tokenHash: string;
  staffId: string;
  stage: 'second_factor' | 'signed_in';
  csrfToken: string;
  pendingTotpSecret: string | null;
  ip: string;
  createdAt: number;
  lastSeenAt: number;
}

/** Staff accounts, their teams and their console sessions. */
export interface StaffRepository {
  teams(): Promise<Team[]>;
  insertTeam(team: Team, now: number): Promise<void>;
  find(staffId: string): Promise<StaffMember | undefined>;
  findByLoginId(loginId: string): Promise<StaffMember | undefined>;
  list(): Promise<StaffMember[]>;
  insert(member: Omit<StaffMember, 'failedLogins' | 'lockedAt' | 'totpLastStep'>, now: number): Promise<void>;
  /** Counts a failed sign-in; answers the count. */
  addFailedLogin(staffId: string, now: number): Promise<number>;
  resetFailedLogins(staffId: string, now: number): Promise<void>;
  lock(staffId: string, now: number): Promise<void>;
  /** Unlocks and clears the failures (an administrator's action). */
  unlock(staffId: string, now: number): Promise<void>;
  setTotpSecret(staffId: string, secret: string, step: number, now: number): Promise<void>;
  /** Records the accepted step, only if it is after the last one (answers whether it was). */
  acceptTotpStep(staffId: string, step: number, now: number): Promise<boolean>;

  insertSession(session: StaffSessionRow): Promise<void>;
  findSession(tokenHash: string): Promise<StaffSessionRow | undefined>;
  touchSession(tokenHash: string, now: number): Promise<void>;
  signInSession(tokenHash: string, now: number): Promise<void>;
  setPendingTotpSecret(tokenHash: string, secret: string): Promise<void>;
  deleteSession(tokenHash: string): Promise<void>;
  deleteSessionsOf(staffId: string): Promise<void>;
  /** Removes sessions last used before `before` (they can only answer session_expired). */
  deleteIdleSessions(before: number): Promise<void>;
}
