// Member numbers on either engine: never issued twice, even to registrations committed at the same
// moment on several connections (several server instances on one PostgreSQL), and one active
// registration per citizen.
import { LIBRARY_CARD } from '@city/demo-data';
import { describe, expect, it } from 'vitest';
import type { Store } from '../src/db/store.js';
import { HttpError } from '../src/http/errors.js';
import type { MemberNumberRepository } from '../src/modules/members/member-number-repository.js';
import { planMemberNumber, retireNumberOf, storeMemberNumber } from '../src/modules/members/membership-rules.js';
import { createPostgresMemberNumberRepository } from '../src/modules/members/postgres-member-number-repository.js';
import { createSqliteMemberNumberRepository } from '../src/modules/members/sqlite-member-number-repository.js';
import { ENGINES, useTestDatabase } from './engines.js';

const memberNumbers = { sqlite: createSqliteMemberNumberRepository, postgres: createPostgresMemberNumberRepository };

/** A registration as the records use-case makes it: planned and stored in one transaction. */
const register = (store: Store<MemberNumberRepository>, userId: string, partitionKey: string) =>
  store.transaction(async (members) => {
    const planned = await planMemberNumber(members, LIBRARY_CARD, userId, undefined);
    if (planned === undefined) throw new Error('the library card is a membership');
    await storeMemberNumber(members, planned, partitionKey, userId, Date.now());
    return planned.memberNumber;
  });

describe.each(ENGINES)('member numbers on %s', (engine) => {
  const each = useTestDatabase(engine, memberNumbers);

  it('gives 200 registrations made at once 200 different numbers, 1 to 200', async () => {
    const numbers = await Promise.all(Array.from({ length: 200 }, (_, i) => register(each.store, `U${String(i)}`, `library-card#U${String(i)}`)));
    expect(new Set(numbers).size).toBe(200);
    const sequences = (await each.database.execute('SELECT sequence FROM member_numbers ORDER BY sequence')).map((row) => row.sequence);
    expect(sequences).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  });

  it('registers a citizen who sends twice at once once: the other gets 409 already_member', async () => {
    const outcomes = await Promise.allSettled([register(each.store, 'U-twice', 'library-card#a'), register(each.store, 'U-twice', 'library-card#b')]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(HttpError);
    expect((refused?.reason as HttpError).code).toBe('already_member');
  });

  it('never issues a retired number again', async () => {
    const first = await register(each.store, 'U-leaves', 'library-card#1');
    await each.store.transaction((members) => retireNumberOf(members, 'library-card#1', Date.now()));
    const second = await register(each.store, 'U-leaves', 'library-card#2');
    expect(second).not.toBe(first);
    expect((await each.store.read.find(LIBRARY_CARD.surveyId, first))?.withdrawnAt).toEqual(expect.any(Number) as unknown);
    expect(await each.store.read.activeOfUser(LIBRARY_CARD.surveyId, 'U-leaves')).toMatchObject({ memberNumber: second, sequence: 2 });
  });
});
