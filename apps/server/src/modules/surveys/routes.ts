import { endpoints } from '@city/api-client/contract';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import { contractRoute } from '../../http/contract-route.js';
import type { SurveyRepository } from './survey-repository.js';
import { citizenSurveys, citizenSurveyView, requireCitizenSurvey } from './surveys.js';

export interface SurveysModuleDeps {
  authenticate: onRequestAsyncHookHandler;
  surveys: SurveyRepository;
}

/** survey-configs/*: a survey, the searchable ones, several by id; as citizens see them. */
export function surveysModule(deps: SurveysModuleDeps): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);

    contractRoute(app, endpoints.getSurveyConfig, {}, async (request) => ({
      data: citizenSurveyView(await requireCitizenSurvey(deps.surveys, request.query.surveyId)),
    }));

    contractRoute(app, endpoints.getAllSearchableSurveyConfigs, {}, async () => ({
      data: (await deps.surveys.listSearchable()).map(citizenSurveyView),
    }));

    contractRoute(app, endpoints.getSurveyConfigsList, {}, async (request) => ({
      data: await citizenSurveys(deps.surveys, request.body.surveyIdList),
    }));
  };
}
