// The audit module, wired: the administrators' searchable log.
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type { SqliteConnections } from '../../db/sqlite-store.js';
import { sqliteStore } from '../../db/sqlite-store.js';
import { auditModule } from './routes.js';
import { createSqliteAuditRepository } from './sqlite-audit-repository.js';

export function createAuditModule(input: {
  connections: SqliteConnections;
  authenticateStaff: onRequestAsyncHookHandler;
  staffNames: () => Promise<Map<string, string>>;
}): { routes: FastifyPluginAsync[] } {
  const audit = sqliteStore(input.connections, createSqliteAuditRepository).read;
  return { routes: [auditModule({ authenticateStaff: input.authenticateStaff, audit, staffNames: input.staffNames })] };
}
