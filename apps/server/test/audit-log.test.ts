// The audit log: one entry per staff operation (10,000 mixed ones through the console's API, on SQLite), an
// append-only table (the database refuses UPDATE and DELETE), and a hash chain whose verify command
// finds an entry deleted, altered or moved by someone with the database in hand.
import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { auditRepository } from '../src/modules/audit/repositories.js';
import { createSqliteAuditRepository } from '../src/modules/audit/sqlite-audit-repository.js';
import { verifyAuditLog } from '../src/modules/audit/verify-command.js';
import type { HttpClient } from './calendar-fixtures.js';
import { APPEND_BOOKING_SURVEY, bookingPayload, citizen, daySlots, slotValue } from './calendar-fixtures.js';
import type { SqlExecutor } from './engines.js';
import { sqliteExecutor, suiteRuns } from './engines.js';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';
import { addStaff, consoleClient, staffBookingWorld } from './staff-helpers.js';

const SURVEY = APPEND_BOOKING_SURVEY.surveyId;
let ctx: TestContext;
let http: HttpClient;

beforeEach(async () => {
  ctx = await createTestContext();
  ({ http } = await staffBookingWorld(ctx, { rules: { bookingOpensDaysAhead: 60 }, slots: daySlots('2026-12-20', 50) }));
});
afterEach(async () => {
  await ctx.close();
});

const countEntries = async () => ((await ctx.queryOne('SELECT COUNT(*) AS n FROM audit_log')) as { n: number }).n;
/** The verify command over the app's own database, on either engine. */
const verifyAppLog = () => verifyAuditLog(ctx.app.storage.store(auditRepository).read);

async function bookSome(count: number): Promise<string[]> {
  const keys: string[] = [];
  for (let n = 1; n <= count; n += 1) {
    const user = citizen(n);
    const response = await http.call(user, 'putReservation', { body: bookingPayload(user.userId, slotValue('checkup-central', '2026-12-20', '1'), { config: APPEND_BOOKING_SURVEY, name: `市民${n}` }) });
    expect(response.status).toBe(200);
    keys.push(response.body.partitionKey);
  }
  return keys;
}

