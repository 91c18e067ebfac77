// The audit module, wired: the administrators' searchable log.
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type { Storage } from '../../db/storage.js';
import { auditRepository } from './repositories.js';
import { auditModule } from './routes.js';

export function createAuditModule(input: {
  storage: Storage;
  authenticateStaff: onRequestAsyncHookHandler;
  staffNames: () => Promise<Map<string, string>>;
}): { routes: FastifyPluginAsync[] } {
  const audit = input.storage.store(auditRepository).read;
  return { routes: [auditModule({ authenticateStaff: input.authenticateStaff, audit, staffNames: input.staffNames })] };
}
