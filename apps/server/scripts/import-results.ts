// `pnpm --filter @city/server import-results --survey <id> <file> [--apply]`: imports survey results
// from a CSV file into the server's database (DATABASE_URL or DATABASE_PATH, as the server reads
// them), as the console imports them; a dry run unless told --apply. See the README's "Importing results".
import { readConfigOrExit } from '../src/env.js';
import { runImportCommand } from '../src/modules/records/import-command.js';

const { databasePath, databaseUrl } = readConfigOrExit();
// pnpm runs the script in this package's folder; a file path is relative to where it was typed.
// eslint-disable-next-line no-restricted-syntax -- pnpm's INIT_CWD is no server setting, so env.ts does not hold it
const cwd = process.env.INIT_CWD ?? process.cwd();
process.exitCode = await runImportCommand(process.argv.slice(2), {
  database: { databasePath, databaseUrl },
  cwd,
  now: Date.now,
  out: (line) => {
    console.log(line);
  },
  err: (line) => {
    console.error(line);
  },
});
