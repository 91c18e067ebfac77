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
import type { SlotClaimWithTimes } from '../calendars/calendar-repository.js';
import type { CitizenAction, RecordsDeps } from './records.js';
import { submitRecord } from './submit-record.js';

/**
 * LINE messages confirming a citizen's action in the mini-app (the LINE module): the record's
 * slots before a cancellation releases them, and the message after the action.
 */
export interface CitizenActionMessages {
  slotsOf: (partitionKey: string) => Promise<SlotClaimWithTimes[]>;
  afterCitizenAction: (action: CitizenAction) => Promise<void>;
}

/** The mini-app sends its LIFF access token with an action (service messages are issued from it). */
const LIFF_ACCESS_TOKEN_HEADER = 'x-line-access-token';
const liffAccessTokenOf = (request: FastifyRequest): string | undefined => {
  const value = request.headers[LIFF_ACCESS_TOKEN_HEADER];
  return typeof value === 'string' && value !== '' && value.length <= 512 ? value : undefined;
};

export interface RecordsModuleDeps extends RecordsDeps {
  authenticate: onRequestAsyncHookHandler;
  /** Absent when LINE messages are off. */
  lineMessages: CitizenActionMessages | undefined;
  /** A booking was cancelled, deleted or moved: waitlists are worked in the background. */
  unitsFreed: () => void;
  logError: (error: unknown, message: string) => void;
  /** Starts paying for a held order: the provider's page, which sends the citizen back as `returnTo` asks. */
  startCheckout: (orderId: string, request: FastifyRequest, returnTo: PaymentReturn | undefined) => Promise<string>;
}

/**
 * A citizen's records: survey-results/* (read, look up) and reservation/* (submit, hold while
 * paying, cancel, delete, claim). Booking a calendar slot is part of submitting (the claim goes with the record); the
 * calendars module answers what can be booked.
 */
export function recordsModule(deps: RecordsModuleDeps): FastifyPluginAsync {
  /**
   * The confirmation of an action made in the mini-app, if LINE messages are on and the app sent
   * its LIFF access token. The action is done whatever happens here: a failure is only logged.
   */
  const confirmInLine = async (request: FastifyRequest, action: Omit<CitizenAction, 'liffAccessToken' | 'userId'>) => {
    const liffAccessToken = liffAccessTokenOf(request);
    if (deps.lineMessages === undefined || liffAccessToken === undefined) return;
    try {
      await deps.lineMessages.afterCitizenAction({ ...action, userId: request.userId, liffAccessToken });
    } catch (error) {
      deps.logError(error, 'The LINE message confirming a citizen\'s action could not be queued');
    }
  };
  /** The record's slots before a cancellation releases them (only when a confirmation may follow). */
  const slotsBefore = async (request: FastifyRequest, partitionKey: string) =>
    deps.lineMessages === undefined || liffAccessTokenOf(request) === undefined ? undefined : await deps.lineMessages.slotsOf(partitionKey);

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
    contractRoute(app, endpoints.putReservation, { compress: false }, async (request) => {
      const result = await submitRecord(deps, request.userId, request.body, idempotencyOf(request));
      const surveyId = request.body.data[0]?.surveyId;
      if (surveyId !== undefined) {
        await confirmInLine(request, { kind: request.body.oldPartitionKey === undefined ? 'booked' : 'changed', surveyId, partitionKey: result.partitionKey });
      }
      // A change may have left a slot (the timer works the queues of edits in place too).
      if (request.body.oldPartitionKey !== undefined) deps.unitsFreed();
      return result;
    });

    contractRoute(app, endpoints.putTemporaryReservation, { compress: false }, async (request) => {
      const hold = await holdRecord(deps, request.userId, request.body, idempotencyOf(request), (orderId) => deps.startCheckout(orderId, request, request.query.returnTo));
      const surveyId = request.body.data[0]?.surveyId;
      if (surveyId !== undefined) {
        await confirmInLine(request, { kind: request.body.oldPartitionKey === undefined ? 'booked' : 'changed', surveyId, partitionKey: hold.partitionKey, awaitingPayment: { orderId: hold.holdId, total: hold.total } });
      }
      return { data: hold };
    });

    contractRoute(app, endpoints.cancelReservation, {}, async (request) => {
      const { surveyId, partitionKey, userId } = request.body;
      assertCaller(request, userId);
      const slots = await slotsBefore(request, partitionKey);
      await cancelRecord(deps, citizen(request.userId), surveyId, partitionKey);
      deps.unitsFreed();
      await confirmInLine(request, { kind: 'cancelled', surveyId, partitionKey, ...(slots === undefined ? {} : { slotsBefore: slots }) });
      return { result: 'OK' as const, partitionKey };
    });

    contractRoute(app, endpoints.deleteReservation, {}, async (request) => {
      const { surveyId, partitionKey, userId } = request.body;
      assertCaller(request, userId);
      const slots = await slotsBefore(request, partitionKey);
      await deleteRecord(deps, surveyId, partitionKey, request.userId);
      deps.unitsFreed();
      if (slots !== undefined && slots.length > 0) await confirmInLine(request, { kind: 'cancelled', surveyId, partitionKey, slotsBefore: slots });
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
