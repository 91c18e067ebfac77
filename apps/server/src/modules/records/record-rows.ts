// A record's and a result row's rows, what they are read as, and what an edit changes: the same on
// both engines (sqlite-record-repository.ts, postgres-record-repository.ts).
import type { CheckStatus, FileRef, SurveyResultRow } from '@city/survey-core';
import type { ColumnChange } from '../../db/changed-columns-update.js';
import type { AnswerRow, RecordAnswers, RecordInfo, RecordOrigin } from './record-repository.js';

export interface RecordRow {
  partition_key: string;
  survey_id: string;
  user_id: string;
  receipt_number: string;
  origin: string;
  entered_by: string | null;
  version: number;
  survey_version: number;
  created_at: number;
  updated_at: number;
}

export const RECORD_COLUMNS = 'partition_key, survey_id, user_id, receipt_number, origin, entered_by, version, survey_version, created_at, updated_at';

export interface ResultRow {
  partition_key: string;
  sort_key: string;
  survey_id: string;
  user_id: string;
  item_key: string;
  value: string;
  user_search_key: string;
  is_liff_mode: number;
  check_status: string;
  files_json: string | null;
}

export const toRow = (row: ResultRow): SurveyResultRow => ({
  userId: row.user_id,
  surveyId: row.survey_id,
  partitionKey: row.partition_key,
  sortKey: row.sort_key,
  itemKey: row.item_key,
  value: row.value,
  userSearchKey: row.user_search_key,
  isLiffMode: row.is_liff_mode === 1,
  check: row.check_status as CheckStatus,
  ...(row.files_json === null ? {} : { files: JSON.parse(row.files_json) as FileRef[] }),
});

export const toInfo = (row: RecordRow): RecordInfo => ({
  partitionKey: row.partition_key,
  surveyId: row.survey_id,
  userId: row.user_id,
  receiptNumber: row.receipt_number,
  origin: row.origin as RecordOrigin,
  enteredBy: row.entered_by,
  version: row.version,
  surveyVersion: row.survey_version,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const RESULT_COLUMNS =
  'partition_key, sort_key, survey_id, user_id, item_key, value, user_search_key, is_liff_mode, check_status, files_json';

/** The columns of a stored row (at `storedPosition`) that differ from the row to store, with their new values. */
function changedColumns(stored: SurveyResultRow, storedPosition: number, row: SurveyResultRow, position: number): ColumnChange[] {
  const changes: ColumnChange[] = [];
  if (stored.sortKey !== row.sortKey) changes.push(['sort_key', row.sortKey]);
  if (stored.surveyId !== row.surveyId) changes.push(['survey_id', row.surveyId]);
  if (stored.userId !== row.userId) changes.push(['user_id', row.userId]);
  if (stored.itemKey !== row.itemKey) changes.push(['item_key', row.itemKey]);
  if (stored.value !== row.value) changes.push(['value', row.value]);
  if (stored.userSearchKey !== row.userSearchKey) changes.push(['user_search_key', row.userSearchKey]);
  if (stored.isLiffMode !== row.isLiffMode) changes.push(['is_liff_mode', row.isLiffMode ? 1 : 0]);
  if (stored.check !== row.check) changes.push(['check_status', row.check]);
  const files = filesJsonOf(row);
  if (filesJsonOf(stored) !== files) changes.push(['files_json', files]);
  if (storedPosition !== position) changes.push(['position', position]);
  return changes;
}

/** A row's files as stored (JSON text), or null. */
export const filesJsonOf = (row: SurveyResultRow): string | null => (row.files === undefined ? null : JSON.stringify(row.files));

/** One write of an in-place edit (see {@link planRowEdits}). */
export type RowEdit =
  | { kind: 'insert'; row: SurveyResultRow; position: number }
  | { kind: 'update'; storedKey: string; changes: ColumnChange[] }
  | { kind: 'delete'; sortKey: string };

/**
 * What an edit in place writes, in order: for each row sent, an insert (new) or an update of the
 * stored row's changed columns (none: nothing to write), then a delete of each stored row no
 * longer sent. A row whose sort key changed (a reservation's holds its answer) is matched to the
 * stored row of the same item and updated in place: one UPDATE touching the key's index only, where
 * a DELETE and an INSERT would touch the table and every index twice. Its new key is no stored
 * row's (it matched none), so the update never collides.
 */
export function planRowEdits(previousRows: readonly SurveyResultRow[], rows: readonly SurveyResultRow[]): RowEdit[] {
  const before = new Map(previousRows.map((row, position) => [row.sortKey, { row, position }]));
  const unmatched = rows.filter((row) => !before.has(row.sortKey));
  const sentKeys = new Set(rows.map((row) => row.sortKey));
  const replacedBy = new Map<SurveyResultRow, string>();
  for (const row of unmatched) {
    const stored = previousRows.find((candidate) => candidate.itemKey === row.itemKey && !sentKeys.has(candidate.sortKey) && ![...replacedBy.values()].includes(candidate.sortKey));
    if (stored !== undefined) replacedBy.set(row, stored.sortKey);
  }
  const edits: RowEdit[] = [];
  rows.forEach((row, position) => {
    const storedKey = replacedBy.get(row) ?? row.sortKey;
    const stored = before.get(storedKey);
    before.delete(storedKey);
    if (stored === undefined) edits.push({ kind: 'insert', row, position });
    else edits.push({ kind: 'update', storedKey, changes: changedColumns(stored.row, stored.position, row, position) });
  });
  for (const gone of before.keys()) edits.push({ kind: 'delete', sortKey: gone });
  return edits;
}

/** What answersOfPage reads of a row on PostgreSQL (SQLite's folds a record's rows into one text). */
export interface AnswerRowColumns {
  partition_key: string;
  item_key: string;
  value: string;
  check_status: string;
  files_json: string | null;
}

export const toAnswerRow = (row: Pick<ResultRow, 'item_key' | 'value' | 'files_json'>): AnswerRow => ({
  itemKey: row.item_key,
  value: row.value,
  ...(row.files_json === null ? {} : { files: JSON.parse(row.files_json) as FileRef[] }),
});

/** Records read by key, put back in the keys' order with their rows' answers (answersOfPage on PostgreSQL). */
export function answersInKeyOrder(partitionKeys: readonly string[], records: readonly RecordRow[], rows: readonly AnswerRowColumns[]): RecordAnswers[] {
  const byKey = new Map<string, RecordAnswers>();
  for (const record of records) byKey.set(record.partition_key, { record: toInfo(record), status: undefined, rows: [] });
  // The rows come ordered by record and position: a record's first row gives its status.
  for (const row of rows) {
    const found = byKey.get(row.partition_key);
    if (found === undefined) continue;
    found.status ??= row.check_status as CheckStatus;
    found.rows.push(toAnswerRow(row));
  }
  return partitionKeys.flatMap((key) => {
    const found = byKey.get(key);
    return found === undefined ? [] : [found];
  });
}
