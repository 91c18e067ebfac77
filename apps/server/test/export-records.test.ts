// Staff's CSV export against the real app: the records the list shows for a filter, in its order,
// as Windows-31J that Shift_JIS decoders read back or as UTF-8 with its BOM; a 𠮷 found by the
// check (line and column) and never written as '?'; operators refused; every export audited with
// its filter and how many records it held.
import type { RecordFilter, RecordSummary } from '@city/api-client/staff-contract';
import { staffEndpoints } from '@city/api-client/staff-contract';
import { DEMO_PAPER_CARD } from '@city/demo-data';
import { japanTimeToEpochMs } from '@city/survey-core';
import { existsSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runExportCommand } from '../src/modules/records/export-command.js';
import { prepareExport } from '../src/modules/records/export-records.js';
import { recordRepositories } from '../src/modules/records/repositories.js';
import type { HttpClient } from './calendar-fixtures.js';
import { APPEND_BOOKING_SURVEY, bookingPayload, citizen, daySlots, slotValue } from './calendar-fixtures.js';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';
import type { TestStaff } from './staff-helpers.js';
import { addStaff, consoleClient, staffBookingWorld } from './staff-helpers.js';

const at = (date: string, time: string) => japanTimeToEpochMs(date, time);
let clock = at('2026-12-01', '10:00');
let ctx: TestContext;
let http: HttpClient;
let member: TestStaff;
const SURVEY = APPEND_BOOKING_SURVEY.surveyId;

beforeEach(async () => {
  clock = at('2026-12-01', '10:00');
  ctx = await createTestContext({}, {}, { now: () => clock });
  ({ http } = await staffBookingWorld(ctx, { slots: [...daySlots('2026-12-03', 2), ...daySlots('2026-12-04', 2)] }));
  member = await addStaff(ctx, 'member', ['team-a']);
});
afterEach(async () => {
  await ctx.close();
});

