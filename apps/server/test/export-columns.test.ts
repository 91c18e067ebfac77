// The columns of an exported results file: the same before and after a survey edit (every
// version's items), a record of the older version filling the columns it has, and each record's
// fixed cells (status, member number, payment, origin, dates in Japan's time, memos).
import type { SurveySchemaItem } from '@city/survey-core';
import { describe, expect, it } from 'vitest';
import { csvLine } from '../src/modules/exports/csv.js';
import type { ExportedRecord } from '../src/modules/exports/result-columns.js';
import { japanDateTime, resultColumns } from '../src/modules/exports/result-columns.js';

const version1: SurveySchemaItem[] = [
  { itemKey: 'guide', type: 'guide', title: 'ご案内' },
  { itemKey: 'name', type: 'text', title: 'お名前' },
  { itemKey: 'phone', type: 'text', title: '電話番号' },
];
// Version 2 drops the phone number, adds an e-mail address and a second item titled お名前.
const version2: SurveySchemaItem[] = [
  { itemKey: 'name', type: 'text', title: 'お名前' },
  { itemKey: 'kana', type: 'text', title: 'お名前' },
  { itemKey: 'mail', type: 'text', title: 'メールアドレス' },
];
// Every version's items, current first (surveys.ts's itemsOfEveryVersion gives them so).
const everyVersion = [...version2, ...version1.filter((item) => !version2.some((current) => current.itemKey === item.itemKey))];

const record = (answers: Record<string, string>, extra: Partial<ExportedRecord> = {}): ExportedRecord => ({
  info: {
    partitionKey: 'health#U1',
    surveyId: 'health',
    userId: 'U1',
    receiptNumber: 'R0001',
    origin: 'line',
    enteredBy: null,
    version: 3,
    surveyVersion: 1,
    createdAt: Date.UTC(2026, 10, 26, 0, 5, 9),
    updatedAt: Date.UTC(2026, 10, 26, 15, 30, 0),
  },
  status: '未対応',
  answers,
  memberNumber: null,
  order: undefined,
  memos: [],
  ...extra,
});

describe('exported results', () => {
  it('keep every column of every survey version, current items first, guides left out', () => {
    const columns = resultColumns(everyVersion, { memberNumbers: false, payments: false });
    expect(columns.map((column) => column.header)).toEqual([
      'ユーザーID', 'パーティションキー', '受付番号',
      'お名前（name）', 'お名前（kana）', 'メールアドレス', '電話番号',
      '申込経路', '状態', '作成日', '更新日', '管理者メモ',
    ]);
  });

  it('fill an older version’s record in the columns it has, and leave the others empty', () => {
    const columns = resultColumns(everyVersion, { memberNumbers: false, payments: false });
    const older = record({ name: '山田 太郎', phone: '090-1234-5678' });
    const newer = record({ name: '佐藤 花子', kana: 'サトウ ハナコ', mail: 'hanako@example.jp' }, { info: { ...older.info, partitionKey: 'health#U2', userId: 'U2', surveyVersion: 2 } });
    expect(columns.map((column) => column.cell(older))).toEqual(['U1', 'health#U1', 'R0001', '山田 太郎', '', '', '090-1234-5678', 'LINE', '未対応', '2026-11-26 09:05:09', '2026-11-27 00:30:00', '']);
    expect(columns.map((column) => column.cell(newer)).slice(3, 7)).toEqual(['佐藤 花子', 'サトウ ハナコ', 'hanako@example.jp', '']);
    // Written as a line: the phone number, beginning with a digit, is left alone; a formula is not.
    expect(csvLine(columns.map((column) => column.cell(record({ name: '=1+2' }))))).toContain(",'=1+2,");
  });

  it('carry the member number, the payment, the origin and every memo when the survey has them', () => {
    const columns = resultColumns(version2, { memberNumbers: true, payments: true });
    const headers = columns.map((column) => column.header);
    // The earlier platform's last four columns last, in its order.
    expect(headers.slice(-7)).toEqual(['会員番号', '支払い', '申込経路', '状態', '作成日', '更新日', '管理者メモ']);
    const cells = columns.map((column) =>
      column.cell(record({}, { status: '完了', memberNumber: 'M-000123', order: { total: 3300, status: '支払い済み' }, memos: ['電話で確認済み', '当日受付'], info: { ...record({}).info, origin: 'staff' } })),
    );
    expect(cells.slice(-7)).toEqual(['M-000123', '3,300円・支払い済み', '職員入力', '完了', '2026-11-26 09:05:09', '2026-11-27 00:30:00', '電話で確認済み\n当日受付']);
  });

  it('write dates in Japan’s time', () => {
    expect(japanDateTime(Date.UTC(2026, 11, 31, 15, 0, 0))).toBe('2027-01-01 00:00:00');
  });
});
