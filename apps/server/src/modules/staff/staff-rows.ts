// A staff member's and a console session's rows and what they are read as, on both engines.
import type { StaffRole } from '../../access/permissions.js';
import type { StaffMember, StaffSessionRow } from './staff-repository.js';

export interface StaffMemberRow {
  staff_id: string;
  login_id: string;
  display_name: string;
  role: string;
  password_hash: string;
  totp_secret: string | null;
  totp_last_step: number | null;
  failed_logins: number;
  locked_at: number | null;
  /** The member's teams, in order (SQLite reads them as JSON text, PostgreSQL as an array). */
  team_ids: string[];
}

export interface StaffSessionTableRow {
  token_hash: string;
  staff_id: string;
  stage: 'second_factor' | 'signed_in';
  csrf_token: string;
  pending_totp_secret: string | null;
  ip: string;
  created_at: number;
  last_seen_at: number;
}

export const toMember = (row: StaffMemberRow): StaffMember => ({
  staffId: row.staff_id,
  loginId: row.login_id,
  displayName: row.display_name,
  role: row.role as StaffRole,
  passwordHash: row.password_hash,
  totpSecret: row.totp_secret,
  totpLastStep: row.totp_last_step,
  failedLogins: row.failed_logins,
  lockedAt: row.locked_at,
  teamIds: row.team_ids,
});

export const toStaffSession = (row: StaffSessionTableRow): StaffSessionRow => ({
  tokenHash: row.token_hash,
  staffId: row.staff_id,
  stage: row.stage,
  csrfToken: row.csrf_token,
  pendingTotpSecret: row.pending_totp_secret,
  ip: row.ip,
  createdAt: row.created_at,
  lastSeenAt: row.last_seen_at,
});
