// The export case of `pnpm bench` (issue 26): EXPORT_RECORDS records (a million unless
// BENCH_EXPORT_RECORDS says otherwise) of a 20-item survey, exported by a staff member as
// Windows-31J through the server's HTTP route, downloaded by this process. Measured: the first
// byte, the whole file, the server's memory (its resident set, from /proc) before and at its
// highest, and the file's record count against the database's. The anchor does only the
// unavoidable work on the same file, in this process: every record and its rows and memos read in
// the list's order, one CSV line each, encoded and written to /dev/null.
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Answers, SurveyConfig } from '@city/survey-core';
import { buildSubmissionPayload } from '@city/survey-core';
import { openDatabase } from '../src/db/database.js';
import { openStorage, repositories } from '../src/db/storage.js';
import { auditRepository } from '../src/modules/audit/repositories.js';
import { csvLine } from '../src/modules/exports/csv.js';
import { japanDateTime } from '../src/modules/exports/result-columns.js';
import { writeWindows31J } from '../src/modules/exports/windows-31j.js';
import { createSqliteRecordRepository } from '../src/modules/records/sqlite-record-repository.js';
import { createStaffMember } from '../src/modules/staff/manage-staff.js';
import { staffRepository } from '../src/modules/staff/repositories.js';
import { surveyRepository } from '../src/modules/surveys/repositories.js';
import { readConfig } from '../src/env.js';
import { exportDatabasePath, exportRecords } from './env.js';

export const EXPORT_RECORDS = exportRecords();
/** The bench's staff member (a member of the survey's team: exports and imports). */
export const STAFF = { loginId: 'bench-exporter', password: 'bench-exporter-password' };

/** A 20-item application form as municipalities make them: names, contact, choices, free text. */
export const EXPORT_SURVEY: SurveyConfig = {
  surveyId: 'bench-export',
  surveyTitle: '市民講座・イベント 参加申込（ベンチ）',
  surveySchema: [
    { itemKey: 'familyName', type: 'text', title: '姓', required: true },
    { itemKey: 'firstName', type: 'text', title: '名', required: true },
    { itemKey: 'kana', type: 'text', title: 'フリガナ', required: true },
    { itemKey: 'born', type: 'birthday', title: '生年月日', required: true },
    { itemKey: 'sex', type: 'radio', title: '性別', options: ['男性', '女性', '回答しない'] },
    { itemKey: 'phone', type: 'text', title: '電話番号', required: true },
    { itemKey: 'email', type: 'text', title: 'メールアドレス' },
    { itemKey: 'postalCode', type: 'text', title: '郵便番号' },
    { itemKey: 'address', type: 'textarea', title: '住所', required: true },
    { itemKey: 'ward', type: 'dropdown', title: '地区', options: ['中央', '北', '南', '東', '西'] },
    { itemKey: 'event', type: 'dropdown', title: '参加するイベント', options: ['健康まつり', '防災訓練', '子育て講座', '料理教室'] },
    { itemKey: 'visitDate', type: 'date', title: '参加希望日' },
    { itemKey: 'people', type: 'text', title: '参加人数', format: 'number' },
    { itemKey: 'interests', type: 'checkboxes', title: '関心のある分野', options: ['健康', '子育て', '防災', '環境'] },
    { itemKey: 'parking', type: 'radio', title: '駐車場の利用', options: ['利用する', '利用しない'] },
    { itemKey: 'companion', type: 'text', title: '同伴者のお名前' },
    { itemKey: 'allergy', type: 'textarea', title: 'アレルギー・配慮事項' },
    { itemKey: 'heardFrom', type: 'text', title: 'このイベントを知ったきっかけ' },
    { itemKey: 'request', type: 'textarea', title: 'ご要望', maxLength: 400 },
    { itemKey: 'contactBy', type: 'text', title: '連絡方法' },
  ],
};

const FAMILY = ['山田', '佐藤', '鈴木', '髙橋', '田中', '渡邊', '伊藤', '中村', '小林', '齋藤'];
const GIVEN = ['太郎', '花子', '一郎', '美咲', '健太', '陽菜', '大翔', '結衣', '蓮', 'さくら'];
const ANSWER_TEXT = ['特になし', '車いすで参加します。段差の少ない席を希望します。', '小麦・卵アレルギーがあります（子ども）', '', '=1+1 と書いた方がいました', '駐車場の場所を教えてください～', '①午前 ②午後 どちらでも可'];

