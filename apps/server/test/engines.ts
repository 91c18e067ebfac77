// The two database engines the server runs on, for tests that run the same checks on both: an
// empty, migrated database of either, and stores over it from a repository's two implementations.
// PostgreSQL is one test server per test file, started on first use, each database a fresh copy.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach } from 'vitest';
import type { Configuration, ConfigurationCache } from '../src/db/configuration-cache.js';
import type { SqliteDatabase } from '../src/db/database.js';
import { openDatabase } from '../src/db/database.js';
import type { PostgresQueryable } from '../src/db/postgres.js';
import { openPostgres } from '../src/db/postgres.js';
import { connectPostgres, postgresStore } from '../src/db/postgres-store.js';
import { connectSqlite, sqliteStore } from '../src/db/sqlite-store.js';
import type { Store } from '../src/db/store.js';
import type { PostgresDatabases } from './postgres-databases.js';
import { startPostgresDatabases } from './postgres-databases.js';

export type EngineName = 'sqlite' | 'postgres';
export const ENGINES: readonly EngineName[] = ['sqlite', 'postgres'];

/** A repository's implementations, one per engine. */
export interface RepositoryFactories<Repositories> {
  sqlite: (db: SqliteDatabase, configuration: ConfigurationCache) => Repositories;
  postgres: (db: PostgresQueryable, configuration: Configuration) => Repositories;
}

export interface TestDatabase {
  engine: EngineName;
  store: <Repositories>(factories: RepositoryFactories<Repositories>) => Store<Repositories>;
  /** Runs one statement outside the repositories, to arrange or inspect rows (`?` placeholders on both engines). */
  execute: (sql: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;
  close: () => Promise<void>;
}

let postgres: Promise<PostgresDatabases> | undefined;
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

/** A fresh database, schema up to date, on this test file's PostgreSQL (started on first use): its URL. */
export async function createTestPostgresDatabase(): Promise<string> {
  postgres ??= startPostgresDatabases();
  return (await postgres).create();
}

/** An empty database of `engine` with the schema up to date. */
export async function openTestDatabase(engine: EngineName): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'city-engine-test-'));
    const connections = connectSqlite(openDatabase(path.join(dir, 'test.sqlite')));
    return {
      engine,
      store: (factories) => sqliteStore(connections, factories.sqlite),
      execute: async (sql, values = []) => {
        const statement = connections.writer.prepare(sql);
        if (statement.reader) return statement.all(...values) as Record<string, unknown>[];
        statement.run(...values);
        return [];
      },
      close: async () => {
        connections.reader.close();
        connections.writer.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const pool = await openPostgres(await createTestPostgresDatabase(), { poolSize: 10 });
  const connections = connectPostgres(pool);
  return {
    engine,
    store: (factories) => postgresStore(connections, factories.postgres),
    execute: async (sql, values = []) => (await pool.query(numbered(sql), values)).rows as Record<string, unknown>[],
    close: async () => {
      connections.close();
      await pool.end();
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
export function useTestDatabase<Repositories>(engine: EngineName, factories: RepositoryFactories<Repositories>): EachTest<Repositories> {
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
