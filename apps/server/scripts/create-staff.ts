// `pnpm --filter @city/server create-staff --login-id <id> --name <name> --role <role> [--team id:name]`:
// makes a staff account (the first administrator, say) in the server's database (DATABASE_PATH).
import { readConfigOrExit } from '../src/env.js';
import { runCreateStaffCommand } from '../src/modules/staff/create-staff-command.js';

const config = readConfigOrExit();
process.exitCode = await runCreateStaffCommand(process.argv.slice(2), {
  databasePath: config.databasePath,
  security: config.staff,
  out: (line) => {
    console.log(line);
  },
  err: (line) => {
    console.error(line);
  },
});
