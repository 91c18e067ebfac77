// `pnpm --filter @city/server import-calendar <file> [--calendar <id> --category <id>]`: imports a
// category tree or slot file of the earlier platform into the server's database (DATABASE_URL or
// DATABASE_PATH, as the server reads them). See the README's "Importing calendars".
import { readConfigOrExit } from '../src/env.js';
import { runImportCommand } from '../src/modules/calendars/import/cli.js';

const { databasePath, databaseUrl } = readConfigOrExit();
// pnpm runs the script in this package's folder; a file path is relative to where it was typed.
// eslint-disable-next-line no-restricted-syntax -- pnpm's INIT_CWD is no server setting, so env.ts does not hold it
const cwd = process.env.INIT_CWD ?? process.cwd();
process.exitCode = await runImportCommand(process.argv.slice(2), {
  database: { databasePath, databaseUrl },
  cwd,
  out: (line) => {
    console.log(line);
  },
  err: (line) => {
    console.error(line);
  },
});
