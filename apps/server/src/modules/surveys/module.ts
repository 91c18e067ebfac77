// The surveys module, wired: its store and its routes (citizens' and staff's).
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type { SqliteConnections } from '../../db/sqlite-store.js';
import { sqliteStore } from '../../db/sqlite-store.js';
import type { Store } from '../../db/store.js';
import { surveysModule } from './routes.js';
import { createSqliteSurveyRepository } from './sqlite-survey-repository.js';
import { staffSurveysModule } from './staff-routes.js';
import type { SurveyRepository } from './survey-repository.js';

export function createSurveysModule(input: {
  connections: SqliteConnections;
  now: () => number;
  authenticate: onRequestAsyncHookHandler;
  authenticateStaff: onRequestAsyncHookHandler;
}): { routes: FastifyPluginAsync[]; store: Store<SurveyRepository> } {
  const store = sqliteStore(input.connections, createSqliteSurveyRepository);
  return {
    routes: [surveysModule({ authenticate: input.authenticate, surveys: store.read }), staffSurveysModule({ authenticateStaff: input.authenticateStaff, surveys: store.read, store, now: input.now })],
    store,
  };
}
