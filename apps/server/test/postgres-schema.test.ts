// PostgreSQL's schema (migration 13 on) is SQLite's (migrations 1 to 12 on), table by table and
// column by column, so that the repositories of both engines read and write the same rows.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrations } from '../src/db/migrations/index.js';
import { migratePostgres, openPostgres } from '../src/db/postgres.js';
import type { PostgresDatabases } from './postgres-databases.js';
import { databaseUrl, startPostgresDatabases } from './postgres-databases.js';

interface Column {
  name: string;
  type: 'integer' | 'text' | 'bytes';
  notNull: boolean;
  primaryKey: boolean;
}

function sqliteSchema(): Map<string, Column[]> {
  const db = openDatabase(':memory:');
  try {
    const tables = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all();
    return new Map(
      tables.map(({ name }) => [
        name,
        db
          .prepare<[], { name: string; type: string; notnull: number; pk: number }>(`SELECT name, type, "notnull", pk FROM pragma_table_info('${name}')`)
          .all()
          .map((column) => ({
            name: column.name,
            type: ({ INTEGER: 'integer', TEXT: 'text', BLOB: 'bytes' } as const)[column.type as 'INTEGER' | 'TEXT' | 'BLOB'],
            // SQLite lets a primary key's column be NULL unless it says NOT NULL; PostgreSQL never does.
            notNull: column.notnull === 1 || column.pk > 0,
            primaryKey: column.pk > 0,
          }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      ]),
    );
  } finally {
    db.close();
  }
}

async function postgresSchema(url: string): Promise<Map<string, Column[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string; primary_key: boolean }>(`
      SELECT c.table_name, c.column_name, c.data_type, c.is_nullable,
        EXISTS (SELECT 1 FROM information_schema.key_column_usage k JOIN information_schema.table_constraints t
                  ON t.constraint_name = k.constraint_name AND t.table_name = k.table_name
                WHERE t.constraint_type = 'PRIMARY KEY' AND k.table_name = c.table_name AND k.column_name = c.column_name) AS primary_key
      FROM information_schema.columns c WHERE c.table_schema = 'public' ORDER BY c.table_name, c.column_name`);
    const schema = new Map<string, Column[]>();
    for (const row of rows) {
      const type = ({ integer: 'integer', bigint: 'integer', text: 'text', bytea: 'bytes' } as const)[row.data_type as 'integer' | 'bigint' | 'text' | 'bytea'];
      const columns = schema.get(row.table_name) ?? [];
      columns.push({ name: row.column_name, type, notNull: row.is_nullable === 'NO', primaryKey: row.primary_key });
      schema.set(row.table_name, columns);
    }
    for (const columns of schema.values()) columns.sort((a, b) => a.name.localeCompare(b.name));
    return schema;
  } finally {
    await client.end();
  }
}

let databases: PostgresDatabases;
beforeAll(async () => {
  databases = await startPostgresDatabases();
}, 60_000);
afterAll(async () => {
  await (databases as PostgresDatabases | undefined)?.stop();
});

