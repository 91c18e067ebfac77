// The staff's record filter as SQL conditions, for both engines: the same conditions, written in
// each engine's placeholders and list test (see SqlDialect).
import type { RecordFilter } from '@city/api-client/staff-contract';
import { searchFold } from './search-text.js';

/** How an engine writes what differs between the two in these conditions. */
export interface SqlDialect {
  /** The next parameter's placeholder (`?` on SQLite, `$1`, `$2`… on PostgreSQL). */
  placeholder: () => string;
  /** `expression` is one of a list given as one parameter, and that parameter's value. */
  inList: (expression: string, values: readonly string[]) => { sql: string; param: unknown };
}

export const sqliteDialect = (): SqlDialect => ({
  placeholder: () => '?',
  // A list bound as one JSON array parameter: one statement text for any list.
  inList: (expression, values) => ({ sql: `${expression} IN (SELECT value FROM json_each(?))`, param: JSON.stringify(values) }),
});

export const postgresDialect = (): SqlDialect => {
  let count = 0;
  const placeholder = () => `$${String((count += 1))}`;
  return { placeholder, inList: (expression, values) => ({ sql: `${expression} = ANY(${placeholder()}::text[])`, param: values }) };
};

/** `%` and `_` in what staff typed match themselves, not any text. */
const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The filter as SQL conditions on `r` (survey_records), every value bound. The statement text
 * depends only on which conditions are present, so the engines' statement caches serve repeats.
 * search_fold is the engine's own function doing what searchFold does (SQLite: registered by the
 * repository; PostgreSQL: migration 13).
 */
export function whereOf(surveyId: string, filter: RecordFilter, dialect: SqlDialect): { sql: string; params: unknown[] } {
  const p = dialect.placeholder;
  const conditions = [`r.survey_id = ${p()}`];
  const params: unknown[] = [surveyId];
  for (const item of filter.items ?? []) {
    // A partial match compares both sides folded (search-text.ts); what folds to nothing (a lone
    // hyphen, say) is looked for as typed.
    const folded = item.match === 'exact' ? '' : searchFold(item.value);
    const itemKey = p();
    const value = p();
    const test = item.match === 'exact' ? `s.value = ${value}` : folded === '' ? `s.value LIKE ${value} ESCAPE '\\'` : `search_fold(s.value) LIKE ${value} ESCAPE '\\'`;
    conditions.push(`EXISTS (SELECT 1 FROM survey_results s WHERE s.partition_key = r.partition_key AND s.item_key = ${itemKey} AND ${test})`);
    params.push(item.itemKey, item.match === 'exact' ? item.value : likePattern(folded === '' ? item.value : folded));
  }
  const range = (column: string, from: unknown, to: unknown) => {
    if (from !== undefined) {
      conditions.push(`${column} >= ${p()}`);
      params.push(from);
    }
    if (to !== undefined) {
      conditions.push(`${column} <= ${p()}`);
      params.push(to);
    }
  };
  range('r.created_at', filter.createdFrom, filter.createdTo);
  range('r.updated_at', filter.updatedFrom, filter.updatedTo);
  if (filter.slotDateFrom !== undefined || filter.slotDateTo !== undefined) {
    conditions.push(`EXISTS (SELECT 1 FROM slot_claims c WHERE c.partition_key = r.partition_key AND c.date >= ${p()} AND c.date <= ${p()})`);
    params.push(filter.slotDateFrom ?? '0000-01-01', filter.slotDateTo ?? '9999-12-31');
  }
  if (filter.statuses !== undefined) {
    // Every row of a record carries its status; the first row stands for it.
    const statuses = dialect.inList('(SELECT s.check_status FROM survey_results s WHERE s.partition_key = r.partition_key ORDER BY s.position LIMIT 1)', filter.statuses);
    conditions.push(statuses.sql);
    params.push(statuses.param);
  }
  if (filter.origins !== undefined) {
    const origins = dialect.inList('r.origin', filter.origins);
    conditions.push(origins.sql);
    params.push(origins.param);
  }
  return { sql: conditions.join(' AND '), params };
}
