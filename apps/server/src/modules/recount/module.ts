// The recount module, wired: the staff route (administrators only, `audit.readAll`: the findings
// name records of every team's surveys), each run audited; the command is scripts/recount.ts.
import { staffEndpoints } from '@city/api-client/staff-contract';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import { requireRole } from '../../access/permissions.js';
import type { Storage } from '../../db/storage.js';
import { repositories } from '../../db/storage.js';
import { contractRoute } from '../../http/contract-route.js';
import { appendAudit } from '../audit/audit.js';
import { auditRepository } from '../audit/repositories.js';
import { recount } from './recount.js';
import { recountRepository } from './repositories.js';

export function createRecountModule(input: { storage: Storage; now: () => number; authenticateStaff: onRequestAsyncHookHandler }): { routes: FastifyPluginAsync[] } {
  const store = input.storage.store(repositories({ recount: recountRepository, audit: auditRepository }));
  const routes: FastifyPluginAsync = async (app) => {
    app.addHook('onRequest', input.authenticateStaff);
    contractRoute(app, staffEndpoints.staffRecount, {}, async (request) => {
      requireRole(request.staff, 'audit.readAll');
      const report = await recount(store);
      await store.transaction(({ audit }) => appendAudit(audit, request.staff, { action: 'recount.read', target: 'recount', detail: { drift: report.drift } }, input.now()));
      return { data: report };
    });
  };
  return { routes: [routes] };
}
