// The settings module, wired: the settings administrators keep in the console.
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type { Storage } from '../../db/storage.js';
import { repositories } from '../../db/storage.js';
import type { ReceiptIssuerConfig } from '../../env.js';
import { auditRepository } from '../audit/repositories.js';
import { staffSettingsModule } from './routes.js';
import { settingsRepository } from './repositories.js';

export function createSettingsModule(input: {
  storage: Storage;
  now: () => number;
  authenticateStaff: onRequestAsyncHookHandler;
  fallbackIssuer: ReceiptIssuerConfig;
}): { routes: FastifyPluginAsync[] } {
  const store = input.storage.store(repositories({ settings: settingsRepository, audit: auditRepository }));
  return { routes: [staffSettingsModule({ ...input, store })] };
}
