import type { CheckStatus, SurveyResultRow } from '@city/survey-core';
import { CLOSED_CHECK_STATUSES } from '@city/survey-core';
import { changedColumnsUpdate } from '../../db/changed-columns-update.js';
import type { SqliteDatabase } from '../../db/database.js';
import type { RecordInfo, RecordOrigin, RecordRepository } from './record-repository.js';
import type { RecordRow, ResultRow } from './record-rows.js';
import { filesJsonOf, planRowEdits, RECORD_COLUMNS, RESULT_COLUMNS, toAnswerRow, toInfo, toRow } from './record-rows.js';

/** A row of the record-with-rows statement (raw): the record's columns, its open orders, then one result row's (null without rows). */
type RecordWithRowsColumns = [
  partitionKey: string,
  surveyId: string,
  userId: string,
  receiptNumber: string,
  origin: string,
  enteredBy: string | null,
  version: number,
  surveyVersion: number,
  createdAt: number,
  updatedAt: number,
  openOrders: number,
  sortKey: string | null,
  rowSurveyId: string | null,
  rowUserId: string | null,
  itemKey: string | null,
  value: string | null,
  userSearchKey: string | null,
  isLiffMode: number | null,
  check: string | null,
  filesJson: string | null,
];

/** A row of the export's page statement (raw): the record's columns, then its rows folded into one text. */
type AnswersOfPageColumns = [
  partitionKey: string,
  surveyId: string,
  userId: string,
  receiptNumber: string,
  origin: string,
  enteredBy: string | null,
  version: number,
  surveyVersion: number,
  createdAt: number,
  updatedAt: number,
  /** `<rows>\x1d<rows with files>\x1d<status>\x1d<answers>`; null without rows. */
  folded: string | null,
];

