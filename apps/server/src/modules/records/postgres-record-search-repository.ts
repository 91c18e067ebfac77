import type { PostgresQueryable } from '../../db/postgres.js';
import type { RecordSearchRepository } from './record-search-repository.js';
import { postgresDialect, whereOf } from './record-search-filter.js';

/** Staff's view of a survey's records over PostgreSQL: SQLite's conditions (record-search-filter.ts), search_fold from migration 13. */
export function createPostgresRecordSearchRepository(db: PostgresQueryable): RecordSearchRepository {
  const rows = async <Row extends object>(text: string, values: unknown[]) => (await db.query<Row>({ text, values })).rows;
  return {
    async countAll(surveyId) {
      const { rows: found } = await db.query<{ n: number }>({ name: 'recordSearch.countAll', text: 'SELECT COUNT(*) AS n FROM survey_records WHERE survey_id = $1', values: [surveyId] });
      return found[0]?.n ?? 0;
    },
    async countMatching(surveyId, filter) {
      const where = whereOf(surveyId, filter, postgresDialect());
      return (await rows<{ n: number }>(`SELECT COUNT(*) AS n FROM survey_records r WHERE ${where.sql}`, where.params))[0]?.n ?? 0;
    },
    async page(surveyId, filter, after, limit) {
      const dialect = postgresDialect();
      const where = whereOf(surveyId, filter, dialect);
      const keyset = after === undefined ? '' : ` AND (r.created_at, r.partition_key) < (${dialect.placeholder()}, ${dialect.placeholder()})`;
      const params = after === undefined ? where.params : [...where.params, after.createdAt, after.partitionKey];
      const found = await rows<{ created_at: number; partition_key: string }>(
        `SELECT r.created_at, r.partition_key FROM survey_records r WHERE ${where.sql}${keyset}
         ORDER BY r.created_at DESC, r.partition_key DESC LIMIT ${dialect.placeholder()}`,
        [...params, limit],
      );
      return found.map((row) => ({ createdAt: row.created_at, partitionKey: row.partition_key }));
    },
    async allMatching(surveyId, filter) {
      const where = whereOf(surveyId, filter, postgresDialect());
      return (await rows<{ partition_key: string }>(`SELECT r.partition_key FROM survey_records r WHERE ${where.sql} ORDER BY r.created_at DESC, r.partition_key DESC`, where.params)).map(
        (row) => row.partition_key,
      );
    },
  };
}
