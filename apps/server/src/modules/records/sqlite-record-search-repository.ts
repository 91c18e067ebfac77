import type { RecordFilter } from '@city/api-client/staff-contract';
import type { SqliteDatabase } from '../../db/database.js';
import type { RecordSearchRepository, SearchCursor } from './record-search-repository.js';
import { searchFold } from './search-text.js';

/** `%` and `_` in what staff typed match themselves, not any text. */
const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The filter as SQL conditions on `r` (survey_records), every value bound. The statement text
 * depends only on which conditions are present, so SQLite's statement cache serves repeats.
 */
function whereOf(surveyId: string, filter: RecordFilter): { sql: string; params: unknown[] } {
  const conditions = ['r.survey_id = ?'];
  const params: unknown[] = [surveyId];
  for (const item of filter.items ?? []) {
    // A partial match compares both sides folded (search-text.ts); what folds to nothing (a lone
    // hyphen, say) is looked for as typed.
    const folded = item.match === 'exact' ? '' : searchFold(item.value);
    const test = item.match === 'exact' ? 's.value = ?' : folded === '' ? "s.value LIKE ? ESCAPE '\\'" : "search_fold(s.value) LIKE ? ESCAPE '\\'";
    conditions.push(`EXISTS (SELECT 1 FROM survey_results s WHERE s.partition_key = r.partition_key AND s.item_key = ? AND ${test})`);
    params.push(item.itemKey, item.match === 'exact' ? item.value : likePattern(folded === '' ? item.value : folded));
  }
  const range = (column: string, from: unknown, to: unknown) => {
    if (from !== undefined) {
      conditions.push(`${column} >= ?`);
      params.push(from);
    }
    if (to !== undefined) {
      conditions.push(`${column} <= ?`);
      params.push(to);
    }
  };
  range('r.created_at', filter.createdFrom, filter.createdTo);
  range('r.updated_at', filter.updatedFrom, filter.updatedTo);
  if (filter.slotDateFrom !== undefined || filter.slotDateTo !== undefined) {
    conditions.push('EXISTS (SELECT 1 FROM slot_claims c WHERE c.partition_key = r.partition_key AND c.date >= ? AND c.date <= ?)');
    params.push(filter.slotDateFrom ?? '0000-01-01', filter.slotDateTo ?? '9999-12-31');
  }
  if (filter.statuses !== undefined) {
    // Every row of a record carries its status; the first row stands for it.
    conditions.push(
      '(SELECT s.check_status FROM survey_results s WHERE s.partition_key = r.partition_key ORDER BY s.position LIMIT 1) IN (SELECT value FROM json_each(?))',
    );
    params.push(JSON.stringify(filter.statuses));
  }
  if (filter.origins !== undefined) {
    conditions.push('r.origin IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(filter.origins));
  }
  return { sql: conditions.join(' AND '), params };
}

export function createSqliteRecordSearchRepository(db: SqliteDatabase): RecordSearchRepository {
  // Deterministic: SQLite may call it once per value and use it in indexes.
  db.function('search_fold', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? searchFold(value) : value));
  // One prepared statement per shape of filter (which conditions are present), kept.
  const statements = new Map<string, ReturnType<SqliteDatabase['prepare']>>();
  const prepared = <Row>(sql: string) => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement as unknown as { get: (...params: unknown[]) => Row | undefined; all: (...params: unknown[]) => Row[] };
  };
  const countAll = db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM survey_records WHERE survey_id = ?');
  return {
    async countAll(surveyId) {
      return countAll.get(surveyId)?.n ?? 0;
    },
    async countMatching(surveyId, filter) {
      const where = whereOf(surveyId, filter);
      return prepared<{ n: number }>(`SELECT COUNT(*) AS n FROM survey_records r WHERE ${where.sql}`).get(...where.params)?.n ?? 0;
    },
    async page(surveyId, filter, after: SearchCursor | undefined, limit) {
      const where = whereOf(surveyId, filter);
      const keyset = after === undefined ? '' : ' AND (r.created_at < ? OR (r.created_at = ? AND r.partition_key < ?))';
      const params = after === undefined ? where.params : [...where.params, after.createdAt, after.createdAt, after.partitionKey];
      return prepared<{ created_at: number; partition_key: string }>(
          `SELECT r.created_at, r.partition_key FROM survey_records r WHERE ${where.sql}${keyset}
           ORDER BY r.created_at DESC, r.partition_key DESC LIMIT ?`,
        )
        .all(...params, limit)
        .map((row) => ({ createdAt: row.created_at, partitionKey: row.partition_key }));
    },
    async allMatching(surveyId, filter) {
      const where = whereOf(surveyId, filter);
      return prepared<{ partition_key: string }>(
          `SELECT r.partition_key FROM survey_records r WHERE ${where.sql} ORDER BY r.created_at DESC, r.partition_key DESC`,
        )
        .all(...where.params)
        .map((row) => row.partition_key);
    },
  };
}
