// `pnpm --filter @city/server unlock-staff --login-id <id>`: unlocks a locked
// staff account in the server's database (DATABASE_PATH), when no administrator can.
import { readConfigOrExit } from '../src/env.js';
import { runUnlockStaffCommand } from '../src/modules/staff/unlock-staff-command.js';

const config = readConfigOrExit();
process.exitCode = await runUnlockStaffCommand(process.argv.slice(2), {
  databasePath: config.databasePath,
  security: config.staff,
  out: (line) => {
    console.log(line);
  },
  err: (line) => {
    console.error(line);
  },
});
