// The settings module, wired: the settings administrators keep in the console.
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type { SqliteConnections } from '../../db/sqlite-store.js';
import { sqliteStore } from '../../db/sqlite-store.js';
import type { ReceiptIssuerConfig } from '../../env.js';
import { createSqliteAuditRepository } from '../audit/sqlite-audit-repository.js';
import { staffSettingsModule } from './routes.js';
import { createSqliteSettingsRepository } from './sqlite-settings-repository.js';

export function createSettingsModule(input: {
  connections: SqliteConnections;
  now: () => number;
  authenticateStaff: onRequestAsyncHookHandler;
  fallbackIssuer: ReceiptIssuerConfig;
}): { routes: FastifyPluginAsync[] } {
  const store = sqliteStore(input.connections, (connection) => ({ settings: createSqliteSettingsRepository(connection), audit: createSqliteAuditRepository(connection) }));
  return { routes: [staffSettingsModule({ ...input, store })] };
}
