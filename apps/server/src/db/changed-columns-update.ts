import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from './database.js';
import type { PostgresQueryable } from './postgres.js';

/** A column to set and its new value. */
export type ColumnChange = readonly [column: string, value: unknown];

/**
 * UPDATEs of one row of `table` (found by `keyColumns`) that set only the columns given: SQLite
 * rewrites every index holding a column an UPDATE sets, changed or not, so an edit that sets only
 * what changed spares the others. One statement per set of columns, prepared when first needed.
 * Column names come from the caller's code, never from input; the values are bound.
 */
export function changedColumnsUpdate(db: SqliteDatabase, table: string, keyColumns: readonly string[]): (changes: readonly ColumnChange[], key: readonly unknown[]) => void {
  const statements = new Map<string, Statement>();
  const where = keyColumns.map((column) => `${column} = ?`).join(' AND ');
  return (changes, key) => {
    if (changes.length === 0) return;
    const columns = changes.map(([column]) => column);
    const id = columns.join(',');
    let statement = statements.get(id);
    if (statement === undefined) {
      statement = db.prepare(`UPDATE ${table} SET ${columns.map((column) => `${column} = ?`).join(', ')} WHERE ${where}`);
      statements.set(id, statement);
    }
    statement.run(...changes.map(([, value]) => value), ...key);
  };
}

/**
 * The same on PostgreSQL, where an UPDATE that sets no indexed column can stay on its page (a HOT
 * update) and write no index at all. Each set of columns is a named (prepared) statement.
 */
export function postgresChangedColumnsUpdate(
  db: PostgresQueryable,
  table: string,
  keyColumns: readonly string[],
): (changes: readonly ColumnChange[], key: readonly unknown[]) => Promise<void> {
  return async (changes, key) => {
    if (changes.length === 0) return;
    const columns = changes.map(([column]) => column);
    const set = columns.map((column, i) => `${column} = $${String(i + 1)}`).join(', ');
    const where = keyColumns.map((column, i) => `${column} = $${String(columns.length + i + 1)}`).join(' AND ');
    await db.query({ name: `${table}.set.${columns.join(',')}`, text: `UPDATE ${table} SET ${set} WHERE ${where}`, values: [...changes.map(([, value]) => value), ...key] });
  };
}
