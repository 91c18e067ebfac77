import { endpoints } from '@city/api-client/contract';
import type { PaymentReturn } from '@city/api-client';
import type { FastifyPluginAsync, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { citizen } from '../../access/actor.js';
import { assertCaller } from '../../auth/authenticate.js';
import { contractRoute } from '../../http/contract-route.js';
import { hashIdempotentBodies, idempotencyOf } from '../../http/idempotency-hash.js';
import { cancelRecord, claimRecord, deleteRecord } from './change-record.js';
import { holdRecord } from './hold-record.js';
import { lookUpRecord } from './look-up-record.js';
import { ownRecord, recordsOfUser, rowsOfUser } from './read-records.js';
import type { RecordsDeps } from './records.js';
import { submitRecord } from './submit-record.js';

export interface RecordsModuleDeps extends RecordsDeps {
  authenticate: onRequestAsyncHookHandler;
  /** Starts paying for a held order: the provider's page, which sends the citizen back as `returnTo` asks. */
  startCheckout: (orderId: string, request: FastifyRequest, returnTo: PaymentReturn | undefined) => Promise<string>;
}

/**
 * A citizen's records: survey-results/* (read, look up) and reservation/* (submit, hold while
 * paying, cancel, delete, claim). Booking a calendar slot is part of submitting (the claim goes with the record); the
 * calendars module answers what can be booked.
 */
export function recordsModule(deps: RecordsModuleDeps): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);
    hashIdempotentBodies(app);

    contractRoute(app, endpoints.querySurveyResults, {}, async (request) => {
      assertCaller(request, request.body.userId);
      return recordsOfUser(deps, request.body.surveyId, request.userId);
    });

    contractRoute(app, endpoints.getSurveyResultsByPartitionKey, {}, async (request) => {
      const { surveyId, partitionKey } = request.query;
      return ownRecord(deps, surveyId, partitionKey, request.userId);
    });

    contractRoute(app, endpoints.getSurveyResultsByUser, {}, async (request) => ({
      result: 'OK' as const,
      data: await rowsOfUser(deps, request.query.surveyId, request.userId),
    }));

    contractRoute(
      app,
      endpoints.filterSurveyResults,
      // Per IP here; per user, the daily lockout of the look-up itself.
      { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
      async (request) => {
        const { queryParams, requestingUserId } = request.body;
        assertCaller(request, requestingUserId);
        return { data: await lookUpRecord(deps, queryParams.surveyId, queryParams.lookup, request.userId) };
      },
    );

    // A submission's answer is a few hundred bytes: never worth compressing.
    contractRoute(app, endpoints.putReservation, { compress: false }, async (request) =>
      submitRecord(deps, request.userId, request.body, idempotencyOf(request)),
    );

    contractRoute(app, endpoints.putTemporaryReservation, { compress: false }, async (request) => ({
      data: await holdRecord(deps, request.userId, request.body, idempotencyOf(request), (orderId) =>
        deps.startCheckout(orderId, request, request.query.returnTo),
      ),
    }));

    contractRoute(app, endpoints.cancelReservation, {}, async (request) => {
      const { surveyId, partitionKey, userId } = request.body;
      assertCaller(request, userId);
      await cancelRecord(deps, citizen(request.userId), surveyId, partitionKey);
      return { result: 'OK' as const, partitionKey };
    });

    contractRoute(app, endpoints.deleteReservation, {}, async (request) => {
      const { surveyId, partitionKey, userId } = request.body;
      assertCaller(request, userId);
      await deleteRecord(deps, surveyId, partitionKey, request.userId);
      return { result: 'OK' as const, partitionKey };
    });

    contractRoute(app, endpoints.putUserId, {}, async (request) => {
      const { surveyId, partitionKey, userId } = request.body;
      assertCaller(request, userId);
      await claimRecord(deps, surveyId, partitionKey, request.userId);
      return { result: 'OK' as const, partitionKey };
    });
  };
}
