// Staff's import of survey results against the real app, on both engines: the earlier platform's
// published result file (Shift_JIS, and its UTF-8 copies) into a survey with its items; this
// product's own export read back as "no change", an edited cell as an update with its memo; a dry
// run naming every bad line by line, column and reason; the same file twice adding nothing; a
// booking in a file claimed through the capacity path, and a file overfilling a slot refused whole.
import type { RecordSummary } from '@city/api-client/staff-contract';
import { staffEndpoints } from '@city/api-client/staff-contract';
import type { SurveyConfig } from '@city/survey-core';
import { japanTimeToEpochMs } from '@city/survey-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runImportCommand } from '../src/modules/records/import-command.js';
import type { HttpClient } from './calendar-fixtures.js';
import { addCategories, APPEND_BOOKING_SURVEY, bookingPayload, citizen, daySlots, saveSurveys, slotValue } from './calendar-fixtures.js';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';
import { FIXTURES, fixture, utf8WithBom } from './import-fixtures.js';
import type { TestStaff } from './staff-helpers.js';
import { addStaff, consoleClient, staffBookingWorld } from './staff-helpers.js';

/** The earlier platform's vaccination survey, with the items its published result file names. */
const VACCINE_SURVEY: SurveyConfig = {
  surveyId: 'vaccine',
  surveyTitle: '新型コロナワクチン接種予約',
  isAppending: { value: true },
  surveySchema: [
    { itemKey: 'addressee', type: 'text', title: '宛名番号' },
    { itemKey: 'ticket', type: 'text', title: '接種券番号', required: true },
    { itemKey: 'born', type: 'birthday', title: '生年月日', required: true },
    { itemKey: 'sex', type: 'radio', title: '性別', options: ['男性', '女性'] },
    { itemKey: 'category', type: 'text', title: '分類' },
    { itemKey: 'booking', type: 'text', title: 'カレンダー予約' },
    { itemKey: 'round', type: 'text', title: '回数' },
    { itemKey: 'venue', type: 'text', title: '会場' },
    { itemKey: 'time', type: 'text', title: '予約時間' },
    { itemKey: 'channel', type: 'text', title: 'LINE/外部' },
    { itemKey: 'vaccinatedOn', type: 'date', title: '接種実施日' },
    { itemKey: 'maker', type: 'text', title: '接種ワクチンのメーカー' },
    { itemKey: 'lot', type: 'text', title: 'ロット番号' },
    { itemKey: 'dose', type: 'radio', title: '接種回数', options: ['1回目', '2回目'] },
    { itemKey: 'firstOn', type: 'date', title: '1回目の接種日' },
    { itemKey: 'firstMaker', type: 'text', title: '1回目の接種ワクチンのメーカー' },
  ],
};

let clock = japanTimeToEpochMs('2026-12-01', '10:00');
let ctx: TestContext;
let http: HttpClient;
let member: TestStaff;

beforeEach(async () => {
  clock = japanTimeToEpochMs('2026-12-01', '10:00');
  ctx = await createTestContext({}, {}, { now: () => clock });
  ({ http } = await staffBookingWorld(ctx, { slots: daySlots('2026-12-03', 2) }));
  await saveSurveys(ctx, VACCINE_SURVEY);
  await ctx.surveys.transaction((surveys) => surveys.setTeams(VACCINE_SURVEY.surveyId, ['team-a']));
  member = await addStaff(ctx, 'member', ['team-a']);
});
afterEach(async () => {
  await ctx.close();
});

async function signedIn(staff = member) {
  const console = consoleClient(ctx);
  expect((await console.signIn(staff)).status).toBe(200);
  return console;
}

type Console = Awaited<ReturnType<typeof signedIn>>;

/** Sends a file for a dry run or to apply; answers the status and the report (or the refusal). */
async function importFile(console: Console, surveyId: string, bytes: Uint8Array, dryRun: boolean) {
  const response = await console.call('staffImportRecords', { params: { surveyId }, body: { fileName: 'results.csv', contentBase64: Buffer.from(bytes).toString('base64'), dryRun } });
  return { status: response.status, body: response.body as { data?: Record<string, unknown>; code?: string; message?: string; problems?: { at: string; message: string }[] } };
}

const countOf = async (sql: string, params: unknown[] = []) => ((await ctx.queryOne(sql, params)) as { n: number }).n;
/** Every slot's claimed units against the units its bookings hold: 0 when they agree everywhere. */
const drift = () =>
  countOf(
    `SELECT COUNT(*) AS n FROM calendar_slots s
     WHERE s.claimed_units <> (SELECT COALESCE(SUM(c.units), 0) FROM slot_claims c WHERE c.calendar_id = s.calendar_id AND c.date = s.date AND c.slot_id = s.slot_id)`,
  );