/** Citizen n's answers: every item, with Japanese text of the usual lengths (and a formula-like cell now and then). */
export function answersOf(n: number): Answers {
  const pick = <T>(list: readonly T[], salt: number): T => list[(n * 7 + salt) % list.length] as T;
  return {
    familyName: pick(FAMILY, 1),
    firstName: pick(GIVEN, 2),
    kana: 'ヤマダ タロウ',
    born: `19${String(40 + (n % 60)).padStart(2, '0')}-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`,
    sex: pick(['男性', '女性', '回答しない'], 3),
    phone: `090-${String(n % 10_000).padStart(4, '0')}-${String((n * 13) % 10_000).padStart(4, '0')}`,
    email: `citizen${String(n)}@example.jp`,
    postalCode: `${String(100 + (n % 900))}-${String(n % 10_000).padStart(4, '0')}`,
    address: `デモ市${pick(['中央町', '北町', '南町', '東町', '西町'], 4)}${String(1 + (n % 9))}-${String(1 + (n % 30))}-${String(1 + (n % 20))} デモハイツ${String(100 + (n % 400))}号室`,
    ward: pick(['中央', '北', '南', '東', '西'], 5),
    event: pick(['健康まつり', '防災訓練', '子育て講座', '料理教室'], 6),
    visitDate: `2026-12-${String(1 + (n % 28)).padStart(2, '0')}`,
    people: String(1 + (n % 4)),
    interests: ['健康', '子育て', '防災', '環境'].filter((_, i) => (n >> i) % 2 === 1),
    parking: pick(['利用する', '利用しない'], 7),
    companion: n % 3 === 0 ? `${pick(FAMILY, 8)} ${pick(GIVEN, 9)}` : '',
    allergy: pick(ANSWER_TEXT, 10),
    heardFrom: pick(['市報', 'LINE', 'ホームページ', '知人の紹介', 'ポスター'], 11),
    request: pick(ANSWER_TEXT, 12),
    contactBy: pick(['電話', 'メール', 'LINE'], 13),
  };
}

/** Raised whenever what seedExportRecords writes changes: a database seeded by another version is seeded again. */
const SEED_VERSION = 1;

/** The seeded database's file, kept between runs (BENCH_EXPORT_DATABASE, else the temporary folder). */
export const exportDatabaseFile = () => exportDatabasePath() ?? path.join(tmpdir(), `city-bench-export-${String(EXPORT_RECORDS)}.sqlite`);

/**
 * Seeds the file unless an earlier run seeded it with this version (its marker file says so);
 * answers the seconds seeding took, or undefined when the file was reused.
 */
