// The recount module, wired: the staff route (administrators and admins, `calendars.edit`); the
// command is scripts/recount.ts.
import { staffEndpoints } from '@city/api-client/staff-contract';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import { requireRole } from '../../access/permissions.js';
import type { Storage } from '../../db/storage.js';
import { contractRoute } from '../../http/contract-route.js';
import { recount } from './recount.js';
import { recountRepository } from './repositories.js';

export function createRecountModule(input: { storage: Storage; authenticateStaff: onRequestAsyncHookHandler }): { routes: FastifyPluginAsync[] } {
  const store = input.storage.store(recountRepository);
  const routes: FastifyPluginAsync = async (app) => {
    app.addHook('onRequest', input.authenticateStaff);
    contractRoute(app, staffEndpoints.staffRecount, {}, async (request) => {
      requireRole(request.staff, 'calendars.edit');
      return { data: await recount(store) };
    });
  };
  return { routes: [routes] };
}
