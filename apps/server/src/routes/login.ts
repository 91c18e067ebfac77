import { endpoints } from '@city/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../errors.js';
import { messages } from '../messages.js';
import type { RouteOptions } from './shared.js';
import { errorResponses } from './shared.js';

interface LineTokenResponse {
  id_token?: unknown;
  access_token?: unknown;
  refresh_token?: unknown;
}

/** Web login (spec section 4): exchange LINE's authorization code for a session. */
export const loginRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.get(
    '/login/token',
    {
      schema: {
        querystring: endpoints.exchangeLoginCode.query,
        response: { 200: endpoints.exchangeLoginCode.response, ...errorResponses },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { code, redirectTo } = request.query;
      let response: Response;
      try {
        response = await fetch(`${deps.lineApiBaseUrl()}/oauth2/v2.1/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: redirectTo,
            client_id: deps.config.lineChannelId,
            client_secret: deps.config.lineChannelSecret,
          }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch {
        throw new HttpError(502, 'line_unavailable', messages.loginFailed);
      }
      const tokens = (await response.json().catch(() => ({}))) as LineTokenResponse;
      const { id_token: idToken, access_token: accessToken, refresh_token: refreshToken } = tokens;
      if (!response.ok || typeof idToken !== 'string' || typeof accessToken !== 'string') {
        throw new HttpError(400, 'login_failed', messages.loginFailed);
      }
      // The profile is in the verified ID token: no further call to LINE is needed.
      const user = await deps.verifyIdToken(idToken).catch(() => {
        throw new HttpError(400, 'login_failed', messages.loginFailed);
      });
      return {
        data: {
          session: { id_token: idToken, access_token: accessToken, refresh_token: typeof refreshToken === 'string' ? refreshToken : '' },
          profile: {
            userId: user.userId,
            displayName: user.name ?? '',
            ...(user.picture === undefined ? {} : { pictureUrl: user.picture }),
          },
        },
      };
    },
  );
};
