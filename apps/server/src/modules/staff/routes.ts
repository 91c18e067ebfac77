import { staffEndpoints } from '@city/api-client/staff-contract';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import { contractRoute } from '../../http/contract-route.js';
import { clearSessionCookie, noStore, SESSION_COOKIE, sessionOf, setSessionCookie } from './authenticate-staff.js';
import { memberView, sessionView } from './staff.js';
import type { StaffDeps } from './staff.js';
import { unlockStaffMember } from './manage-staff.js';
import { confirmSecondFactor, signIn, signOut, startTotpEnrolment } from './sign-in.js';

export interface StaffModuleDeps extends StaffDeps {
  authenticateStaff: onRequestAsyncHookHandler;
  /** Send the cookie over HTTPS only (everywhere but development and tests). */
  secureCookies: boolean;
}

/** Signing in and out of the console, and staff accounts (administrators). */
export function staffModule(deps: StaffModuleDeps): FastifyPluginAsync {
  return async (app) => {
    // The session routes (signed in or not yet) answer with no-store too.
    app.addHook('onRequest', async (_request, reply) => {
      noStore(reply);
    });
    const teams = () => deps.store.read.staff.teams();

    // Per address and login id: a whole city hall behind one address signs in at 9:00 together.
    // The lockout guards each account; this slows guessing across accounts from one place.
    const signInLimit = {
      max: 30,
      timeWindow: '1 minute',
      hook: 'preHandler' as const,
      keyGenerator: (request: { ip: string; body?: unknown }) => {
        const loginId = (request.body as { loginId?: unknown } | undefined)?.loginId;
        return `${request.ip}|${typeof loginId === 'string' ? loginId.toLowerCase() : ''}`;
      },
    };
    contractRoute(app, staffEndpoints.staffSignIn, { config: { rateLimit: signInLimit } }, async (request, reply) => {
      const { token, session, member } = await signIn(deps, request.body.loginId, request.body.password, request.ip);
      setSessionCookie(reply, token, deps.secureCookies);
      return { data: sessionView(deps, member, session, await teams()) };
    });

    // Per address and session, for the same reason: codes are guessed against one signed-in password.
    const secondFactorLimit = {
      max: 30,
      timeWindow: '1 minute',
      keyGenerator: (request: { ip: string; cookies?: Record<string, string | undefined> }) => `${request.ip}|${request.cookies?.[SESSION_COOKIE] ?? ''}`,
    };
    contractRoute(app, staffEndpoints.staffSecondFactor, { config: { rateLimit: secondFactorLimit } }, async (request) => {
      const { session } = await sessionOf(deps, request, false);
      await confirmSecondFactor(deps, session.tokenHash, request.body.code, request.ip);
      const { session: signedIn, member } = await sessionOf(deps, request, true);
      return { data: sessionView(deps, member, signedIn, await teams()) };
    });

    contractRoute(app, staffEndpoints.staffTotpEnrolment, {}, async (request) => {
      const { session } = await sessionOf(deps, request, false);
      return { data: await startTotpEnrolment(deps, session.tokenHash) };
    });

    contractRoute(app, staffEndpoints.staffSession, {}, async (request) => {
      const { session, member } = await sessionOf(deps, request, false);
      return { data: sessionView(deps, member, session, await teams()) };
    });

    contractRoute(app, staffEndpoints.staffSignOut, {}, async (request, reply) => {
      const { session } = await sessionOf(deps, request, false);
      await signOut(deps, session.tokenHash, request.ip);
      clearSessionCookie(reply, deps.secureCookies);
      return { result: 'OK' as const };
    });

    contractRoute(app, staffEndpoints.staffMembers, { onRequest: deps.authenticateStaff }, async (request) => {
      const all = await teams();
      // Administrators see every account; others, themselves (the console shows who is signed in).
      const members = request.staff.role === 'administrator' ? await deps.store.read.staff.list() : [await deps.store.read.staff.find(request.staff.staffId)];
      return { data: members.filter((member) => member !== undefined).map((member) => memberView(member, all)) };
    });

    contractRoute(app, staffEndpoints.staffUnlock, { onRequest: deps.authenticateStaff }, async (request) => {
      await unlockStaffMember(deps, request.staff, request.params.staffId);
      return { result: 'OK' as const };
    });

  };
}
