import { endpoints, PAYMENT_NOTIFICATIONS_PATH } from '@city/api-client/contract';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import { contractRoute } from '../../http/contract-route.js';
import { HttpError, sendNotFound } from '../../http/errors.js';
import { messages } from '../../messages.js';
import type { Payments } from './payments.js';
import { NotificationRejected } from './provider.js';

/** Notifications are small JSON documents; anything bigger is not from a provider. */
const NOTIFICATION_BODY_LIMIT_BYTES = 64 * 1024;

/** A citizen's orders (getOrder, getOrders, cancelOrder), signed in. */
export function paymentsModule(deps: { authenticate: onRequestAsyncHookHandler; payments: Payments }): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);
    contractRoute(app, endpoints.getOrder, {}, async (request) => ({ data: await deps.payments.getOrder(request.userId, request.query.orderId) }));
    contractRoute(app, endpoints.getOrders, {}, async (request) => ({
      data: await deps.payments.getOrders(request.userId, request.query.partitionKey),
    }));
    contractRoute(app, endpoints.cancelOrder, {}, async (request) => ({ data: await deps.payments.cancelOrder(request.userId, request.body.orderId) }));
  };
}

/**
 * `POST ${PAYMENT_NOTIFICATIONS_PATH}/:provider`: the provider's server tells how a payment went.
 * Not signed in: the provider's signature over the raw body is the proof, so in this plugin every
 * body is kept byte for byte (JSON parsing would lose what was signed). 200 `{ received: true }`
 * for every genuine event (a duplicate or an ignored one too), 400 `invalid_signature` with
 * nothing done, 404 for another provider than the one configured.
 */
export function paymentNotificationsModule(deps: { providerName: string; payments: Payments }): FastifyPluginAsync {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: NOTIFICATION_BODY_LIMIT_BYTES }, (_request, body, done) => {
      done(null, body);
    });
    app.post<{ Params: { provider: string } }>(`${PAYMENT_NOTIFICATIONS_PATH}/:provider`, async (request, reply) => {
      if (request.params.provider !== deps.providerName) return sendNotFound(reply);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      try {
        await deps.payments.handleNotification(body, request.headers);
      } catch (error) {
        if (error instanceof NotificationRejected) throw new HttpError(400, 'invalid_signature', messages.invalidSignature);
        throw error;
      }
      return { received: true };
    });
  };
}