describe('the earlier platform’s published result file', () => {
  const shiftJis = fixture('vaccine-sample-survey.csv');
  const text = new TextDecoder('shift_jis', { fatal: true }).decode(shiftJis);
  const copies: [string, Buffer][] = [
    ['Shift_JIS', shiftJis],
    ['UTF-8 with a BOM', utf8WithBom(text)],
    ['UTF-8', Buffer.from(text, 'utf8')],
  ];

  it('is refused while its categories are unknown, each line named with the 分類 column', async () => {
    const console = await signedIn();
    const dryRun = await importFile(console, VACCINE_SURVEY.surveyId, shiftJis, true);
    expect(dryRun.status).toBe(200);
    expect(dryRun.body.data).toMatchObject({ records: 10, create: 0, applied: false });
    const problems = dryRun.body.data?.problems as { at: string; message: string }[];
    // 分類 is the 8th column; the ten lines are 2 to 11.
    expect(problems.map((problem) => problem.at)).toEqual(Array.from({ length: 10 }, (_, i) => `${String(i + 2)}行目 8列目`));
    expect(problems[0]?.message).toBe('カテゴリ「049943」が見つかりません。先に分類を取り込むか、カテゴリIDを確かめてください');
    const applied = await importFile(console, VACCINE_SURVEY.surveyId, shiftJis, false);
    expect(applied.status).toBe(409);
    expect(applied.body.code).toBe('file_refused');
    expect(await countOf("SELECT COUNT(*) AS n FROM survey_records WHERE survey_id = 'vaccine'")).toBe(0);
  });

  it('imports its ten records once, from Shift_JIS or either UTF-8 copy, the same file again adding nothing', async () => {
    await addCategories(ctx.app.storage, [
      { categoryId: '049943', tag1: 'コロナワクチン接種', tag2: '1回目' },
      { categoryId: '088924', tag1: 'コロナワクチン接種', tag2: '2回目' },
    ]);
    const console = await signedIn();
    const dryRun = await importFile(console, VACCINE_SURVEY.surveyId, shiftJis, true);
    expect(dryRun.body.data).toMatchObject({ records: 10, create: 10, update: 0, unchanged: 0, problems: [], applied: false });
    expect(await countOf("SELECT COUNT(*) AS n FROM survey_records WHERE survey_id = 'vaccine'")).toBe(0);
    const applied = await importFile(console, VACCINE_SURVEY.surveyId, shiftJis, false);
    expect(applied.body.data).toMatchObject({ records: 10, create: 10, applied: true });
    for (const [name, bytes] of copies) {
      const again = await importFile(console, VACCINE_SURVEY.surveyId, bytes, false);
      expect(again.body.data, name).toMatchObject({ records: 10, create: 0, update: 0, unchanged: 10 });
    }
    expect(await countOf("SELECT COUNT(*) AS n FROM survey_records WHERE survey_id = 'vaccine' AND origin = 'import' AND user_id = ''")).toBe(10);
    // Read as staff read any record: the list shows them with their answers.
    const listed = await console.call('staffRecords', { params: { surveyId: VACCINE_SURVEY.surveyId }, body: { filter: { items: [{ itemKey: 'ticket', value: '1111111113', match: 'exact' }] } } });
    expect((listed.body.data as RecordSummary[]).map((record) => record.answers.dose).sort()).toEqual(['1回目', '2回目']);
    const audit = (await ctx.queryOne("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'records.import'")) as { n: number };
    expect(audit.n).toBe(4);
  });
});

