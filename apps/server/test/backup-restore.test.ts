// Backups and restore on both engines (src/backup.ts): a backup taken while the app runs, restored
// into a fresh database, passes every check and holds what was there; a restore never lands on a
// database that has data; a restored database that was altered fails its checks, saying where.
// The commands themselves, as operators run them, at the end.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { japanTimeToEpochMs } from '@city/survey-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommandIo } from '../src/backup.js';
import { runBackupCommand } from '../src/backup.js';
import type { StorageLocation } from '../src/db/storage.js';
import { openStorage } from '../src/db/storage.js';
import { addCalendar, addCategories, BOOKING_SURVEY, bookingPayload, CHECKUP_CATEGORIES, citizen, daySlots, saveSurveys, slotValue } from './calendar-fixtures.js';
import type { EngineName } from './engines.js';
import { createEmptyTestPostgresDatabase, ENGINES, sqlExecutor } from './engines.js';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';
import { addStaff, addTeams } from './staff-helpers.js';

const NOW = japanTimeToEpochMs('2026-12-01', '10:00');
/** The tables whose rows a restore must bring back, each counted. */
const TABLES = ['survey_configs', 'survey_records', 'survey_results', 'calendar_slots', 'slot_claims', 'staff_members', 'audit_log', 'idempotency_keys'];

let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'city-backup-test-'));
});
afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

/** What a command printed, and its exit code. */
async function command(name: 'backup' | 'restore' | 'check', args: string[], location: StorageLocation) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIo = { cwd: work, out: (line) => out.push(line), err: (line) => err.push(line) };
  const code = await runBackupCommand(name, args, location, io);
  return { code, out, err };
}

/** The app's database, as the commands are pointed at it. */
const locationOf = (ctx: TestContext): StorageLocation => ({ databasePath: ctx.databasePath, databaseUrl: ctx.databaseUrl });

/** A fresh place to restore into: a path with no file yet, or an empty PostgreSQL database. */
async function freshLocation(engine: EngineName): Promise<StorageLocation> {
  return { databasePath: path.join(work, 'restored', 'city.sqlite'), databaseUrl: engine === 'postgres' ? await createEmptyTestPostgresDatabase() : undefined };
}

/** Rows per table, through a storage opened on `location`. */
async function countsAt(location: StorageLocation): Promise<Record<string, number>> {
  const storage = await openStorage(location);
  try {
    const query = sqlExecutor(storage);
    const counts: Record<string, number> = {};
    for (const table of TABLES) counts[table] = Number((await query(`SELECT COUNT(*) AS n FROM ${table}`))[0]?.n);
    return counts;
  } finally {
    await storage.close();
  }
}

/** Runs `statements` on the database at `location` (to alter a restored copy behind the server's back). */
async function alter(location: StorageLocation, statements: string[]): Promise<void> {
  const storage = await openStorage(location);
  try {
    const query = sqlExecutor(storage);
    for (const statement of statements) await query(statement);
  } finally {
    await storage.close();
  }
}

