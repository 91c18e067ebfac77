// Reading the SQL trace a server writes with SQL_TRACE_FILE (src/db/database.ts, sqlTrace): the
// statements one request ran, normalised so that two runs of the same code compare equal, counted
// by kind, and compared statement by statement (the faithful anchor's check, faithful.ts).
import { readFileSync, statSync } from 'node:fs';

export type StatementKind = 'read' | 'write' | 'transaction control';

/**
 * A traced statement with its values left out: string literals (with the `/*+N bytes*\/` SQLite
 * writes after one it shortened) and numbers become `?`, whitespace is collapsed. The trace has
 * the values written in (better-sqlite3 reports `sqlite3_expanded_sql`), so a value bound by one
 * side and written as a literal by the other normalise the same. NULL is kept: it is no value.
 */
export function normaliseStatement(sql: string): string {
  return sql
    .replace(/(?:\bx)?'(?:[^']|'')*'(?:\/\*\+\d+ bytes\*\/)?/g, '?')
    .replace(/\b\d+(?:\.\d+)?(?:[eE][+-]?\d+)?\b/g, '?')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Reads, writes, or the transaction's own statements, by the statement's first word. */
export function kindOf(statement: string): StatementKind {
  const first = /^\s*(\w+)/.exec(statement)?.[1]?.toUpperCase() ?? '';
  if (['BEGIN', 'COMMIT', 'END', 'ROLLBACK', 'SAVEPOINT', 'RELEASE'].includes(first)) return 'transaction control';
  // WITH may lead a write too; none of the measured requests has one.
  if (['SELECT', 'WITH', 'PRAGMA', 'VALUES', 'EXPLAIN'].includes(first)) return 'read';
  return 'write';
}

const sizeOf = (file: string): number => {
  try {
    return statSync(file).size;
  } catch {
    return 0; // nothing traced yet: the file is created by the first statement
  }
};

/**
 * The statements (normalised) a process appended to its trace file while `send` ran. `send` must
 * resolve once the request is answered: the server answers a write only after its commit, so
 * every statement of the request is in the file by then.
 */
export async function statementsDuring(traceFile: string, send: () => Promise<void>): Promise<string[]> {
  const before = sizeOf(traceFile);
  await send();
  const appended = readFileSync(traceFile).subarray(before).toString('utf8');
  return appended
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map(normaliseStatement);
}

/** "booking: 27 statements (19 reads, 4 writes, 4 transaction control)". */
export function countLine(name: string, statements: readonly string[]): string {
  const count = (kind: StatementKind) => statements.filter((statement) => kindOf(statement) === kind).length;
  return `${name}: ${statements.length} statements (${count('read')} reads, ${count('write')} writes, ${count('transaction control')} transaction control)`;
}

/**
 * The statements in the order they ran, each with its kind, a run of the same statement on one line
 * ("19× INSERT INTO survey_results …", one per row): the order is what the faithful anchor copies.
 */
export function statementList(statements: readonly string[]): string[] {
  const lines: string[] = [];
  for (let i = 0; i < statements.length; ) {
    const statement = statements[i] ?? '';
    let n = 1;
    while (statements[i + n] === statement) n++;
    lines.push(`${String(i + 1).padStart(4)}  ${kindOf(statement).padEnd(19)} ${n > 1 ? `${n}× ` : ''}${statement}`);
    i += n;
  }
  return lines;
}

/** `undefined` when both ran the same statements in the same order, else where they first differ. */
export function firstDifference(server: readonly string[], anchor: readonly string[]): string | undefined {
  const length = Math.max(server.length, anchor.length);
  for (let i = 0; i < length; i++) {
    if (server[i] === anchor[i]) continue;
    return `statement ${i + 1} of ${server.length} (server) / ${anchor.length} (anchor):\n    server: ${server[i] ?? '(none)'}\n    anchor: ${anchor[i] ?? '(none)'}`;
  }
  return undefined;
}
