import { staffEndpoints } from '@city/api-client/staff-contract';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import { requireRole, roleMay } from '../../access/permissions.js';
import { contractRoute } from '../../http/contract-route.js';
import { citizenViewOf, itemsOfEveryVersion, requireSurvey, requireSurveyOfActor } from './surveys.js';
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
        const current = new Set(config.surveySchema.map((item) => item.itemKey));
        data.push({
          surveyId: config.surveyId,
          title: config.surveyTitle ?? config.surveyId,
          teamIds: await deps.surveys.teamsOf(config.surveyId),
          state: survey.state,
          version: survey.version,
          membership: config.membership?.name ?? null,
          items: (await itemsOfEveryVersion(deps.surveys, survey))
            .filter((item) => staffOnly || item.isAdminItem !== true)
            .map((item) => ({ itemKey: item.itemKey, title: item.title, type: item.type, staffOnly: item.isAdminItem === true, removed: !current.has(item.itemKey) })),
        });
      }
      return { data };
    });

    /** The survey, when the caller's teams own it (see requireSurveyOfActor). */
    const surveyOfCaller = async (staff: StaffActor, surveyId: string) => {
      requireRole(staff, 'records.read');
      await requireSurveyOfActor(deps.surveys, staff, surveyId);
      return requireSurvey(deps.surveys, surveyId);
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
