// An edit kept in place writes only the rows that changed (records.update): whatever the rows before
// and after (answers changed, items added and removed, sort keys that move with their answer, rows
// reordered), the record afterwards holds exactly the rows sent, in their order. On the suite's engine.
import type { SurveyResultRow } from '@city/survey-core';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Store } from '../src/db/store.js';
import type { RecordRepository } from '../src/modules/records/record-repository.js';
import { recordRepository } from '../src/modules/records/repositories.js';
import type { TestDatabase } from './engines.js';
import { openTestDatabase } from './engines.js';

let database: TestDatabase;
let store: Store<RecordRepository>;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.execute("INSERT INTO survey_configs (survey_id, config_json, updated_at) VALUES ('s', '{}', 0)");
  store = database.store(recordRepository);
}, 60_000);
afterAll(async () => {
  await database.close();
});

// Rows of a few items; an item's sort key carries its answer for some (as a reservation's does).
const rowOf = (partitionKey: string) =>
  fc.record({ item: fc.constantFrom('a', 'b', 'c', 'd'), value: fc.constantFrom('', '1', '2', '予約'), keyed: fc.boolean(), check: fc.constantFrom('未対応' as const, '処理中' as const) }).map(
    ({ item, value, keyed, check }): SurveyResultRow => ({
      userId: 'U1',
      surveyId: 's',
      partitionKey,
      sortKey: keyed ? `${item}#${value}` : item,
      itemKey: item,
      value,
      userSearchKey: `${item}#${value}`,
      isLiffMode: false,
      check,
    }),
  );
const rowsOf = (partitionKey: string) => fc.uniqueArray(rowOf(partitionKey), { minLength: 1, maxLength: 6, selector: (row) => row.sortKey });

let n = 0;
it('leaves exactly the rows sent, in their order', async () => {
  await fc.assert(
    fc.asyncProperty(fc.constant(null).chain(() => {
      const partitionKey = `s#U1#${String((n += 1))}`;
      // The survey version answered may stay or move (an edit after the survey was edited).
      return fc.tuple(fc.constant(partitionKey), rowsOf(partitionKey), rowsOf(partitionKey), fc.constantFrom(1, 2));
    }), async ([partitionKey, before, after, surveyVersion]) => {
      await store.transaction(async (records) => {
        await records.replace({ rows: before, receiptNumber: `R${partitionKey}`, removePartitionKeys: [partitionKey], origin: 'web', surveyVersion: 1 });
      });
      await store.transaction(async (records) => {
        await records.update({ partitionKey, rows: after, previousRows: await records.rowsOf(partitionKey), surveyVersion, previousSurveyVersion: 1 });
      });
      const records = store.read;
      expect(await records.rowsOf(partitionKey)).toEqual(after);
      // What an edit reads the record back with (one statement) is the same.
      expect((await records.findWithRows(partitionKey))?.rows).toEqual(after);
      expect(await records.find(partitionKey)).toMatchObject({ version: 2, surveyVersion, receiptNumber: `R${partitionKey}` });
    }),
    { numRuns: 300 },
  );
});
