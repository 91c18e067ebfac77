// A migrated SQLite file that test databases start as a copy of: the migrations run once per test
// worker instead of once for every test's database (some 16 ms each, about a thousand databases a
// run), as PostgreSQL's test databases are copies of a migrated template (postgres-databases.ts).
// Opening the copy runs the migrations as the server does, and finds nothing left to do.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/database.js';

let template: string | undefined;

/** Puts an empty database with the schema up to date at `file` (a path nothing is at yet). */
export function copyMigratedSqlite(file: string): void {
  if (template === undefined) {
    const dir = mkdtempSync(path.join(tmpdir(), 'city-sqlite-template-'));
    const migrated = path.join(dir, 'template.sqlite');
    // Closing the only connection checkpoints the write-ahead log into the file and removes it.
    openDatabase(migrated).close();
    process.once('exit', () => {
      rmSync(dir, { recursive: true, force: true });
    });
    template = migrated;
  }
  copyFileSync(template, file);
}
