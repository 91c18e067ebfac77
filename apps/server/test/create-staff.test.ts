// The create-staff command makes the first administrator in the server's database: its password is
// generated and printed once (never a default), and works to sign in; a wrong call explains itself.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readConfig } from '../src/env.js';
import { runCreateStaffCommand } from '../src/modules/staff/create-staff-command.js';
import { runUnlockStaffCommand } from '../src/modules/staff/unlock-staff-command.js';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';
import { consoleClient } from './staff-helpers.js';
import { auditRepository } from '../src/modules/audit/repositories.js';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.close();
});

async function run(args: string[], command = runCreateStaffCommand) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command(args, {
    database: { databasePath: ctx.databasePath, databaseUrl: ctx.databaseUrl },
    security: { ...readConfig({ NODE_ENV: 'test' }).staff, totpRequiredFor: [] },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err };
}

/** Who the audit log says did `action`, on whichever engine the app runs. */
const actorsOf = async (action: string) => (await ctx.app.storage.store(auditRepository).read.find({ action, limit: 10 })).filter((entry) => entry.action === action).map((entry) => entry.actor);

describe('create-staff', () => {
  it('creates an account with its teams and prints a generated password that signs in', async () => {
    const made = await run(['--login-id', 'tanaka', '--name', '田中 一郎', '--role', 'admin', '--team', 'health:健康推進課', '--team', 'community:市民協働課']);
    expect(made).toMatchObject({ code: 0, err: [] });
    expect(made.out[0]).toBe('Created tanaka (admin, teams: community, health).');
    const password = /Password \(shown once; sign in and keep it safe\): (\S+)$/.exec(made.out[1] ?? '')?.[1];
    expect(password).toMatch(/^[\w-]{22}$/);
    // Hashed at the production parameters (OWASP's minimum for Argon2id); tests' own accounts are cheaper (staff-helpers.ts).
    expect(await ctx.queryOne('SELECT password_hash FROM staff_members WHERE login_id = ?', ['tanaka'])).toMatchObject({ password_hash: expect.stringMatching(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/) as unknown });
    const console = consoleClient(ctx);
    const signedIn = await console.signIn({ loginId: 'tanaka', password: password! });
    expect(signedIn.body.data).toMatchObject({ stage: 'signed_in', staff: { displayName: '田中 一郎', role: 'admin', teams: [{ teamId: 'community', name: '市民協働課' }, { teamId: 'health', name: '健康推進課' }] } });
    expect(await actorsOf('staff.create')).toEqual(['system:create-staff']);
  });

  it('refuses a login id in use (exit 1) and explains its usage when called wrongly (exit 2)', async () => {
    expect((await run(['--login-id', 'sato', '--name', '佐藤', '--role', 'member'])).code).toBe(0);
    expect(await run(['--login-id', 'SATO', '--name', '佐藤', '--role', 'member'])).toMatchObject({ code: 1, err: ['このログインIDはすでに使われています。'] });
    const usage = await run(['--login-id', 'x', '--role', 'king']);
    expect(usage.code).toBe(2);
    expect(usage.err[0]).toContain('Usage: create-staff');
  });

  it('unlocks an account from the server machine when no administrator can (unlock-staff), audited', async () => {
    const made = await run(['--login-id', 'kimura', '--name', '木村', '--role', 'administrator']);
    const password = /: (\S+)$/.exec(made.out[1] ?? '')?.[1] ?? '';
    const console = consoleClient(ctx);
    for (let attempt = 0; attempt < 10; attempt += 1) await console.signIn({ loginId: 'kimura', password: `wrong-${attempt}` });
    expect(await console.signIn({ loginId: 'kimura', password })).toMatchObject({ status: 403, body: { code: 'account_locked' } });
    expect(await run(['--login-id', 'kimura'], runUnlockStaffCommand)).toEqual({ code: 0, out: ['Unlocked kimura.'], err: [] });
    expect((await console.signIn({ loginId: 'kimura', password })).status).toBe(200);
    expect(await actorsOf('staff.unlock')).toEqual(['system:unlock-staff']);
    expect(await run(['--login-id', 'nobody'], runUnlockStaffCommand)).toMatchObject({ code: 1, err: ['職員アカウントが見つかりません。'] });
    expect((await run([], runUnlockStaffCommand)).code).toBe(2);
  });
});