describe('this product’s own export', () => {
  const SURVEY = APPEND_BOOKING_SURVEY.surveyId;

  async function book(n: number, name: string, slotId = '1'): Promise<string> {
    clock += 1_000;
    const user = citizen(n);
    const response = await http.call(user, 'putReservation', { body: bookingPayload(user.userId, slotValue('checkup-central', '2026-12-03', slotId), { config: APPEND_BOOKING_SURVEY, name, now: clock }) });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.partitionKey;
  }

  async function exported(console: Console): Promise<string> {
    const response = await ctx.app.inject({ method: 'GET', url: staffEndpoints.staffExportRecords.path.replace(':surveyId', SURVEY), query: { encoding: 'utf-8', items: 'all' }, headers: { cookie: console.cookie ?? '' } });
    expect(response.statusCode).toBe(200);
    return response.rawPayload.subarray(3).toString('utf8');
  }

  it('reads back as no change; an edited name, status and memo update that record alone', async () => {
    const yamada = await book(1, '山田太郎');
    await book(2, '佐藤花子', '2');
    const console = await signedIn();
    expect((await console.call('staffAddMemo', { params: { surveyId: SURVEY, partitionKey: yamada }, body: { text: '電話で確認' } })).status).toBe(200);
    const file = await exported(console);
    const same = await importFile(console, SURVEY, utf8WithBom(file), false);
    expect(same.body.data).toMatchObject({ records: 2, create: 0, update: 0, unchanged: 2, problems: [], ignoredColumns: ['申込経路'] });

    // 山田's line: a new name, 処理中, and a second memo after the first.
    const edited = file.replace('山田太郎', '山田次郎').replace(/未対応(,[^,]*,[^,]*,)電話で確認/, '処理中$1"電話で確認\n来庁予定"');
    const dryRun = await importFile(console, SURVEY, utf8WithBom(edited), true);
    expect(dryRun.body.data).toMatchObject({ create: 0, update: 1, unchanged: 1, bookings: 0, problems: [] });
    const applied = await importFile(console, SURVEY, utf8WithBom(edited), false);
    expect(applied.body.data).toMatchObject({ update: 1, unchanged: 1, applied: true });
    const record = await console.call('staffRecord', { params: { surveyId: SURVEY, partitionKey: yamada } });
    const page = record.body.data as { record: RecordSummary; history: { kind: string; text: string }[] };
    expect(page.record.answers.name).toBe('山田次郎');
    expect(page.record.status).toBe('処理中');
    expect(page.history.filter((event) => event.kind === 'memo').map((event) => event.text)).toEqual(['電話で確認', '来庁予定']);
    expect(page.history.filter((event) => event.kind === 'status').map((event) => event.text)).toEqual(['CSVファイルの取り込み']);
    // Its booking stayed as it was, and the second import of the edited file changes nothing.
    expect(page.record.bookings).toHaveLength(1);
    expect((await importFile(console, SURVEY, utf8WithBom(edited), false)).body.data).toMatchObject({ update: 0, unchanged: 2 });
    expect(await drift()).toBe(0);
  });

  it('reports every bad line of a dry run by line, column and reason, and applies none of them', async () => {
    await book(1, '山田太郎');
    const console = await signedIn();
    const [header, line = ''] = (await exported(console)).split('\r\n');
    const bad = [
      header,
      // The booked record cancelled by file: that is the record's page's to do (it frees the slot).
      line.replace(',未対応,', ',キャンセル,'),
      // A key of another survey; an unknown status; no name (required); a user id that is none;
      // a slot that does not exist.
      `,other-survey#x,,名前,checkup-central|2026-12-03|3,,未対応,,,`,
      `,,,鈴木一郎,checkup-central|2026-12-03|3,,保留,,,`,
      `,,,,checkup-central|2026-12-03|4,,,,,`,
      `Ubad,,,高橋,checkup-central|2026-12-03|4,,,,,`,
      `,,,田中,checkup-central|2026-12-03|9,,,,,`,
      // A booking that is no booking: said once, not again as a missing answer.
      `,,,伊藤,3日の午後,,,,,`,
      // A citizen's own key, for a record owned by nobody.
      `,${APPEND_BOOKING_SURVEY.surveyId}#U${'0'.repeat(32)}#1,,加藤,checkup-central|2026-12-03|1,,,,,`,
    ].join('\r\n');
    const dryRun = await importFile(console, SURVEY, utf8WithBom(bad), true);
    expect(dryRun.status).toBe(200);
    const problems = (dryRun.body.data?.problems as { at: string; message: string }[]).map((problem) => `${problem.at}: ${problem.message}`);
    expect(problems).toEqual([
      '2行目 7列目: キャンセル・取り消しは、予約の取り消しや返金を伴うため、回答の画面で行ってください',
      '3行目 2列目: パーティションキーがこのフォームのものではありません',
      '4行目 7列目: 状態は 未対応、処理中、処理済み、完了、キャンセル、取り消し のいずれかにしてください',
      '5行目 4列目: 必須項目です',
      '6行目 1列目: ユーザーIDは「U」と32桁の英数字（0〜9、a〜f。LINEのユーザーID）か、空欄にしてください',
      '7行目 5列目: 2026-12-03 の枠「9」はありません',
      '8行目 5列目: 予約は「カテゴリID|日付|枠ID」（例: checkup-central|2026-12-03|1）の形で入力してください',
      '9行目 2列目: このパーティションキーは別のLINEユーザーのものです（ユーザーIDと合いません）',
    ]);
    expect(dryRun.body.data).toMatchObject({ records: 8, unchanged: 0 });
    const applied = await importFile(console, SURVEY, utf8WithBom(bad), false);
    expect(applied.status).toBe(409);
    expect(applied.body.problems).toHaveLength(8);
  });

  it('claims a file’s bookings through the capacity path, and refuses a file that would overfill a slot whole', async () => {
    await book(1, '山田太郎');
    const console = await signedIn();
    const [header] = (await exported(console)).split('\r\n');
    // Slot 2 holds 2: two new bookings fit, a third does not.
    const lines = (names: string[]) => [header, ...names.map((name) => `,,,${name},checkup-central|2026-12-03|2,,,,,`)].join('\r\n');
    const fits = await importFile(console, SURVEY, Buffer.from(lines(['佐藤', '鈴木'])), false);
    expect(fits.body.data).toMatchObject({ create: 2, bookings: 2, applied: true });
    expect(await countOf("SELECT claimed_units AS n FROM calendar_slots WHERE slot_id = '2' AND date = '2026-12-03'")).toBe(2);
    const records = await countOf('SELECT COUNT(*) AS n FROM survey_records');
    const overfull = await importFile(console, SURVEY, Buffer.from(lines(['高橋'])), true);
    expect((overfull.body.data?.problems as { at: string; message: string }[])[0]).toEqual({ at: '2行目 5列目', message: '2026-12-03 10:00〜11:00 の枠は残り0のため、この行の予約を入れられません' });
    expect((await importFile(console, SURVEY, Buffer.from(lines(['高橋'])), false)).status).toBe(409);
    expect(await countOf('SELECT COUNT(*) AS n FROM survey_records')).toBe(records);
    expect(await drift()).toBe(0);
  });

  it('is refused to operators', async () => {
    const operator = await signedIn(await addStaff(ctx, 'operator', ['team-a']));
    expect((await importFile(operator, SURVEY, Buffer.from('ユーザーID,パーティションキー,受付番号,状態,作成日,更新日,管理者メモ\r\n'), true)).status).toBe(403);
  });
});

