// `pnpm --filter @city/server recount`: compares every slot, claim, booking answer and paid order of
// the server's database (DATABASE_URL or DATABASE_PATH) with what it must agree with, and prints the
// drift (0 expected). See src/modules/recount.
import { readConfigOrExit } from '../src/env.js';
import { runRecountCommand } from '../src/modules/recount/command.js';

const { databasePath, databaseUrl } = readConfigOrExit();
process.exitCode = await runRecountCommand({
  database: { databasePath, databaseUrl },
  out: (line) => {
    console.log(line);
  },
  err: (line) => {
    console.error(line);
  },
});
