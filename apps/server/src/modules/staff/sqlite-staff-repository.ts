import type { SqliteDatabase } from '../../db/database.js';
import type { StaffRepository } from './staff-repository.js';
import type { StaffMemberRow, StaffSessionTableRow } from './staff-rows.js';
import { toMember, toStaffSession } from './staff-rows.js';

/** A member's row as SQLite reads it: the teams as a JSON array. */
type SqliteMemberRow = Omit<StaffMemberRow, 'team_ids'> & { team_ids: string };
const toSqliteMember = (row: SqliteMemberRow) => toMember({ ...row, team_ids: JSON.parse(row.team_ids) as string[] });

const MEMBER_SELECT = `SELECT m.*, (SELECT json_group_array(team_id) FROM (SELECT team_id FROM staff_member_teams t WHERE t.staff_id = m.staff_id ORDER BY team_id)) AS team_ids
  FROM staff_members m`;

export function createSqliteStaffRepository(db: SqliteDatabase): StaffRepository {
  const teams = db.prepare<[], { team_id: string; name: string }>('SELECT team_id, name FROM teams ORDER BY team_id');
  const insertTeam = db.prepare<[string, string, number]>('INSERT INTO teams (team_id, name, created_at) VALUES (?, ?, ?)');
  const byId = db.prepare<[string], SqliteMemberRow>(`${MEMBER_SELECT} WHERE m.staff_id = ?`);
  const byLogin = db.prepare<[string], SqliteMemberRow>(`${MEMBER_SELECT} WHERE m.login_id = ?`);
  const all = db.prepare<[], SqliteMemberRow>(`${MEMBER_SELECT} ORDER BY m.login_id`);
  const insert = db.prepare(
    `INSERT INTO staff_members (staff_id, login_id, display_name, role, password_hash, totp_secret, created_at, updated_at)
     VALUES (@staffId, @loginId, @displayName, @role, @passwordHash, @totpSecret, @now, @now)`,
  );
  const addTeam = db.prepare<[string, string]>('INSERT INTO staff_member_teams (staff_id, team_id) VALUES (?, ?)');
  const addFailure = db.prepare<[number, string], { failed_logins: number }>(
    'UPDATE staff_members SET failed_logins = failed_logins + 1, updated_at = ? WHERE staff_id = ? RETURNING failed_logins',
  );
  const resetFailures = db.prepare<[number, string]>('UPDATE staff_members SET failed_logins = 0, updated_at = ? WHERE staff_id = ?');
  const lock = db.prepare<[number, number, string]>('UPDATE staff_members SET locked_at = ?, updated_at = ? WHERE staff_id = ?');
  const unlock = db.prepare<[number, string]>('UPDATE staff_members SET locked_at = NULL, failed_logins = 0, updated_at = ? WHERE staff_id = ?');
  const setTotp = db.prepare<[string, number, number, string]>(
    'UPDATE staff_members SET totp_secret = ?, totp_last_step = ?, updated_at = ? WHERE staff_id = ?',
  );
  const acceptStep = db.prepare<[number, number, string, number]>(
    'UPDATE staff_members SET totp_last_step = ?, updated_at = ? WHERE staff_id = ? AND (totp_last_step IS NULL OR totp_last_step < ?)',
  );
  const insertSession = db.prepare(
    `INSERT INTO staff_sessions (token_hash, staff_id, stage, csrf_token, pending_totp_secret, ip, created_at, last_seen_at)
     VALUES (@tokenHash, @staffId, @stage, @csrfToken, @pendingTotpSecret, @ip, @createdAt, @lastSeenAt)`,
  );
  const findSession = db.prepare<[string], StaffSessionTableRow>('SELECT * FROM staff_sessions WHERE token_hash = ?');
  const touch = db.prepare<[number, string]>('UPDATE staff_sessions SET last_seen_at = ? WHERE token_hash = ?');
  const signIn = db.prepare<[number, string]>(
    "UPDATE staff_sessions SET stage = 'signed_in', pending_totp_secret = NULL, last_seen_at = ? WHERE token_hash = ?",
  );
  const setPending = db.prepare<[string, string]>('UPDATE staff_sessions SET pending_totp_secret = ? WHERE token_hash = ?');
  const deleteSession = db.prepare<[string]>('DELETE FROM staff_sessions WHERE token_hash = ?');
  const deleteSessionsOf = db.prepare<[string]>('DELETE FROM staff_sessions WHERE staff_id = ?');
  const deleteIdle = db.prepare<[number]>('DELETE FROM staff_sessions WHERE last_seen_at < ?');

  return {
    async teams() {
      return teams.all().map((row) => ({ teamId: row.team_id, name: row.name }));
    },
    async insertTeam(team, now) {
      insertTeam.run(team.teamId, team.name, now);
    },
    async find(staffId) {
      const row = byId.get(staffId);
      return row === undefined ? undefined : toSqliteMember(row);
    },
    async findByLoginId(loginId) {
      const row = byLogin.get(loginId);
      return row === undefined ? undefined : toSqliteMember(row);
    },
    async list() {
      return all.all().map(toSqliteMember);
    },
    async insert(member, now) {
      insert.run({ ...member, now });
      for (const teamId of new Set(member.teamIds)) addTeam.run(member.staffId, teamId);
    },
    async addFailedLogin(staffId, now) {
      return addFailure.get(now, staffId)?.failed_logins ?? 0;
    },
    async resetFailedLogins(staffId, now) {
      resetFailures.run(now, staffId);
    },
    async lock(staffId, now) {
      lock.run(now, now, staffId);
    },
    async unlock(staffId, now) {
      unlock.run(now, staffId);
    },
    async setTotpSecret(staffId, secret, step, now) {
      setTotp.run(secret, step, now, staffId);
    },
    async acceptTotpStep(staffId, step, now) {
      return acceptStep.run(step, now, staffId, step).changes === 1;
    },
    async insertSession(session) {
      insertSession.run(session);
    },
    async findSession(tokenHash) {
      const row = findSession.get(tokenHash);
      return row === undefined ? undefined : toStaffSession(row);
    },
    async touchSession(tokenHash, now) {
      touch.run(now, tokenHash);
    },
    async signInSession(tokenHash, now) {
      signIn.run(now, tokenHash);
    },
    async setPendingTotpSecret(tokenHash, secret) {
      setPending.run(secret, tokenHash);
    },
    async deleteSession(tokenHash) {
      deleteSession.run(tokenHash);
    },
    async deleteSessionsOf(staffId) {
      deleteSessionsOf.run(staffId);
    },
    async deleteIdleSessions(before) {
      deleteIdle.run(before);
    },
  };
}
