// The staff console's authentication: the session cookie (HttpOnly, SameSite=Strict, path
// /console/api) and, on every call that changes something, the session's CSRF token in a header.
// A citizen's bearer token is never looked at here, and the cookie never reaches a citizen route
// (its path), so neither opens the other's routes.
import { CSRF_HEADER, STAFF_API_PREFIX } from '@city/api-client/staff-contract';
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaffActor } from '../../access/actor.js';
import type { StaffDeps } from './staff.js';
import { actorOf } from './staff.js';
import type { StaffMember, StaffSessionRow } from './staff-repository.js';
import { useSession } from './sign-in.js';

export const SESSION_COOKIE = 'city_staff_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member; set on staff routes. */
    staff: StaffActor;
  }
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure, path: STAFF_API_PREFIX });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure, path: STAFF_API_PREFIX });
}

const changesState = (request: FastifyRequest) => request.method !== 'GET' && request.method !== 'HEAD';

/** The session of the request's cookie (see useSession), CSRF checked on a state-changing call. */
export function sessionOf(deps: StaffDeps, request: FastifyRequest, signedIn: boolean): Promise<{ session: StaffSessionRow; member: StaffMember }> {
  const csrf = request.headers[CSRF_HEADER];
  return useSession(deps, request.cookies[SESSION_COOKIE], {
    signedIn,
    checkCsrf: changesState(request),
    csrfToken: typeof csrf === 'string' ? csrf : undefined,
  });
}

/**
 * Staff answers hold citizens' personal data: never kept by a browser or a proxy (city-hall
 * terminals are shared). Set first, so refusals carry it too.
 */
export function noStore(reply: FastifyReply): void {
  void reply.header('cache-control', 'no-store');
}

/** An onRequest hook admitting signed-in staff only; sets `request.staff`. */
export function createAuthenticateStaff(deps: StaffDeps) {
  return async function authenticateStaff(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    noStore(reply);
    const { member } = await sessionOf(deps, request, true);
    request.staff = actorOf(member, request.ip);
  };
}
