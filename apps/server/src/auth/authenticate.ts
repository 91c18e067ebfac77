import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.js';
import { messages } from '../messages.js';
import type { IdTokenVerifier } from './id-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in LINE user (`sub` of the verified ID token); set on authenticated routes. */
    userId: string;
  }
}

/** An onRequest hook (before any body is parsed) that admits only requests with a valid `Authorization: Bearer <LINE ID token>`. */
export function createAuthenticate(verifyIdToken: IdTokenVerifier) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    const token = header === undefined ? undefined : /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (token === undefined) throw new HttpError(401, 'login_required', messages.loginRequired);
    request.userId = (await verifyIdToken(token)).userId;
  };
}

/** Refuses a userId in a body or query that is not the caller's (403). */
export function assertCaller(request: FastifyRequest, userId: string): void {
  if (userId !== request.userId) throw new HttpError(403, 'forbidden', messages.notYourUser);
}
