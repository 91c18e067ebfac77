// Fresh, migrated PostgreSQL databases for tests, on one test PostgreSQL per test file: the schema is
// migrated once into a template, and each database is a copy of it (CREATE DATABASE … TEMPLATE,
// a few milliseconds), so that every test starts from an empty database of its own.
import pg from 'pg';
import { openPostgres } from '../src/db/postgres.js';
import type { PostgresServer } from './postgres-server.js';
import { startPostgres } from './postgres-server.js';

export interface PostgresDatabases {
  server: PostgresServer;
  /** A new database with the schema up to date and no data: its postgres:// URL. */
  create: () => Promise<string>;
  /** Stops the server (every database goes with it). */
  stop: () => Promise<void>;
}

const TEMPLATE = 'city_template';

/** The URL of `database` on `server`. */
export const databaseUrl = (server: PostgresServer, database: string) => server.url.replace(/\/postgres$/, `/${database}`);

export async function startPostgresDatabases(): Promise<PostgresDatabases> {
  const server = await startPostgres();
  const admin = new pg.Client({ connectionString: server.url });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${TEMPLATE}`);
    // Migrated by the server's own code, then closed: a template must have no connection when copied.
    await (await openPostgres(databaseUrl(server, TEMPLATE), { poolSize: 1 })).end();
  } catch (error) {
    await admin.end().catch(() => undefined);
    await server.stop();
    throw error;
  }
  let made = 0;
  return {
    server,
    create: async () => {
      made += 1;
      const name = `city_test_${String(made)}`;
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
      return databaseUrl(server, name);
    },
    stop: async () => {
      await admin.end().catch(() => undefined);
      await server.stop();
    },
  };
}
