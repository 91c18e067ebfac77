// `pnpm --filter @city/server verify-audit-log`: checks the audit log's hash chain in the server's
// database (DATABASE_PATH); exit code 1 names the first entry removed, moved or altered.
import { openDatabase } from '../src/db/database.js';
import { readConfigOrExit } from '../src/env.js';
import { createSqliteAuditRepository } from '../src/modules/audit/sqlite-audit-repository.js';
import { verifyAuditLog } from '../src/modules/audit/verify-command.js';

const { databasePath } = readConfigOrExit();
const db = openDatabase(databasePath);
try {
  const { code, message } = await verifyAuditLog(createSqliteAuditRepository(db));
  (code === 0 ? console.log : console.error)(message);
  process.exitCode = code;
} finally {
  db.close();
}
