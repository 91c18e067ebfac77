// The import command as staff run it: a child process on a temporary SQLite file.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { editBytes, fixture, FIXTURES } from './import-fixtures.js';

const serverDir = path.join(import.meta.dirname, '..');
let dir: string;
let databasePath: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'city-import-cli-'));
  databasePath = path.join(dir, 'data', 'city.sqlite');
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `import-calendar` as its package script does, typed in `cwd` (pnpm passes it as INIT_CWD). */
function run(args: string[], options: { cwd?: string; database?: string } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=@city/source', '--import', 'tsx', 'scripts/import-calendar.ts', ...args],
      { cwd: serverDir, env: { DATABASE_PATH: options.database ?? databasePath, NODE_ENV: 'test', INIT_CWD: options.cwd ?? FIXTURES } },
      (error, stdout, stderr) => {
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr });
      },
    );
  });
}

// Each test starts node with tsx (seconds on a loaded two-core machine): 30 s each.
describe('pnpm --filter @city/server import-calendar', { timeout: 30_000 }, () => {
  it('imports the category tree, then slots into a new calendar, and says when nothing changed', async () => {
    const tree = await run(['vaccine-sample-bunrui.csv']);
    expect(tree).toMatchObject({ code: 0, stderr: '' });
    expect(tree.stdout).toContain('分類: 追加 9 件、変更 0 件、変更なし 0 件');
    expect(tree.stdout).toContain('コロナワクチン接種 > 1回目 > A会場');
    const venueA = /(c-[0-9a-f]{12})\s+コロナワクチン接種 > 1回目 > A会場/.exec(tree.stdout)?.[1];
    expect(venueA).toBeDefined();

    const slots = await run(['vaccine-sample-calendar.csv', '--calendar', 'cal-vaccine-a', `--category=${venueA ?? ''}`]);
    expect(slots).toMatchObject({ code: 0, stderr: '' });
    expect(slots.stdout.split('\n')).toEqual([
      'カレンダー「cal-vaccine-a」（新規作成）に取り込みました',
      '2021-04-05〜2021-04-30 の 26 日分、予約枠 104 件（うち休日 4 日）',
      '予約枠: 追加 104 件、変更 0 件、削除 0 件、変更なし 0 件',
      '休日: 追加 4 件、解除 0 件',
      '',
    ]);

    const again = await run(['vaccine-sample-calendar.csv', '--calendar', 'cal-vaccine-a']);
    expect(again).toMatchObject({ code: 0 });
    expect(again.stdout).toContain('変更なし（同じ内容がすでに取り込まれています）');

    const db = openDatabase(databasePath);
    expect(db.prepare('SELECT COUNT(*) AS n FROM calendar_slots').get()).toEqual({ n: 104 });
    db.close();
  });

  it('refuses a broken file with exit code 1, each problem on its line', async () => {
    const brokenFile = path.join(dir, 'broken.csv');
    writeFileSync(
      brokenFile,
      editBytes(fixture('vaccine-sample-calendar.csv'), (text) => text.replace('1,10:00,11:00,2,', '1,10:00,9:00,-2,').replace('2021/4/6,', '2021/13/6,')),
    );
    const result = await run(['broken.csv', '--calendar', 'cal-vaccine-a'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')).toEqual([
      '取り込みを中止しました（問題 3 件）。データベースは変更していません。',
      '  1行目 5列目: 日付は「2021/4/5」の形で、実在する日付を入力してください',
      '  3行目 3列目: 終了時刻は開始時刻より後にしてください',
      '  3行目 4列目: 定員は0以上の整数で入力してください',
      '',
    ]);
  });

  it('describes a survey-result file without opening the database', async () => {
    const untouched = path.join(dir, 'never', 'city.sqlite');
    const result = await run(['vaccine-sample-survey.csv'], { database: untouched });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout.split('\n')).toEqual([
      'アンケート結果のファイルです（10 件）。アンケート結果の取り込みには対応していないため、何も書き込んでいません。',
      '回答の列: 宛名番号、接種券番号、生年月日、性別、分類、カレンダー予約、回数、会場、予約時間、LINE/外部、接種実施日、接種ワクチンのメーカー、ロット番号、接種回数、1回目の接種日、1回目の接種ワクチンのメーカー',
      '分類の参照: category#049943（5 件）、category#088924（5 件）',
      '',
    ]);
    expect(existsSync(untouched)).toBe(false);
  });

  it('explains its usage when called wrongly (exit code 2)', async () => {
    const result = await run(['--calender', 'x', 'a.csv']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('「--calender」は使えないオプションです');
    expect(result.stderr).toContain('使い方: pnpm --filter @city/server import-calendar [<ファイル>]');
  });

  it('names the three category levels with --labels, which the display settings then answer', async () => {
    const labelsOf = () => {
      const db = openDatabase(databasePath);
      try {
        return db.prepare('SELECT tag1_label, tag2_label, tag3_label FROM calendar_display_settings').get();
      } finally {
        db.close();
      }
    };
    const bad = await run(['--labels', '種類,会場']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('分類の名前は、カンマで区切って3つ');

    // With a refused file, the labels are not set either.
    const refused = await run(['missing.csv', '--labels', '地区,会場,回数']);
    expect(refused.code).toBe(1);
    expect(labelsOf()).toEqual({ tag1_label: '大分類', tag2_label: '中分類', tag3_label: '小分類' });

    const named = await run(['--labels', '接種, 回数 ,会場']);
    expect(named).toMatchObject({ code: 0, stderr: '' });
    expect(named.stdout).toBe('分類の名前を「接種」「回数」「会場」にしました\n');
    expect(labelsOf()).toEqual({ tag1_label: '接種', tag2_label: '回数', tag3_label: '会場' });
  });
});
