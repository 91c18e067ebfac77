// Staff accounts, teams and console sessions on either engine: login ids one whatever their case,
// a TOTP step accepted once even by two sign-ins at the same moment, sessions through their stages.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPostgresStaffRepository } from '../src/modules/staff/postgres-staff-repository.js';
import { createSqliteStaffRepository } from '../src/modules/staff/sqlite-staff-repository.js';
import { ENGINES, useTestDatabase } from './engines.js';

const staffRepositories = { sqlite: createSqliteStaffRepository, postgres: createPostgresStaffRepository };

const member = (staffId: string, loginId: string, teamIds: string[]) => ({
  staffId,
  loginId,
  displayName: `職員 ${staffId}`,
  role: 'member' as const,
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
  totpSecret: null,
  teamIds,
});

describe.each(ENGINES)('staff on %s', (engine) => {
  const each = useTestDatabase(engine, staffRepositories);
  beforeEach(async () => {
    await each.store.transaction(async (staff) => {
      await staff.insertTeam({ teamId: 'kenko', name: '健康推進課' }, 1);
      await staff.insertTeam({ teamId: 'bunka', name: '文化振興課' }, 1);
    });
  });

  it('finds a member by login id whatever its case, with their teams, and refuses the same id in another case', async () => {
    await each.store.transaction((staff) => staff.insert(member('s1', 'Yamada', ['kenko', 'bunka', 'kenko']), 10));
    await each.store.transaction((staff) => staff.insert(member('s2', 'abe', []), 10));
    expect(await each.store.read.findByLoginId('YAMADA')).toMatchObject({ staffId: 's1', loginId: 'Yamada', teamIds: ['bunka', 'kenko'], failedLogins: 0, lockedAt: null, totpLastStep: null });
    expect(await each.store.read.find('s2')).toMatchObject({ loginId: 'abe', teamIds: [] });
    expect((await each.store.read.list()).map((m) => m.loginId)).toEqual(['abe', 'Yamada']);
    await expect(each.store.transaction((staff) => staff.insert(member('s3', 'yamada', []), 10))).rejects.toThrow();
    expect(await each.store.read.teams()).toEqual([
      { teamId: 'bunka', name: '文化振興課' },
      { teamId: 'kenko', name: '健康推進課' },
    ]);
  });

  it('counts failed sign-ins, locks and unlocks', async () => {
    await each.store.transaction((staff) => staff.insert(member('s1', 'yamada', []), 10));
    expect(await each.store.transaction((staff) => staff.addFailedLogin('s1', 11))).toBe(1);
    expect(await each.store.transaction((staff) => staff.addFailedLogin('s1', 12))).toBe(2);
    await each.store.transaction((staff) => staff.lock('s1', 13));
    expect(await each.store.read.find('s1')).toMatchObject({ failedLogins: 2, lockedAt: 13 });
    await each.store.transaction((staff) => staff.unlock('s1', 14));
    expect(await each.store.read.find('s1')).toMatchObject({ failedLogins: 0, lockedAt: null });
  });

  it('accepts a TOTP step once, even when two sign-ins bring it at the same moment', async () => {
    await each.store.transaction(async (staff) => {
      await staff.insert(member('s1', 'yamada', []), 10);
      await staff.setTotpSecret('s1', 'JBSWY3DPEHPK3PXP', 100, 10);
    });
    const accepted = await Promise.all([0, 1, 2, 3].map(() => each.store.transaction((staff) => staff.acceptTotpStep('s1', 101, 20))));
    expect(accepted.filter(Boolean)).toHaveLength(1);
    expect(await each.store.transaction((staff) => staff.acceptTotpStep('s1', 101, 21))).toBe(false);
    expect(await each.store.transaction((staff) => staff.acceptTotpStep('s1', 102, 22))).toBe(true);
  });

  it('takes a session from the second factor to signed in, and removes idle ones', async () => {
    await each.store.transaction((staff) => staff.insert(member('s1', 'yamada', []), 10));
    const session = { tokenHash: 'h1', staffId: 's1', stage: 'second_factor' as const, csrfToken: 'c1', pendingTotpSecret: null, ip: '127.0.0.1', createdAt: 100, lastSeenAt: 100 };
    await each.store.transaction(async (staff) => {
      await staff.insertSession(session);
      await staff.insertSession({ ...session, tokenHash: 'h2' });
      await staff.setPendingTotpSecret('h1', 'SECRET');
    });
    expect(await each.store.read.findSession('h1')).toEqual({ ...session, pendingTotpSecret: 'SECRET' });
    await each.store.transaction((staff) => staff.signInSession('h1', 200));
    expect(await each.store.read.findSession('h1')).toEqual({ ...session, stage: 'signed_in', lastSeenAt: 200 });
    await each.store.transaction((staff) => staff.deleteIdleSessions(150));
    expect(await each.store.read.findSession('h2')).toBeUndefined();
    await each.store.transaction((staff) => staff.deleteSessionsOf('s1'));
    expect(await each.store.read.findSession('h1')).toBeUndefined();
  });
});
