import { mkdirSync } from 'node:fs';
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
 * Opens (creating if needed) the SQLite file in WAL mode and brings its schema up to date.
 * Migrations run in one transaction each; running them again does nothing.
 */
export function openDatabase(file: string, options: { busyTimeoutMs?: number } = {}): SqliteDatabase {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? BUSY_TIMEOUT_MS}`);
  defineConfigurationChanged(db);
  migrate(db);
  return db;
}

/**
 * Defines configuration_changed(), which migration 12's triggers call when configuration changes:
 * every connection to the file needs it (a statement on those tables cannot even be prepared
 * without it). A no-op until someone listens (onConfigurationChange).
 */
export function defineConfigurationChanged(db: SqliteDatabase): void {
  db.function('configuration_changed', { deterministic: false }, () => {
    configurationListeners.get(db)?.();
    return null;
  });
}

const configurationListeners = new WeakMap<SqliteDatabase, () => void>();

/**
 * Calls `listener` whenever a statement on `db` changes configuration (inside its transaction,
 * before it commits): see db/configuration-cache.ts.
 */
export function onConfigurationChange(db: SqliteDatabase, listener: () => void): void {
  configurationListeners.set(db, listener);
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