describe('the audit log', () => {
  // 10,000 operations on SQLite; 2,500 on PostgreSQL, where the entries go through the same hook
  // and each request costs three times as much (suiteRuns).
  const OPERATIONS = suiteRuns(10_000, 2_500);
  it(`has exactly one entry per staff operation: ${OPERATIONS} mixed views, lists, memos and status changes`, { timeout: 300_000 }, async () => {
    const keys = await bookSome(20);
    const staff = await addStaff(ctx, 'member', ['team-a']);
    const console = consoleClient(ctx);
    await console.signIn(staff);
    const versions = new Map(keys.map((key) => [key, 1]));
    const before = await countEntries();
    const statuses = ['処理中', '処理済み', '完了', '未対応'] as const;
    let operations = 0;
    for (let i = 0; i < OPERATIONS; i += 1) {
      const key = keys[i % keys.length]!;
      const params = { surveyId: SURVEY, partitionKey: key };
      let response;
      switch (i % 4) {
        case 0:
          response = await console.call('staffRecord', { params });
          break;
        case 1:
          response = await console.call('staffAddMemo', { params, body: { text: `メモ ${i}` } });
          break;
        case 2: {
          const version = versions.get(key)!;
          response = await console.call('staffChangeStatus', { params, body: { status: statuses[Math.floor(i / 4) % 4]!, version } });
          versions.set(key, version + 1);
          break;
        }
        default:
          response = await console.call('staffRecords', { params: { surveyId: SURVEY }, body: { filter: { items: [{ itemKey: 'name', value: String(i % 10) }] }, limit: 5 } });
      }
      expect(response.status).toBe(200);
      operations += 1;
    }
    expect((await countEntries()) - before).toBe(operations);
    // No cap per record (the earlier platform kept 50).
    const perRecord = (await ctx.queryOne('SELECT COUNT(*) AS n FROM audit_log WHERE target = ?', [`record:${keys[0]!}`])) as { n: number };
    expect(perRecord.n).toBeGreaterThan(50);
    expect(await verifyAppLog()).toMatchObject({ code: 0, verdict: { ok: true, entries: await countEntries() } });
  });

  it('is append-only: the database refuses UPDATE and DELETE', async () => {
    const staff = await addStaff(ctx, 'member', ['team-a']);
    await consoleClient(ctx).signIn(staff);
    expect(await countEntries()).toBeGreaterThan(0);
    await expect(ctx.query("UPDATE audit_log SET actor = 'someone else'")).rejects.toThrow(/append-only/);
    await expect(ctx.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    expect((await verifyAppLog()).code).toBe(0);
  });

  describe('verify command', () => {
    /**
     * The log changed by `change` past its guard, and what the verify command says of it: on SQLite
     * a copy of the database with the triggers dropped, as someone with the file could make; on
     * PostgreSQL the app's own database with the trigger disabled, as the table's owner could.
     */
    async function tampered(change: (query: SqlExecutor) => Promise<unknown>) {
      const keys = await bookSome(3);
      const staff = await addStaff(ctx, 'member', ['team-a']);
      const console = consoleClient(ctx);
      await console.signIn(staff);
      for (const key of keys) await console.call('staffAddMemo', { params: { surveyId: SURVEY, partitionKey: key }, body: { text: '確認' } });
      if (ctx.engine === 'postgres') {
        await ctx.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_or_delete');
        await change(ctx.query);
        return verifyAppLog();
      }
      ctx.app.db.pragma('wal_checkpoint(TRUNCATE)');
      const copy = path.join(ctx.dir, 'tampered.sqlite');
      copyFileSync(ctx.databasePath, copy);
      const raw = new Database(copy);
      raw.exec('DROP TRIGGER audit_log_no_update; DROP TRIGGER audit_log_no_delete;');
      await change(sqliteExecutor(raw));
      raw.close();
      const db = openDatabase(copy);
      try {
        return await verifyAuditLog(createSqliteAuditRepository(db));
      } finally {
        db.close();
      }
    }

    it('detects a deleted entry', async () => {
      const result = await tampered((query) => query('DELETE FROM audit_log WHERE seq = 3'));
      expect(result).toMatchObject({ code: 1, verdict: { ok: false, seq: 3, problem: 'gap' } });
      expect(result.message).toContain('entry 3');
    });

    it('detects an altered entry', async () => {
      const result = await tampered((query) => query("UPDATE audit_log SET detail_json = '{\"text\":\"改ざん\"}' WHERE seq = 4"));
      expect(result).toMatchObject({ code: 1, verdict: { ok: false, seq: 4, problem: 'altered' } });
    });

    it('detects entries put in another order', async () => {
      const result = await tampered(async (query) => {
        // Swap the contents of entries 2 and 3, each keeping its seq.
        const [two, three] = await Promise.all([2, 3].map(async (seq) => (await query('SELECT * FROM audit_log WHERE seq = ?', [seq]))[0]));
        const put = (row: Record<string, unknown>, seq: number) =>
          query('UPDATE audit_log SET at = ?, actor = ?, ip = ?, action = ?, target = ?, detail_json = ?, prev_hash = ?, hash = ? WHERE seq = ?', [
            row.at,
            row.actor,
            row.ip,
            row.action,
            row.target,
            row.detail_json,
            row.prev_hash,
            row.hash,
            seq,
          ]);
        await put(three!, 2);
        await put(two!, 3);
      });
      expect(result).toMatchObject({ code: 1, verdict: { ok: false, seq: 2 } });
    });

    it('passes the untouched copy', async () => {
      expect(await tampered(async () => undefined)).toMatchObject({ code: 0 });
    });
  });
});
