// `pnpm --filter @city/server unlock-staff --login-id <id>`: unlocks a locked staff account in the
// server's database (DATABASE_PATH), when no administrator can.
import { runUnlockStaffCommand } from '../src/modules/staff/unlock-staff-command.js';
import { runStaffCommand } from './staff-command.js';

await runStaffCommand(runUnlockStaffCommand);
