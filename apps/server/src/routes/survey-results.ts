import { endpoints } from '@city/api-client/contract';
import { normalizeAnswers } from '@city/survey-core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { assertCaller } from '../auth/authenticate.js';
import { HttpError } from '../errors.js';
import { messages } from '../messages.js';
import type { RouteOptions } from './shared.js';
import { citizenRows, errorResponses, japanDay, requireOwnRecord, requireSurvey } from './shared.js';

/** Failed look-ups allowed per user per (Japanese) day. */
export const LOOKUP_FAILURES_PER_DAY = 10;
/** How long a record found by look-up may be claimed with putUserId. */
const LOOKUP_GRANT_MS = 30 * 60_000;

export const surveyResultRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.addHook('onRequest', deps.authenticate);

  app.post(
    '/survey-results/query',
    { schema: { body: endpoints.querySurveyResults.body, response: { 200: endpoints.querySurveyResults.response, ...errorResponses } } },
    async (request) => {
      assertCaller(request, request.body.userId);
      const survey = requireSurvey(deps, request.body.surveyId);
      return { data: citizenRows(survey.config, deps.results.rowsOfUser(request.body.surveyId, request.userId)) };
    },
  );

  app.get(
    '/survey-results/getBySurveyIdPartitionKeyIndex',
    {
      schema: {
        querystring: endpoints.getSurveyResultsByPartitionKey.query,
        response: { 200: endpoints.getSurveyResultsByPartitionKey.response, ...errorResponses },
      },
    },
    async (request) => {
      const { surveyId, partitionKey } = request.query;
      const survey = requireSurvey(deps, surveyId);
      requireOwnRecord(deps, surveyId, partitionKey, request.userId);
      return { data: citizenRows(survey.config, deps.results.rowsOfRecord(partitionKey)) };
    },
  );

  app.get(
    '/survey-results/getBySurveyIdUserIdIndex',
    {
      schema: {
        querystring: endpoints.getSurveyResultsByUser.query,
        response: { 200: endpoints.getSurveyResultsByUser.response, ...errorResponses },
      },
    },
    async (request) => {
      const survey = requireSurvey(deps, request.query.surveyId);
      return { result: 'OK' as const, data: citizenRows(survey.config, deps.results.rowsOfUser(request.query.surveyId, request.userId)) };
    },
  );

  app.post(
    '/survey-results/filterQuery',
    {
      schema: { body: endpoints.filterSurveyResults.body, response: { 200: endpoints.filterSurveyResults.response, ...errorResponses } },
      // Per IP here; per user, the daily lockout below.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { queryParams, requestingUserId } = request.body;
      assertCaller(request, requestingUserId);
      const survey = requireSurvey(deps, queryParams.surveyId);
      if (!survey.searchable || survey.lookupItemKeys.length === 0) {
        throw new HttpError(404, 'survey_not_found', messages.surveyNotFound);
      }
      const day = japanDay();
      if (deps.lookupFailures.failures(request.userId, day) >= LOOKUP_FAILURES_PER_DAY) {
        throw new HttpError(429, 'lookup_locked', messages.lookupLocked);
      }
      const lookup = normalizeAnswers(survey.config.surveySchema, queryParams.lookup);
      const searchKeys = survey.lookupItemKeys.map((itemKey) => {
        const value = lookup[itemKey];
        if (typeof value !== 'string' || value.trim() === '') {
          throw new HttpError(400, 'lookup_fields_missing', messages.lookupFieldsMissing);
        }
        return `${itemKey}#${value}`;
      });
      // A match that belongs to someone else is no match: its existence is not revealed.
      const found = deps.results
        .findBySearchKeys(survey.config.surveyId, searchKeys)
        .map((partitionKey) => deps.results.record(partitionKey))
        .find((record) => record !== undefined && (record.userId === '' || record.userId === request.userId));
      if (found === undefined) {
        deps.lookupFailures.addFailure(request.userId, day);
        const locked = deps.lookupFailures.failures(request.userId, day) >= LOOKUP_FAILURES_PER_DAY;
        throw locked
          ? new HttpError(429, 'lookup_locked', messages.lookupLocked)
          : new HttpError(404, 'lookup_failed', messages.lookupFailed);
      }
      deps.lookupFailures.grant(request.userId, found.partitionKey, Date.now() + LOOKUP_GRANT_MS);
      return { data: citizenRows(survey.config, deps.results.rowsOfRecord(found.partitionKey)) };
    },
  );
};
