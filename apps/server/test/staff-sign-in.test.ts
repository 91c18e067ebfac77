// Staff sign-in as a browser does it, against the real app: password (Argon2id), TOTP second
// factor (enrolment, valid, reused, wrong), lockout after 10 failures and an administrator's
// unlock, the idle timeout on a fake clock, CSRF, and the wall between the citizen API and the
// console's.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { totpCode } from '../src/modules/staff/totp.js';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';
import type { TestStaff } from './staff-helpers.js';
import { addStaff, addTeams, consoleClient } from './staff-helpers.js';

const START = Date.UTC(2026, 10, 25, 1, 0, 0);
const MINUTE = 60_000;
let clock = START;
let ctx: TestContext;

beforeEach(async () => {
  clock = START;
  ctx = await createTestContext({}, {}, { now: () => clock });
  await addTeams(ctx);
});
afterEach(async () => {
  await ctx.close();
});

const auditActions = async () => ((await ctx.query('SELECT action FROM audit_log ORDER BY seq')) as { action: string }[]).map((row) => row.action);

describe('password sign-in', () => {
  let member: TestStaff;
  beforeEach(async () => {
    member = await addStaff(ctx, 'member', ['team-a']);
  });

  it('stores the password as Argon2id and signs in with a cookie the page script cannot read', async () => {
    const stored = (await ctx.queryOne('SELECT password_hash FROM staff_members WHERE login_id = ?', [member.loginId])) as { password_hash: string };
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    const console = consoleClient(ctx);
    const response = await console.signIn(member);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ stage: 'signed_in', staff: { loginId: member.loginId, role: 'member', teams: [{ teamId: 'team-a', name: 'Aチーム' }] } });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/console\/api/);
    // Staff answers are never kept by a shared terminal's browser or a proxy.
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await console.call('staffSession')).status).toBe(200);
    expect(await auditActions()).toContain('staff.signIn');
  });

  it('refuses a wrong password and an unknown login id alike, auditing both', async () => {
    const console = consoleClient(ctx);
    const wrong = await console.signIn({ loginId: member.loginId, password: 'not the password' });
    const unknown = await console.signIn({ loginId: 'nobody', password: 'whatever password' });
    expect(wrong).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
    expect(unknown).toMatchObject({ status: 401, body: { code: 'invalid_credentials', message: wrong.body.message } });
    expect(console.cookie).toBeUndefined();
    const entries = (await ctx.query("SELECT actor, detail_json FROM audit_log WHERE action = 'staff.signInFailed' ORDER BY seq")) as { actor: string; detail_json: string }[];
    expect(entries.map((entry) => entry.actor)).toEqual([`staff:${member.staffId}`, 'login:unknown']);
    // What was typed is not kept in the log (it may be a password typed in the wrong box).
    expect(entries[1]!.detail_json).not.toContain('nobody');
  });

  it('locks the account after 10 failures; the right password is refused until an administrator unlocks it', async () => {
    const console = consoleClient(ctx);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await console.signIn({ loginId: member.loginId, password: `wrong ${attempt}` })).body.code).toBe('invalid_credentials');
    }
    // Only the right password learns of the lock; a guess gets what an unknown id gets, so
    // guessing never tells which login ids exist.
    expect(await console.signIn(member)).toMatchObject({ status: 403, body: { code: 'account_locked' } });
    const guess = await console.signIn({ loginId: member.loginId, password: 'wrong 11' });
    const unknown = await console.signIn({ loginId: 'nobody', password: 'wrong 11' });
    expect(guess).toMatchObject({ status: 401, body: { code: 'invalid_credentials', message: unknown.body.message } });
    expect((await auditActions()).filter((action) => action === 'staff.locked')).toHaveLength(1);

    // Another member cannot unlock it; an administrator can, and that is audited.
    const colleague = await addStaff(ctx, 'admin', ['team-a']);
    const colleagueConsole = consoleClient(ctx);
    await colleagueConsole.signIn(colleague);
    expect(await colleagueConsole.call('staffUnlock', { params: { staffId: member.staffId } })).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    const administrator = await addStaff(ctx, 'administrator', ['team-a', 'team-b'], { totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });
    const adminConsole = consoleClient(ctx);
    await adminConsole.signIn(administrator);
    await adminConsole.call('staffSecondFactor', { body: { code: totpCode('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', clock) } });
    expect((await adminConsole.call('staffUnlock', { params: { staffId: member.staffId } })).status).toBe(200);
    expect((await console.signIn(member)).status).toBe(200);
    expect(await auditActions()).toContain('staff.unlock');
  });

  it('counts failures towards the lockout only until a sign-in succeeds', async () => {
    const console = consoleClient(ctx);
    for (let attempt = 1; attempt <= 9; attempt += 1) await console.signIn({ loginId: member.loginId, password: 'wrong' });
    expect((await console.signIn(member)).status).toBe(200);
    expect((await console.signIn({ loginId: member.loginId, password: 'wrong' })).body.code).toBe('invalid_credentials');
  });
});

