import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrations } from './migrations/index.js';

export type SqliteDatabase = Database.Database;

/**
 * How long a write waits for another writer before the request answers 503 (retryable). Short:
 * better-sqlite3 waits synchronously, so every other request waits too.
 */
export const BUSY_TIMEOUT_MS = 250;
/**
 * Pages each connection keeps in memory (KiB; SQLite's default is 2 MiB). Random keys (the
 * idempotency keys' index) touch pages all over their index: with the default, a busy day's keys
 * no longer fit, and every write read its page back from the file first.
 */
export const PAGE_CACHE_KIB = 64 * 1024;

/** Appends one executed statement a line to a file (SQL_TRACE_FILE); see {@link sqlTrace}. */
export type SqlTrace = (sql?: unknown) => void;

/**
 * A trace of every statement a connection executes, appended to `file` one a line, for `pnpm
 * bench` (bench/trace.ts) to count and compare. better-sqlite3's `verbose` option calls it before
 * each statement runs (`exec` calls it once per statement of its text), with the SQL as
 * `sqlite3_expanded_sql` gives it: the bound values written in as literals. Its whitespace is
 * collapsed so that a statement is one line. Statements run inside triggers are not reported.
 * Synchronous and slow: for measuring what runs, never on a server under load.
 */
function sqlTrace(file: string): SqlTrace {
  return (sql) => {
    appendFileSync(file, `${String(sql).replace(/\s+/g, ' ').trim()}\n`);
  };
}

// The trace of each traced connection, so that the reader connectSqlite opens beside a writer
// traces too (app.ts opens the reader from the writer alone).
const traces = new WeakMap<SqliteDatabase, SqlTrace>();

/** The trace `db` was opened with, if any. */
export const sqlTraceOf = (db: SqliteDatabase): SqlTrace | undefined => traces.get(db);

/**
 * Opens (creating if needed) the SQLite file in WAL mode and brings its schema up to date.
 * Migrations run in one transaction each; running them again does nothing. `sqlTraceFile`: append
 * every statement this connection (and the reader opened beside it) executes there; unset, no
 * trace is installed at all, so it costs nothing.
 */
export function openDatabase(file: string, options: { busyTimeoutMs?: number; sqlTraceFile?: string | undefined } = {}): SqliteDatabase {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const trace = options.sqlTraceFile === undefined ? undefined : sqlTrace(options.sqlTraceFile);
  const db = trace === undefined ? new Database(file) : new Database(file, { verbose: trace });
  if (trace !== undefined) traces.set(db, trace);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? BUSY_TIMEOUT_MS}`);
  migrate(db);
  return db;
}

/**
 * Calls `listener` whenever a statement on `db` changes configuration (inside its transaction,
 * before it commits; see db/configuration-cache.ts). Migration 12's triggers raise the stored
 * generation for every connection; this adds, on `db` alone, TEMP triggers beside each of them
 * that call a function only `db` defines: no other connection (an older server, the import
 * command, a sqlite3 shell) ever needs it.
 */
export function watchConfigurationChanges(db: SqliteDatabase, listener: () => void): void {
  db.function('configuration_changed', { deterministic: false }, () => {
    listener();
    return null;
  });
  const watched = db
    .prepare<[], { name: string; tbl_name: string; sql: string }>("SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%\\_changes\\_configuration' ESCAPE '\\'")
    .all();
  for (const trigger of watched) {
    const event = /AFTER (INSERT|UPDATE|DELETE) ON/.exec(trigger.sql)?.[1];
    if (event === undefined) continue;
    // Names and the event come from the schema's own triggers (migration 12), never from input.
    db.exec(`CREATE TEMP TRIGGER IF NOT EXISTS ${trigger.name}_here AFTER ${event} ON main.${trigger.tbl_name} BEGIN SELECT configuration_changed(); END`);
  }
}

/**
 * Calls `listener` whenever a statement on `db` inserts, changes or deletes a slot (its units taken
 * or given back, its capacity or times edited), or moves when a hold lapses (a tester's tool lapses
 * it now): TEMP triggers of `db` alone, as above, for the availability citizens reload
 * (db/configuration-cache.ts). Every path that changes them in this process is heard, whichever
 * repository runs it.
 */
export function watchAvailabilityChanges(db: SqliteDatabase, listener: () => void): void {
  db.function('availability_changed', { deterministic: false }, () => {
    listener();
    return null;
  });
  for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
    db.exec(`CREATE TEMP TRIGGER IF NOT EXISTS calendar_slots_${event.toLowerCase()}_changes_availability_here AFTER ${event} ON main.calendar_slots BEGIN SELECT availability_changed(); END`);
  }
  db.exec('CREATE TEMP TRIGGER IF NOT EXISTS slot_claims_lapse_changes_availability_here AFTER UPDATE OF hold_expires_at ON main.slot_claims BEGIN SELECT availability_changed(); END');
}

export function migrate(db: SqliteDatabase): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL) STRICT');
  // IMMEDIATE: two servers starting together on one file apply each migration once.
  db.transaction(() => {
    const applied = new Set(
      db.prepare<[], { version: number }>('SELECT version FROM schema_migrations').all().map((row) => row.version),
    );
    const newest = Math.max(0, ...migrations.map((migration) => migration.version));
    if ([...applied].some((version) => version > newest)) {
      throw new Error(`The database was written by a newer version of the server (migration ${Math.max(...applied)}); refusing to start.`);
    }
    const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      db.exec(migration.sql);
      record.run(migration.version, migration.name, Date.now());
    }
  }).immediate();
}
