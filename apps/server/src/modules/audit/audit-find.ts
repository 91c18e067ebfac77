// The statement that finds audit entries, built from the conditions a query sets: one statement
// with every condition written as "? IS NULL OR …" is planned once for all of them, and neither
// engine then uses the index on target or actor (SQLite scanned the whole log for each record
// opened, which grows with every staff operation). Each set of conditions has a statement of its
// own, prepared when first asked for (a few in practice: by record, by actor, the log's pages).
import type { AuditQuery } from './audit-repository.js';

/** A find's statement for one set of conditions: `key` names the set, `where` uses `placeholder(n)` for the n-th value. */
export interface AuditFindStatement {
  key: string;
  where: string;
  values: (string | number)[];
}

/**
 * The conditions in a fixed order, each with its SQL: `value()` is a placeholder of the value (a
 * new one each time, as SQLite's `?` are taken in order).
 */
const CONDITIONS = [
  ['target', (value: () => string) => `target = ${value()}`],
  ['actor', (value: () => string) => `actor = ${value()}`],
  // Entries whose action starts with the value (`record.` for every record action).
  ['action', (value: () => string) => `substr(action, 1, length(${value()})) = ${value()}`],
  ['from', (value: () => string) => `at >= ${value()}`],
  ['to', (value: () => string) => `at <= ${value()}`],
  ['beforeSeq', (value: () => string) => `seq < ${value()}`],
] as const;

/** The conditions `query` sets, as a WHERE clause (empty when none is set) and its values, placeholders numbered from 1. */
export function auditFindStatement(query: AuditQuery, placeholder: (n: number) => string): AuditFindStatement {
  const names: string[] = [];
  const clauses: string[] = [];
  const values: (string | number)[] = [];
  for (const [name, sql] of CONDITIONS) {
    const value = query[name];
    if (value === undefined) continue;
    names.push(name);
    clauses.push(
      sql(() => {
        values.push(value);
        return placeholder(values.length);
      }),
    );
  }
  return { key: names.join(',') || 'all', where: clauses.length === 0 ? '' : `WHERE ${clauses.join(' AND ')}`, values };
}