describe('TOTP second factor', () => {
  it('makes an administrator enrol at the first sign-in (QR code), then asks for a code each time', async () => {
    const administrator = await addStaff(ctx, 'administrator', ['team-a']);
    const console = consoleClient(ctx);
    const first = await console.signIn(administrator);
    expect(first.body.data).toMatchObject({ stage: 'totp_enrolment', actions: [] });
    // Signed in by password only, nothing else opens.
    expect((await console.call('staffSurveys')).status).toBe(401);
    const enrolment = await console.call('staffTotpEnrolment');
    const { secret, otpauthUri, qrSvg } = enrolment.body.data as { secret: string; otpauthUri: string; qrSvg: string };
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrSvg).toMatch(/^<svg/);
    // A wrong code is said to be the code: the password was right.
    expect((await console.call('staffSecondFactor', { body: { code: '000000' === totpCode(secret, clock) ? '111111' : '000000' } })).body).toMatchObject({
      code: 'invalid_credentials',
      message: '確認コードが正しくありません。認証アプリに表示されている6桁の数字を入力してください。',
    });
    const enrolled = await console.call('staffSecondFactor', { body: { code: totpCode(secret, clock) } });
    expect(enrolled.body.data).toMatchObject({ stage: 'signed_in', staff: { totpEnrolled: true } });
    expect((await console.call('staffSurveys')).status).toBe(200);
    expect(await auditActions()).toEqual(expect.arrayContaining(['staff.password', 'staff.signInFailed', 'staff.totpEnrolled', 'staff.signIn']));

    // Next time: the code is asked for; the one used at enrolment is refused, the next step's accepted.
    clock += 10_000;
    const again = consoleClient(ctx);
    expect((await again.signIn(administrator)).body.data).toMatchObject({ stage: 'second_factor' });
    expect(await again.call('staffSecondFactor', { body: { code: totpCode(secret, clock) } })).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
    clock += 30_000;
    expect((await again.call('staffSecondFactor', { body: { code: totpCode(secret, clock) } })).status).toBe(200);
  });

  it('accepts a code once only: the same code in its window a second time is refused', async () => {
    const secret = 'KRSXG5CTMVRXEZLUKN2XAZLSKNSWG4TFOQ======'.replace(/=+$/, '');
    const operator = await addStaff(ctx, 'operator', ['team-a'], { totpSecret: secret });
    const code = totpCode(secret, clock);
    const one = consoleClient(ctx);
    await one.signIn(operator);
    expect((await one.call('staffSecondFactor', { body: { code } })).status).toBe(200);
    const two = consoleClient(ctx);
    await two.signIn(operator);
    clock += 5_000;
    expect(await two.call('staffSecondFactor', { body: { code } })).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
    expect(await two.call('staffSecondFactor', { body: { code: 'abcdef' } })).toMatchObject({ status: 400 });
  });
});

describe('the session', () => {
  let member: TestStaff;
  beforeEach(async () => {
    member = await addStaff(ctx, 'member', ['team-a']);
  });

  it('ends after 30 idle minutes: the next call answers 401 session_expired with the message the console shows', async () => {
    const console = consoleClient(ctx);
    await console.signIn(member);
    clock += 29 * MINUTE;
    expect((await console.call('staffSurveys')).status).toBe(200);
    clock += 29 * MINUTE; // 58 minutes in, but used 29 minutes ago
    expect((await console.call('staffSurveys')).status).toBe(200);
    clock += 30 * MINUTE + 1;
    const expired = await console.call('staffSurveys');
    expect(expired).toMatchObject({ status: 401, body: { code: 'session_expired' } });
    expect(expired.body.message).toContain('一定時間操作がなかったため、ログアウトしました');
    // Ended for good, not just refused once.
    clock -= 30 * MINUTE;
    expect((await console.call('staffSurveys')).body.code).toBe('staff_login_required');
  });

  it('refuses a state-changing call without the session CSRF token, or with another', async () => {
    const console = consoleClient(ctx);
    await console.signIn(member);
    expect(await console.call('staffSignOut', { csrf: false })).toMatchObject({ status: 403, body: { code: 'csrf_failed' } });
    expect(await console.call('staffSignOut', { csrf: false, headers: { 'x-csrf-token': 'guessed' } })).toMatchObject({ status: 403, body: { code: 'csrf_failed' } });
    expect((await console.call('staffSignOut')).status).toBe(200);
    expect((await console.call('staffSession')).status).toBe(401);
  });

  it('never lets a citizen bearer token open a staff route, nor a staff session a citizen route', async () => {
    const [yamada] = ctx.users;
    const token = await ctx.tokenFor(yamada!);
    const staffRoute = await ctx.app.inject({ method: 'GET', url: '/console/api/surveys', headers: { authorization: `Bearer ${token}` } });
    expect(staffRoute.statusCode).toBe(401);
    const console = consoleClient(ctx);
    await console.signIn(member);
    const citizenRoute = await ctx.app.inject({
      method: 'GET',
      url: '/survey/api/v1/db/survey-configs/getItem?surveyId=health-checkup',
      headers: { cookie: console.cookie! },
    });
    expect(citizenRoute.statusCode).toBe(401);
  });
});
