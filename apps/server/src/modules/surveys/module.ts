// The surveys module, wired: its store and its routes (citizens' and staff's).
import type { SurveyConfig } from '@city/survey-core';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type { Storage } from '../../db/storage.js';
import { repositories, uncached } from '../../db/storage.js';
import type { Store } from '../../db/store.js';
import { HttpError } from '../../http/errors.js';
import { auditRepository } from '../audit/repositories.js';
import { calendarRepository } from '../calendars/repositories.js';
import { orderRepository } from '../orders/repositories.js';
import { staffRepository } from '../staff/repositories.js';
import { surveyEditorModule } from './editor-routes.js';
import { surveyRepository } from './repositories.js';
import { surveysModule } from './routes.js';
import type { SurveyEditorDeps } from './survey-editor.js';
import { staffSurveysModule } from './staff-routes.js';
import type { SurveyRepository } from './survey-repository.js';
import { citizenSurveyView, requireCitizenSurvey } from './surveys.js';

/**
 * The survey editor's store: it checks what a survey names (categories, teams) and audits what it
 * changes, in one transaction. Never through the configuration cache: its checks (the version an
 * edit was made on, whether an id is taken) must see another server's change of a moment ago.
 */
export function createSurveyEditorDeps(storage: Storage, now: () => number): SurveyEditorDeps {
  return {
    store: storage.store(
      uncached(repositories({ surveys: surveyRepository, calendars: calendarRepository, orders: orderRepository, staff: staffRepository, audit: auditRepository })),
    ),
    now,
  };
}

export function createSurveysModule(input: {
  storage: Storage;
  now: () => number;
  authenticate: onRequestAsyncHookHandler;
  authenticateStaff: onRequestAsyncHookHandler;
}): { routes: FastifyPluginAsync[]; store: Store<SurveyRepository>; editor: SurveyEditorDeps; citizenSurvey: (surveyId: string) => Promise<SurveyConfig | undefined> } {
  const store = input.storage.store(surveyRepository);
  const editor = createSurveyEditorDeps(input.storage, input.now);
  return {
    routes: [
      surveysModule({ authenticate: input.authenticate, surveys: store.read }),
      staffSurveysModule({ authenticateStaff: input.authenticateStaff, surveys: store.read, store, now: input.now }),
      surveyEditorModule({ ...editor, authenticateStaff: input.authenticateStaff }),
    ],
    store,
    editor,
    // A survey as citizens see it (getSurveyConfig's answer, which is the same for every
    // citizen), or undefined where that answers 404: the citizen app's server-rendered form.
    citizenSurvey: async (surveyId) => {
      try {
        return citizenSurveyView(await requireCitizenSurvey(store.read, surveyId));
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404) return undefined;
        throw error;
      }
    },
  };
}
