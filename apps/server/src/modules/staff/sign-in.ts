// Staff sign-in: password (Argon2id), then a TOTP code when the account has one or its role must,
// with a lockout after LOCKOUT_AFTER_FAILURES failures and an idle timeout. Every attempt, good or
// bad, is audited. A refusal is answered after its transaction commits: the failure count and
// the audit entry must stay, not roll back with the error.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import { appendAudit } from '../audit/audit.js';
import { verifyPassword } from './passwords.js';
import type { StaffDeps, StaffRepositories } from './staff.js';
import { actorOf, LOCKOUT_AFTER_FAILURES } from './staff.js';
import type { StaffMember, StaffSessionRow } from './staff-repository.js';
import { newTotpSecret, totpEnrolment, totpStepOf } from './totp.js';

/** The session cookie's token is random; only its hash is stored, so the table leaks no session. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const invalidCredentials = () => new HttpError(401, 'invalid_credentials', messages.staffInvalidCredentials);
/** The same refusal at the second step, said of the code alone: the password was right. */
const invalidCode = () => new HttpError(401, 'invalid_credentials', messages.staffInvalidCode);
const locked = () => new HttpError(403, 'account_locked', messages.staffAccountLocked);

/** The outcome of a step that was refused after writing its failure: thrown once committed. */
async function refuseAfterCommit<T>(deps: StaffDeps, work: (repositories: StaffRepositories) => Promise<T | HttpError>): Promise<T> {
  const outcome = await deps.store.transaction(work);
  if (outcome instanceof HttpError) throw outcome;
  return outcome;
}

/** Counts a failure against the account, locking it at the limit; answers the error to give. */
async function countFailure({ staff, audit }: StaffRepositories, member: StaffMember, ip: string, reason: string, now: number): Promise<HttpError> {
  const failures = await staff.addFailedLogin(member.staffId, now);
  const actor = actorOf(member, ip);
  await appendAudit(audit, actor, { action: 'staff.signInFailed', target: `staff:${member.staffId}`, detail: { reason, failures } }, now);
  const refusal = reason === 'password' ? invalidCredentials() : invalidCode();
  if (failures < LOCKOUT_AFTER_FAILURES) return refusal;
  await staff.lock(member.staffId, now);
  await staff.deleteSessionsOf(member.staffId);
  await appendAudit(audit, actor, { action: 'staff.locked', target: `staff:${member.staffId}`, detail: { failures } }, now);
  // Said as any failure is: the lock is told only to whoever then gives the right password.
  return refusal;
}

/**
 * Checks the login id and password; answers a new session (its cookie token) at the second
 * factor, or signed in when the account needs none. 401 `invalid_credentials` for an unknown id
 * or a wrong password alike; 403 `account_locked` for a locked account.
 */
export async function signIn(deps: StaffDeps, loginId: string, password: string, ip: string): Promise<{ token: string; session: StaffSessionRow; member: StaffMember }> {
  const found = await deps.store.read.staff.findByLoginId(loginId);
  // Hashing runs outside the transaction: it takes tens of milliseconds on other threads.
  const passwordOk = await verifyPassword(found?.passwordHash, password);
  return refuseAfterCommit(deps, async (repositories) => {
    const { staff, audit } = repositories;
    const now = deps.now();
    const member = await staff.findByLoginId(loginId);
    if (member === undefined) {
      // What was typed is not kept (it may be a password typed in the wrong box): only a short
      // hash, enough to see the same unknown id tried again and again.
      const typed = createHash('sha256').update(loginId.toLowerCase()).digest('hex').slice(0, 16);
      await audit.append({ at: now, actor: 'login:unknown', ip, action: 'staff.signInFailed', target: '', detail: { reason: 'unknown_login', loginIdHash: typed } });
      return invalidCredentials();
    }
    if (member.lockedAt !== null) {
      await appendAudit(audit, actorOf(member, ip), { action: 'staff.signInFailed', target: `staff:${member.staffId}`, detail: { reason: 'locked' } }, now);
      // Only the right password learns that the account is locked: to anyone else a locked
      // account answers as an unknown id does, so guessing never tells which ids exist.
      return passwordOk && found?.passwordHash === member.passwordHash ? locked() : invalidCredentials();
    }
    if (!passwordOk || found?.passwordHash !== member.passwordHash) return countFailure(repositories, member, ip, 'password', now);

    const needsSecondFactor = member.totpSecret !== null || deps.security.totpRequiredFor.includes(member.role);
    if (!needsSecondFactor) await staff.resetFailedLogins(member.staffId, now);
    const token = randomBytes(32).toString('base64url');
    const session: StaffSessionRow = {
      tokenHash: hashToken(token),
      staffId: member.staffId,
      stage: needsSecondFactor ? 'second_factor' : 'signed_in',
      csrfToken: randomBytes(32).toString('base64url'),
      pendingTotpSecret: null,
      ip,
      createdAt: now,
      lastSeenAt: now,
    };
    // Sessions long past the idle timeout are removed at each sign-in rather than by a job, so
    // the table holds about the staff signed in now (a caller of a removed one is told to sign in).
    await staff.deleteIdleSessions(now - deps.security.idleTimeoutMs * 2);
    await staff.insertSession(session);
    await appendAudit(audit, actorOf(member, ip), { action: needsSecondFactor ? 'staff.password' : 'staff.signIn', target: `staff:${member.staffId}` }, now);
    return { token, session, member };
  });
}

