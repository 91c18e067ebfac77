// Orders for staff, wired: the console's routes over the orders, the payment provider and the
// records module's cancel (a paid order is refunded by cancelling its record).
import { staffEndpoints } from '@city/api-client/staff-contract';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type { Storage } from '../../db/storage.js';
import { repositories } from '../../db/storage.js';
import { contractRoute } from '../../http/contract-route.js';
import { auditRepository } from '../audit/repositories.js';
import { orderRepository } from '../orders/repositories.js';
import { recordRepository } from '../records/repositories.js';
import { surveyRepository } from '../surveys/repositories.js';
import type { StaffOrdersDeps } from './staff-orders.js';
import { createStaffOrders } from './staff-orders.js';

export function createStaffOrdersModule(
  input: { storage: Storage; authenticateStaff: onRequestAsyncHookHandler } & Omit<StaffOrdersDeps, 'store'>,
): { routes: FastifyPluginAsync[] } {
  const { storage, authenticateStaff, ...deps } = input;
  const staffOrders = createStaffOrders({
    ...deps,
    store: storage.store(repositories({ orders: orderRepository, surveys: surveyRepository, records: recordRepository, audit: auditRepository })),
  });
  const routes: FastifyPluginAsync = async (app) => {
    app.addHook('onRequest', authenticateStaff);
    contractRoute(app, staffEndpoints.staffOrders, {}, async (request) => ({ data: await staffOrders.list(request.staff, request.query) }));
    contractRoute(app, staffEndpoints.staffRefundOrder, {}, async (request) => ({ data: await staffOrders.refund(request.staff, request.params.orderId, request.body.reason) }));
    contractRoute(app, staffEndpoints.staffReconcileOrders, {}, async (request) => ({ data: await staffOrders.reconcile(request.staff, request.body) }));
    contractRoute(app, staffEndpoints.staffSettleOrder, {}, async (request) => ({ data: await staffOrders.settle(request.staff, request.params.orderId) }));
  };
  return { routes: [routes] };
}