describe('the PostgreSQL schema', () => {
  it("has SQLite's tables and columns: the same names, kinds, NOT NULLs and primary keys", async () => {
    const sqlite = sqliteSchema();
    const postgres = await postgresSchema(await databases.create());
    // SQLite's implicit rowid, which pragma table_info does not list, made a column on PostgreSQL.
    const orders = postgres.get('orders');
    expect(orders?.find((column) => column.name === 'rowid')).toEqual({ name: 'rowid', type: 'integer', notNull: true, primaryKey: false });
    postgres.set('orders', orders?.filter((column) => column.name !== 'rowid') ?? []);
    // SQLite's own: each record's answers folded into one text for the export (migration 15);
    // PostgreSQL reads a page's rows in one statement instead.
    sqlite.set('survey_records', sqlite.get('survey_records')?.filter((column) => column.name !== 'answers_folded') ?? []);
    expect([...postgres.keys()].sort()).toEqual([...sqlite.keys()].sort());
    for (const [table, columns] of sqlite) expect({ table, columns: postgres.get(table) }).toEqual({ table, columns });
  });

  it("has SQLite's named indexes, each on the same table", async () => {
    const db = openDatabase(':memory:');
    const sqlite = db.prepare<[], { name: string; table: string }>("SELECT name, tbl_name AS \"table\" FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name").all();
    db.close();
    const client = new pg.Client({ connectionString: await databases.create() });
    await client.connect();
    const postgres = (await client.query<{ name: string; table: string }>("SELECT indexname AS name, tablename AS \"table\" FROM pg_indexes WHERE schemaname = 'public'")).rows;
    await client.end();
    expect(sqlite.length).toBeGreaterThanOrEqual(20);
    expect(postgres).toEqual(expect.arrayContaining(sqlite));
  });

  it('records the migrations from 13 on, and a second start applies nothing', async () => {
    const pool = await openPostgres(await databases.create(), { poolSize: 2 });
    try {
      const applied = async () => (await pool.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version')).rows;
      const first = await applied();
      expect(first).toEqual(migrations.filter((migration) => migration.postgres !== undefined).map(({ version, name }) => ({ version, name })));
      expect(first[0]?.version).toBe(13);
      await migratePostgres(pool);
      expect(await applied()).toEqual(first);
    } finally {
      await pool.end();
    }
  });

  it('is migrated once when three instances start on an empty database at the same moment', async () => {
    const admin = new pg.Client({ connectionString: databases.server.url });
    await admin.connect();
    await admin.query('CREATE DATABASE city_empty');
    await admin.end();
    const url = databaseUrl(databases.server, 'city_empty');
    const pools = await Promise.all([1, 2, 3].map(() => openPostgres(url, { poolSize: 2 })));
    try {
      const [pool] = pools;
      const counts = (await pool!.query<{ version: number; n: number }>('SELECT version, COUNT(*) AS n FROM schema_migrations GROUP BY version')).rows;
      expect(counts.every((row) => row.n === 1)).toBe(true);
      expect(counts.length).toBe(migrations.filter((migration) => migration.postgres !== undefined).length);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  it('refuses to start on a database written by a newer server', async () => {
    const url = await databases.create();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'from the future', 0)");
    await client.end();
    await expect(openPostgres(url)).rejects.toThrow(/newer version of the server \(migration 999\)/);
  });

  it('keeps the audit log append-only and raises the configuration generation on a change', async () => {
    const pool = await openPostgres(await databases.create(), { poolSize: 1 });
    try {
      await pool.query("INSERT INTO audit_log (seq, at, actor, ip, action, target, detail_json, prev_hash, hash) VALUES (1, 1, 'a', '', 'x', 't', '{}', '', 'h')");
      await expect(pool.query("UPDATE audit_log SET actor = 'b'")).rejects.toThrow(/append-only/);
      await expect(pool.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
      await expect(pool.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
      const generation = async () => (await pool.query<{ generation: number }>('SELECT generation FROM configuration_generation')).rows[0]?.generation;
      const before = await generation();
      expect(typeof before).toBe('number');
      await pool.query("UPDATE calendar_display_settings SET tag1_label = '地域'");
      expect(await generation()).toBe((before ?? 0) + 1);
    } finally {
      await pool.end();
    }
  });
});

describe('a PostgreSQL database sorting text by a language', () => {
  it('is refused at start, with how to create one that sorts by bytes', async () => {
    const admin = new pg.Client({ connectionString: databases.server.url });
    await admin.connect();
    const { rows } = await admin.query<{ collname: string }>("SELECT collname FROM pg_collation WHERE collname LIKE 'en_US%' OR collname LIKE 'ja_JP%' OR collname = 'und-x-icu' LIMIT 1");
    const locale = rows[0]?.collname;
    // Debian's server always has the ICU collations; the libc ones depend on the machine's locales.
    if (locale === undefined) throw new Error('no language collation on this PostgreSQL');
    await admin.query(locale === 'und-x-icu' ? "CREATE DATABASE city_language TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'und' LOCALE 'C.UTF-8'" : `CREATE DATABASE city_language TEMPLATE template0 LC_COLLATE '${locale}' LC_CTYPE '${locale}'`);
    await admin.end();
    await expect(openPostgres(databaseUrl(databases.server, 'city_language'))).rejects.toThrow(/needs byte order/);
  });
});
