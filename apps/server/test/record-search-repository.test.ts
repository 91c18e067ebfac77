// Staff's record search on either engine: the same records for the same filter, folded partial
// matches included, newest first, page after page by keyset without a record skipped or repeated.
import { EVENT_APPLICATION } from '@city/demo-data';
import { buildSubmissionPayload } from '@city/survey-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { createPostgresRecordRepository } from '../src/modules/records/postgres-record-repository.js';
import { createPostgresRecordSearchRepository } from '../src/modules/records/postgres-record-search-repository.js';
import type { SearchCursor } from '../src/modules/records/record-search-repository.js';
import { createSqliteRecordRepository } from '../src/modules/records/sqlite-record-repository.js';
import { createSqliteRecordSearchRepository } from '../src/modules/records/sqlite-record-search-repository.js';
import { ENGINES, useTestDatabase } from './engines.js';

const repositories = {
  sqlite: (db: Parameters<typeof createSqliteRecordRepository>[0]) => ({ records: createSqliteRecordRepository(db), search: createSqliteRecordSearchRepository(db) }),
  postgres: (db: Parameters<typeof createPostgresRecordRepository>[0]) => ({ records: createPostgresRecordRepository(db), search: createPostgresRecordSearchRepository(db) }),
};
const NOTES = ['ヤマダ タロウです', 'やまだ花子', '０９０－１２３４－５６７８', '100%の参加', 'よろしく_お願いします'];
const SURVEY = EVENT_APPLICATION.surveyId;

describe.each(ENGINES)('the record search on %s', (engine) => {
  const each = useTestDatabase(engine, repositories);
  beforeEach(async () => {
    await each.database.execute('INSERT INTO survey_configs (survey_id, config_json, updated_at) VALUES (?, ?, 0)', [SURVEY, JSON.stringify(EVENT_APPLICATION)]);
    // 25 records, five of each note, two origins; created at n, the newest last.
    for (let n = 0; n < 25; n++) {
      const { data } = buildSubmissionPayload({ config: EVENT_APPLICATION, userId: `U${String(n).padStart(2, '0')}`, answers: { ticket: String(100000 + n), born: '1980-02-03', course: '料理教室', note: NOTES[n % 5] ?? '' }, now: 1000 + n });
      await each.store.transaction(({ records }) => records.replace({ rows: data, receiptNumber: `R${String(n)}`, removePartitionKeys: [], origin: n % 2 === 0 ? 'line' : 'web', surveyVersion: 1 }));
      await each.database.execute('UPDATE survey_records SET created_at = ? WHERE receipt_number = ?', [n < 10 ? 5000 : 5000 + n, `R${String(n)}`]); // ten made in the same millisecond
    }
  });

  const notesOf = async (keys: string[]) => Promise.all(keys.map(async (key) => (await each.store.read.records.rowsOf(key)).find((row) => row.itemKey === 'note')?.value));

  it('matches partial text folded (kana, width, hyphens), and %, _ as themselves', async () => {
    const { search } = each.store.read;
    const yamada = await notesOf(await search.allMatching(SURVEY, { items: [{ itemKey: 'note', value: 'やまだ' }] }));
    expect(yamada.sort()).toEqual([...Array<string>(5).fill('やまだ花子'), ...Array<string>(5).fill('ヤマダ タロウです')].sort());
    expect(await search.countMatching(SURVEY, { items: [{ itemKey: 'note', value: '09012345678' }] })).toBe(5);
    expect(await search.countMatching(SURVEY, { items: [{ itemKey: 'note', value: '100%' }] })).toBe(5);
    expect(await search.countMatching(SURVEY, { items: [{ itemKey: 'note', value: '0%の' }] })).toBe(5);
    expect(await search.countMatching(SURVEY, { items: [{ itemKey: 'note', value: 'く_お' }] })).toBe(5);
    expect(await search.countMatching(SURVEY, { items: [{ itemKey: 'note', value: 'く%お' }] })).toBe(0);
    expect(await search.countMatching(SURVEY, { items: [{ itemKey: 'note', value: 'やまだ花子', match: 'exact' }] })).toBe(5);
    expect(await search.countMatching(SURVEY, { items: [{ itemKey: 'note', value: 'ヤマダ花子', match: 'exact' }] })).toBe(0);
  });

  it('filters by origin, status and time, and counts', async () => {
    const { search } = each.store.read;
    expect(await search.countAll(SURVEY)).toBe(25);
    expect(await search.countMatching(SURVEY, { origins: ['web'] })).toBe(12);
    expect(await search.countMatching(SURVEY, { statuses: ['未対応'] })).toBe(25);
    expect(await search.countMatching(SURVEY, { statuses: ['処理中', '完了'] })).toBe(0);
    expect(await search.countMatching(SURVEY, { createdFrom: 5020, createdTo: 5022, origins: ['line'] })).toBe(2);
  });

  it('pages newest first, a record of the same millisecond never skipped nor repeated', async () => {
    const { search } = each.store.read;
    const seen: string[] = [];
    let after: SearchCursor | undefined;
    for (;;) {
      const page = await search.page(SURVEY, {}, after, 4);
      if (page.length === 0) break;
      seen.push(...page.map((cursor) => cursor.partitionKey));
      after = page.at(-1);
    }
    expect(seen).toEqual(await search.allMatching(SURVEY, {}));
    expect(new Set(seen).size).toBe(25);
  });
});
