// The two database engines the server runs on, for tests that run the same checks on both: an
// empty, migrated database of either, and stores over it from a repository's two implementations.
// PostgreSQL is the test run's (or the file's own, see postgres-databases.ts), each database a fresh copy.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach } from 'vitest';
import type { SqliteDatabase } from '../src/db/database.js';
import type { RepositoryFactory, Storage } from '../src/db/storage.js';
import { openStorage } from '../src/db/storage.js';
import type { Store } from '../src/db/store.js';
import type { PostgresDatabases } from './postgres-databases.js';
import { testPostgresDatabases } from './postgres-databases.js';
import { copyMigratedSqlite } from './sqlite-template.js';

export type EngineName = Storage['engine'];
export const ENGINES: readonly EngineName[] = ['sqlite', 'postgres'];

/**
 * The engine the suite runs on where a test names none: TEST_DATABASE=postgres runs it on
 * PostgreSQL (tests that reach SQLite's file themselves need it and say so).
 */
// eslint-disable-next-line no-restricted-syntax -- the suite's own switch, no server setting
export const SUITE_ENGINE: EngineName = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

/**
 * How many runs a long randomised or repeated test makes on the suite's engine: all of them on
 * SQLite, a share on PostgreSQL. The sequences exercise the use-cases, the same on both engines;
 * the PostgreSQL project checks that the same steps hold over its SQL, where each step costs three
 * to four times as much (a server process, a round trip per statement). CI runs both projects
 * beside the browser tests on two cores, within 20 minutes.
 */
export function suiteRuns(onSqlite: number, onPostgres = Math.ceil(onSqlite / 2)): number {
  return SUITE_ENGINE === 'postgres' ? onPostgres : onSqlite;
}

export interface TestDatabase {
  engine: EngineName;
  /** The database as the server holds it (for code that takes a Storage: the maintenance job, say). */
  storage: Storage;
  store: <Repositories>(factory: RepositoryFactory<Repositories>) => Store<Repositories>;
  /** Runs one statement outside the repositories, to arrange or inspect rows (`?` placeholders on both engines). */
  execute: SqlExecutor;
  close: () => Promise<void>;
}

let postgres: Promise<PostgresDatabases> | undefined;
// Files share a worker's modules (vitest.config.ts, isolate: false): this runs after the first
// file of each worker only. The databases later files make are dropped with the run's PostgreSQL,
// which its global teardown stops (postgres-global-setup.ts).
afterAll(async () => {
  const started = postgres;
  postgres = undefined;
  if (started !== undefined) await (await started).stop();
});

/** `?` placeholders as PostgreSQL numbers them ($1, $2, …). */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${String((n += 1))}`);
};

/** Runs one statement on a storage's database, `?` placeholders on both engines: its rows (none for a write). */
export type SqlExecutor = (sql: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * Statements outside the repositories, for tests that arrange or inspect rows behind the API's
 * back: on SQLite through the writer connection, on PostgreSQL through the pool.
 */
export function sqlExecutor(storage: Storage): SqlExecutor {
  const { postgres: pool, sqlite } = storage;
  if (pool !== undefined) return async (sql, values = []) => (await pool.query(numbered(sql), values)).rows as Record<string, unknown>[];
  if (sqlite === undefined) throw new Error('a storage is either SQLite or PostgreSQL');
  return sqliteExecutor(sqlite.writer);
}

/** {@link sqlExecutor} over one SQLite connection (a file a test opened itself). */
export function sqliteExecutor(db: SqliteDatabase): SqlExecutor {
  return async (sql, values = []) => {
    const statement = db.prepare(sql);
    if (statement.reader) return statement.all(...values) as Record<string, unknown>[];
    statement.run(...values);
    return [];
  };
}

/** A fresh database, schema up to date, on the test run's PostgreSQL (reached on first use): its URL. */
export async function createTestPostgresDatabase(): Promise<string> {
  postgres ??= testPostgresDatabases();
  return (await postgres).create();
}

/**
 * Gives back a database made by {@link createTestPostgresDatabase} once its test is done with it
 * (its pools closed): emptied for the next test of the file, or dropped if the test changed its
 * schema, so that a property test's hundreds of databases neither pile up nor each cost a copy.
 */
export async function releaseTestPostgresDatabase(url: string): Promise<void> {
  if (postgres === undefined) throw new Error('no test PostgreSQL was started');
  await (await postgres).recycle(url);
}

/** A new PostgreSQL database with nothing in it, not even the schema (as `createdb` makes one): its URL. */
export async function createEmptyTestPostgresDatabase(): Promise<string> {
  postgres ??= testPostgresDatabases();
  return (await postgres).createEmpty();
}

/**
 * An empty database of `engine` (the suite's, unless named) with the schema up to date, opened as
 * the server opens its own.
 */
export async function openTestDatabase(engine: EngineName = SUITE_ENGINE): Promise<TestDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), 'city-engine-test-'));
  const databaseUrl = engine === 'postgres' ? await createTestPostgresDatabase() : undefined;
  const databasePath = path.join(dir, 'test.sqlite');
  if (databaseUrl === undefined) copyMigratedSqlite(databasePath);
  const storage = await openStorage({ databasePath, databaseUrl });
  return {
    engine,
    storage,
    store: (factory) => storage.store(factory),
    execute: sqlExecutor(storage),
    close: async () => {
      await storage.close();
      if (databaseUrl !== undefined) await releaseTestPostgresDatabase(databaseUrl);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What {@link useTestDatabase} gives each test: its own empty database and a store over it. */
export interface EachTest<Repositories> {
  database: TestDatabase;
  store: Store<Repositories>;
}

/**
 * For the tests of a describe block: a fresh database of `engine` before each (closed after it),
 * and a store over it from `factories`. Read its properties inside the tests.
 */
export function useTestDatabase<Repositories>(engine: EngineName, factories: RepositoryFactory<Repositories>): EachTest<Repositories> {
  const current = {} as EachTest<Repositories>;
  beforeEach(async () => {
    current.database = await openTestDatabase(engine);
    current.store = current.database.store(factories);
  }, 60_000);
  afterEach(async () => {
    await current.database.close();
  });
  return current;
}