/** Citizen n books; answers the record's key. */
async function book(n: number, name: string, date = '2026-12-03'): Promise<string> {
  clock += 1_000;
  const user = citizen(n);
  const response = await http.call(user, 'putReservation', { body: bookingPayload(user.userId, slotValue('checkup-central', date, String(1 + ((n - 1) % 2))), { config: APPEND_BOOKING_SURVEY, name, now: clock }) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.partitionKey;
}

async function signedIn(staff = member) {
  const console = consoleClient(ctx);
  expect((await console.signIn(staff)).status).toBe(200);
  return console;
}

/** The export's bytes, as the browser would download them. */
async function download(console: ReturnType<typeof consoleClient>, query: Record<string, string>, headers: Record<string, string> = {}) {
  const url = staffEndpoints.staffExportRecords.path.replace(':surveyId', SURVEY);
  const response = await ctx.app.inject({ method: 'GET', url, query, headers: { cookie: console.cookie ?? '', ...headers } });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload, json: () => response.json<{ code?: string }>() };
}

/** A CSV's lines as fields (no field here holds a comma, a quote or a line break). */
const linesOf = (text: string) => text.split('\r\n').filter((line) => line !== '').map((line) => line.split(','));

describe('exporting results', () => {
  it('writes the records the list shows for the filter, in its order, as Windows-31J', async () => {
    const keys = [await book(1, '山田太郎'), await book(2, '山田花子'), await book(3, '佐藤一郎', '2026-12-04'), await book(4, '髙橋①')];
    const console = await signedIn();
    for (const filter of [{}, { items: [{ itemKey: 'name', value: '山田' }] }, { slotDateFrom: '2026-12-04', slotDateTo: '2026-12-04' }, { statuses: ['処理中'] }]) {
      const listed = await console.call('staffRecords', { params: { surveyId: SURVEY }, body: { filter } });
      const exported = await download(console, { filter: JSON.stringify(filter), encoding: 'windows-31j', items: 'all' });
      expect(exported.status).toBe(200);
      expect(exported.headers['content-type']).toBe('text/csv; charset=Shift_JIS');
      const [header, ...rows] = linesOf(new TextDecoder('shift_jis', { fatal: true }).decode(exported.bytes));
      expect(header).toEqual(['ユーザーID', 'パーティションキー', '受付番号', 'お名前', '予約日時', '申込経路', '状態', '作成日', '更新日', '管理者メモ']);
      expect(rows.map((row) => row[1]), JSON.stringify(filter)).toEqual((listed.body.data as RecordSummary[]).map((record) => record.partitionKey));
    }
    const all = linesOf(new TextDecoder('shift_jis').decode((await download(console, { encoding: 'windows-31j', items: 'all' })).bytes));
    expect(all).toHaveLength(1 + keys.length);
    expect(all[1]?.slice(3, 7)).toEqual(['髙橋①', '健康診断 / 特定健診 / 中央保健センター 2026-12-03（木）10:00～11:00', 'WEB', '未対応']);
  });

  it('writes UTF-8 with its byte order mark, and only the shown columns when asked', async () => {
    await book(1, '吉田');
    const console = await signedIn();
    const exported = await download(console, { encoding: 'utf-8', items: 'shown', columns: 'name' });
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect([...exported.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, row] = linesOf(exported.bytes.subarray(3).toString('utf8'));
    expect(header).toEqual(['ユーザーID', 'パーティションキー', '受付番号', 'お名前', '申込経路', '状態', '作成日', '更新日', '管理者メモ']);
    expect(row?.[3]).toBe('吉田');
  });

  it('is compressed for a browser that accepts it, at the fastest levels, into the same bytes', async () => {
    for (let n = 1; n <= 4; n++) await book(n, `山田${String(n)}`, n <= 2 ? '2026-12-03' : '2026-12-04');
    const console = await signedIn();
    const query = { encoding: 'windows-31j', items: 'all' };
    const plain = await download(console, query);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const chrome = await download(console, query, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(chrome.headers['content-encoding']).toBe('br');
    expect(chrome.headers.vary).toContain('accept-encoding');
    expect(Buffer.compare(brotliDecompressSync(chrome.bytes), plain.bytes)).toBe(0);
    const node = await download(console, query, { 'accept-encoding': 'gzip, deflate' });
    expect(node.headers['content-encoding']).toBe('gzip');
    expect(Buffer.compare(gunzipSync(node.bytes), plain.bytes)).toBe(0);
    expect((await download(console, query, { 'accept-encoding': 'br;q=0, gzip;q=0' })).headers['content-encoding']).toBeUndefined();
  });

  it('finds a 𠮷 before a Windows-31J export, never writes it as "?", and writes it in UTF-8', async () => {
    await book(1, '山田');
    const yoshida = await book(2, '𠮷田');
    const console = await signedIn();
    const check = await console.call('staffCheckExport', { params: { surveyId: SURVEY }, body: { filter: {}, items: 'all' } });
    expect(check.status).toBe(200);
    const receipt = (await console.call('staffRecords', { params: { surveyId: SURVEY }, body: { filter: {} } })).body.data as RecordSummary[];
    // Newest first: 𠮷田 is on the first line after the header, the file's line 2.
    expect(check.body.data).toEqual({ records: 2, unencodable: [{ line: 2, receiptNumber: receipt.find((record) => record.partitionKey === yoshida)?.receiptNumber, column: 'お名前', character: '𠮷' }] });
    // The export itself refuses rather than write a '?', saying where.
    const refused = await download(console, { encoding: 'windows-31j', items: 'all' });
    expect(refused.status).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'unencodable_character', message: expect.stringContaining('2行目の「お名前」') as unknown });
    const utf8 = await download(console, { encoding: 'utf-8', items: 'all' });
    expect(utf8.bytes.subarray(3).toString('utf8')).toContain('𠮷田');
  });

  it('is refused to operators and audited with its filter and how many records it held', async () => {
    await book(1, '山田');
    await book(2, '佐藤');
    const operator = await addStaff(ctx, 'operator', ['team-a']);
    const refused = await download(await signedIn(operator), { encoding: 'utf-8', items: 'all' });
    expect(refused.status).toBe(403);
    const console = await signedIn();
    const filter = { items: [{ itemKey: 'name', value: '山田' }] };
    expect((await download(console, { filter: JSON.stringify(filter), encoding: 'utf-8', items: 'all' })).status).toBe(200);
    const entry = (await ctx.queryOne("SELECT actor, target, detail_json FROM audit_log WHERE action = 'records.export'")) as { actor: string; target: string; detail_json: string };
    expect(entry.target).toBe(`survey:${SURVEY}`);
    expect(JSON.parse(entry.detail_json)).toEqual({ filter, items: 'all', columns: null, encoding: 'utf-8', records: 1 });
    expect(entry.actor).toBe(`staff:${member.staffId}`);
    // The refused one wrote nothing.
    expect(((await ctx.queryOne("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'records.export'")) as { n: number }).n).toBe(1);
  });

  it('refuses a filter that is not one', async () => {
    const console = await signedIn();
    const refused = await download(console, { filter: '{"items":', encoding: 'utf-8', items: 'all' });
    expect(refused.status).toBe(400);
    expect(refused.json().code).toBe('invalid_filter');
  });
});

describe('exported record ids', () => {
  // Each record's keys, every page of the list (200 at a time) against one export.
  async function listedKeys(console: ReturnType<typeof consoleClient>, filter: RecordFilter): Promise<string[]> {
    const keys: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await console.call('staffRecords', { params: { surveyId: SURVEY }, body: { filter, limit: 200, ...(after === undefined ? {} : { after }) } });
      expect(page.status).toBe(200);
      keys.push(...(page.body.data as RecordSummary[]).map((record) => record.partitionKey));
      const next = page.body.nextCursor as string | null;
      if (next === null) return keys;
      after = next;
    }
  }

  it('equal the list’s for 200 random filters', { timeout: 120_000 }, async () => {
    const names = ['山田太郎', '山田花子', '山本一郎', '佐藤次郎', '鈴木三郎', 'ﾔﾏﾀﾞ'];
    const keys: string[] = [];
    const created: number[] = [];
    // 16 citizens over both days' four slots (two places each).
    for (let n = 1; n <= 16; n++) {
      clock += 1_000;
      const user = citizen(n);
      const value = slotValue('checkup-central', n % 2 === 0 ? '2026-12-04' : '2026-12-03', String(1 + (Math.floor((n - 1) / 2) % 4)));
      const response = await http.call(user, 'putReservation', { body: bookingPayload(user.userId, value, { config: APPEND_BOOKING_SURVEY, name: names[n % names.length] ?? '', now: clock }) });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      keys.push(response.body.partitionKey);
      created.push(clock);
    }
    const console = await signedIn();
    for (const key of keys.filter((_, i) => i % 4 === 1)) {
      expect((await console.call('staffChangeStatus', { params: { surveyId: SURVEY, partitionKey: key }, body: { status: '処理中', reason: '確認中', version: 1 } })).status).toBe(200);
    }
    const filters: fc.Arbitrary<RecordFilter> = fc.record(
      {
        items: fc.array(fc.record({ itemKey: fc.constant('name'), value: fc.constantFrom('山田', '山', '太郎', '花子', 'ﾔﾏ', 'ヤマダ', '山田太郎', '佐藤次郎', '無い'), match: fc.constantFrom('exact' as const, 'partial' as const) }), { maxLength: 2 }),
        createdFrom: fc.constantFrom(...created),
        createdTo: fc.constantFrom(...created),
        slotDateFrom: fc.constantFrom('2026-12-03', '2026-12-04'),
        slotDateTo: fc.constantFrom('2026-12-03', '2026-12-04'),
        statuses: fc.subarray(['未対応', '処理中', '完了'] as const, { minLength: 1 }).map((statuses) => [...statuses]),
        origins: fc.subarray(['line', 'web', 'staff', 'import'] as const, { minLength: 1 }).map((origins) => [...origins]),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(filters, async (filter) => {
        const exported = await download(console, { filter: JSON.stringify(filter), encoding: 'utf-8', items: 'all' });
        expect(exported.status).toBe(200);
        const exportedKeys = linesOf(exported.bytes.subarray(3).toString('utf8')).slice(1).map((row) => row[1]);
        const listed = await listedKeys(console, filter);
        expect(exportedKeys).toEqual(listed);
        // Read a few records at a time, the export crosses pages as a million-row one does.
        const store = ctx.app.storage.store(recordRepositories);
        const paged = await prepareExport({ store, now: () => clock, pageSize: 3 }, { kind: 'system', job: 'test' }, SURVEY, { filter, items: 'all' });
        const pagedKeys: string[] = [];
        for await (const record of paged.records()) pagedKeys.push(record.info.partitionKey);
        expect(pagedKeys).toEqual(listed);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the export command', () => {
  /** Runs `export-results` in this process against the test's database; answers its exit code and what it printed. */
  async function exportCommand(args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runExportCommand(args, {
      database: { databasePath: ctx.databasePath, databaseUrl: ctx.databaseUrl },
      cwd: ctx.dir,
      now: () => clock,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, out, err };
  }

  it('writes what the console exports, every item, to a file, and is audited as the server’s own', async () => {
    await book(1, '山田太郎');
    await book(2, '佐藤花子');
    const done = await exportCommand(['--survey', SURVEY, '--filter', JSON.stringify({ items: [{ itemKey: 'name', value: '山田' }] }), '--out', 'yamada.csv']);
    expect(done).toMatchObject({ code: 0, err: [] });
    expect(done.out).toEqual([`1件を ${path.join(ctx.dir, 'yamada.csv')} に書き出しました`]);
    const [header, row] = linesOf(new TextDecoder('shift_jis', { fatal: true }).decode(readFileSync(path.join(ctx.dir, 'yamada.csv'))));
    expect(header?.[3]).toBe('お名前');
    expect(row?.[3]).toBe('山田太郎');
    const entry = (await ctx.queryOne("SELECT actor, detail_json FROM audit_log WHERE action = 'records.export'")) as { actor: string; detail_json: string };
    expect(entry.actor).toBe('system:export-results');
    expect(JSON.parse(entry.detail_json)).toMatchObject({ records: 1, encoding: 'windows-31j' });
  });

  it('writes a member survey’s member numbers (the paper card staff imported)', async () => {
    const done = await exportCommand(['--survey', DEMO_PAPER_CARD.surveyId, '--out', 'members.csv']);
    expect(done).toMatchObject({ code: 0, err: [] });
    const [header, row] = linesOf(new TextDecoder('shift_jis', { fatal: true }).decode(readFileSync(path.join(ctx.dir, 'members.csv'))));
    expect(row?.[header?.indexOf('会員番号') ?? -1]).toBe(DEMO_PAPER_CARD.answers.memberNumber);
    expect(row?.[header?.indexOf('申込経路') ?? -1]).toBe('取り込み');
  });

  it('stops at a character Windows-31J cannot hold, lists where it is, leaves no file, and writes it as UTF-8 when told', async () => {
    await book(1, '𠮷田');
    const refused = await exportCommand(['--survey', SURVEY, '--out', 'results.csv']);
    expect(refused.code).toBe(1);
    expect(refused.err[1]).toMatch(/^ {2}2行目（受付番号 .+）「お名前」: 𠮷$/);
    expect(existsSync(path.join(ctx.dir, 'results.csv'))).toBe(false);
    expect(((await ctx.queryOne("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'records.exportFailed'")) as { n: number }).n).toBe(1);
    const utf8 = await exportCommand(['--survey', SURVEY, '--encoding', 'utf-8', '--out', 'results.csv']);
    expect(utf8.code).toBe(0);
    expect(readFileSync(path.join(ctx.dir, 'results.csv')).subarray(3).toString('utf8')).toContain('𠮷田');
  });

  it('says how to use it when told something it does not take', async () => {
    for (const args of [[], ['--survey', SURVEY, '--encoding', 'sjis'], ['--survey', SURVEY, '--filter', '{']]) {
      const wrong = await exportCommand(args);
      expect(wrong.code, args.join(' ')).toBe(2);
      expect(wrong.err.join('\n')).toMatch(/使い方|絞り込み条件/);
    }
    expect((await exportCommand(['--survey', 'no-such-survey'])).code).toBe(1);
  });
});
