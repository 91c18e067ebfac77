// The members module, wired: its store and its routes.
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type { SqliteDatabase } from '../../db/database.js';
import type { SqliteConnections } from '../../db/sqlite-store.js';
import { sqliteStore } from '../../db/sqlite-store.js';
import { createSqliteSurveyRepository } from '../surveys/sqlite-survey-repository.js';
import type { MembersDeps, RegistrationRows } from './members.js';
import { membersModule } from './routes.js';
import { createSqliteMemberNumberRepository } from './sqlite-member-number-repository.js';

export function createMembersModule(input: {
  connections: SqliteConnections;
  authenticate: onRequestAsyncHookHandler;
  deleteRegistration: MembersDeps['deleteRegistration'];
  /** The registrations' rows, as the records module stores them (members never imports records). */
  registrationRowsOf: (connection: SqliteDatabase) => RegistrationRows;
}): { routes: FastifyPluginAsync[] } {
  const store = sqliteStore(input.connections, (connection, configuration) => ({
    members: createSqliteMemberNumberRepository(connection),
    records: input.registrationRowsOf(connection),
    surveys: createSqliteSurveyRepository(connection, configuration),
  }));
  return { routes: [membersModule({ authenticate: input.authenticate, store, deleteRegistration: input.deleteRegistration })] };
}
