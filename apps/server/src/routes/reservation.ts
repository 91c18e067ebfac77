import { endpoints } from '@city/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { assertCaller } from '../auth/authenticate.js';
import { HttpError } from '../errors.js';
import { messages } from '../messages.js';
import { storeSubmission } from '../submissions.js';
import type { RouteOptions } from './shared.js';
import { errorResponses, requireOwnRecord } from './shared.js';

export const reservationRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.addHook('onRequest', deps.authenticate);

  app.post(
    '/reservation/putItem',
    {
      schema: {
        headers: endpoints.putReservation.headers,
        body: endpoints.putReservation.body,
        response: { 200: endpoints.putReservation.response, ...errorResponses },
      },
    },
    async (request) => storeSubmission(deps, request.userId, request.body, request.headers['idempotency-key']),
  );

  app.post(
    '/reservation/cancelItem',
    { schema: { body: endpoints.cancelReservation.body, response: { 200: endpoints.cancelReservation.response, ...errorResponses } } },
    async (request) => {
      const { surveyId, partitionKey, userId } = request.body;
      assertCaller(request, userId);
      requireOwnRecord(deps, surveyId, partitionKey, request.userId);
      deps.results.setCheck(partitionKey, 'キャンセル');
      return { result: 'OK' as const, partitionKey };
    },
  );

  app.delete(
    '/reservation/deleteItem',
    { schema: { body: endpoints.deleteReservation.body, response: { 200: endpoints.deleteReservation.response, ...errorResponses } } },
    async (request) => {
      const { surveyId, partitionKey, userId } = request.body;
      assertCaller(request, userId);
      requireOwnRecord(deps, surveyId, partitionKey, request.userId);
      deps.results.deleteRecord(partitionKey);
      return { result: 'OK' as const, partitionKey };
    },
  );

  app.post(
    '/reservation/putUserId',
    { schema: { body: endpoints.putUserId.body, response: { 200: endpoints.putUserId.response, ...errorResponses } } },
    async (request) => {
      const { surveyId, partitionKey, userId } = request.body;
      assertCaller(request, userId);
      const record = deps.results.record(partitionKey);
      const notFound = new HttpError(404, 'record_not_found', messages.recordNotFound);
      if (record === undefined || record.surveyId !== surveyId) throw notFound;
      if (record.userId === request.userId) return { result: 'OK' as const, partitionKey };
      // Only an unclaimed record the caller just found by look-up can become theirs.
      if (record.userId !== '' || !deps.lookupFailures.isGranted(request.userId, partitionKey)) throw notFound;
      if (!deps.results.claim(partitionKey, request.userId)) throw notFound;
      return { result: 'OK' as const, partitionKey };
    },
  );
};
