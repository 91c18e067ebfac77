import { endpoints } from '@city/api-client/contract';
import type { FastifyPluginAsync } from 'fastify';
import { contractRoute } from '../http/contract-route.js';
import { HttpError } from '../http/errors.js';
import { messages } from '../messages.js';
import type { IdTokenVerifier } from './id-token.js';

interface LineTokenResponse {
  id_token?: unknown;
  access_token?: unknown;
  refresh_token?: unknown;
}

export interface LoginRoutesDeps {
  channelId: string;
  channelSecret: string;
  /** LINE's API (token endpoint): the real one, or the stand-in's on this server. */
  lineApiBaseUrl: () => string;
  verifyIdToken: IdTokenVerifier;
}

/** Web login (spec section 4): exchange LINE's authorization code for a session. */
export function loginRoutes(deps: LoginRoutesDeps): FastifyPluginAsync {
  return async (app) => {
    contractRoute(app, endpoints.exchangeLoginCode, { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request) => {
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
            client_id: deps.channelId,
            client_secret: deps.channelSecret,
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
    });
  };
}
