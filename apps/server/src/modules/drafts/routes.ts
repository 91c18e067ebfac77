import { endpoints } from '@city/api-client/contract';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import { contractRoute } from '../../http/contract-route.js';
import type { DraftsDeps } from './drafts.js';
import { discardDraft, readDraft, saveDraft } from './drafts.js';

/** drafts: the signed-in citizen's own draft of a survey's form; nobody else's, ever. */
export function draftsModule(deps: DraftsDeps & { authenticate: onRequestAsyncHookHandler }): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);

    contractRoute(app, endpoints.getDraft, {}, async (request) => ({
      data: await readDraft(deps, request.userId, request.query.surveyId),
    }));

    // Sent every few seconds while a citizen types: a few kilobytes, never worth compressing.
    contractRoute(app, endpoints.saveDraft, { compress: false }, async (request) => ({
      data: await saveDraft(deps, request.userId, request.body.surveyId, request.body.answers),
    }));

    contractRoute(app, endpoints.discardDraft, {}, async (request) => {
      await discardDraft(deps, request.userId, request.query.surveyId);
      return { result: 'OK' as const };
    });
  };
}
