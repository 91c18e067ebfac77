import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, fieldOf, logInAs, ONE_PIXEL_PNG, TEST_USERS, textShows, useTestWorld } from './harness.js';

// One citizen's whole journey through the demo questionnaire, in order: answer, look up, edit,
// cancel. The steps share one page and one fresh database.
const world = useTestWorld();
let page: Page;

beforeAll(async () => {
  page = await world.newPhonePage();
  await logInAs(page, TEST_USERS.yamada);
});

const field = (title: string) => fieldOf(page, title);
/** Waits until the text shows on this test's page. */
const visible = (text: string | RegExp) => textShows(page, text);

describe('the demo questionnaire', () => {
  it('shows validation messages before anything is sent', async () => {
    await page.goto('/survey/citizen-questionnaire');
    await visible('市民アンケート');
    await page.getByRole('button', { name: '確認する' }).click();
    await visible(/入力内容を確認してください（\d+件）/);
    await expect.poll(() => page.getByText('必須項目です').count()).toBe(4); // お名前, 電話番号, 地区, 満足度
    // The focus goes to the first item needing attention.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('text');
    await field('電話番号').fill('abc');
    await field('電話番号').blur();
    await visible('電話番号は半角数字で入力してください（例: 090-1234-5678）');
    await expectNoSeriousA11yViolations(page, 'survey form with errors');
    expect(new URL(page.url()).pathname).toBe('/survey/citizen-questionnaire');
  });

  it('takes an answer to every item type, confirms it, and sends it for a receipt number', async () => {
    await field('お名前').fill('山田 太郎');
    await field('フリガナ').fill('ヤマダ タロウ');
    await field('メールアドレス').fill('taro@example.jp');
    await field('電話番号').fill('０９０ー１２３４ー５６７８'); // full-width, as a phone IME types it
    await field('郵便番号').fill('100-0001');
    await field('ご住所').fill('東京都千代田区千代田1-1');
    await field('世帯人数').fill('3');
    await page.getByLabel('生年月日の年').selectOption('1980');
    await page.getByLabel('生年月日の月').selectOption('4');
    await page.getByLabel('生年月日の日').selectOption('1');
    await field('お住まいの地区').selectOption('中央区');
    await page.getByRole('radio', { name: 'やや満足' }).check();
    await page.getByRole('checkbox', { name: '図書館' }).check();
    await page.getByRole('checkbox', { name: '体育館' }).check();
    await field('最後に市役所を訪れた日').fill('2026-10-01');
    await page.locator('input[type=file]').setInputFiles({ name: 'park.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await visible('park.png');
    // The thumbnail is the picked file itself: the stored one needs a token an <img> cannot send.
    await expect.poll(() => page.locator('img.city-file__preview').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await field('ご意見・ご要望').fill('公園のベンチを増やしてください。');
    await expectNoSeriousA11yViolations(page, 'survey form filled');
    await page.getByRole('button', { name: '確認する' }).click();

    await page.waitForURL(/\/confirm\/citizen-questionnaire$/);
    await visible('入力内容の確認');
    // The new screen is named in the tab and gets the focus, so a screen reader announces it.
    await expect.poll(() => page.title()).toBe('入力内容の確認 | 市民アンケート・予約');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    for (const shown of ['山田 太郎', '090-1234-5678', '1980年4月1日（昭和55年4月1日）', '中央区', 'やや満足', '図書館、体育館', 'park.png', '公園のベンチを増やしてください。']) {
      await visible(shown);
    }
    await expectNoSeriousA11yViolations(page, 'confirm');
    await page.getByRole('button', { name: '送信する' }).click();

    await page.waitForURL(/\/receipt$/);
    await visible('送信が完了しました');
    const receiptNumber = await page.getByTestId('receipt-number').textContent();
    expect(receiptNumber).toMatch(/^[2-9A-HJ-NP-Z]{3}-[2-9A-HJ-NP-Z]{4}$/);
    await visible('市民アンケート');
    await expectNoSeriousA11yViolations(page, 'receipt');
  });

  it('lists the record with the survey titles and its status, and shows its details', async () => {
    await page.getByRole('link', { name: '送信した内容を確認する' }).click();
    await page.waitForURL(/\/confirmList\/citizen-questionnaire$/);
    const records = page.getByRole('article');
    await expect.poll(() => records.count()).toBe(1);
    const record = records.first();
    expect(await record.textContent()).toContain('状況: 未対応');
    for (const title of ['お名前', 'フリガナ', 'メールアドレス']) expect(await record.locator('dt', { hasText: title }).count()).toBe(1);
    expect(await record.textContent()).toContain('山田 太郎');
    await expectNoSeriousA11yViolations(page, 'confirm list');

    await record.getByRole('button', { name: '詳しく見る' }).click();
    await page.waitForURL(/\/confirmDetails$/);
    await visible('送信した内容の詳細');
    await visible('公園のベンチを増やしてください。');
    await expectNoSeriousA11yViolations(page, 'details');
  });

  it('edits the record: the form opens with its answers, and the list still shows one record, changed', async () => {
    await page.getByRole('button', { name: '内容を変更する' }).click();
    await page.waitForURL(/\/survey\/citizen-questionnaire$/);
    await visible('送信済みの内容を変更しています');
    expect(await field('お名前').inputValue()).toBe('山田 太郎');
    expect(await page.getByRole('checkbox', { name: '体育館' }).isChecked()).toBe(true);
    await field('お名前').fill('山田 花太郎');
    await page.getByRole('button', { name: '確認する' }).click();
    await page.waitForURL(/\/confirm\/citizen-questionnaire$/);
    await page.getByRole('button', { name: '送信する' }).click();
    await page.waitForURL(/\/receipt$/);

    await page.goto('/confirmList/citizen-questionnaire');
    const records = page.getByRole('article');
    await expect.poll(() => records.count()).toBe(1);
    await expect.poll(() => records.first().textContent()).toContain('山田 花太郎');
    expect(await records.first().textContent()).not.toContain('山田 太郎');

    // One record per citizen (update mode): opening the survey again continues that record
    // instead of silently starting a new answer over it.
    await page.goto('/survey/citizen-questionnaire');
    await visible('送信済みの内容を変更しています');
    await expect.poll(() => field('お名前').inputValue()).toBe('山田 花太郎');
    await page.goto('/confirmList/citizen-questionnaire');
  });

  it('cancels the record after a confirmation screen; the list then shows キャンセル', async () => {
    await page.getByRole('article').first().getByRole('button', { name: '詳しく見る' }).click();
    await page.waitForURL(/\/confirmDetails$/);
    await page.getByRole('button', { name: 'キャンセルする' }).click();
    await page.waitForURL(/\/cancelConfirm\/citizen-questionnaire$/);
    await visible('以下の回答・申込みをキャンセルします');
    await expectNoSeriousA11yViolations(page, 'cancel confirm');
    await page.getByRole('button', { name: 'キャンセルする' }).click();

    await page.waitForURL(/\/confirmList\/citizen-questionnaire$/);
    await visible('キャンセルしました。');
    await expect.poll(() => page.getByRole('article').first().textContent()).toContain('状況: キャンセル');
    // A cancelled record can be neither changed nor cancelled again.
    await page.getByRole('article').first().getByRole('button', { name: '詳しく見る' }).click();
    await visible('キャンセル済みのため');
    expect(await page.getByRole('button', { name: '内容を変更する' }).isDisabled()).toBe(true);
  });
});
