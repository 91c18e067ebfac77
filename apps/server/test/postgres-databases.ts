// Fresh, migrated PostgreSQL databases for tests: the schema is migrated once into a template, and
// each database is a copy of it (CREATE DATABASE … TEMPLATE, a few milliseconds), so that every test
// starts from an empty database of its own. One PostgreSQL serves the whole test run
// (postgres-global-setup.ts); a file may start one of its own (startPostgresDatabases).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres } from '../src/db/postgres.js';
import type { PostgresServer } from '../dev/postgres-server.js';
import { startPostgres } from '../dev/postgres-server.js';

export interface PostgresDatabases {
  server: Pick<PostgresServer, 'url'>;
  /** A new database with the schema up to date and no data: its postgres:// URL. */
  create: () => Promise<string>;
  /** A new database with nothing in it, not even the schema (what `createdb` makes): its URL. */
  createEmpty: () => Promise<string>;
  /** Drops a database `create` or `createEmpty` made (its connections closed first, or forced). */
  drop: (url: string) => Promise<void>;
  /** Drops the databases made here (and stops the server, when it is this file's own). */
  stop: () => Promise<void>;
}

declare module 'vitest' {
  interface ProvidedContext {
    /** The test run's PostgreSQL (its `postgres` database), when postgres-global-setup.ts started one. */
    postgresUrl: string | undefined;
  }
}

/** The migrated template every test database is copied from. */
export const TEMPLATE = 'city_template';

/** The URL of `database` on `server`. */
export const databaseUrl = (server: Pick<PostgresServer, 'url'>, database: string) => server.url.replace(/\/postgres$/, `/${database}`);

/** Creates the template on a fresh server: the schema migrated by the server's own code. */
export async function createTemplate(server: Pick<PostgresServer, 'url'>): Promise<void> {
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  } finally {
    await admin.end();
  }
  // Closed after: a template must have no connection when copied.
  await (await openPostgres(databaseUrl(server, TEMPLATE), { poolSize: 1 })).end();
}

/** Databases copied from the template on `server` (which has one); `stop` drops them. */
async function databasesOn(server: Pick<PostgresServer, 'url'>, stopServer: () => Promise<void>): Promise<PostgresDatabases> {
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  // Files run side by side on the shared server: each names its databases apart.
  const prefix = `city_test_${randomBytes(4).toString('hex')}`;
  /** The databases made here and not dropped yet. */
  const made: string[] = [];
  let count = 0;
  return {
    server,
    create: async () => {
      const name = `${prefix}_${String((count += 1))}`;
      made.push(name);
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
      return databaseUrl(server, name);
    },
    createEmpty: async () => {
      const name = `${prefix}_${String((count += 1))}`;
      made.push(name);
      await admin.query(`CREATE DATABASE ${name}`);
      return databaseUrl(server, name);
    },
    drop: async (url) => {
      const name = made.find((candidate) => url === databaseUrl(server, candidate));
      if (name === undefined) throw new Error(`${url} was not made here`);
      made.splice(made.indexOf(name), 1);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
    stop: async () => {
      try {
        // WITH (FORCE): a test that failed may have left its pool open.
        for (const name of made) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.end().catch(() => undefined);
        await stopServer();
      }
    },
  };
}

/**
 * Databases for this test file: on the test run's PostgreSQL when there is one (see
 * postgres-global-setup.ts), otherwise on a server of the file's own.
 */
export async function testPostgresDatabases(): Promise<PostgresDatabases> {
  const shared = inject('postgresUrl');
  return shared === undefined ? startPostgresDatabases() : databasesOn({ url: shared }, async () => undefined);
}

/** A PostgreSQL of this file's own (for tests that stop it, or create databases beside the template). */
export async function startPostgresDatabases(): Promise<PostgresDatabases & { server: PostgresServer }> {
  const server = await startPostgres();
  try {
    await createTemplate(server);
    return { ...(await databasesOn(server, server.stop)), server };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
