import { staffEndpoints } from '@city/api-client/staff-contract';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import { requireRole } from '../../access/permissions.js';
import type { Store } from '../../db/store.js';
import type { ReceiptIssuerConfig } from '../../env.js';
import { contractRoute } from '../../http/contract-route.js';
import type { AuditRepository } from '../audit/audit-repository.js';
import { receiptIssuerOf, saveReceiptIssuer } from './receipt-issuer.js';
import type { SettingsRepository } from './settings-repository.js';

/** The settings administrators keep in the console (`settings.edit`). */
export function staffSettingsModule(deps: {
  authenticateStaff: onRequestAsyncHookHandler;
  store: Store<{ settings: SettingsRepository; audit: AuditRepository }>;
  fallbackIssuer: ReceiptIssuerConfig;
  now: () => number;
}): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', deps.authenticateStaff);
    contractRoute(app, staffEndpoints.staffReceiptIssuer, {}, async (request) => {
      requireRole(request.staff, 'settings.edit');
      return { data: await receiptIssuerOf(deps.store.read.settings, deps.fallbackIssuer) };
    });
    contractRoute(app, staffEndpoints.staffSaveReceiptIssuer, {}, async (request) => {
      await deps.store.transaction((repositories) => saveReceiptIssuer(repositories, request.staff, deps.now(), deps.fallbackIssuer, request.body));
      return { result: 'OK' as const };
    });
  };
}
