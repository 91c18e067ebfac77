// Test databases on SQLite start as a copy of a migrated file (sqlite-template-setup.ts makes it
// once for the run): the migrations ran once for every test's database before (some 16 ms each,
// about a thousand databases a run), as PostgreSQL's test databases are copies of a migrated
// template (postgres-databases.ts). Opening the copy runs the migrations as the server does, and
// finds nothing left to do.
import { copyFileSync } from 'node:fs';
import { inject } from 'vitest';

/** Puts an empty database with the schema up to date at `file` (a path nothing is at yet). */
export function copyMigratedSqlite(file: string): void {
  copyFileSync(inject('sqliteTemplate'), file);
}
