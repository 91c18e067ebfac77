import { endpoints } from '@city/api-client/contract';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import { contractRoute } from '../../http/contract-route.js';
import type { MembersDeps } from './members.js';
import { memberCardOf, withdrawMembership } from './members.js';

export interface MembersModuleDeps extends MembersDeps {
  authenticate: onRequestAsyncHookHandler;
}

/**
 * members/*: the signed-in citizen's member card, and withdrawing. Registering is a putItem of the
 * member survey (records module), which issues the number with the record (membership-rules.ts).
 */
export function membersModule(deps: MembersModuleDeps): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);

    contractRoute(app, endpoints.getMemberCard, {}, async (request) => ({
      data: await memberCardOf(deps, request.query.surveyId, request.userId),
    }));

    contractRoute(app, endpoints.withdrawMembership, {}, async (request) => {
      const { surveyId, partitionKey } = request.body;
      await withdrawMembership(deps, surveyId, partitionKey, request.userId);
      return { result: 'OK' as const, partitionKey };
    });
  };
}
