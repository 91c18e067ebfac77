// `pnpm --filter @city/server unlock-staff --login-id <id>`: unlocks an account from the server's
// machine. Administrators unlock each other in the console; this is for when every administrator
// is locked out (ten wrong passwords against a known login id are enough to lock one).
import { parseArgs } from 'node:util';
import { openStorage, repositories } from '../../db/storage.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import { auditRepository } from '../audit/repositories.js';
import type { CommandIo } from './create-staff-command.js';
import { unlockStaffMember } from './manage-staff.js';
import { staffRepository } from './repositories.js';

const USAGE = 'Usage: unlock-staff --login-id <id>';

/** Runs the command; answers its exit code (0 unlocked, 1 no such account, 2 wrong usage). */
export async function runUnlockStaffCommand(args: readonly string[], io: CommandIo): Promise<number> {
  let loginId: string | undefined;
  try {
    loginId = parseArgs({ args: [...args], options: { 'login-id': { type: 'string' } }, strict: true }).values['login-id'];
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (loginId === undefined) {
    io.err(USAGE);
    return 2;
  }
  const storage = await openStorage(io.database);
  try {
    const store = storage.store(repositories({ staff: staffRepository, audit: auditRepository }));
    const member = await store.read.staff.findByLoginId(loginId);
    if (member === undefined) throw new HttpError(404, 'staff_not_found', messages.staffNotFound);
    await unlockStaffMember({ store, security: io.security, now: Date.now }, { kind: 'system', job: 'unlock-staff' }, member.staffId);
    io.out(member.lockedAt === null ? `${member.loginId} was not locked; its failed sign-ins are cleared.` : `Unlocked ${member.loginId}.`);
    return 0;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    io.err(error.message);
    return 1;
  } finally {
    await storage.close();
  }
}
