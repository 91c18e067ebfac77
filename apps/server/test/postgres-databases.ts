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
  /**
   * Gives back a database `create` made, its connections closed: emptied back to the template's
   * state (see {@link resetToTemplate}), the next `create` takes it instead of copying the template
   * again; one whose schema a test changed is dropped.
   */
  recycle: (url: string) => Promise<void>;
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

/** The state of a fresh copy of the template, to put a used copy back into it. */
interface TemplateState {
  /** Every table but the migrations' own. */
  tables: string[];
  /** The rows the migrations put in (a settings row, the configuration generation), as JSON. */
  rows: { table: string; json: string }[];
  sequences: { name: string; start: number }[];
  /**
   * Tables, triggers (each enabled or not) and functions: a test that changed them (a trigger
   * disabled, a table added) leaves a copy unfit to use again.
   */
  schema: string;
}

const SCHEMA_FINGERPRINT = `
  SELECT string_agg(item, ',' ORDER BY item) AS schema FROM (
    SELECT tgname || ':' || tgenabled::text AS item FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'
    UNION ALL SELECT 'table ' || tablename FROM pg_tables WHERE schemaname = 'public'
  ) items`;

async function templateStateOf(client: pg.Client): Promise<TemplateState> {
  const tables = (await client.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations' ORDER BY tablename")).rows.map((row) => row.name);
  const rows: TemplateState['rows'] = [];
  for (const table of tables) {
    const { rows: found } = await client.query<{ json: string | null }>(`SELECT json_agg(t)::text AS json FROM ${table} t`);
    const json = found[0]?.json;
    if (json !== null && json !== undefined) rows.push({ table, json });
  }
  const sequences = (await client.query<{ name: string; start: number }>("SELECT sequencename AS name, start_value AS start FROM pg_sequences WHERE schemaname = 'public'")).rows;
  const schema = (await client.query<{ schema: string }>(SCHEMA_FINGERPRINT)).rows[0]?.schema ?? '';
  return { tables, rows, sequences, schema };
}

/**
 * Puts a used copy back into the template's state: every table emptied (triggers off for it, the
 * audit log's append-only guard and the foreign keys included), the migrations' rows put back,
 * sequences restarted. A few milliseconds where a new copy takes a hundred or more (the property
 * tests open hundreds). DELETE, not TRUNCATE: a test leaves a few rows, and TRUNCATE gives each of
 * the sixty-odd tables and their indexes new files (a quarter of a property run's time on
 * PostgreSQL); autovacuum clears the deleted rows. False, and nothing done, when the test changed
 * the schema.
 */
async function resetToTemplate(client: pg.Client, state: TemplateState): Promise<boolean> {
  if ((await client.query<{ schema: string }>(SCHEMA_FINGERPRINT)).rows[0]?.schema !== state.schema) return false;
  await client.query('BEGIN');
  await client.query('SET LOCAL session_replication_role = replica');
  await client.query(state.tables.map((table) => `DELETE FROM ${table}`).join('; '));
  for (const { table, json } of state.rows) await client.query(`INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, $1)`, [json]);
  for (const { name, start } of state.sequences) await client.query('SELECT setval($1, $2, false)', [name, start]);
  await client.query('COMMIT');
  return true;
}

/** Databases copied from the template on `server` (which has one); `stop` drops them. */
async function databasesOn(server: Pick<PostgresServer, 'url'>, stopServer: () => Promise<void>): Promise<PostgresDatabases> {
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  // Files run side by side on the shared server: each names its databases apart.
  const prefix = `city_test_${randomBytes(4).toString('hex')}`;
  /** The databases made here and not dropped yet. */
  const made: string[] = [];
  /** Copies given back and reset, for the next `create`. */
  const ready: string[] = [];
  let count = 0;
  let template: TemplateState | undefined;
  const nameOf = (url: string) => {
    const name = made.find((candidate) => url === databaseUrl(server, candidate));
    if (name === undefined) throw new Error(`${url} was not made here`);
    return name;
  };
  const drop = async (name: string) => {
    made.splice(made.indexOf(name), 1);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  return {
    server,
    create: async () => {
      const reused = ready.pop();
      if (reused !== undefined) return databaseUrl(server, reused);
      const name = `${prefix}_${String((count += 1))}`;
      made.push(name);
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
      if (template === undefined) {
        // Read once, from a copy nothing has touched yet.
        const client = new pg.Client({ connectionString: databaseUrl(server, name) });
        await client.connect();
        try {
          template = await templateStateOf(client);
        } finally {
          await client.end();
        }
      }
      return databaseUrl(server, name);
    },
    recycle: async (url) => {
      const name = nameOf(url);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      let reset = false;
      try {
        reset = template !== undefined && (await resetToTemplate(client, template));
      } finally {
        await client.end();
      }
      if (reset) ready.push(name);
      else await drop(name);
    },
    createEmpty: async () => {
      const name = `${prefix}_${String((count += 1))}`;
      made.push(name);
      await admin.query(`CREATE DATABASE ${name}`);
      return databaseUrl(server, name);
    },
    drop: async (url) => {
      const name = nameOf(url);
      const waiting = ready.indexOf(name);
      if (waiting >= 0) ready.splice(waiting, 1);
      await drop(name);
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
