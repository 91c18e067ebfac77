import { staffEndpoints } from '@city/api-client/staff-contract';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import { requireRole, roleMay } from '../../access/permissions.js';
import { contractRoute } from '../../http/contract-route.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import { citizenViewOf } from './surveys.js';
import type { SurveyRepository } from './survey-repository.js';

/** The surveys a staff member's teams own, with the items they may see (the console's columns and filters). */
export function staffSurveysModule(deps: { authenticateStaff: onRequestAsyncHookHandler; surveys: SurveyRepository }): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', deps.authenticateStaff);
    contractRoute(app, staffEndpoints.staffSurveys, {}, async (request) => {
      requireRole(request.staff, 'records.read');
      const staffOnly = roleMay(request.staff.role, 'records.readStaffOnly');
      const surveys = await deps.surveys.ofTeams(request.staff.teamIds);
      const data = [];
      for (const survey of surveys) {
        const { config } = survey;
        data.push({
          surveyId: config.surveyId,
          title: config.surveyTitle ?? config.surveyId,
          teamIds: await deps.surveys.teamsOf(config.surveyId),
          items: config.surveySchema
            .filter((item) => staffOnly || item.isAdminItem !== true)
            .map((item) => ({ itemKey: item.itemKey, title: item.title, type: item.type, staffOnly: item.isAdminItem === true })),
        });
      }
      return { data };
    });

    contractRoute(app, staffEndpoints.staffSurvey, {}, async (request) => {
      requireRole(request.staff, 'records.read');
      const owners = await deps.surveys.teamsOf(request.params.surveyId);
      const survey = owners.some((teamId) => request.staff.teamIds.includes(teamId)) ? await deps.surveys.find(request.params.surveyId) : undefined;
      if (survey === undefined) throw new HttpError(404, 'survey_not_found', messages.surveyNotFound);
      const staffOnly = roleMay(request.staff.role, 'records.readStaffOnly');
      return { data: staffOnly ? survey.config : citizenViewOf(survey.config) };
    });
  };
}