describe('the import command', () => {
  async function importCommand(args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runImportCommand(args, {
      database: { databasePath: ctx.databasePath, databaseUrl: ctx.databaseUrl },
      cwd: FIXTURES,
      now: () => clock,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, out, err };
  }

  it('checks a file, lists each problem by line and column, and imports it with --apply, once', async () => {
    const unknown = await importCommand(['--survey', VACCINE_SURVEY.surveyId, 'vaccine-sample-survey.csv']);
    expect(unknown.code).toBe(1);
    expect(unknown.err[0]).toBe('確認で問題が見つかりました（10 件）。何も取り込んでいません。');
    expect(unknown.err[1]).toBe('  2行目 8列目: カテゴリ「049943」が見つかりません。先に分類を取り込むか、カテゴリIDを確かめてください');
    await addCategories(ctx.app.storage, [
      { categoryId: '049943', tag1: 'コロナワクチン接種', tag2: '1回目' },
      { categoryId: '088924', tag1: 'コロナワクチン接種', tag2: '2回目' },
    ]);
    expect(await importCommand(['--survey', VACCINE_SURVEY.surveyId, 'vaccine-sample-survey.csv'])).toMatchObject({ code: 0, out: ['確認のみ（データベースは変更していません）: 追加 10 件、更新 0 件、変更なし 0 件'] });
    expect(await countOf("SELECT COUNT(*) AS n FROM survey_records WHERE survey_id = 'vaccine'")).toBe(0);
    expect(await importCommand(['--survey', VACCINE_SURVEY.surveyId, 'vaccine-sample-survey.csv', '--apply'])).toMatchObject({ code: 0, out: ['取り込みました: 追加 10 件、更新 0 件、変更なし 0 件'] });
    expect(await importCommand(['--survey', VACCINE_SURVEY.surveyId, 'vaccine-sample-survey.csv', '--apply'])).toMatchObject({ code: 0, out: ['取り込みました: 追加 0 件、更新 0 件、変更なし 10 件'] });
    expect(await countOf("SELECT COUNT(*) AS n FROM survey_records WHERE survey_id = 'vaccine'")).toBe(10);
    const audit = (await ctx.queryOne("SELECT actor FROM audit_log WHERE action = 'records.import' LIMIT 1")) as { actor: string };
    expect(audit.actor).toBe('system:import-results');
  });

  it('says how to use it when told something it does not take', async () => {
    for (const args of [[], ['--survey', VACCINE_SURVEY.surveyId], ['vaccine-sample-survey.csv'], ['--survey', VACCINE_SURVEY.surveyId, 'a.csv', 'b.csv'], ['--surve', 'x', 'a.csv']]) {
      const wrong = await importCommand(args);
      expect(wrong.code, args.join(' ')).toBe(2);
      expect(wrong.err.join('\n')).toContain('使い方');
    }
    expect((await importCommand(['--survey', 'no-such-survey', 'vaccine-sample-survey.csv'])).code).toBe(1);
  });
});
