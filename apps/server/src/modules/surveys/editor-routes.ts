import { staffEndpoints } from '@city/api-client/staff-contract';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import { requireRole } from '../../access/permissions.js';
import { contractRoute } from '../../http/contract-route.js';
import type { SurveyEditorDeps } from './survey-editor.js';
import { answeredItemsOf, copySurvey, createSurvey, deleteSurvey, editSurvey, setSurveyState } from './survey-editor.js';
import { editableConfigOf, requireSurvey, requireSurveyOfActor } from './surveys.js';

/** The survey editor's calls (`surveys.edit`): the surveys of the caller's teams, and the teams to give them to. */
export function surveyEditorModule(deps: SurveyEditorDeps & { authenticateStaff: onRequestAsyncHookHandler }): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', deps.authenticateStaff);

    contractRoute(app, staffEndpoints.staffTeams, {}, async (request) => {
      requireRole(request.staff, 'surveys.edit');
      const teams = await deps.store.read.staff.teams();
      const mine = request.staff.role === 'administrator' ? teams : teams.filter((team) => request.staff.teamIds.includes(team.teamId));
      return { data: mine.map(({ teamId, name }) => ({ teamId, name })) };
    });

    contractRoute(app, staffEndpoints.staffSurveyEditor, {}, async (request) => {
      requireRole(request.staff, 'surveys.edit');
      const { surveys } = deps.store.read;
      const { surveyId } = request.params;
      await requireSurveyOfActor(surveys, request.staff, surveyId);
      const survey = await requireSurvey(surveys, surveyId);
      return {
        data: {
          config: editableConfigOf(survey),
          state: survey.state,
          version: survey.version,
          teamIds: await surveys.teamsOf(surveyId),
          searchable: survey.searchable,
          records: await surveys.countRecords(surveyId),
          answeredItemKeys: [...(await answeredItemsOf(deps.store.read, survey.config))],
          versions: await surveys.versions(surveyId),
        },
      };
    });

    contractRoute(app, staffEndpoints.staffCreateSurvey, { successStatus: 201 }, async (request) => ({ data: await createSurvey(deps, request.staff, request.body) }));

    contractRoute(app, staffEndpoints.staffEditSurvey, {}, async (request) => ({ data: await editSurvey(deps, request.staff, request.params.surveyId, request.body) }));

    contractRoute(app, staffEndpoints.staffCopySurvey, { successStatus: 201 }, async (request) => ({ data: await copySurvey(deps, request.staff, request.params.surveyId, request.body) }));

    contractRoute(app, staffEndpoints.staffSetSurveyState, {}, async (request) => {
      await setSurveyState(deps, request.staff, request.params.surveyId, request.body.state);
      return { result: 'OK' as const };
    });

    contractRoute(app, staffEndpoints.staffDeleteSurvey, {}, async (request) => {
      await deleteSurvey(deps, request.staff, request.params.surveyId);
      return { result: 'OK' as const };
    });
  };
}
