import { staffEndpoints } from '@city/api-client/staff-contract';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import { requireRole, roleMay } from '../../access/permissions.js';
import { contractRoute } from '../../http/contract-route.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import { citizenViewOf } from './surveys.js';
import type { StaffActor } from '../../access/actor.js';
import type { Store } from '../../db/store.js';
import type { SurveyRepository } from './survey-repository.js';

/**
 * The surveys a staff member's teams own, with the items they may see (the console's columns and
 * filters), one survey's whole configuration, and the list columns each staff member chose.
 */
export function staffSurveysModule(deps: { authenticateStaff: onRequestAsyncHookHandler; surveys: SurveyRepository; store: Store<SurveyRepository>; now: () => number }): FastifyPluginAsync {
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

    /** The survey, when the caller's teams own it; else 404 (another team's survey is not revealed). */
    const surveyOfCaller = async (staff: StaffActor, surveyId: string) => {
      requireRole(staff, 'records.read');
      const owners = await deps.surveys.teamsOf(surveyId);
      const survey = owners.some((teamId) => staff.teamIds.includes(teamId)) ? await deps.surveys.find(surveyId) : undefined;
      if (survey === undefined) throw new HttpError(404, 'survey_not_found', messages.surveyNotFound);
      return survey;
    };

    contractRoute(app, staffEndpoints.staffSurvey, {}, async (request) => {
      const survey = await surveyOfCaller(request.staff, request.params.surveyId);
      const staffOnly = roleMay(request.staff.role, 'records.readStaffOnly');
      return { data: staffOnly ? survey.config : citizenViewOf(survey.config) };
    });

    contractRoute(app, staffEndpoints.staffColumnChoice, {}, async (request) => {
      await surveyOfCaller(request.staff, request.params.surveyId);
      return { data: { itemKeys: (await deps.surveys.columnChoice(request.staff.staffId, request.params.surveyId)) ?? null } };
    });

    contractRoute(app, staffEndpoints.staffSaveColumnChoice, {}, async (request) => {
      await surveyOfCaller(request.staff, request.params.surveyId);
      await deps.store.transaction((surveys) => surveys.saveColumnChoice(request.staff.staffId, request.params.surveyId, request.body.itemKeys, deps.now()));
      return { result: 'OK' as const };
    });
  };
}
