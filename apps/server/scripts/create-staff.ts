// `pnpm --filter @city/server create-staff --login-id <id> --name <name> --role <role> [--team id:name]`:
// makes a staff account (the first administrator, say) in the server's database (DATABASE_PATH).
import { ConfigError, readConfig } from '../src/env.js';
import { runCreateStaffCommand } from '../src/modules/staff/create-staff-command.js';

let config;
try {
  config = readConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}
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
