// The schema changes are numbered files (src/db/migrations/), applied in order once each.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../src/db/database.js';
import { migrations } from '../src/db/migrations/index.js';

const folder = path.resolve(import.meta.dirname, '../src/db/migrations');
const dir = mkdtempSync(path.join(tmpdir(), 'city-migrations-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('migrations', () => {
  it('are one file each, named by its version, all listed, in order, numbered from 1 without a gap', () => {
    const files = readdirSync(folder)
      .filter((name) => /^\d{3}-[a-z0-9-]+\.ts$/.test(name))
      .sort();
    expect(files.map((name) => Number(name.slice(0, 3)))).toEqual(migrations.map((migration) => migration.version));
    expect(migrations.map((migration) => migration.version)).toEqual(migrations.map((_migration, index) => index + 1));
    expect(new Set(migrations.map((migration) => migration.name)).size).toBe(migrations.length);
  });

  it('apply once each: a second start applies nothing', () => {
    const db = openDatabase(path.join(dir, 'twice.sqlite'));
    try {
      const applied = () => db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
      const first = applied();
      expect(first).toEqual(migrations.map(({ version, name }) => ({ version, name })));
      migrate(db);
      expect(applied()).toEqual(first);
    } finally {
      db.close();
    }
  });
});
