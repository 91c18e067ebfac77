// Backups and restore for both engines (server README, "Backups and restore"):
// - SQLite: VACUUM INTO, a consistent copy of a database the server may be writing to at that
//   moment (one read transaction); restored by SQLite's backup API into a new file.
// - PostgreSQL: `pg_dump --format=custom`, restored by `pg_restore` into an empty database in one
//   transaction (all or nothing).
// A restore goes into a fresh database only, and is then checked (checkDatabase): what a restore
// must never do is overwrite the live database, or hand the server a copy that is not whole.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { verifyAuditLog } from './modules/audit/verify-command.js';
import { auditRepository } from './modules/audit/repositories.js';
import { migrations } from './db/migrations/index.js';
import type { Storage, StorageLocation } from './db/storage.js';
import { openStorage } from './db/storage.js';

/** A failure the operator can act on: printed as it is, exit code 1. */
export class BackupError extends Error {}

/**
 * Where Debian's PostgreSQL programs are: `pg_config --bindir`, else the newest
 * /usr/lib/postgresql/<version>/bin (Debian keeps them off the search path); undefined without them.
 */
export function postgresBinaries(): string | undefined {
  const fromConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (fromConfig.status === 0 && existsSync(path.join(fromConfig.stdout.trim(), 'initdb'))) return fromConfig.stdout.trim();
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((version) => existsSync(path.join(root, version, 'bin', 'initdb')));
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest === undefined ? undefined : path.join(root, newest, 'bin');
}

/** A PostgreSQL program: Debian's (see {@link postgresBinaries}), else as the search path finds it. */
export function postgresProgram(name: 'pg_dump' | 'pg_restore'): string {
  const bin = postgresBinaries();
  return bin !== undefined && existsSync(path.join(bin, name)) ? path.join(bin, name) : name;
}

function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(program, args, { maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error === null) resolve();
      else if ((error as NodeJS.ErrnoException).code === 'ENOENT') reject(new BackupError(`${path.basename(program)} was not found: install PostgreSQL's client programs (Debian: postgresql-client)`));
      else reject(new BackupError(`${path.basename(program)} failed: ${stderr.trim() || error.message}`));
    });
  });
}

