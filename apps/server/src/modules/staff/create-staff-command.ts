// `pnpm --filter @city/server create-staff`: makes a staff account in the server's database (the
// first administrator, say). The password is generated and printed once; it is never a default.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { STAFF_ROLES } from '@city/api-client/staff-contract';
import type { StaffRole } from '../../access/permissions.js';
import type { StorageLocation } from '../../db/storage.js';
import { openStorage, repositories } from '../../db/storage.js';
import type { StaffSecurityConfig } from '../../env.js';
import { HttpError } from '../../http/errors.js';
import { auditRepository } from '../audit/repositories.js';
import { createStaffMember } from './manage-staff.js';
import { staffRepository } from './repositories.js';

const USAGE = `Usage: create-staff --login-id <id> --name <display name> --role <${STAFF_ROLES.join('|')}> [--team <id>[:<name>]]...
  A team not in the database yet is created with the name given after the colon.`;

export interface CommandIo {
  /** The server's database (DATABASE_URL, else the SQLite file at DATABASE_PATH). */
  database: StorageLocation;
  security: StaffSecurityConfig;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Runs the command; answers its exit code (0 made, 1 refused, 2 wrong usage). */
export async function runCreateStaffCommand(args: readonly string[], io: CommandIo): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: { 'login-id': { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, team: { type: 'string', multiple: true } },
      strict: true,
    }));
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const loginId = values['login-id'];
  const displayName = values.name;
  const role = values.role as StaffRole | undefined;
  if (loginId === undefined || displayName === undefined || role === undefined || !STAFF_ROLES.includes(role)) {
    io.err(USAGE);
    return 2;
  }
  const teams = (values.team ?? []).map((spec) => {
    const [teamId = '', ...name] = spec.split(':');
    return { teamId, name: name.join(':') };
  });
  const storage = await openStorage(io.database);
  try {
    const store = storage.store(repositories({ staff: staffRepository, audit: auditRepository }));
    await store.transaction(async ({ staff }) => {
      const known = new Set((await staff.teams()).map((team) => team.teamId));
      for (const team of teams) if (!known.has(team.teamId) && team.name !== '') await staff.insertTeam(team, Date.now());
    });
    // 16 random bytes as base64url: 22 characters, well above the minimum length.
    const password = randomBytes(16).toString('base64url');
    const member = await createStaffMember({ store, security: io.security, now: Date.now }, { kind: 'system', job: 'create-staff' }, {
      loginId,
      displayName,
      role,
      teamIds: teams.map((team) => team.teamId),
      password,
    });
    io.out(`Created ${member.loginId} (${member.role}, teams: ${member.teamIds.join(', ') || 'none'}).`);
    io.out(`Password (shown once; sign in and keep it safe): ${password}`);
    if (io.security.totpRequiredFor.includes(role)) io.out('A TOTP authenticator is enrolled at the first sign-in (the console shows a QR code).');
    return 0;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    io.err(error.message);
    return 1;
  } finally {
    await storage.close();
  }
}
