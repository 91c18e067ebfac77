// The look-up lockout on either engine: a burst of failing look-ups by one citizen, sent at once
// (to several server instances on one PostgreSQL), gets no more tries than the lockout allows.
import { describe, expect, it } from 'vitest';
import type { Store } from '../src/db/store.js';
import type { LookupGuardRepository } from '../src/modules/records/lookup-guard-repository.js';
import { createPostgresLookupGuardRepository } from '../src/modules/records/postgres-lookup-guard-repository.js';
import { LOOKUP_FAILURES_PER_DAY } from '../src/modules/records/look-up-record.js';
import { createSqliteLookupGuardRepository } from '../src/modules/records/sqlite-lookup-guard-repository.js';
import { ENGINES, useTestDatabase } from './engines.js';

const lookupGuards = { sqlite: createSqliteLookupGuardRepository, postgres: createPostgresLookupGuardRepository };

/** A look-up that finds nothing, as lookUpRecord runs it: refused when locked, else one more failure. */
const failingLookUp = (store: Store<LookupGuardRepository>, userId: string) =>
  store.transaction(async (guards) => {
    if ((await guards.failures(userId, '2026-11-26')) >= LOOKUP_FAILURES_PER_DAY) return 'locked';
    await new Promise((resolve) => setImmediate(resolve)); // the search, meanwhile the others arrive
    await guards.addFailure(userId, '2026-11-26');
    return 'tried';
  });

describe.each(ENGINES)('the look-up guard on %s', (engine) => {
  const each = useTestDatabase(engine, lookupGuards);

  it(`lets ${String(LOOKUP_FAILURES_PER_DAY)} of 30 look-ups sent at once try, and locks the rest`, async () => {
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => failingLookUp(each.store, 'U-burst')));
    expect(outcomes.filter((outcome) => outcome === 'tried')).toHaveLength(LOOKUP_FAILURES_PER_DAY);
    expect(await each.store.read.failures('U-burst', '2026-11-26')).toBe(LOOKUP_FAILURES_PER_DAY);
    // Another citizen is not held up by it.
    expect(await failingLookUp(each.store, 'U-other')).toBe('tried');
  });

  it('grants a found record to its finder until the grant expires', async () => {
    await each.store.transaction((guards) => guards.grant('U1', 'survey#U1#1', Date.now() + 60_000));
    await each.store.transaction((guards) => guards.grant('U1', 'survey#U1#2', Date.now() - 1));
    expect(await each.store.read.isGranted('U1', 'survey#U1#1')).toBe(true);
    expect(await each.store.read.isGranted('U1', 'survey#U1#2')).toBe(false);
    expect(await each.store.read.isGranted('U2', 'survey#U1#1')).toBe(false);
  });
});
