import type { SqliteDatabase } from '../../db/database.js';
import type { RecordSearchRepository, SearchCursor } from './record-search-repository.js';
import { sqliteDialect, whereOf } from './record-search-filter.js';
import { searchFold } from './search-text.js';

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
      const where = whereOf(surveyId, filter, sqliteDialect());
      return prepared<{ n: number }>(`SELECT COUNT(*) AS n FROM survey_records r WHERE ${where.sql}`).get(...where.params)?.n ?? 0;
    },
    async page(surveyId, filter, after: SearchCursor | undefined, limit) {
      const where = whereOf(surveyId, filter, sqliteDialect());
      // A row value: SQLite seeks the index to the cursor with it. Written as `created_at < ? OR
      // (created_at = ? AND …)` it scanned the survey's index from the newest record on every page,
      // so the pages of a million-record export cost more and more (95 ms at the 900,000th record).
      const keyset = after === undefined ? '' : ' AND (r.created_at, r.partition_key) < (?, ?)';
      const params = after === undefined ? where.params : [...where.params, after.createdAt, after.partitionKey];
      return prepared<{ created_at: number; partition_key: string }>(
          `SELECT r.created_at, r.partition_key FROM survey_records r WHERE ${where.sql}${keyset}
           ORDER BY r.created_at DESC, r.partition_key DESC LIMIT ?`,
        )
        .all(...params, limit)
        .map((row) => ({ createdAt: row.created_at, partitionKey: row.partition_key }));
    },
    async allMatching(surveyId, filter) {
      const where = whereOf(surveyId, filter, sqliteDialect());
      return prepared<{ partition_key: string }>(
          `SELECT r.partition_key FROM survey_records r WHERE ${where.sql} ORDER BY r.created_at DESC, r.partition_key DESC`,
        )
        .all(...where.params)
        .map((row) => row.partition_key);
    },
  };
}
