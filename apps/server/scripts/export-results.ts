// `pnpm --filter @city/server export-results --survey <id> [--filter <json>] [--encoding windows-31j|utf-8] [--out <file>]`:
// writes a survey's records to a CSV file from the server's database (DATABASE_URL or
// DATABASE_PATH, as the server reads them), as the console exports them. See the README's "Exporting results".
import { readConfigOrExit } from '../src/env.js';
import { runExportCommand } from '../src/modules/records/export-command.js';

const { databasePath, databaseUrl } = readConfigOrExit();
// pnpm runs the script in this package's folder; a file path is relative to where it was typed.
// eslint-disable-next-line no-restricted-syntax -- pnpm's INIT_CWD is no server setting, so env.ts does not hold it
const cwd = process.env.INIT_CWD ?? process.cwd();
process.exitCode = await runExportCommand(process.argv.slice(2), {
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
