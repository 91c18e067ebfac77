import { staffEndpoints } from '@city/api-client/staff-contract';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import { requireRole } from '../../access/permissions.js';
import { contractRoute } from '../../http/contract-route.js';
import type { AuditRepository } from './audit-repository.js';
import { auditView } from './audit-view.js';

export interface AuditModuleDeps {
  authenticateStaff: onRequestAsyncHookHandler;
  audit: AuditRepository;
  /** Staff members' display names by id, to name each entry's actor. */
  staffNames: () => Promise<Map<string, string>>;
}

/** The whole audit log, searchable, for administrators (a record's own entries are on its page). */
export function auditModule(deps: AuditModuleDeps): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', deps.authenticateStaff);
    contractRoute(app, staffEndpoints.staffAudit, {}, async (request) => {
      requireRole(request.staff, 'audit.readAll');
      const { target, actor, action, before, limit } = request.query;
      const entries = await deps.audit.find({ target, actor, action, beforeSeq: before, limit: limit ?? 100 });
      const names = await deps.staffNames();
      return { data: entries.map((entry) => auditView(entry, (staffId) => names.get(staffId) ?? staffId)) };
    });
  };
}
