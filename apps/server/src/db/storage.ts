// The database the server runs on, whichever engine it is: modules ask it for stores over their
// repositories, given as one implementation per engine (a RepositoryFactory), and never see the
// engine. SQLite (one file, DATABASE_PATH) is the default; PostgreSQL is chosen by DATABASE_URL.
import type pg from 'pg';
import type { Configuration, ConfigurationCache } from './configuration-cache.js';
import type { SqliteDatabase } from './database.js';
import { openDatabase } from './database.js';
import type { PostgresQueryable } from './postgres.js';
import { openPostgres } from './postgres.js';
import type { PostgresConnections } from './postgres-store.js';
import { connectPostgres, postgresStore } from './postgres-store.js';
import type { SqliteConnections } from './sqlite-store.js';
import { connectSqlite, madeOnce, sqliteStore } from './sqlite-store.js';
import type { Store } from './store.js';

/** A repository (or a set of them), one implementation per engine. */
export interface RepositoryFactory<Repositories> {
  /** Without a configuration cache, a SQLite repository reads around it (see {@link uncached}). */
  sqlite: (db: SqliteDatabase, configuration?: ConfigurationCache) => Repositories;
  postgres: (db: PostgresQueryable, configuration: Configuration) => Repositories;
}

/**
 * A set of repositories made from one factory each: `repositories({ orders: orderRepository, … })`.
 * On SQLite each is made once per connection, whichever sets it is in (sqlite-store.ts, madeOnce).
 */
export function repositories<Set extends object>(parts: { [Name in keyof Set]: RepositoryFactory<Set[Name]> }): RepositoryFactory<Set> {
  const entries = Object.entries(parts) as [keyof Set, RepositoryFactory<Set[keyof Set]>][];
  return {
    sqlite: (db, configuration) => Object.fromEntries(entries.map(([name, factory]) => [name, madeOnce(factory.sqlite, db, configuration)])) as Set,
    postgres: (db, configuration) => Object.fromEntries(entries.map(([name, factory]) => [name, factory.postgres(db, configuration)])) as Set,
  };
}

/**
 * The same repositories reading around the configuration cache, for checks that must see another
 * server's change of a moment ago (the survey editor, the calendar administration). What they
 * change still empties the cache.
 */
export function uncached<Repositories>(factory: RepositoryFactory<Repositories>): RepositoryFactory<Repositories> {
  return {
    sqlite: (db) => factory.sqlite(db),
    postgres: (db, configuration) =>
      factory.postgres(db, {
        get: (_key, load) => load(),
        getAsync: (_key, load) => load(),
        changed: (uncommitted) => {
          configuration.changed(uncommitted);
        },
        getRecentAvailability: async (_key, _now, load) => (await load()).value,
        availabilityChanged: () => {
          configuration.availabilityChanged();
        },
      }),
  };
}

export interface Storage {
  readonly engine: 'sqlite' | 'postgres';
  /** A store over the repositories `factory` makes for this engine. */
  store<Repositories>(factory: RepositoryFactory<Repositories>): Store<Repositories>;
  /** The configuration kept in memory for this database. */
  readonly configuration: ConfigurationCache;
  /** The SQLite connections, on SQLite (tests and tools that reach the file itself). */
  readonly sqlite: SqliteConnections | undefined;
  /** The PostgreSQL pool, on PostgreSQL. */
  readonly postgres: pg.Pool | undefined;
  /**
   * Runs `work` while no other server process on this database runs work under the same `name`
   * (PostgreSQL: a session advisory lock, on a connection of its own; SQLite: one server process
   * per file, so nothing to wait for).
   */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** Closes every connection this storage opened. */
  close(): Promise<void>;
}

/** Storage over SQLite connections; `close` closes the reader, and the writer unless `keepWriter`. */
export function sqliteStorage(connections: SqliteConnections, options: { keepWriter?: boolean } = {}): Storage {
  return {
    engine: 'sqlite',
    store: (factory) => sqliteStore(connections, factory.sqlite),
    configuration: connections.configuration,
    sqlite: connections,
    postgres: undefined,
    exclusively: (_name, work) => work(),
    close: async () => {
      if (connections.reader !== connections.writer) connections.reader.close();
      if (options.keepWriter !== true) connections.writer.close();
    },
  };
}

/**
 * How long `exclusively` waits for another instance's turn under the same name before giving up
 * (the instance then fails to start, saying so): a seeding on a busy machine, with room to spare.
 */
export const EXCLUSIVE_WAIT_MS = 120_000;

/** Storage over a PostgreSQL pool; `close` ends the pool. */
export function postgresStorage(connections: PostgresConnections): Storage {
  return {
    engine: 'postgres',
    store: (factory) => postgresStore(connections, factory.postgres),
    configuration: connections.configuration,
    sqlite: undefined,
    postgres: connections.pool,
    exclusively: async (name, work) => {
      const client = await connections.pool.connect();
      let broken: Error | undefined;
      try {
        // Waits as long as another instance's turn can take, not a request's lock timeout: three
        // instances started together on a busy machine, the second gave up after 5 s while the
        // first was still seeding (the demo staff's Argon2 hashes) and did not start.
        await client.query(`SET lock_timeout = ${String(EXCLUSIVE_WAIT_MS)}`);
        await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
        try {
          return await work();
        } finally {
          await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
        }
      } finally {
        // Back to the pool's lock timeout (the connection's own), or the connection is dropped.
        await client.query('RESET lock_timeout').catch((error: unknown) => {
          broken = error instanceof Error ? error : new Error(String(error));
        });
        client.release(broken);
      }
    },
    close: async () => {
      connections.close();
      await connections.pool.end();
    },
  };
}

/** Where the data is: a PostgreSQL URL, else a SQLite file. */
export interface StorageLocation {
  databaseUrl?: string | undefined;
  databasePath: string;
  configurationMaxAgeMs?: number | undefined;
}

/** Opens the database the configuration names, its schema brought up to date. */
export async function openStorage(location: StorageLocation): Promise<Storage> {
  const options = location.configurationMaxAgeMs === undefined ? {} : { configurationMaxAgeMs: location.configurationMaxAgeMs };
  if (location.databaseUrl !== undefined) return postgresStorage(connectPostgres(await openPostgres(location.databaseUrl), options));
  return sqliteStorage(connectSqlite(openDatabase(location.databasePath), options));
}
