// `pnpm --filter @city/server create-staff --login-id <id> --name <name> --role <role> [--team id:name]`:
// makes a staff account (the first administrator, say) in the server's database (DATABASE_PATH).
import { runCreateStaffCommand } from '../src/modules/staff/create-staff-command.js';
import { runStaffCommand } from './staff-command.js';

await runStaffCommand(runCreateStaffCommand);
