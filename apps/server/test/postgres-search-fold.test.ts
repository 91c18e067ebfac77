// PostgreSQL's search_fold (migration 13) folds text as searchFold (search-text.ts) does, so that a
// staff search finds the same records on both engines: checked on random text of the characters
// that fold (kana of both kinds and widths, full-width letters and digits, spaces, hyphens).
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchFold } from '../src/modules/records/search-text.js';
import type { PostgresDatabases } from './postgres-databases.js';
import { startPostgresDatabases } from './postgres-databases.js';

// One character each (code points: every one here is a single code point).
const ALPHABET = [
  'あいうえおがぱゃっゔアイウエオガパャッヴヵヶｱｲｳｶﾞﾊﾟｯｬ小林修山田太郎',
  'ABCxyzＡＢＣｘｙｚ0123０１２３',
  ' \t\n\u3000\u00a0\u2002\u202f\u205f\u1680\u2028\u2029\ufeff',
  '-‐‑‒–—―−ー～',
  '①㈱㌔ﾟ゛',
].flatMap((characters) => Array.from(characters));

describe('search_fold on PostgreSQL', () => {
  let databases: PostgresDatabases;
  let client: pg.Client;
  beforeAll(async () => {
    databases = await startPostgresDatabases();
    client = new pg.Client({ connectionString: await databases.create() });
    await client.connect();
  }, 60_000);
  afterAll(async () => {
    await client.end();
    await (databases as PostgresDatabases | undefined)?.stop();
  });

  it('folds as searchFold does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...ALPHABET), { maxLength: 12 }).map((chars) => chars.join('')), async (text) => {
        const { rows } = await client.query<{ folded: string }>('SELECT search_fold($1) AS folded', [text]);
        expect(rows[0]?.folded).toBe(searchFold(text));
      }),
      { numRuns: 500 },
    );
  });
});