describe.each(ENGINES)('backups and restore on %s', (engine) => {
  // SQLite's integrity_check and foreign_key_check, or PostgreSQL's validated constraints; then the
  // schema's version, the audit chain and the slots' counts.
  const CHECKS = engine === 'sqlite' ? 5 : 4;
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext({}, { engine }, { now: () => NOW });
    // Something of everything that matters: staff (and their audit entries), a calendar, a booking.
    await addTeams(ctx);
    await addStaff(ctx, 'admin', ['team-a']);
    await addCategories(ctx.app.storage, CHECKUP_CATEGORIES);
    await addCalendar(ctx.app.storage, { calendarId: 'cal-central', categoryId: 'checkup-central', slots: daySlots('2026-12-03', 3) });
    await saveSurveys(ctx, BOOKING_SURVEY);
    const booked = await ctx.call(citizen(1), 'putReservation', {
      body: bookingPayload(citizen(1).userId, slotValue('checkup-central', '2026-12-03', '1')),
      headers: { 'idempotency-key': 'backup-test-1' },
    });
    expect(booked.status).toBe(200);
  }, 60_000);
  afterEach(async () => {
    await ctx.close();
  });

  it('restores a backup taken while the app runs into a fresh database that passes every check and holds what was there', async () => {
    const before = await countsAt(locationOf(ctx));
    const backup = await command('backup', ['city.backup'], locationOf(ctx));
    expect(backup).toMatchObject({ code: 0, err: [] });
    expect(backup.out[0]).toMatch(/^Backed up .* to .*city\.backup \([\d,]+ bytes\)\.$/);
    // The app goes on working on its own database meanwhile.
    expect((await ctx.call(citizen(2), 'putReservation', { body: bookingPayload(citizen(2).userId, slotValue('checkup-central', '2026-12-03', '2')) })).status).toBe(200);

    const target = await freshLocation(engine);
    const restore = await command('restore', [path.join(work, 'city.backup')], target);
    expect(restore.err).toEqual([]);
    expect(restore.code).toBe(0);
    expect(restore.out.at(-1)).toBe(`All ${CHECKS} checks passed.`);
    expect(restore.out.filter((line) => line.startsWith('ok  '))).toHaveLength(CHECKS);

    // What the backup held: the first booking, not the one made after it.
    expect(before).toMatchObject({ slot_claims: 1, staff_members: 1, idempotency_keys: 1 });
    expect(before.audit_log).toBeGreaterThan(0);
    expect(await countsAt(target)).toEqual(before);
    expect((await countsAt(locationOf(ctx))).slot_claims).toBe(2);

    // A server opened on the restored database answers the citizen with their booking.
    const storage = await openStorage(target);
    try {
      const claims = await sqlExecutor(storage)('SELECT user_id, slot_id FROM slot_claims');
      expect(claims).toEqual([{ user_id: citizen(1).userId, slot_id: '1' }]);
    } finally {
      await storage.close();
    }
    expect(await command('check', [], target)).toMatchObject({ code: 0, err: [] });
  });

  it('never restores over a database that has data, and leaves it as it was', async () => {
    expect((await command('backup', ['city.backup'], locationOf(ctx))).code).toBe(0);
    const before = await countsAt(locationOf(ctx));
    const refused = await command('restore', ['city.backup'], locationOf(ctx));
    expect(refused.code).toBe(1);
    expect(refused.err.join('\n')).toMatch(engine === 'sqlite' ? /already exists: restore into a new file/ : /has tables already: restore into a new, empty database/);
    expect(await countsAt(locationOf(ctx))).toEqual(before);
  });

  it('fails the checks of a restored copy whose audit log or slot counts were altered, naming what', async () => {
    expect((await command('backup', ['city.backup'], locationOf(ctx))).code).toBe(0);
    const target = await freshLocation(engine);
    expect((await command('restore', ['city.backup'], target)).code).toBe(0);

    // Behind the server's back: the append-only triggers set aside, an audit entry rewritten, and
    // a slot's count raised without a claim.
    await alter(target, [
      ...(engine === 'sqlite' ? ['DROP TRIGGER audit_log_no_update'] : ['ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_or_delete']),
      "UPDATE audit_log SET actor = 'someone else' WHERE seq = (SELECT MIN(seq) FROM audit_log)",
      "UPDATE calendar_slots SET claimed_units = claimed_units + 1 WHERE calendar_id = 'cal-central' AND date = '2026-12-03' AND slot_id = '3'",
    ]);
    const check = await command('check', [], target);
    expect(check.code).toBe(1);
    expect(check.err).toEqual([
      expect.stringMatching(/^FAIL The audit log was tampered with: entry \d+ was changed after it was written\./),
      'FAIL Slots whose claimed units differ from their claims or exceed their capacity: cal-central 2026-12-03 3 (claimed 1, claims 0, capacity 3)',
      `2 of ${CHECKS} checks failed: do not start a server on this database.`,
    ]);
  });
});

describe('backup-database, restore-database and check-database as operators run them', { timeout: 60_000 }, () => {
  const serverDir = path.join(import.meta.dirname, '..');
  /** Runs a package script's file as pnpm does (typed in `work`, which pnpm passes as INIT_CWD). */
  const run = (script: string, args: string[], databasePath: string) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--conditions=@city/source', '--import', 'tsx', `scripts/${script}.ts`, ...args],
        { cwd: serverDir, env: { DATABASE_PATH: databasePath, NODE_ENV: 'test', INIT_CWD: work } },
        (error, stdout: string, stderr: string) => {
          resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr });
        },
      );
    });

  it('backs up, restores and checks an SQLite database; says how to call them; refuses what is not a backup', async () => {
    const ctx = await createTestContext({}, { engine: 'sqlite' });
    try {
      await addTeams(ctx);
      expect(await run('backup-database', ['copy.sqlite'], ctx.databasePath)).toMatchObject({ code: 0, stderr: '' });
      expect(existsSync(path.join(work, 'copy.sqlite'))).toBe(true);
      const again = await run('backup-database', ['copy.sqlite'], ctx.databasePath);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already exists: a backup never overwrites a file');
    } finally {
      await ctx.close();
    }
    const restored = path.join(work, 'restored.sqlite');
    const restore = await run('restore-database', ['copy.sqlite'], restored);
    expect(restore).toMatchObject({ code: 0, stderr: '' });
    expect(restore.stdout).toContain('All 5 checks passed.');
    expect(await run('check-database', [], restored)).toMatchObject({ code: 0, stderr: '' });

    expect(await run('restore-database', [], path.join(work, 'other.sqlite'))).toMatchObject({ code: 2, stderr: 'Usage: pnpm --filter @city/server restore-database <file>\n' });
    writeFileSync(path.join(work, 'not-a-backup.txt'), 'hello');
    const wrong = await run('restore-database', ['not-a-backup.txt'], path.join(work, 'other.sqlite'));
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/not-a-backup\.txt is not an SQLite backup/);
    expect(existsSync(path.join(work, 'other.sqlite'))).toBe(false);
  });
});