export function createSqliteRecordRepository(db: SqliteDatabase): RecordRepository {
  const recordStatement = db.prepare<[string], RecordRow>(`SELECT ${RECORD_COLUMNS} FROM survey_records WHERE partition_key = ?`);
  // The record and its rows in one statement (an edit reads both): the record's columns on every row,
  // and whether it has an order pending or paid (a subquery run once), so that an edit of a record
  // never paid for reads no order. Read as arrays (raw): no object with 21 named keys per row, on
  // the busiest path there is; the positions are those of RecordWithRowsColumns above.
  const recordWithRows = db
    .prepare<[string, string], RecordWithRowsColumns>(
      `SELECT r.partition_key, r.survey_id, r.user_id, r.receipt_number, r.origin, r.entered_by, r.version, r.survey_version, r.created_at, r.updated_at,
         (SELECT COUNT(*) FROM orders WHERE partition_key = ? AND status IN ('pending', 'paid')) AS open_orders,
         s.sort_key, s.survey_id, s.user_id, s.item_key, s.value, s.user_search_key, s.is_liff_mode, s.check_status, s.files_json
       FROM survey_records r LEFT JOIN survey_results s ON s.partition_key = r.partition_key
       WHERE r.partition_key = ? ORDER BY s.position`,
    )
    .raw(true);
  const rowsOfRecord = db.prepare<[string], ResultRow>(
    `SELECT ${RESULT_COLUMNS} FROM survey_results WHERE partition_key = ? ORDER BY position`,
  );
  // A list bound as one JSON array parameter: one statement, prepared once, for any list.
  // An export's page in one statement: each record's columns and one text of its rows, read with
  // one subquery: how many rows it has and how many of them hold files, its status (a bare
  // column: SQLite takes it from the row min() picks, the first), then its answers, item key and
  // answer joined by U+001F and rows by U+001E, in the order submitted; the parts joined by U+001D.
  // An answer holding U+001E splits into more parts than the record has rows: such a record, and
  // one with files, is read again row by row (item keys are plain, so the first U+001F of a part
  // always ends its key). One text a record instead of two dozen rows was the largest cut in an
  // export's time: turning each row into JavaScript values cost the most.
  // A record's answers folded into one text: row count, rows with files, status, then each row's
  // item key and value in order, with U+001D/1E/1F between them. Kept in survey_records.answers_folded
  // (migration 15) by fold() after every change of the record's rows; folded here when it was cleared.
  const foldOf = (record: string) => `(SELECT count(*) || char(29) || sum(files_json IS NOT NULL) || char(29) || check_status || substr(min(position), 1, 0)
      || char(29) || group_concat(item_key || char(31) || value, char(30) ORDER BY position)
    FROM survey_results s WHERE s.partition_key = ${record}.partition_key)`;
  const answersOfKeys = db
    .prepare<[string], AnswersOfPageColumns>(
      `SELECT ${RECORD_COLUMNS.split(', ').map((column) => `r.${column}`).join(', ')}, coalesce(r.answers_folded, ${foldOf('r')})
       FROM json_each(?) j JOIN survey_records r ON r.partition_key = j.value
       ORDER BY j.key`,
    )
    .raw(true);
  const foldStatement = db.prepare<[string]>(`UPDATE survey_records AS r SET answers_folded = ${foldOf('r')} WHERE r.partition_key = ?`);
  /** Folds the record's answers after its rows changed (their triggers cleared the text). */
  const fold = (partitionKey: string) => {
    foldStatement.run(partitionKey);
  };
  const rowsOfItems = db.prepare<[string, string], ResultRow>(
    `SELECT ${RESULT_COLUMNS} FROM survey_results WHERE partition_key = ? AND item_key IN (SELECT value FROM json_each(?)) ORDER BY position`,
  );
  const closed = db.prepare<[string, string], { closed: number }>(
    'SELECT EXISTS (SELECT 1 FROM survey_results WHERE partition_key = ? AND check_status IN (SELECT value FROM json_each(?))) AS closed',
  );
  const closedStatuses = JSON.stringify(CLOSED_CHECK_STATUSES);
  const rowsOfUser = db.prepare<[string, string], ResultRow>(
    `SELECT ${RESULT_COLUMNS} FROM survey_results WHERE survey_id = ? AND user_id = ? ORDER BY partition_key, position`,
  );
  const recordsOfUser = db.prepare<[string, string], RecordRow>(
    `SELECT ${RECORD_COLUMNS} FROM survey_records WHERE survey_id = ? AND user_id = ? ORDER BY partition_key`,
  );
  const receiptTaken = db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM survey_records WHERE receipt_number = ?');
  const deleteRecord = db.prepare<[string]>('DELETE FROM survey_records WHERE partition_key = ?');
  // Positional parameters: binding by name costs a lookup per value, on every row of every submission.
  const insertRecord = db.prepare<[string, string, string, string, string, string | null, number, number, number, number]>(
    `INSERT INTO survey_records (partition_key, survey_id, user_id, receipt_number, origin, entered_by, version, survey_version, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertRow = db.prepare<[string, string, string, string, string, string, string, number, string, string | null, number]>(
    `INSERT INTO survey_results (${RESULT_COLUMNS}, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // A changed row sets only the columns that changed (survey_results has four indexes): a
  // booking's reservation row sets sort_key, value and user_search_key.
  const updateRow = changedColumnsUpdate(db, 'survey_results', ['partition_key', 'sort_key']);
  const deleteRow = db.prepare<[string, string]>('DELETE FROM survey_results WHERE partition_key = ? AND sort_key = ?');
  // The survey version is set only when it changed: it is in an index, which SQLite rewrites
  // whenever an UPDATE sets one of its columns.
  const updateRecord = db.prepare<[number, number, string]>(
    'UPDATE survey_records SET version = version + 1, survey_version = ?, updated_at = ? WHERE partition_key = ?',
  );
  const updateRecordVersion = db.prepare<[number, string]>('UPDATE survey_records SET version = version + 1, updated_at = ? WHERE partition_key = ?');
  const setCheck = db.prepare<[string, string]>('UPDATE survey_results SET check_status = ? WHERE partition_key = ?');
  const nextVersion = db.prepare<[{ now: number; partitionKey: string; ifVersion: number | null }]>(
    'UPDATE survey_records SET version = version + 1, updated_at = @now WHERE partition_key = @partitionKey AND (@ifVersion IS NULL OR version = @ifVersion)',
  );
  const claimRecord = db.prepare<[string, number, string]>(
    "UPDATE survey_records SET user_id = ?, updated_at = ?, version = version + 1 WHERE partition_key = ? AND user_id = ''",
  );
  const claimRows = db.prepare<[string, string]>('UPDATE survey_results SET user_id = ? WHERE partition_key = ?');
  // A booking the record holds becomes the claimer's too, so it counts toward their per-calendar limit.
  const claimSlots = db.prepare<[string, string]>('UPDATE slot_claims SET user_id = ? WHERE partition_key = ?');

  const info = (partitionKey: string): RecordInfo | undefined => {
    const row = recordStatement.get(partitionKey);
    return row === undefined ? undefined : toInfo(row);
  };

  return {
    find(partitionKey) {
      return info(partitionKey);
    },

    findWithRows(partitionKey) {
      const joined = recordWithRows.all(partitionKey, partitionKey);
      const [first] = joined;
      if (first === undefined) return undefined;
      const [, surveyId, userId, receiptNumber, origin, enteredBy, version, surveyVersion, createdAt, updatedAt, openOrders] = first;
      const record: RecordInfo = { partitionKey, surveyId, userId, receiptNumber, origin: origin as RecordOrigin, enteredBy, version, surveyVersion, createdAt, updatedAt };
      const rows: SurveyResultRow[] = [];
      for (const [, , , , , , , , , , , sortKey, rowSurveyId, rowUserId, itemKey, value, userSearchKey, isLiffMode, check, filesJson] of joined) {
        if (sortKey === null) continue; // a record without rows
        rows.push(
          toRow({
            partition_key: partitionKey,
            sort_key: sortKey,
            survey_id: rowSurveyId ?? surveyId,
            user_id: rowUserId ?? '',
            item_key: itemKey ?? '',
            value: value ?? '',
            user_search_key: userSearchKey ?? '',
            is_liff_mode: isLiffMode ?? 0,
            check_status: check ?? '',
            files_json: filesJson,
          }),
        );
      }
      return { record, rows, hasOpenOrder: openOrders > 0 };
    },

    rowsOf(partitionKey) {
      return rowsOfRecord.all(partitionKey).map(toRow);
    },

    answersOfPage(partitionKeys) {
      if (partitionKeys.length === 0) return [];
      return answersOfKeys.all(JSON.stringify(partitionKeys)).map(([partitionKey, surveyId, userId, receiptNumber, origin, enteredBy, version, surveyVersion, createdAt, updatedAt, folded]) => {
        const record: RecordInfo = { partitionKey, surveyId, userId, receiptNumber, origin: origin as RecordOrigin, enteredBy, version, surveyVersion, createdAt, updatedAt };
        if (folded === null) return { record, status: undefined, rows: [] }; // a record without rows
        const afterCount = folded.indexOf('\x1d');
        const afterFiles = folded.indexOf('\x1d', afterCount + 1);
        const afterStatus = folded.indexOf('\x1d', afterFiles + 1);
        const status = folded.slice(afterFiles + 1, afterStatus) as CheckStatus;
        const parts = folded.slice(afterStatus + 1).split('\x1e');
        if (folded.slice(afterCount + 1, afterFiles) !== '0' || String(parts.length) !== folded.slice(0, afterCount)) {
          return { record, status, rows: rowsOfRecord.all(partitionKey).map(toAnswerRow) };
        }
        const rows = parts.map((answer) => {
          const split = answer.indexOf('\x1f');
          return { itemKey: answer.slice(0, split), value: answer.slice(split + 1) };
        });
        return { record, status, rows };
      });
    },

    rowsOfItems(partitionKey, itemKeys) {
      return itemKeys.length === 0 ? [] : rowsOfItems.all(partitionKey, JSON.stringify(itemKeys)).map(toRow);
    },

    isClosed(partitionKey) {
      return closed.get(partitionKey, closedStatuses)?.closed === 1;
    },

    rowsOfUser(surveyId, userId) {
      return rowsOfUser.all(surveyId, userId).map(toRow);
    },

    recordsOfUser(surveyId, userId) {
      return recordsOfUser.all(surveyId, userId).map(toInfo);
    },

    findBySearchKeys(surveyId, searchKeys) {
      if (searchKeys.length === 0) return [];
      const placeholders = searchKeys.map(() => '?').join(', ');
      // Built from a count of "?" only; the values are bound.
      const statement = db.prepare<unknown[], { partition_key: string }>(
        `SELECT partition_key FROM survey_results WHERE survey_id = ? AND user_search_key IN (${placeholders})
         GROUP BY partition_key HAVING COUNT(DISTINCT user_search_key) = ?`,
      );
      return statement.all(surveyId, ...searchKeys, new Set(searchKeys).size).map((row) => row.partition_key);
    },

    isReceiptNumberTaken(receiptNumber) {
      return (receiptTaken.get(receiptNumber)?.n ?? 0) > 0;
    },

    replace(input) {
      const [first] = input.rows;
      if (first === undefined) throw new Error('A record needs at least one row');
      const now = Date.now();
      // The record replaced lends the new one its origin, creation time and version.
      let replaced: RecordRow | undefined;
      for (const key of input.removePartitionKeys) replaced ??= recordStatement.get(key);
      for (const key of input.removePartitionKeys) deleteRecord.run(key);
      insertRecord.run(
        first.partitionKey,
        first.surveyId,
        first.userId,
        input.receiptNumber,
        replaced?.origin ?? input.origin,
        replaced === undefined ? (input.enteredBy ?? null) : replaced.entered_by,
        (replaced?.version ?? 0) + 1,
        input.surveyVersion,
        replaced?.created_at ?? now,
        now,
      );
      input.rows.forEach((row, position) => {
        insertRow.run(
          row.partitionKey,
          row.sortKey,
          row.surveyId,
          row.userId,
          row.itemKey,
          row.value,
          row.userSearchKey,
          row.isLiffMode ? 1 : 0,
          row.check,
          filesJsonOf(row),
          position,
        );
      });
      fold(first.partitionKey);
    },

    update({ partitionKey, rows, previousRows, surveyVersion, previousSurveyVersion }) {
      const edits = planRowEdits(previousRows, rows);
      for (const edit of edits) {
        if (edit.kind === 'insert') {
          const { row, position } = edit;
          insertRow.run(partitionKey, row.sortKey, row.surveyId, row.userId, row.itemKey, row.value, row.userSearchKey, row.isLiffMode ? 1 : 0, row.check, filesJsonOf(row), position);
        } else if (edit.kind === 'update') updateRow(edit.changes, [partitionKey, edit.storedKey]);
        else deleteRow.run(partitionKey, edit.sortKey);
      }
      if (surveyVersion === previousSurveyVersion) updateRecordVersion.run(Date.now(), partitionKey);
      else updateRecord.run(surveyVersion, Date.now(), partitionKey);
      // The same answers sent again change no row: the text kept stands.
      if (edits.some((edit) => edit.kind !== 'update' || edit.changes.length > 0)) fold(partitionKey);
    },

    setCheck(partitionKey, check: CheckStatus, ifVersion) {
      if (nextVersion.run({ now: Date.now(), partitionKey, ifVersion: ifVersion ?? null }).changes === 0) return false;
      setCheck.run(check, partitionKey);
      fold(partitionKey);
      return true;
    },

    delete(partitionKey) {
      deleteRecord.run(partitionKey); // rows go with it (ON DELETE CASCADE)
    },

    claim(partitionKey, userId) {
      if (claimRecord.run(userId, Date.now(), partitionKey).changes === 0) return false;
      claimRows.run(userId, partitionKey);
      claimSlots.run(userId, partitionKey);
      return true;
    },
  };
}
