// An Idempotency-Key is answered once, on either engine, even when the same key arrives at the same
// moment on two connections (two server instances on one PostgreSQL).
import { describe, expect, it } from 'vitest';
import type { IdempotencyRepository } from '../src/modules/records/idempotency-repository.js';
import { createPostgresIdempotencyRepository } from '../src/modules/records/postgres-idempotency-repository.js';
import { createSqliteIdempotencyRepository } from '../src/modules/records/sqlite-idempotency-repository.js';
import type { Store } from '../src/db/store.js';
import { ENGINES, useTestDatabase } from './engines.js';

const idempotency = { sqlite: createSqliteIdempotencyRepository, postgres: createPostgresIdempotencyRepository };

/** What `once` in submit-record.ts does: the work runs only for a key not seen before. */
async function answerOnce(store: Store<IdempotencyRepository>, key: string, work: () => Promise<unknown>) {
  return store.transaction(async (keys) => {
    const seen = await keys.reserve('U1', key, 'putItem:hash');
    if (seen !== undefined) return { repeated: true, response: seen.response };
    const response = await work();
    await keys.remember('U1', key, 'putItem:hash', response);
    return { repeated: false, response };
  });
}

describe.each(ENGINES)('idempotency keys on %s', (engine) => {
  const each = useTestDatabase(engine, idempotency);

  it('answers a key seen before with what it answered, and its request hash', async () => {
    expect(await answerOnce(each.store, 'k1', async () => ({ receiptNumber: 'R1' }))).toEqual({ repeated: false, response: { receiptNumber: 'R1' } });
    expect(await answerOnce(each.store, 'k1', async () => ({ receiptNumber: 'R2' }))).toEqual({ repeated: true, response: { receiptNumber: 'R1' } });
    expect(await each.store.transaction((keys) => keys.reserve('U1', 'k1', 'other:hash'))).toEqual({ requestHash: 'putItem:hash', response: { receiptNumber: 'R1' } });
    // Keys are the user's: another user's same key is new.
    expect(await each.store.transaction((keys) => keys.reserve('U2', 'k1', 'putItem:hash'))).toBeUndefined();
  });

  it('runs the work once when the same key arrives ten times at once', async () => {
    let runs = 0;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        answerOnce(each.store, 'k-same', async () => {
          runs += 1;
          await new Promise((resolve) => setImmediate(resolve)); // the others arrive meanwhile
          return { receiptNumber: `R${String(runs)}` };
        }),
      ),
    );
    expect(runs).toBe(1);
    expect(answers.filter((answer) => !answer.repeated)).toHaveLength(1);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.response)))).toEqual(new Set(['{"receiptNumber":"R1"}']));
  });

  it('frees the key of a transaction that failed: the retry does the work', async () => {
    await expect(answerOnce(each.store, 'k-failed', async () => Promise.reject(new Error('the slot was full')))).rejects.toThrow('the slot was full');
    expect(await answerOnce(each.store, 'k-failed', async () => ({ receiptNumber: 'R9' }))).toEqual({ repeated: false, response: { receiptNumber: 'R9' } });
  });

  it('forgets keys older than a time', async () => {
    await answerOnce(each.store, 'k-old', async () => ({}));
    await each.database.execute('UPDATE idempotency_keys SET created_at = 1000');
    await answerOnce(each.store, 'k-new', async () => ({}));
    expect(await each.store.transaction((keys) => keys.forgetOlderThan(2000))).toBe(1);
    expect((await each.database.execute('SELECT idempotency_key FROM idempotency_keys')).map((row) => row.idempotency_key)).toEqual(['k-new']);
  });
});
