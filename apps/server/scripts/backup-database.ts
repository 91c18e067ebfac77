// `pnpm --filter @city/server backup-database <file>`: see the server README, "Backups and restore". The
// database is the server's (DATABASE_URL, else DATABASE_PATH).
import { runBackupCommand } from '../src/backup.js';
import { readConfigOrExit } from '../src/env.js';

const { databasePath, databaseUrl } = readConfigOrExit();
// pnpm runs the script in this package's folder; a file path is relative to where it was typed.
// eslint-disable-next-line no-restricted-syntax -- pnpm's INIT_CWD is no server setting, so env.ts does not hold it
const cwd = process.env.INIT_CWD ?? process.cwd();
process.exitCode = await runBackupCommand('backup', process.argv.slice(2), { databasePath, databaseUrl }, {
  cwd,
  out: (line) => {
    console.log(line);
  },
  err: (line) => {
    console.error(line);
  },
});
