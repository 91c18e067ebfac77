// PostgreSQL, chosen by DATABASE_URL=postgres://… (SQLite stays the default): a pool of connections
// shared by the server's stores (postgres-store.ts), and the schema brought up to date at start from
// the same numbered list as SQLite's (migrations/, each migration's `postgres` text).
import pg from 'pg';
import { migrations } from './migrations/index.js';

/** What runs a statement: the pool (a read outside transactions) or one transaction's connection. */
export type PostgresQueryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

/**
 * Connections each server instance keeps. Several instances share the database's own limit
 * (max_connections, 100 by default): three instances of 20 leave room for the operator's tools.
 */
export const POSTGRES_POOL_SIZE = 20;

/** int8 (BIGINT: times in ms, COUNT, SUM of integers) and numeric (SUM of BIGINT) read as numbers, as SQLite gives them. */
const NUMERIC_TYPES = new Set<number>([pg.types.builtins.INT8, pg.types.builtins.NUMERIC]);
function readNumber(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`A number outside JavaScript's safe integers came from PostgreSQL: ${text}`);
  return value;
}
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary'): ((text: string) => unknown) =>
    NUMERIC_TYPES.has(oid) && format !== 'binary'
      ? readNumber
      : (pg.types.getTypeParser as (oid: number, format?: 'text' | 'binary') => (text: string) => unknown)(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * How long a statement waits for a lock another transaction holds (a long staff operation, an
 * operator's session) before the request answers 503 `busy` (retryable), as SQLite's busy timeout
 * does. Longer than SQLite's: waiting here blocks nothing else in the process, and a hot slot's row
 * lock is passed along a queue of bookings, each holding it for a millisecond or two.
 */
export const LOCK_TIMEOUT_MS = 5_000;

/** A pool on `url` (postgres://user:password@host:port/database), its schema up to date. */
export async function openPostgres(url: string, options: { poolSize?: number; lockTimeoutMs?: number } = {}): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? POSTGRES_POOL_SIZE, types, lock_timeout: options.lockTimeoutMs ?? LOCK_TIMEOUT_MS });
  // An idle connection the server dropped (a restart, a failover) is replaced at its next use; its
  // error must not end this process.
  pool.on('error', () => undefined);
  try {
    await requireByteOrderCollation(pool);
    await migratePostgres(pool);
    return pool;
  } catch (error) {
    await pool.end();
    throw error;
  }
}

/** Collations that compare text byte by byte (code point order), as SQLite does. */
const BYTE_ORDER_COLLATIONS = new Set(['C', 'POSIX', 'C.UTF-8', 'C.utf8', 'ucs_basic']);

/**
 * Refuses a database whose text sorts by a language's rules: keys (receipt numbers, partition
 * keys, login ids) are listed and paged in SQLite's byte order, and a page boundary computed in
 * another order would skip or repeat records.
 */
async function requireByteOrderCollation(pool: pg.Pool): Promise<void> {
  // datlocprovider (PostgreSQL 15 on): 'i' when ICU sorts, whatever datcollate says.
  const { rows } = await pool.query<{ collation: string; provider: string | null }>(
    "SELECT datcollate AS collation, to_jsonb(d) ->> 'datlocprovider' AS provider FROM pg_database d WHERE datname = current_database()",
  );
  const collation = rows[0]?.provider === 'i' ? 'ICU' : (rows[0]?.collation ?? '');
  if (BYTE_ORDER_COLLATIONS.has(collation)) return;
  throw new Error(
    `The database sorts text by "${collation}"; the server needs byte order. Create it with: CREATE DATABASE <name> TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8' (see the server README, "PostgreSQL").`,
  );
}

/** Any number: the lock every instance takes to migrate, so that instances starting together apply each migration once. */
const MIGRATION_LOCK = 7_351_001;

/**
 * Applies the migrations that have PostgreSQL text and are not yet applied, in one transaction,
 * holding a lock that other instances starting at the same moment wait on. Refuses a database
 * written by a newer server.
 */
export async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)');
    const applied = new Set((await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((row) => row.version));
    const newest = Math.max(0, ...migrations.map((migration) => migration.version));
    if ([...applied].some((version) => version > newest)) {
      throw new Error(`The database was written by a newer version of the server (migration ${Math.max(...applied)}); refusing to start.`);
    }
    for (const migration of migrations) {
      if (migration.postgres === undefined || applied.has(migration.version)) continue;
      await client.query(migration.postgres);
      await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [migration.version, migration.name, Date.now()]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
