// `pnpm --filter @city/server verify-audit-log`: checks the audit log's hash chain in the server's
// database (DATABASE_PATH); exit code 1 names the first entry removed, moved or altered.
import { openDatabase } from '../src/db/database.js';
import { ConfigError, readConfig } from '../src/env.js';
import { verifyAuditLog } from '../src/modules/audit/verify-command.js';

let databasePath: string;
try {
  databasePath = readConfig().databasePath;
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}
const db = openDatabase(databasePath);
try {
  const { code, message } = verifyAuditLog(db);
  (code === 0 ? console.log : console.error)(message);
  process.exitCode = code;
} finally {
  db.close();
}
