// The drafts module, wired: its store and its routes. A sent form's draft is removed by the
// submission's own transaction (records' storeSubmission).
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type { Storage } from '../../db/storage.js';
import { repositories } from '../../db/storage.js';
import { surveyRepository } from '../surveys/repositories.js';
import { draftRepository } from './repositories.js';
import { draftsModule } from './routes.js';

export function createDraftsModule(input: { storage: Storage; now: () => number; authenticate: onRequestAsyncHookHandler }): { routes: FastifyPluginAsync[] } {
  const deps = { store: input.storage.store(repositories({ drafts: draftRepository, surveys: surveyRepository })), now: input.now };
  return { routes: [draftsModule({ ...deps, authenticate: input.authenticate })] };
}
