// The staff module, wired: accounts and sessions over the database, the hook that admits signed-in
// staff (other modules' staff routes use it), and the session routes.
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type { Storage } from '../../db/storage.js';
import { repositories } from '../../db/storage.js';
import type { ServerConfig } from '../../env.js';
import { auditRepository } from '../audit/repositories.js';
import { createAuthenticateStaff } from './authenticate-staff.js';
import { staffModule } from './routes.js';
import type { StaffDeps } from './staff.js';
import { staffRepository } from './repositories.js';

export function createStaffModule(input: { storage: Storage; config: ServerConfig; now: () => number }): {
  routes: FastifyPluginAsync[];
  deps: StaffDeps;
  authenticateStaff: onRequestAsyncHookHandler;
  /** Staff members' display names by id (history and audit entries show names). */
  staffNames: () => Promise<Map<string, string>>;
} {
  const deps: StaffDeps = {
    store: input.storage.store(repositories({ staff: staffRepository, audit: auditRepository })),
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
