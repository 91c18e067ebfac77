import type { PostgresQueryable } from '../../db/postgres.js';
import type { StaffRepository } from './staff-repository.js';
import type { StaffMemberRow, StaffSessionTableRow } from './staff-rows.js';
import { toMember, toStaffSession } from './staff-rows.js';

const MEMBER_SELECT = `SELECT m.staff_id, m.login_id, m.display_name, m.role, m.password_hash, m.totp_secret, m.totp_last_step, m.failed_logins, m.locked_at,
    ARRAY(SELECT team_id FROM staff_member_teams t WHERE t.staff_id = m.staff_id ORDER BY team_id) AS team_ids
  FROM staff_members m`;
const SESSION_COLUMNS = 'token_hash, staff_id, stage, csrf_token, pending_totp_secret, ip, created_at, last_seen_at';

// Login ids are one whatever their letters' case, as SQLite's COLLATE NOCASE has them: compared
// and ordered by lower(login_id), which the unique index staff_members_by_login_id covers.
export function createPostgresStaffRepository(db: PostgresQueryable): StaffRepository {
  const run = async (name: string, text: string, values: unknown[] = []) => db.query({ name, text, values });
  const member = async (name: string, text: string, values: unknown[]) => {
    const row = (await db.query<StaffMemberRow>({ name, text, values })).rows[0];
    return row === undefined ? undefined : toMember(row);
  };
  return {
    async teams() {
      const { rows } = await db.query<{ team_id: string; name: string }>({ name: 'staff.teams', text: 'SELECT team_id, name FROM teams ORDER BY team_id' });
      return rows.map((row) => ({ teamId: row.team_id, name: row.name }));
    },
    async insertTeam(team, now) {
      await run('staff.insertTeam', 'INSERT INTO teams (team_id, name, created_at) VALUES ($1, $2, $3)', [team.teamId, team.name, now]);
    },
    find: (staffId) => member('staff.find', `${MEMBER_SELECT} WHERE m.staff_id = $1`, [staffId]),
    findByLoginId: (loginId) => member('staff.findByLoginId', `${MEMBER_SELECT} WHERE lower(m.login_id) = lower($1)`, [loginId]),
    async list() {
      return (await db.query<StaffMemberRow>({ name: 'staff.list', text: `${MEMBER_SELECT} ORDER BY lower(m.login_id), m.login_id` })).rows.map(toMember);
    },
    async insert(member, now) {
      await run(
        'staff.insert',
        `INSERT INTO staff_members (staff_id, login_id, display_name, role, password_hash, totp_secret, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
        [member.staffId, member.loginId, member.displayName, member.role, member.passwordHash, member.totpSecret, now],
      );
      for (const teamId of new Set(member.teamIds)) await run('staff.addTeam', 'INSERT INTO staff_member_teams (staff_id, team_id) VALUES ($1, $2)', [member.staffId, teamId]);
    },
    async addFailedLogin(staffId, now) {
      const { rows } = await db.query<{ failed_logins: number }>({
        name: 'staff.addFailedLogin',
        text: 'UPDATE staff_members SET failed_logins = failed_logins + 1, updated_at = $1 WHERE staff_id = $2 RETURNING failed_logins',
        values: [now, staffId],
      });
      return rows[0]?.failed_logins ?? 0;
    },
    async resetFailedLogins(staffId, now) {
      await run('staff.resetFailedLogins', 'UPDATE staff_members SET failed_logins = 0, updated_at = $1 WHERE staff_id = $2', [now, staffId]);
    },
    async lock(staffId, now) {
      await run('staff.lock', 'UPDATE staff_members SET locked_at = $1, updated_at = $1 WHERE staff_id = $2', [now, staffId]);
    },
    async unlock(staffId, now) {
      await run('staff.unlock', 'UPDATE staff_members SET locked_at = NULL, failed_logins = 0, updated_at = $1 WHERE staff_id = $2', [now, staffId]);
    },
    async setTotpSecret(staffId, secret, step, now) {
      await run('staff.setTotpSecret', 'UPDATE staff_members SET totp_secret = $1, totp_last_step = $2, updated_at = $3 WHERE staff_id = $4', [secret, step, now, staffId]);
    },
    async acceptTotpStep(staffId, step, now) {
      // One conditional UPDATE: of two sign-ins with the same code at once, the row lock lets one through.
      const { rowCount } = await run(
        'staff.acceptTotpStep',
        'UPDATE staff_members SET totp_last_step = $1, updated_at = $2 WHERE staff_id = $3 AND (totp_last_step IS NULL OR totp_last_step < $1)',
        [step, now, staffId],
      );
      return rowCount === 1;
    },
    async insertSession(session) {
      await run('staff.insertSession', `INSERT INTO staff_sessions (${SESSION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, [
        session.tokenHash,
        session.staffId,
        session.stage,
        session.csrfToken,
        session.pendingTotpSecret,
        session.ip,
        session.createdAt,
        session.lastSeenAt,
      ]);
    },
    async findSession(tokenHash) {
      const row = (await db.query<StaffSessionTableRow>({ name: 'staff.findSession', text: `SELECT ${SESSION_COLUMNS} FROM staff_sessions WHERE token_hash = $1`, values: [tokenHash] })).rows[0];
      return row === undefined ? undefined : toStaffSession(row);
    },
    async touchSession(tokenHash, now) {
      await run('staff.touchSession', 'UPDATE staff_sessions SET last_seen_at = $1 WHERE token_hash = $2', [now, tokenHash]);
    },
    async signInSession(tokenHash, now) {
      await run('staff.signInSession', "UPDATE staff_sessions SET stage = 'signed_in', pending_totp_secret = NULL, last_seen_at = $1 WHERE token_hash = $2", [now, tokenHash]);
    },
    async setPendingTotpSecret(tokenHash, secret) {
      await run('staff.setPendingTotpSecret', 'UPDATE staff_sessions SET pending_totp_secret = $1 WHERE token_hash = $2', [secret, tokenHash]);
    },
    async deleteSession(tokenHash) {
      await run('staff.deleteSession', 'DELETE FROM staff_sessions WHERE token_hash = $1', [tokenHash]);
    },
    async deleteSessionsOf(staffId) {
      await run('staff.deleteSessionsOf', 'DELETE FROM staff_sessions WHERE staff_id = $1', [staffId]);
    },
    async deleteIdleSessions(before) {
      await run('staff.deleteIdleSessions', 'DELETE FROM staff_sessions WHERE last_seen_at < $1', [before]);
    },
  };
}
