// vitest's globalSetup: the migrated SQLite file that test databases are copies of
// (sqlite-template.ts), made once for the run and removed at its end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.js';

declare module 'vitest' {
  interface ProvidedContext {
    /** A migrated, empty SQLite file to copy. */
    sqliteTemplate: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'city-sqlite-template-'));
  const migrated = path.join(dir, 'template.sqlite');
  // Closing the only connection checkpoints the write-ahead log into the file and removes it.
  openDatabase(migrated).close();
  project.provide('sqliteTemplate', migrated);
  return () => {
    rmSync(dir, { recursive: true, force: true });
  };
}
