// PostgreSQL's side of the statement trace: the database's own statement log (log_statement = all,
// set on the traced databases only, with the database's name at the start of each line), read for
// the statements one request ran. What the server sent is what PostgreSQL logs, prepared-statement
// names included, so the server and the anchor are compared on the wire, not on their code.
import { readFileSync, statSync } from 'node:fs';
import { normaliseStatement } from './trace.js';

/** The server settings that make PostgreSQL write its log to `log/postgres.log` in its data directory. */
export const STATEMENT_LOG_SETTINGS = ['logging_collector=on', 'log_directory=log', 'log_filename=postgres.log', 'log_line_prefix=%d %p: '];

/** A database's statements in a stretch of the log, normalised, with the prepared statement's name. */
function statementsOf(log: string, database: string): string[] {
  // An entry starts with its prefix; a statement's further lines start with a tab.
  const entries = log.split(/\n(?!\t)/);
  const statements: string[] = [];
  for (const entry of entries) {
    const match = /^(\S*) \d+: LOG: {2}(?:statement: |execute ([^:]+): )([\s\S]*)$/.exec(entry);
    if (match === null || match[1] !== database) continue;
    const sql = match[3] ?? '';
    // The configuration cache's poll, once a second in the background: no request's.
    if (sql.startsWith('SELECT generation FROM configuration_generation')) continue;
    statements.push(`${normaliseStatement(sql)}${match[2] === undefined ? '' : `  [${match[2]}]`}`);
  }
  return statements;
}

/**
 * The statements `database` ran while `send` did (a request answered after its commit). The log is
 * written by PostgreSQL's collector process a moment later: read until the COMMIT is in it.
 */
export async function postgresStatementsDuring(logFile: string, database: string, send: () => Promise<void>): Promise<string[]> {
  const sizeOf = () => {
    try {
      return statSync(logFile).size;
    } catch {
      return 0;
    }
  };
  const before = sizeOf();
  await send();
  for (let attempt = 0; ; attempt++) {
    const statements = statementsOf(readFileSync(logFile).subarray(before).toString('utf8'), database);
    if (statements.at(-1) === 'COMMIT') return statements;
    if (attempt > 100) throw new Error(`no COMMIT of ${database} in PostgreSQL's log (${logFile}) within 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the collector has not written it yet
  }
}
