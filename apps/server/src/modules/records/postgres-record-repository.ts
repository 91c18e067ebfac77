import type { SurveyResultRow } from '@city/survey-core';
import { CLOSED_CHECK_STATUSES } from '@city/survey-core';
import { postgresChangedColumnsUpdate } from '../../db/changed-columns-update.js';
import type { PostgresQueryable } from '../../db/postgres.js';
import type { RecordRepository } from './record-repository.js';
import type { RecordRow, ResultRow } from './record-rows.js';
import type { AnswerRowColumns } from './record-rows.js';
import { answersInKeyOrder, filesJsonOf, planRowEdits, RECORD_COLUMNS, RESULT_COLUMNS, toInfo, toRow } from './record-rows.js';

/**
 * Records and their rows over PostgreSQL, with SQLite's statements. A record read inside a
 * transaction (find, findWithRows) is locked until the transaction ends: an edit reads it, decides
 * and writes, so two edits of one record at once (two instances) run one after the other, the
 * second on what the first stored, as on SQLite. Receipt numbers and keys are unique in the
 * schema: a collision no check caught fails the transaction instead of storing a duplicate.
 */
/**
 * Inserts rows given as arrays, one a column, starting at parameter `$first`: a whole record's rows
 * in one statement (a 20-item survey's record was 21 round trips, one a row).
 */
const INSERT_ROWS_SQL = (first: number) => {
  const types = ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'integer', 'text', 'text', 'integer'];
  return `INSERT INTO survey_results (${RESULT_COLUMNS}, position) SELECT * FROM unnest(${types.map((type, i) => `$${String(first + i)}::${type}[]`).join(', ')})`;
};

/** The parameters of {@link INSERT_ROWS_SQL}: the rows' columns, position last. */
const rowArrays = (rows: readonly SurveyResultRow[]): unknown[] => [
  rows.map((row) => row.partitionKey),
  rows.map((row) => row.sortKey),
  rows.map((row) => row.surveyId),
  rows.map((row) => row.userId),
  rows.map((row) => row.itemKey),
  rows.map((row) => row.value),
  rows.map((row) => row.userSearchKey),
  rows.map((row) => (row.isLiffMode ? 1 : 0)),
  rows.map((row) => row.check),
  rows.map((row) => filesJsonOf(row)),
  rows.map((_, position) => position),
];

