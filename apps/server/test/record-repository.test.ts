// Records and their rows on either engine: stored whole, edited in place writing only what changed,
// looked up by search keys, claimed once, their status changed on the version read.
import { EVENT_APPLICATION } from '@city/demo-data';
import type { SurveyResultRow } from '@city/survey-core';
import { buildSubmissionPayload } from '@city/survey-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { createPostgresRecordRepository } from '../src/modules/records/postgres-record-repository.js';
import { createSqliteRecordRepository } from '../src/modules/records/sqlite-record-repository.js';
import { ENGINES, useTestDatabase } from './engines.js';

const recordRepositories = { sqlite: createSqliteRecordRepository, postgres: createPostgresRecordRepository };

const rowsOf = (userId: string, course: string, note = 'よろしくお願いします'): SurveyResultRow[] =>
  buildSubmissionPayload({ config: EVENT_APPLICATION, userId, answers: { ticket: '123456', born: '1980-02-03', course, note }, now: 1_700_000_000_000 }).data;

describe.each(ENGINES)('records on %s', (engine) => {
  const each = useTestDatabase(engine, recordRepositories);
  beforeEach(async () => {
    await each.database.execute('INSERT INTO survey_configs (survey_id, config_json, updated_at) VALUES (?, ?, 0)', [EVENT_APPLICATION.surveyId, JSON.stringify(EVENT_APPLICATION)]);
  });

  it('stores a record whole, reads it back with its rows in order, and replaces it keeping its origin and creation', async () => {
    const first = rowsOf('U1', '料理教室');
    const partitionKey = first[0]?.partitionKey ?? '';
    await each.store.transaction((records) => records.replace({ rows: first, receiptNumber: 'R0001', removePartitionKeys: [], origin: 'line', surveyVersion: 1 }));
    const stored = await each.store.read.findWithRows(partitionKey);
    expect(stored?.rows).toEqual(first);
    expect(stored?.record).toMatchObject({ partitionKey, userId: 'U1', receiptNumber: 'R0001', origin: 'line', version: 1, surveyVersion: 1, enteredBy: null });
    expect(stored?.hasOpenOrder).toBe(false);
    await each.store.transaction((records) => records.replace({ rows: rowsOf('U1', '健康体操'), receiptNumber: 'R0001', removePartitionKeys: [partitionKey], origin: 'web', surveyVersion: 2 }));
    const replaced = await each.store.read.find(partitionKey);
    expect(replaced).toMatchObject({ origin: 'line', version: 2, surveyVersion: 2, createdAt: stored?.record.createdAt });
    // SQLite says a number is taken; PostgreSQL leaves it to the column's UNIQUE (its transaction
    // then runs again with a new number). On both, a second record never gets a taken number.
    expect(await each.store.read.isReceiptNumberTaken('R0001')).toBe(engine === 'sqlite');
    expect(await each.store.read.isReceiptNumberTaken('R0002')).toBe(false);
    const another = rowsOf('U2', '料理教室');
    await expect(
      each.store.transaction((records) => records.replace({ rows: another, receiptNumber: 'R0001', removePartitionKeys: [], origin: 'web', surveyVersion: 1 })),
    ).rejects.toThrow();
    expect(await each.store.read.find(another[0]?.partitionKey ?? '')).toBeUndefined();
  });

  it('reads a page of records for an export as each one reads alone: in the keys’ order, files, separators and all', async () => {
    const plain = rowsOf('U1', '料理教室');
    // Answers holding what the page's SQLite statement joins rows with; an upload's files.
    const awkward = rowsOf('U2', 'スマホ教室', '区切り\u001eticket\u001f999999と\u001fと\u001d');
    const uploaded = rowsOf('U4', 'スマホ教室').map((row, i) => (i === 0 ? { ...row, files: [{ name: '診断書.pdf', url: '/files/f', contentType: 'application/pdf', size: 10 }] } : row));
    const closed = rowsOf('U3', '健康体操').map((row) => ({ ...row, check: '完了' as const }));
    for (const [rows, receiptNumber] of [[plain, 'R1'], [awkward, 'R2'], [closed, 'R3'], [uploaded, 'R4']] as const) {
      await each.store.transaction((records) => records.replace({ rows, receiptNumber, removePartitionKeys: [], origin: 'web', surveyVersion: 1 }));
    }
    const keys = [closed, plain, awkward, uploaded].map((rows) => rows[0]?.partitionKey ?? '');
    const page = await each.store.read.answersOfPage([...keys.slice(0, 2), 'no-such-record', ...keys.slice(2)]);
    expect(page.map((read) => read.record.partitionKey)).toEqual(keys);
    for (const read of page) {
      const alone = await each.store.read.rowsOf(read.record.partitionKey);
      expect(read.record).toEqual(await each.store.read.find(read.record.partitionKey));
      expect(read.status).toBe(alone[0]?.check);
      expect(read.rows).toEqual(alone.map(({ itemKey, value, files }) => ({ itemKey, value, ...(files === undefined ? {} : { files }) })));
    }
    expect(page[0]?.status).toBe('完了');
    expect(await each.store.read.answersOfPage([])).toEqual([]);
  });

  it('reads a page as its rows stand after every kind of change, made by the product or behind its back', async () => {
    const before = rowsOf('U1', '料理教室');
    const partitionKey = before[0]?.partitionKey ?? '';
    const pageRead = async () => {
      const [read] = await each.store.read.answersOfPage([partitionKey]);
      const alone = await each.store.read.rowsOf(partitionKey);
      expect(read?.status).toBe(alone[0]?.check);
      expect(read?.rows).toEqual(alone.map(({ itemKey, value }) => ({ itemKey, value })));
      return read;
    };
    // SQLite keeps the page's text beside the record (migration 15): written by the product, cleared by anything else.
    const folded = async () => (await each.database.execute('SELECT * FROM survey_records WHERE partition_key = ?', [partitionKey]))[0]?.['answers_folded'];
    await each.store.transaction((records) => records.replace({ rows: before, receiptNumber: 'R0001', removePartitionKeys: [], origin: 'web', surveyVersion: 1 }));
    expect((await pageRead())?.rows.find((row) => row.itemKey === 'note')?.value).toBe('よろしくお願いします');
    const after = rowsOf('U1', '健康体操', '変更しました').filter((row) => row.itemKey !== 'born');
    await each.store.transaction((records) => records.update({ partitionKey, rows: after, previousRows: before, surveyVersion: 1, previousSurveyVersion: 1 }));
    expect((await pageRead())?.rows.map((row) => row.itemKey)).not.toContain('born');
    await each.store.transaction((records) => records.setCheck(partitionKey, '処理中'));
    expect((await pageRead())?.status).toBe('処理中');
    if (engine === 'sqlite') expect(await folded()).toMatch(/処理中/);
    // An operator's shell changes a value: the page reads the new one.
    await each.database.execute("UPDATE survey_results SET value = '書道教室の件' WHERE partition_key = ? AND item_key = 'note'", [partitionKey]);
    if (engine === 'sqlite') expect(await folded()).toBeNull();
    expect((await pageRead())?.rows.find((row) => row.itemKey === 'note')?.value).toBe('書道教室の件');
    await each.database.execute('DELETE FROM survey_results WHERE partition_key = ? AND item_key = ?', [partitionKey, 'ticket']);
    expect((await pageRead())?.rows.map((row) => row.itemKey)).not.toContain('ticket');
    // The product's next change folds it again.
    await each.store.transaction((records) => records.setCheck(partitionKey, '完了'));
    if (engine === 'sqlite') expect(await folded()).toMatch(/書道教室の件/);
    expect((await pageRead())?.status).toBe('完了');
  });

  it('edits a record in place: changed rows updated, new ones added, rows no longer sent removed', async () => {
    const before = rowsOf('U1', '料理教室');
    const partitionKey = before[0]?.partitionKey ?? '';
    await each.store.transaction((records) => records.replace({ rows: before, receiptNumber: 'R0001', removePartitionKeys: [], origin: 'web', surveyVersion: 1 }));
    const after = rowsOf('U1', '健康体操', '変更しました').filter((row) => row.itemKey !== 'born');
    await each.store.transaction((records) => records.update({ partitionKey, rows: after, previousRows: before, surveyVersion: 1, previousSurveyVersion: 1 }));
    expect(await each.store.read.rowsOf(partitionKey)).toEqual(after);
    expect(await each.store.read.rowsOfItems(partitionKey, ['note', 'ticket'])).toEqual(after.filter((row) => row.itemKey === 'note' || row.itemKey === 'ticket'));
    expect((await each.store.read.find(partitionKey))?.version).toBe(2);
  });

  it('finds records by every search key, and gives an unclaimed one to one user only', async () => {
    // Imported from paper: nobody's yet.
    const rows = rowsOf('Uimported', '料理教室').map((row) => ({ ...row, userId: '' }));
    const partitionKey = rows[0]?.partitionKey ?? '';
    await each.store.transaction((records) => records.replace({ rows, receiptNumber: 'R0009', removePartitionKeys: [], origin: 'import', surveyVersion: 1 }));
    const keys = rows.filter((row) => row.itemKey === 'ticket' || row.itemKey === 'born').map((row) => row.userSearchKey);
    expect(await each.store.read.findBySearchKeys(EVENT_APPLICATION.surveyId, keys)).toEqual([partitionKey]);
    expect(await each.store.read.findBySearchKeys(EVENT_APPLICATION.surveyId, [...keys, 'born#1999-01-01'])).toEqual([]);
    const claims = await Promise.all(['U1', 'U2', 'U3'].map((userId) => each.store.transaction((records) => records.claim(partitionKey, userId))));
    expect(claims.filter(Boolean)).toHaveLength(1);
    const owner = (await each.store.read.find(partitionKey))?.userId;
    expect((await each.store.read.rowsOf(partitionKey)).every((row) => row.userId === owner)).toBe(true);
    expect(await each.store.read.recordsOfUser(EVENT_APPLICATION.surveyId, owner ?? '')).toHaveLength(1);
    expect((await each.store.read.rowsOfUser(EVENT_APPLICATION.surveyId, owner ?? '')).length).toBe(rows.length);
  });

  it('changes the status on the version read only, and knows a closed record', async () => {
    const rows = rowsOf('U1', '料理教室');
    const partitionKey = rows[0]?.partitionKey ?? '';
    await each.store.transaction((records) => records.replace({ rows, receiptNumber: 'R0001', removePartitionKeys: [], origin: 'web', surveyVersion: 1 }));
    expect(await each.store.transaction((records) => records.setCheck(partitionKey, '処理中', 1))).toBe(true);
    expect(await each.store.transaction((records) => records.setCheck(partitionKey, '完了', 1))).toBe(false); // read at version 1, now 2
    expect(await each.store.read.isClosed(partitionKey)).toBe(false);
    expect(await each.store.transaction((records) => records.setCheck(partitionKey, 'キャンセル'))).toBe(true);
    expect(await each.store.read.isClosed(partitionKey)).toBe(true);
    await each.store.transaction((records) => records.delete(partitionKey));
    expect(await each.store.read.findWithRows(partitionKey)).toBeUndefined();
  });
});
