// Exporting and importing results as a staff member does, against the real server in Chromium: a
// filtered list downloaded as Windows-31J (Excel's Japanese CSV) and read back as such, holding
// exactly the records the list counts; a 𠮷 in the filtered records stops the Windows-31J export
// before a byte is written, the page says where it is, and UTF-8 writes it as it is; a file with a
// bad line checked (its line, column and reason shown, nothing imported), then a good one imported.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMINISTRATOR_TOTP_SECRET, callFromPage, downloadedBytes, expectNoA11yViolations, signIn, useTestWorld } from './harness.js';

const world = useTestWorld();
const AREAS = ['東区', '西区', '南区'];

/** A CSV's data lines as cells (no cell here holds a comma, a quote or a line break). */
const rowsOf = (text: string) =>
  text
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));

/** Clicks what starts a download and answers the downloaded file's bytes. */
async function downloaded(page: Page, start: () => Promise<void>): Promise<Buffer> {
  const download = page.waitForEvent('download');
  await start();
  return downloadedBytes(await download);
}

async function filterByArea(page: Page, area: string) {
  await page.goto('/console/surveys/citizen-questionnaire');
  await page.getByRole('combobox', { name: 'お住まいの地区' }).selectOption(area);
  await page.getByRole('button', { name: 'この条件で検索' }).click();
}

describe('exporting results', () => {
  let member: Page;

  beforeAll(async () => {
    member = await world.newDesktopPage();
    await signIn(member, 'health-member', 'demo-health-member');
    // Nine answers by phone, the 地区 going round; the last 南区 one is 𠮷田's.
    for (let index = 0; index < 9; index++) {
      const name = index === 8 ? '𠮷田 花子' : `電話 ${String(index + 1)}`;
      const answers = { name, phone: '03-1234-5678', area: AREAS[index % AREAS.length], satisfaction: '満足' };
      const answered = await callFromPage(member, 'POST', '/console/api/surveys/citizen-questionnaire/records', { answers });
      if (answered.status !== 201) throw new Error(`The questionnaire answered ${String(answered.status)}: ${JSON.stringify(answered.body)}`);
    }
  });

  it('downloads the filtered list as Windows-31J, opened as Excel would, with exactly the records listed', async () => {
    await filterByArea(member, '東区');
    await expect.poll(() => member.locator('.console-counts').innerText()).toMatch(/該当\s*3件/);
    await member.getByRole('button', { name: 'CSVエクスポート' }).click();
    const dialog = member.getByRole('dialog', { name: 'CSVエクスポート' });
    await expect.poll(() => dialog.getByRole('radio', { name: /Excel向け/ }).isChecked()).toBe(true);
    await expectNoA11yViolations(member, 'export dialog');
    const bytes = await downloaded(member, () => dialog.getByRole('button', { name: '3件を書き出す' }).click());
    // Windows-31J through and through: a decoder that refuses anything else reads every byte.
    const [header, ...rows] = rowsOf(new TextDecoder('shift_jis', { fatal: true }).decode(bytes));
    expect(header?.slice(0, 3)).toEqual(['ユーザーID', 'パーティションキー', '受付番号']);
    expect(header).toContain('お住まいの地区');
    const area = header?.indexOf('お住まいの地区') ?? -1;
    expect(rows.map((row) => row[area])).toEqual(['東区', '東区', '東区']);
    expect(rows.map((row) => row[header?.indexOf('お名前') ?? -1]).sort()).toEqual(['電話 1', '電話 4', '電話 7']);
    await member.getByRole('status').filter({ hasText: 'ダウンロードを開始しました' }).waitFor();
  });

  it('stops a Windows-31J export at 𠮷, says on which line and column, and writes it in UTF-8 instead', async () => {
    await filterByArea(member, '南区');
    await expect.poll(() => member.locator('.console-counts').innerText()).toMatch(/該当\s*3件/);
    await member.getByRole('button', { name: 'CSVエクスポート' }).click();
    await member.getByRole('dialog', { name: 'CSVエクスポート' }).getByRole('button', { name: '3件を書き出す' }).click();
    const report = member.getByRole('region', { name: 'Shift_JISで書き出せない文字があります' });
    await report.waitFor();
    // Newest first: 𠮷田's answer is the first line after the header, the file's (and Excel's) line 2.
    expect(await report.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).toEqual(['2行目', expect.any(String), 'お名前', '𠮷']);
    await expectNoA11yViolations(member, 'export stopped at a character');
    const bytes = await downloaded(member, () => report.getByRole('button', { name: 'UTF-8（BOM付き）で書き出す' }).click());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = rowsOf(bytes.subarray(3).toString('utf8'));
    expect(rows.map((row) => row[header?.indexOf('お名前') ?? -1])).toContain('𠮷田 花子');
    expect(rows).toHaveLength(3);
  });
});

