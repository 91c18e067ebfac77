// The members module, wired: its store and its routes.
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type { RepositoryFactory, Storage } from '../../db/storage.js';
import { repositories } from '../../db/storage.js';
import { surveyRepository } from '../surveys/repositories.js';
import type { MembersDeps, RegistrationRows } from './members.js';
import { memberNumberRepository } from './repositories.js';
import { membersModule } from './routes.js';

export function createMembersModule(input: {
  storage: Storage;
  authenticate: onRequestAsyncHookHandler;
  deleteRegistration: MembersDeps['deleteRegistration'];
  /** The registrations' rows, as the records module stores them (members never imports records). */
  registrationRows: RepositoryFactory<RegistrationRows>;
}): { routes: FastifyPluginAsync[] } {
  const store = input.storage.store(repositories({ members: memberNumberRepository, records: input.registrationRows, surveys: surveyRepository }));
  return { routes: [membersModule({ authenticate: input.authenticate, store, deleteRegistration: input.deleteRegistration })] };
}