export function createPostgresRecordRepository(db: PostgresQueryable): RecordRepository {
  const query = async <Row extends object>(name: string, text: string, values: unknown[]) => (await db.query<Row>({ name, text, values })).rows;
  const changed = async (name: string, text: string, values: unknown[]) => (await db.query({ name, text, values })).rowCount ?? 0;
  const recordRow = async (partitionKey: string) =>
    (await query<RecordRow>('records.find', `SELECT ${RECORD_COLUMNS} FROM survey_records WHERE partition_key = $1 FOR UPDATE`, [partitionKey]))[0];
  const insertRow = (row: SurveyResultRow, position: number) =>
    changed('records.insertRow', `INSERT INTO survey_results (${RESULT_COLUMNS}, position) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`, [
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
    ]);
  const deleteRecord = (partitionKey: string) => changed('records.delete', 'DELETE FROM survey_records WHERE partition_key = $1', [partitionKey]);
  const updateRow = postgresChangedColumnsUpdate(db, 'survey_results', ['partition_key', 'sort_key']);

  return {
    async find(partitionKey) {
      const row = await recordRow(partitionKey);
      return row === undefined ? undefined : toInfo(row);
    },

    async findWithRows(partitionKey) {
      const record = await recordRow(partitionKey);
      if (record === undefined) return undefined;
      const rows = await query<ResultRow>('records.rowsOf', `SELECT ${RESULT_COLUMNS} FROM survey_results WHERE partition_key = $1 ORDER BY position`, [partitionKey]);
      const open = await query<{ n: number }>('records.openOrders', "SELECT COUNT(*) AS n FROM orders WHERE partition_key = $1 AND status IN ('pending', 'paid')", [partitionKey]);
      return { record: toInfo(record), rows: rows.map(toRow), hasOpenOrder: (open[0]?.n ?? 0) > 0 };
    },

    async rowsOf(partitionKey) {
      return (await query<ResultRow>('records.rowsOf', `SELECT ${RESULT_COLUMNS} FROM survey_results WHERE partition_key = $1 ORDER BY position`, [partitionKey])).map(toRow);
    },

    async answersOfPage(partitionKeys) {
      if (partitionKeys.length === 0) return [];
      // Read without a lock: an export's page, in its snapshot (Store.openSnapshot).
      const records = await query<RecordRow>('records.answersOfPage', `SELECT ${RECORD_COLUMNS} FROM survey_records WHERE partition_key = ANY($1::text[])`, [partitionKeys]);
      const rows = await query<AnswerRowColumns>(
        'records.answerRowsOfPage',
        'SELECT partition_key, item_key, value, check_status, files_json FROM survey_results WHERE partition_key = ANY($1::text[]) ORDER BY partition_key, position',
        [partitionKeys],
      );
      return answersInKeyOrder(partitionKeys, records, rows);
    },

    async rowsOfItems(partitionKey, itemKeys) {
      if (itemKeys.length === 0) return [];
      return (
        await query<ResultRow>('records.rowsOfItems', `SELECT ${RESULT_COLUMNS} FROM survey_results WHERE partition_key = $1 AND item_key = ANY($2::text[]) ORDER BY position`, [partitionKey, itemKeys])
      ).map(toRow);
    },

    async isClosed(partitionKey) {
      const [row] = await query<{ closed: boolean }>(
        'records.isClosed',
        'SELECT EXISTS (SELECT 1 FROM survey_results WHERE partition_key = $1 AND check_status = ANY($2::text[])) AS closed',
        [partitionKey, CLOSED_CHECK_STATUSES],
      );
      return row?.closed === true;
    },

    async rowsOfUser(surveyId, userId) {
      return (await query<ResultRow>('records.rowsOfUser', `SELECT ${RESULT_COLUMNS} FROM survey_results WHERE survey_id = $1 AND user_id = $2 ORDER BY partition_key, position`, [surveyId, userId])).map(toRow);
    },

    async recordsOfUser(surveyId, userId) {
      return (await query<RecordRow>('records.recordsOfUser', `SELECT ${RECORD_COLUMNS} FROM survey_records WHERE survey_id = $1 AND user_id = $2 ORDER BY partition_key`, [surveyId, userId])).map(toInfo);
    },

    async findBySearchKeys(surveyId, searchKeys) {
      if (searchKeys.length === 0) return [];
      const found = await query<{ partition_key: string }>(
        'records.findBySearchKeys',
        `SELECT partition_key FROM survey_results WHERE survey_id = $1 AND user_search_key = ANY($2::text[])
         GROUP BY partition_key HAVING COUNT(DISTINCT user_search_key) = $3`,
        [surveyId, searchKeys, new Set(searchKeys).size],
      );
      return found.map((row) => row.partition_key);
    },

    async isReceiptNumberTaken() {
      // Not asked (a round trip in every new record's transaction, for one number in 27 billion):
      // the insert meets a taken number as unique_violation, and the transaction runs again.
      return false;
    },

    async replace(input) {
      const [first] = input.rows;
      if (first === undefined) throw new Error('A record needs at least one row');
      const now = Date.now();
      // The record replaced lends the new one its origin, creation time and version.
      let replaced: RecordRow | undefined;
      for (const key of input.removePartitionKeys) replaced ??= await recordRow(key);
      for (const key of input.removePartitionKeys) await deleteRecord(key);
      // The record and its rows in one statement (one round trip): the rows' foreign key is checked
      // at the statement's end, when the record is there.
      await changed(
        'records.insertWithRows',
        `WITH record AS (
           INSERT INTO survey_records (${RECORD_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         )
         ${INSERT_ROWS_SQL(11)}`,
        [
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
          ...rowArrays(input.rows),
        ],
      );
    },

    async update({ partitionKey, rows, previousRows, surveyVersion, previousSurveyVersion }) {
      for (const edit of planRowEdits(previousRows, rows)) {
        if (edit.kind === 'insert') await insertRow({ ...edit.row, partitionKey }, edit.position);
        else if (edit.kind === 'update') await updateRow(edit.changes, [partitionKey, edit.storedKey]);
        else await changed('records.deleteRow', 'DELETE FROM survey_results WHERE partition_key = $1 AND sort_key = $2', [partitionKey, edit.sortKey]);
      }
      if (surveyVersion === previousSurveyVersion) {
        await changed('records.nextVersion', 'UPDATE survey_records SET version = version + 1, updated_at = $1 WHERE partition_key = $2', [Date.now(), partitionKey]);
      } else {
        await changed('records.update', 'UPDATE survey_records SET version = version + 1, survey_version = $1, updated_at = $2 WHERE partition_key = $3', [surveyVersion, Date.now(), partitionKey]);
      }
    },

    async setCheck(partitionKey, check, ifVersion) {
      const raised = await changed(
        'records.setCheckVersion',
        'UPDATE survey_records SET version = version + 1, updated_at = $1 WHERE partition_key = $2 AND ($3::integer IS NULL OR version = $3)',
        [Date.now(), partitionKey, ifVersion ?? null],
      );
      if (raised === 0) return false;
      await changed('records.setCheck', 'UPDATE survey_results SET check_status = $1 WHERE partition_key = $2', [check, partitionKey]);
      return true;
    },

    async delete(partitionKey) {
      await deleteRecord(partitionKey); // rows go with it (ON DELETE CASCADE)
    },

    async claim(partitionKey, userId) {
      const claimed = await changed(
        'records.claim',
        "UPDATE survey_records SET user_id = $1, updated_at = $2, version = version + 1 WHERE partition_key = $3 AND user_id = ''",
        [userId, Date.now(), partitionKey],
      );
      if (claimed === 0) return false;
      await changed('records.claimRows', 'UPDATE survey_results SET user_id = $1 WHERE partition_key = $2', [userId, partitionKey]);
      // A booking the record holds becomes the claimer's too, so it counts toward their per-calendar limit.
      await changed('records.claimSlots', 'UPDATE slot_claims SET user_id = $1 WHERE partition_key = $2', [userId, partitionKey]);
      return true;
    },
  };
}