/**
 * The session's second step: a code from the enrolled authenticator, or (enrolment) the first
 * code from the secret just offered, which enrols it. A wrong code, or one already used (its step
 * accepted before), counts as a failed sign-in.
 */
export async function confirmSecondFactor(deps: StaffDeps, tokenHash: string, code: string, ip: string): Promise<void> {
  await refuseAfterCommit(deps, async (repositories) => {
    const { staff, audit } = repositories;
    const now = deps.now();
    const session = await staff.findSession(tokenHash);
    const member = session === undefined ? undefined : await staff.find(session.staffId);
    if (session === undefined || member === undefined || session.stage !== 'second_factor') {
      return new HttpError(401, 'staff_login_required', messages.staffLoginRequired);
    }
    if (member.lockedAt !== null) return locked();
    const secret = member.totpSecret ?? session.pendingTotpSecret;
    if (secret === null) return new HttpError(409, 'totp_enrolment_required', messages.staffTotpEnrolmentRequired);
    const step = totpStepOf(secret, code, now);
    if (step === undefined) return countFailure(repositories, member, ip, 'totp', now);
    if (member.totpSecret === null) {
      await staff.setTotpSecret(member.staffId, secret, step, now);
      await appendAudit(audit, actorOf(member, ip), { action: 'staff.totpEnrolled', target: `staff:${member.staffId}` }, now);
    } else if (!(await staff.acceptTotpStep(member.staffId, step, now))) {
      return countFailure(repositories, member, ip, 'totp_reused', now);
    }
    await staff.resetFailedLogins(member.staffId, now);
    await staff.signInSession(tokenHash, now);
    await appendAudit(audit, actorOf(member, ip), { action: 'staff.signIn', target: `staff:${member.staffId}` }, now);
    return undefined;
  });
}

/** A secret to enrol, for an account that has none yet, kept on the session until confirmed. */
export async function startTotpEnrolment(deps: StaffDeps, tokenHash: string): Promise<{ secret: string; otpauthUri: string; qrSvg: string }> {
  const secret = newTotpSecret();
  const loginId = await deps.store.transaction(async ({ staff }) => {
    const session = await staff.findSession(tokenHash);
    const member = session === undefined ? undefined : await staff.find(session.staffId);
    if (session === undefined || member === undefined || session.stage !== 'second_factor') {
      throw new HttpError(401, 'staff_login_required', messages.staffLoginRequired);
    }
    if (member.totpSecret !== null) throw new HttpError(409, 'totp_already_enrolled', messages.staffTotpAlreadyEnrolled);
    await staff.setPendingTotpSecret(tokenHash, secret);
    return member.loginId;
  });
  return { secret, ...(await totpEnrolment(secret, loginId, deps.security.totpIssuer)) };
}

/**
 * The session behind a cookie's token, refreshed: 401 `staff_login_required` when there is none,
 * 401 `session_expired` (the session ended) when it was idle longer than the timeout. With
 * `csrfToken` (a state-changing call), 403 `csrf_failed` unless it is the session's.
 */
export async function useSession(
  deps: StaffDeps,
  token: string | undefined,
  options: { signedIn: boolean; csrfToken?: string | undefined; checkCsrf: boolean },
): Promise<{ session: StaffSessionRow; member: StaffMember }> {
  if (token === undefined || token === '') throw new HttpError(401, 'staff_login_required', messages.staffLoginRequired);
  const tokenHash = hashToken(token);
  return refuseAfterCommit(deps, async ({ staff, audit }) => {
    const now = deps.now();
    const session = await staff.findSession(tokenHash);
    const member = session === undefined ? undefined : await staff.find(session.staffId);
    if (session === undefined || member === undefined) return new HttpError(401, 'staff_login_required', messages.staffLoginRequired);
    if (now - session.lastSeenAt > deps.security.idleTimeoutMs) {
      await staff.deleteSession(tokenHash);
      await appendAudit(audit, actorOf(member, session.ip), { action: 'staff.sessionExpired', target: `staff:${member.staffId}` }, now);
      return new HttpError(401, 'session_expired', messages.staffSessionExpired);
    }
    if (member.lockedAt !== null) return locked();
    if (options.checkCsrf && !sameText(options.csrfToken ?? '', session.csrfToken)) return new HttpError(403, 'csrf_failed', messages.staffCsrfFailed);
    if (options.signedIn && session.stage !== 'signed_in') return new HttpError(401, 'staff_login_required', messages.staffLoginRequired);
    await staff.touchSession(tokenHash, now);
    return { session: { ...session, lastSeenAt: now }, member };
  });
}

/** Ends the session (signing out). */
export async function signOut(deps: StaffDeps, tokenHash: string, ip: string): Promise<void> {
  await deps.store.transaction(async ({ staff, audit }) => {
    const session = await staff.findSession(tokenHash);
    const member = session === undefined ? undefined : await staff.find(session.staffId);
    await staff.deleteSession(tokenHash);
    if (member !== undefined) await appendAudit(audit, actorOf(member, ip), { action: 'staff.signOut', target: `staff:${member.staffId}` }, deps.now());
  });
}