export async function seededExportDatabase(file: string): Promise<number | undefined> {
  const marker = `${file}.seeded`;
  if (existsSync(file) && existsSync(marker) && readFileSync(marker, 'utf8') === String(SEED_VERSION)) {
    // Seeded by an earlier run, perhaps on an older schema: migrated now, as the server would on
    // start (the anchor reads the file first).
    openDatabase(file).close();
    return undefined;
  }
  for (const stale of [marker, file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) rmSync(stale, { force: true });
  const started = performance.now();
  await seedExportRecords(file);
  writeFileSync(marker, String(SEED_VERSION));
  return (performance.now() - started) / 1000;
}

/** Records written per transaction while seeding. */
const SEED_BATCH = 20_000;

/**
 * Seeds `file`: the survey (owned by a team), a member of that team who exports, and
 * EXPORT_RECORDS records through the server's own record repository (its rows as the server
 * writes them), one citizen each; a tenth 処理中, one in a hundred with a staff memo. The indexes
 * of the two big tables are built after the rows (faster than keeping them up to date row by row).
 */
export async function seedExportRecords(file: string): Promise<void> {
  const storage = await openStorage({ databasePath: file });
  try {
    await storage.store(surveyRepository).transaction((surveys) => surveys.save({ config: EXPORT_SURVEY, lookupItemKeys: [], searchable: false }));
    const staffStore = storage.store(repositories({ staff: staffRepository, audit: auditRepository }));
    await staffStore.transaction(({ staff }) => staff.insertTeam({ teamId: 'bench-export', name: 'ベンチ集計課' }, Date.now()));
    await storage.store(surveyRepository).transaction((surveys) => surveys.setTeams(EXPORT_SURVEY.surveyId, ['bench-export']));
    await createStaffMember({ store: staffStore, security: readConfig({ NODE_ENV: 'test' }).staff, now: Date.now }, { kind: 'system', job: 'bench' }, { ...STAFF, displayName: 'ベンチ集計係', role: 'member', teamIds: ['bench-export'] });
  } finally {
    await storage.close();
  }
  const db = openDatabase(file);
  try {
    // One connection, nothing to recover from: a failed seed is thrown away with its folder.
    db.pragma('journal_mode = DELETE');
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('foreign_keys = OFF'); // every key written here is new, and the survey is there
    const indexes = db
      .prepare<[], { name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('survey_results', 'survey_records') AND sql IS NOT NULL")
      .all();
    // Names from the schema itself.
    for (const index of indexes) db.exec(`DROP INDEX ${index.name}`);
    const records = createSqliteRecordRepository(db);
    const memo = db.prepare<[string, number]>("INSERT INTO record_events (partition_key, kind, status, text, staff_id, at) VALUES (?, 'memo', NULL, '電話で確認済み。当日は受付で名前を伝える。', 'bench', ?)");
    const base = Date.now();
    for (let first = 0; first < EXPORT_RECORDS; first += SEED_BATCH) {
      db.transaction(() => {
        for (let n = first; n < Math.min(first + SEED_BATCH, EXPORT_RECORDS); n++) {
          const userId = `U${n.toString(16).padStart(32, '0')}`;
          const { data } = buildSubmissionPayload({ config: EXPORT_SURVEY, userId, answers: answersOf(n), now: base + n });
          const rows = n % 10 === 0 ? data.map((row) => ({ ...row, check: '処理中' as const })) : data;
          void records.replace({ rows, receiptNumber: `X${String(n).padStart(9, '0')}`, removePartitionKeys: [], origin: n % 2 === 0 ? 'line' : 'web', surveyVersion: 1 });
          const [row] = rows;
          if (n % 100 === 0 && row !== undefined) memo.run(row.partitionKey, base + n);
        }
      })();
    }
    for (const index of indexes) db.exec(index.sql);
    db.pragma('journal_mode = WAL');
  } finally {
    db.close();
  }
}

/** The survey's records, as the database counts them. */
export function databaseRecordCount(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM survey_records WHERE survey_id = ?').get(EXPORT_SURVEY.surveyId) as { n: number }).n;
  } finally {
    db.close();
  }
}

/** What one export of the file did: its times, its size, its records, and the server's memory. */
export interface ExportMeasured {
  firstByteMs: number;
  totalMs: number;
  /** Bytes of the CSV (decompressed: sent brotli-compressed). */
  bytes: number;
  /** Data lines (records): line breaks outside quoted cells, less the header's. */
  records: number;
  /** The header line, decoded as Windows-31J: it opens as Excel would read it. */
  header: string;
  /** The server's resident set when started, after a first export (of the 処理中 records), and at its highest during the measured one. */
  rssStartedMb: number;
  rssBeforeMb: number;
  /** The server's highest resident set (VmHWM, the kernel's own peak), read after the measured export. */
  rssPeakMb: number;
  /** The first export's records. */
  warmUpRecords: number;
}

/** The process's resident set now and at its highest (VmRSS, VmHWM), in MiB; undefined off Linux. */
function residentMb(pid: number): { now: number; peak: number } | undefined {
  try {
    const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { now: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/** Downloads one export as a browser would (brotli-compressed, as Chrome asks; fetch decompresses it): its timing, size, records and header. */
async function download(origin: string, cookie: string, filter: object): Promise<Omit<ExportMeasured, 'rssStartedMb' | 'rssBeforeMb' | 'rssPeakMb' | 'warmUpRecords'>> {
  const url = `${origin}/console/api/surveys/${EXPORT_SURVEY.surveyId}/records/export.csv?encoding=windows-31j&items=all&filter=${encodeURIComponent(JSON.stringify(filter))}`;
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie, 'accept-encoding': 'br, gzip' } });
  if (!response.ok || response.body === null) throw new Error(`export: ${response.status} ${await response.text()}`);
  let firstByteMs: number | undefined;
  let bytes = 0;
  let lineBreaks = 0;
  let quoted = false;
  let head: Uint8Array | undefined;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    firstByteMs ??= performance.now() - started;
    head ??= chunk.subarray(0, 4096);
    bytes += chunk.length;
    // Windows-31J's second bytes are 0x40 and above: a quote or a line feed byte is always one.
    const bytesOf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let at = 0;
    for (;;) {
      const quote = bytesOf.indexOf(0x22, at);
      const lineFeed = quoted ? -1 : bytesOf.indexOf(0x0a, at);
      if (quote < 0 && lineFeed < 0) break;
      if (lineFeed >= 0 && (quote < 0 || lineFeed < quote)) {
        lineBreaks += 1;
        at = lineFeed + 1;
      } else {
        quoted = !quoted;
        at = quote + 1;
      }
    }
  }
  const totalMs = performance.now() - started;
  const headerText = new TextDecoder('shift_jis', { fatal: true }).decode(head ?? new Uint8Array());
  return { firstByteMs: firstByteMs ?? totalMs, totalMs, bytes, records: lineBreaks - 1, header: headerText.slice(0, headerText.indexOf('\r\n')) };
}

