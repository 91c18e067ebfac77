// The surveys module, wired: its store and its routes (citizens' and staff's).
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type { SqliteConnections } from '../../db/sqlite-store.js';
import { sqliteStore } from '../../db/sqlite-store.js';
import type { Store } from '../../db/store.js';
import { createSqliteAuditRepository } from '../audit/sqlite-audit-repository.js';
import { createSqliteCalendarRepository } from '../calendars/sqlite-calendar-repository.js';
import { createSqliteOrderRepository } from '../orders/sqlite-order-repository.js';
import { createSqliteStaffRepository } from '../staff/sqlite-staff-repository.js';
import { surveyEditorModule } from './editor-routes.js';
import { surveysModule } from './routes.js';
import type { SurveyEditorDeps } from './survey-editor.js';
import { createSqliteSurveyRepository } from './sqlite-survey-repository.js';
import { staffSurveysModule } from './staff-routes.js';
import type { SurveyRepository } from './survey-repository.js';

/**
 * The survey editor's store: it checks what a survey names (categories, teams) and audits what it
 * changes, in one transaction. Never through the configuration cache: its checks (the version an
 * edit was made on, whether an id is taken) must see another server's change of a moment ago.
 */
export function createSurveyEditorDeps(connections: SqliteConnections, now: () => number): SurveyEditorDeps {
  return {
    store: sqliteStore(connections, (connection) => ({
      surveys: createSqliteSurveyRepository(connection),
      calendars: createSqliteCalendarRepository(connection),
      orders: createSqliteOrderRepository(connection),
      staff: createSqliteStaffRepository(connection),
      audit: createSqliteAuditRepository(connection),
    })),
    now,
  };
}

export function createSurveysModule(input: {
  connections: SqliteConnections;
  now: () => number;
  authenticate: onRequestAsyncHookHandler;
  authenticateStaff: onRequestAsyncHookHandler;
}): { routes: FastifyPluginAsync[]; store: Store<SurveyRepository>; editor: SurveyEditorDeps } {
  const store = sqliteStore(input.connections, createSqliteSurveyRepository);
  const editor = createSurveyEditorDeps(input.connections, input.now);
  return {
    routes: [
      surveysModule({ authenticate: input.authenticate, surveys: store.read }),
      staffSurveysModule({ authenticateStaff: input.authenticateStaff, surveys: store.read, store, now: input.now }),
      surveyEditorModule({ ...editor, authenticateStaff: input.authenticateStaff }),
    ],
    store,
    editor,
  };
}
