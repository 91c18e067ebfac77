// The drafts module, wired: its store and its routes, and the discard the records module calls
// once a form is sent.
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type { Storage } from '../../db/storage.js';
import { repositories } from '../../db/storage.js';
import { surveyRepository } from '../surveys/repositories.js';
import { discardDraft } from './drafts.js';
import { draftRepository } from './repositories.js';
import { draftsModule } from './routes.js';

export function createDraftsModule(input: { storage: Storage; now: () => number; authenticate: onRequestAsyncHookHandler }): {
  routes: FastifyPluginAsync[];
  /** The form was sent: its draft is done with. */
  discard: (userId: string, surveyId: string) => Promise<void>;
} {
  const deps = { store: input.storage.store(repositories({ drafts: draftRepository, surveys: surveyRepository })), now: input.now };
  return {
    routes: [draftsModule({ ...deps, authenticate: input.authenticate })],
    discard: (userId, surveyId) => discardDraft(deps, userId, surveyId),
  };
}