/** Writes a backup of the configured database to `file` (which must not exist yet); answers its size. */
export async function backupDatabase(location: StorageLocation, file: string): Promise<{ bytes: number }> {
  if (existsSync(file)) throw new BackupError(`${file} already exists: a backup never overwrites a file`);
  if (location.databaseUrl !== undefined) {
    await run(postgresProgram('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${location.databaseUrl}`]);
  } else {
    if (!existsSync(location.databasePath)) throw new BackupError(`There is no database at ${location.databasePath}`);
    const source = new Database(location.databasePath, { readonly: true, fileMustExist: true });
    try {
      // One read transaction: a consistent copy however busy the server's writer is meanwhile
      // (the online backup API starts again whenever another connection writes).
      source.prepare('VACUUM INTO ?').run(file);
    } finally {
      source.close();
    }
  }
  return { bytes: statSync(file).size };
}

/**
 * Restores a backup into the configured database, which must be new: on SQLite no file there yet,
 * on PostgreSQL an existing database with no tables. The caller opens and checks it after.
 */
export async function restoreDatabase(location: StorageLocation, file: string): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`There is no backup at ${file}`);
  if (location.databaseUrl !== undefined) {
    const client = new pg.Client({ connectionString: location.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ tables: number }>("SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname = 'public'");
      if ((rows[0]?.tables ?? 0) > 0) throw new BackupError('The database has tables already: restore into a new, empty database (createdb), then point DATABASE_URL at it');
    } finally {
      await client.end();
    }
    await run(postgresProgram('pg_restore'), ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', `--dbname=${location.databaseUrl}`, file]);
    return;
  }
  if (existsSync(location.databasePath)) throw new BackupError(`${location.databasePath} already exists: restore into a new file, then point DATABASE_PATH at it`);
  const backup = new Database(file, { readonly: true, fileMustExist: true });
  try {
    try {
      // Refuses a file that is not an SQLite database before anything is written.
      backup.pragma('schema_version');
    } catch (error) {
      throw new BackupError(`${file} is not an SQLite backup: ${error instanceof Error ? error.message : String(error)}`);
    }
    mkdirSync(path.dirname(path.resolve(location.databasePath)), { recursive: true });
    await backup.backup(location.databasePath);
  } finally {
    backup.close();
  }
}

/** One check of {@link checkDatabase}: what it found, and whether that is as it must be. */
export interface DatabaseCheck {
  ok: boolean;
  message: string;
}

/** Rows one statement without parameters answers, on either engine. */
export async function rowsOf<Row>(storage: Storage, sql: string): Promise<Row[]> {
  if (storage.postgres !== undefined) return (await storage.postgres.query(sql)).rows as Row[];
  if (storage.sqlite === undefined) throw new Error('a storage is either SQLite or PostgreSQL');
  return storage.sqlite.writer.prepare(sql).all() as Row[];
}

/**
 * The checks a database must pass before a server is started on it (after a restore, say):
 * - the engine's own: SQLite's integrity_check and foreign_key_check; on PostgreSQL, every
 *   constraint validated;
 * - the schema at this server's newest migration;
 * - the audit log's hash chain unbroken;
 * - every slot's claimed units equal to the units its claims hold, never above its capacity.
 */
export async function checkDatabase(storage: Storage): Promise<DatabaseCheck[]> {
  const checks: DatabaseCheck[] = [];
  if (storage.sqlite !== undefined) {
    const integrity = (await rowsOf<Record<string, unknown>>(storage, 'PRAGMA integrity_check')).map((row) => String(Object.values(row)[0]));
    checks.push({ ok: integrity.join() === 'ok', message: `SQLite integrity_check: ${integrity.slice(0, 5).join('; ')}` });
    const orphans = await rowsOf(storage, 'PRAGMA foreign_key_check');
    checks.push({ ok: orphans.length === 0, message: `SQLite foreign_key_check: ${orphans.length === 0 ? 'no row without its parent' : `${orphans.length} rows without their parent`}` });
  } else {
    const unchecked = await rowsOf<{ conname: string }>(storage, 'SELECT conname FROM pg_constraint WHERE NOT convalidated ORDER BY conname');
    checks.push({ ok: unchecked.length === 0, message: `PostgreSQL constraints: ${unchecked.length === 0 ? 'all validated' : `not validated: ${unchecked.map((row) => row.conname).join(', ')}`}` });
  }

  const newest = Math.max(...migrations.filter((migration) => storage.engine === 'sqlite' || migration.postgres !== undefined).map((migration) => migration.version));
  const [schema] = await rowsOf<{ version: number | null }>(storage, 'SELECT MAX(version) AS version FROM schema_migrations');
  checks.push({ ok: Number(schema?.version) === newest, message: `Schema: version ${String(schema?.version)} (this server's newest: ${newest})` });

  const audit = await verifyAuditLog(storage.store(auditRepository).read);
  checks.push({ ok: audit.code === 0, message: audit.message });

  const drifted = await rowsOf<{ calendar_id: string; date: string; slot_id: string; claimed_units: number; held: number; capacity: number }>(
    storage,
    `SELECT s.calendar_id, s.date, s.slot_id, s.claimed_units, s.capacity, COALESCE(SUM(c.units), 0) AS held
     FROM calendar_slots s LEFT JOIN slot_claims c ON c.calendar_id = s.calendar_id AND c.date = s.date AND c.slot_id = s.slot_id
     GROUP BY s.calendar_id, s.date, s.slot_id, s.claimed_units, s.capacity
     HAVING s.claimed_units <> COALESCE(SUM(c.units), 0) OR s.claimed_units > s.capacity
     ORDER BY s.calendar_id, s.date, s.slot_id`,
  );
  const [slots] = await rowsOf<{ n: number }>(storage, 'SELECT COUNT(*) AS n FROM calendar_slots');
  checks.push({
    ok: drifted.length === 0,
    message:
      drifted.length === 0
        ? `Slots: ${Number(slots?.n)} slots, each one's claimed units equal to its claims, none above its capacity`
        : `Slots whose claimed units differ from their claims or exceed their capacity: ${drifted
            .slice(0, 10)
            .map((row) => `${row.calendar_id} ${row.date} ${row.slot_id} (claimed ${row.claimed_units}, claims ${row.held}, capacity ${row.capacity})`)
            .join('; ')}${drifted.length > 10 ? ` and ${drifted.length - 10} more` : ''}`,
  });
  return checks;
}

/** What the commands print through, and where a relative file name is from. */
export interface CommandIo {
  cwd: string;
  out: (line: string) => void;
  err: (line: string) => void;
}

const USAGE = {
  backup: 'Usage: pnpm --filter @city/server backup-database <file>',
  restore: 'Usage: pnpm --filter @city/server restore-database <file>',
  check: 'Usage: pnpm --filter @city/server check-database',
} as const;

/** Opens the database, runs {@link checkDatabase} and prints each check: exit code 0 when all pass, else 1. */
async function printChecks(location: StorageLocation, io: CommandIo): Promise<number> {
  const storage = await openStorage(location);
  try {
    const checks = await checkDatabase(storage);
    for (const check of checks) (check.ok ? io.out : io.err)(`${check.ok ? 'ok  ' : 'FAIL'} ${check.message}`);
    const failed = checks.filter((check) => !check.ok).length;
    if (failed > 0) io.err(`${failed} of ${checks.length} checks failed: do not start a server on this database.`);
    else io.out(`All ${checks.length} checks passed.`);
    return failed > 0 ? 1 : 0;
  } finally {
    await storage.close();
  }
}

/**
 * `backup-database <file>`, `restore-database <file>` and `check-database`, on the database the
 * server's settings name (DATABASE_URL, else DATABASE_PATH). Exit codes: 0 done, 1 refused or
 * failed (said why), 2 called wrongly.
 */
export async function runBackupCommand(
  command: keyof typeof USAGE,
  args: readonly string[],
  location: StorageLocation,
  io: CommandIo,
): Promise<number> {
  const [file, ...rest] = args;
  const wantsFile = command !== 'check';
  if (rest.length > 0 || (wantsFile ? file === undefined || file.startsWith('-') : file !== undefined)) {
    io.err(USAGE[command]);
    return 2;
  }
  const where = location.databaseUrl === undefined ? location.databasePath : 'the PostgreSQL database of DATABASE_URL';
  try {
    if (command === 'check') return await printChecks(location, io);
    const target = path.resolve(io.cwd, file ?? '');
    if (command === 'backup') {
      const { bytes } = await backupDatabase(location, target);
      io.out(`Backed up ${where} to ${target} (${bytes.toLocaleString('en')} bytes).`);
      return 0;
    }
    await restoreDatabase(location, target);
    io.out(`Restored ${target} into ${where}. Checking it:`);
    return await printChecks(location, io);
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    io.err(error.message);
    return 1;
  }
}