describe('importing results', () => {
  let member: Page;

  beforeAll(async () => {
    member = await world.newDesktopPage();
    await signIn(member, 'health-member', 'demo-health-member');
  });

  /** Chooses a CSV file (UTF-8, as Excel's "CSV UTF-8" saves it) and asks for the check. */
  async function check(page: Page, lines: string[]) {
    await page.getByLabel('取り込むファイル').setInputFiles({ name: 'answers.csv', mimeType: 'text/csv', buffer: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join('\r\n'), 'utf8')]) });
    await page.getByRole('button', { name: '内容を確認する' }).click();
  }

  it('shows a dry run’s bad line with its column and reason, imports nothing, then imports a good file', async () => {
    await member.goto('/console/surveys/citizen-questionnaire');
    await member.getByRole('link', { name: 'CSVから取り込む' }).click();
    await member.getByRole('heading', { name: /回答の取り込み/, level: 1 }).waitFor();
    const header = 'ユーザーID,パーティションキー,受付番号,お名前,電話番号,お住まいの地区,市のサービスへの満足度,状態,作成日,更新日,管理者メモ';
    await check(member, [header, ',,,窓口 花子,03-1234-5678,東区,満足,,,,', ',,,窓口 次郎,03-1234-5678,月面,満足,,,,']);
    const report = member.getByRole('region', { name: '「answers.csv」の確認結果' });
    await report.getByRole('heading', { name: '問題のある箇所（1件）' }).waitFor();
    expect(await report.getByRole('row').nth(1).innerText()).toMatch(/^3行目 6列目\s+「月面」は選択肢にありません$/);
    expect(await report.getByRole('button', { name: '取り込む' }).count()).toBe(0);
    await expectNoA11yViolations(member, 'import, dry run with a bad line');

    await check(member, [header, ',,,窓口 花子,03-1234-5678,東区,満足,,,,', ',,,窓口 次郎,03-1234-5678,西区,満足,,,,']);
    await report.getByText('問題は見つかりませんでした。').waitFor();
    expect(await report.locator('.console-counts').innerText()).toMatch(/追加\s*2件/);
    await report.getByRole('button', { name: '取り込む' }).click();
    await member.getByText('取り込みました（追加 2件、更新 0件、変更なし 0件）。').waitFor();
    // The same file again is nothing new.
    await check(member, [header, ',,,窓口 花子,03-1234-5678,東区,満足,,,,', ',,,窓口 次郎,03-1234-5678,西区,満足,,,,']);
    await report.getByText('このファイルの内容はすべて取り込み済みです（変更はありません）。').waitFor();
    await member.getByRole('link', { name: '回答一覧へ戻る' }).click();
    await member.getByRole('textbox', { name: 'お名前' }).fill('窓口');
    await member.getByRole('button', { name: 'この条件で検索' }).click();
    await expect.poll(() => member.locator('.console-counts').innerText()).toMatch(/該当\s*2件/);
  });
});

describe('the recount', () => {
  it('shows the administrator that every slot, booking and paid order agrees: no drift', async () => {
    const admin = await world.newDesktopPage();
    await signIn(admin, 'administrator', 'demo-administrator', ADMINISTRATOR_TOTP_SECRET);
    await admin.getByRole('link', { name: '整合性の確認' }).click();
    await admin.getByRole('heading', { name: '予約と注文の整合性の確認', level: 1 }).waitFor();
    await admin.getByText('ずれはありません（0件）。').waitFor();
    expect(await admin.getByRole('status').first().innerText()).toMatch(/^予約枠 [\d,]+、予約 [\d,]+、回答 [\d,]+、注文 [\d,]+ を照合しました。/);
    await expectNoA11yViolations(admin, 'recount');
  });
});