/**
 * Signs in as the bench's exporter, exports the 処理中 records first (a tenth: the server then
 * holds what any server that has worked holds, its young generation grown to the size the start
 * script sets), then every record, measured.
 */
export async function exportFromServer(origin: string, serverPid: number): Promise<ExportMeasured> {
  const signIn = await fetch(`${origin}/console/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(STAFF) });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const started = residentMb(serverPid);
  const warmUp = await download(origin, cookie, { statuses: ['処理中'] });
  const before = residentMb(serverPid);
  const measured = await download(origin, cookie, {});
  const after = residentMb(serverPid);
  return { ...measured, rssStartedMb: started?.now ?? Number.NaN, rssBeforeMb: before?.now ?? Number.NaN, rssPeakMb: after?.peak ?? Number.NaN, warmUpRecords: warmUp.records };
}

/**
 * The unavoidable work, timed: every record of the survey in the list's order (newest first) in
 * one statement, each with its answers in the order submitted (the text kept beside it, folded by
 * SQLite where it was cleared, as the server reads them) and its memos; one CSV line each, encoded as Windows-31J into a buffer
 * written out every 64 KiB (to /dev/null). No pages, no filter, no summary: answers the
 * milliseconds and the records written.
 */
export function anchorExport(file: string): { ms: number; records: number } {
  const db = new Database(file, { readonly: true });
  const sink = openSync('/dev/null', 'w');
  try {
    const started = performance.now();
    const items = EXPORT_SURVEY.surveySchema.map((item) => item.itemKey);
    const everyRecord = db
      .prepare<[string], [string, string, string, string, number, number, string | null, string | null]>(
        `SELECT r.partition_key, r.user_id, r.receipt_number, r.origin, r.created_at, r.updated_at,
           coalesce(r.answers_folded, (SELECT count(*) || char(29) || sum(files_json IS NOT NULL) || char(29) || check_status || substr(min(position), 1, 0)
             || char(29) || group_concat(item_key || char(31) || value, char(30) ORDER BY position) FROM survey_results s WHERE s.partition_key = r.partition_key)),
           (SELECT group_concat(text, char(10) ORDER BY event_id) FROM record_events e WHERE e.partition_key = r.partition_key AND e.kind = 'memo')
         FROM survey_records r WHERE r.survey_id = ? ORDER BY r.created_at DESC, r.partition_key DESC`,
      )
      .raw(true);
    const buffer = Buffer.allocUnsafe(256 * 1024);
    let used = 0;
    let records = 0;
    for (const [partitionKey, userId, receiptNumber, origin, createdAt, updatedAt, folded, memos] of everyRecord.iterate(EXPORT_SURVEY.surveyId)) {
      const answers = new Map<string, string>();
      const text = folded ?? '';
      const afterFiles = text.indexOf('\x1d', text.indexOf('\x1d') + 1);
      const afterStatus = text.indexOf('\x1d', afterFiles + 1);
      for (const part of text.slice(afterStatus + 1).split('\x1e')) {
        const split = part.indexOf('\x1f');
        const value = part.slice(split + 1);
        if (value === '') continue;
        const itemKey = part.slice(0, split);
        const before = answers.get(itemKey);
        answers.set(itemKey, before === undefined ? value : `${before}、${value}`);
      }
      const line = csvLine([
        userId,
        partitionKey,
        receiptNumber,
        ...items.map((item) => answers.get(item) ?? ''),
        origin,
        text.slice(afterFiles + 1, afterStatus),
        japanDateTime(createdAt),
        japanDateTime(updatedAt),
        memos ?? '',
      ]);
      const end = writeWindows31J(line, buffer, used);
      if (end < 0) throw new Error(`record ${partitionKey} has a character Windows-31J cannot hold`);
      used = end;
      records += 1;
      if (used >= 64 * 1024) {
        writeSync(sink, buffer, 0, used);
        used = 0;
      }
    }
    writeSync(sink, buffer, 0, used);
    return { ms: performance.now() - started, records };
  } finally {
    closeSync(sink);
    db.close();
  }
}
