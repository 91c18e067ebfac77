// What the tests of one migration share: an in-memory SQLite database with the schema as it stood
// before that migration, recorded as applied, for rows of that time to be written and migrated.
import Database from 'better-sqlite3';
import { migrations } from '../src/db/migrations/index.js';

/** A database at schema `version` (migrations 1 to `version` applied and recorded), foreign keys on. */
export function databaseAtVersion(version: number): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL) STRICT');
  for (const migration of migrations.filter((m) => m.version <= version)) {
    db.exec(migration.sql);
    db.prepare('INSERT INTO schema_migrations VALUES (?, ?, 0)').run(migration.version, migration.name);
  }
  return db;
}
