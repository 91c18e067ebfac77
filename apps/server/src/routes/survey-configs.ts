import { endpoints } from '@city/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteOptions } from './shared.js';
import { citizenView, errorResponses, requireSurvey } from './shared.js';

export const surveyConfigRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.addHook('onRequest', deps.authenticate);

  app.get(
    '/survey-configs/getItem',
    { schema: { querystring: endpoints.getSurveyConfig.query, response: { 200: endpoints.getSurveyConfig.response, ...errorResponses } } },
    async (request) => ({ data: citizenView(requireSurvey(deps, request.query.surveyId).config) }),
  );

  app.get(
    '/survey-configs/getAllSearchable',
    { schema: { response: { 200: endpoints.getAllSearchableSurveyConfigs.response, ...errorResponses } } },
    async () => ({ data: deps.surveys.listSearchable().map((survey) => citizenView(survey.config)) }),
  );

  app.post(
    '/survey-configs/getSurveyConfigsList',
    { schema: { body: endpoints.getSurveyConfigsList.body, response: { 200: endpoints.getSurveyConfigsList.response, ...errorResponses } } },
    async (request) => ({
      // Unknown ids are left out rather than failing the whole list.
      data: [...new Set(request.body.surveyIdList)].flatMap((surveyId) => {
        const survey = deps.surveys.get(surveyId);
        return survey === undefined ? [] : [citizenView(survey.config)];
      }),
    }),
  );
};
