// The staff module, wired: accounts and sessions over the database, the hook that admits signed-in
// staff (other modules' staff routes use it), and the session routes.
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type { SqliteConnections } from '../../db/sqlite-store.js';
import { sqliteStore } from '../../db/sqlite-store.js';
import type { ServerConfig } from '../../env.js';
import { createSqliteAuditRepository } from '../audit/sqlite-audit-repository.js';
import { createAuthenticateStaff } from './authenticate-staff.js';
import { staffModule } from './routes.js';
import type { StaffDeps } from './staff.js';
import { createSqliteStaffRepository } from './sqlite-staff-repository.js';

export function createStaffModule(input: { connections: SqliteConnections; config: ServerConfig; now: () => number }): {
  routes: FastifyPluginAsync[];
  deps: StaffDeps;
  authenticateStaff: onRequestAsyncHookHandler;
  /** Staff members' display names by id (history and audit entries show names). */
  staffNames: () => Promise<Map<string, string>>;
} {
  const deps: StaffDeps = {
    store: sqliteStore(input.connections, (connection) => ({ staff: createSqliteStaffRepository(connection), audit: createSqliteAuditRepository(connection) })),
    security: input.config.staff,
    now: input.now,
  };
  const authenticateStaff = createAuthenticateStaff(deps);
  return {
    routes: [staffModule({ ...deps, authenticateStaff, secureCookies: input.config.nodeEnv === 'production' })],
    deps,
    authenticateStaff,
    staffNames: async () => new Map((await deps.store.read.staff.list()).map((member) => [member.staffId, member.displayName])),
  };
}
