import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from './database.js';

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
