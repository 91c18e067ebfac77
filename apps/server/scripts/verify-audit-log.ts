// `pnpm --filter @city/server verify-audit-log`: checks the audit log's hash chain in the server's
// database (DATABASE_URL, else DATABASE_PATH); exit code 1 names the first entry removed, moved or altered.
import { openStorage } from '../src/db/storage.js';
import { readConfigOrExit } from '../src/env.js';
import { auditRepository } from '../src/modules/audit/repositories.js';
import { verifyAuditLog } from '../src/modules/audit/verify-command.js';

const storage = await openStorage(readConfigOrExit());
try {
  const { code, message } = await verifyAuditLog(storage.store(auditRepository).read);
  (code === 0 ? console.log : console.error)(message);
  process.exitCode = code;
} finally {
  await storage.close();
}
