import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatSlotDate } from '@city/ui';
import { quietDate, TIMES } from './demo-calendar.js';
import { fieldOf, logInAs, ONE_PIXEL_PNG, TEST_USERS, textShows, useTestWorld } from './harness.js';

// Every route of the spec's table (section 2), walked on a 390 px phone as a citizen meets it, with
// the server's Content-Security-Policy in force. Any policy violation or uncaught error fails the
// step it happened in (the test world checks after each), and so does any console error but the
// browser's own line for an answer the screen expected: each step names those (a 404 for a member
// card not yet issued, say). One citizen, one page, one fresh database, in order.
const world = useTestWorld();
let page: Page;

/** A failed answer a screen expects and handles: where, and with which status. */
interface ExpectedRefusal {
  path: string;
  status: number;
}

/** Console errors seen so far that were accounted for. */
let checked = 0;

/**
 * Fails on any console error since the last check other than Chromium's "Failed to load resource"
 * line for one of `expected` (matched by the answered URL's path and status).
 */
function expectOnlyExpectedConsoleErrors(expected: readonly ExpectedRefusal[] = []) {
  const errors = world.troubleOf(page).consoleErrors.slice(checked);
  checked += errors.length;
  const unexplained = errors.filter((error) => {
    const status = /Failed to load resource: the server responded with a status of (\d{3})/.exec(error.text)?.[1];
    if (status === undefined || error.url === '') return true;
    const { pathname } = new URL(error.url);
    return !expected.some((refusal) => refusal.path === pathname && refusal.status === Number(status));
  });
  expect(unexplained.map((error) => `${error.text} (${error.url})`), `console errors on ${page.url()}`).toEqual([]);
}

const API = '/survey/api/v1/db';
const field = (title: string) => fieldOf(page, title);
const visible = (text: string | RegExp) => textShows(page, text);
const heading = (name: string) => expect.poll(() => page.getByRole('heading', { level: 1, name }).isVisible()).toBe(true);

beforeAll(async () => {
  page = await world.newPhonePage();
  // The phone's width: nothing on any screen may be wider than it.
  expect(page.viewportSize()?.width).toBe(390);
});

/** The page is no wider than the phone (nothing to scroll sideways). */
async function fitsThePhone() {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

describe('every route of the spec, on a phone', () => {
  it('/login, signed out; LINE login returns to it signed in', async () => {
    await page.goto('/login');
    await heading('ログイン');
    await fitsThePhone();
    await logInAs(page, TEST_USERS.yamada);
    await page.waitForURL(/\/confirmSearchForm$/);
    expectOnlyExpectedConsoleErrors();
  });

  it('/confirmSearchForm', async () => {
    await heading('アンケート・申込みの確認');
    await visible('市民アンケート');
    await fitsThePhone();
    expectOnlyExpectedConsoleErrors();
  });

  it('/login/survey/{id} → /survey/{id}: the form with every item type, a photo among them', async () => {
    await page.goto('/login/survey/citizen-questionnaire');
    await page.waitForURL(/\/survey\/citizen-questionnaire$/);
    await heading('市民アンケート');
    await field('お名前').fill('山田 太郎');
    await field('電話番号').fill('090-1234-5678');
    await field('お住まいの地区').selectOption('中央区');
    await page.getByRole('radio', { name: '満足', exact: true }).check();
    await page.locator('input[type=file]').setInputFiles({ name: 'park.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await expect.poll(() => page.locator('img.city-file__preview').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await fitsThePhone();
    expectOnlyExpectedConsoleErrors();
  });

  it('/confirm/{id}, then /receipt', async () => {
    await page.getByRole('button', { name: '確認する' }).click();
    await page.waitForURL(/\/confirm\/citizen-questionnaire$/);
    await heading('入力内容の確認');
    await fitsThePhone();
    await page.getByRole('button', { name: '送信する' }).click();
    await page.waitForURL(/\/receipt$/);
    await heading('送信が完了しました');
    await fitsThePhone();
    expectOnlyExpectedConsoleErrors();
  });

  it('/confirmList/{id}, /confirmDetails and /cancelConfirm/{id}', async () => {
    await page.getByRole('link', { name: '送信した内容を確認する' }).click();
    await page.waitForURL(/\/confirmList\/citizen-questionnaire$/);
    await heading('送信した内容');
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await fitsThePhone();
    await page.getByRole('button', { name: '詳しく見る' }).click();
    await page.waitForURL(/\/confirmDetails$/);
    await heading('送信した内容の詳細');
    await fitsThePhone();
    await page.getByRole('button', { name: 'キャンセルする' }).click();
    await page.waitForURL(/\/cancelConfirm\/citizen-questionnaire$/);
    await heading('キャンセルの確認');
    await fitsThePhone();
    await page.getByRole('button', { name: 'キャンセルしない' }).click();
    expectOnlyExpectedConsoleErrors();
  });

  it('/confirmList (every survey), /confirmDetails and /cancelConfirm opened directly', async () => {
    await page.goto('/confirmList');
    await heading('送信した内容');
    await visible('市民講座 受講申込');
    await fitsThePhone();
    await page.goto('/confirmDetails');
    await visible('表示する内容がありません。');
    await page.goto('/cancelConfirm');
    await heading('キャンセルの確認');
    expectOnlyExpectedConsoleErrors();
  });

  it('/confirm and /receipt opened directly', async () => {
    await page.goto('/confirm');
    await visible('確認する回答がありません。');
    await expect.poll(() => page.getByRole('link', { name: 'アンケート一覧へ' }).isVisible()).toBe(true);
    await page.goto('/receipt');
    await visible('表示する受付がありません。');
    expectOnlyExpectedConsoleErrors();
  });

  it('/calendar and /calendar/{id}: a slot of a week, back to the form, and paid: /completedPayment/{id} and /receipt?order', async () => {
    await page.goto('/survey/health-checkup');
    await heading('健康診断のご予約');
    await field('お名前').fill('山田 太郎');
    await field('電話番号').fill('090-1234-5678');
    await page.getByRole('button', { name: '予約枠を選ぶ' }).click();
    await page.waitForURL(/\/calendar$/);
    await heading('予約する場所の選択');
    await fitsThePhone();
    await page.getByRole('button', { name: '中央保健センター' }).click();
    await page.waitForURL(/\/calendar\/cal-checkup-central$/);
    await heading('予約日時の選択');
    await fitsThePhone();
    await page.getByRole('button', { name: new RegExp(`^${formatSlotDate(quietDate)}${TIMES['1']} 空きあり`) }).click();
    await page.waitForURL(/\/survey\/health-checkup$/);
    await page.getByRole('button', { name: '特定健診 受診料を1つ増やす' }).click();
    await page.getByRole('button', { name: '確認する' }).click();
    await page.getByRole('button', { name: 'お支払いへ進む' }).click();
    await page.waitForURL(/\/__dev\/payments\/sandbox\/checkout\//);
    await page.getByRole('button', { name: '支払う', exact: true }).click();
    await page.waitForURL(/\/completedPayment\/[0-9a-f]{32}$/);
    await heading('お支払いが完了しました');
    await fitsThePhone();
    await page.getByRole('link', { name: '領収書を見る' }).click();
    await page.waitForURL(/\/receipt\?order=/);
    await heading('受付内容');
    await fitsThePhone();
    expectOnlyExpectedConsoleErrors();
  });

  it('/canceledPayment and /errorPayment, from the sandbox provider', async () => {
    for (const [button, path, title] of [
      ['キャンセルして戻る', /\/canceledPayment\?order=/, 'お支払いをキャンセルしました'],
      ['支払いに失敗する', /\/errorPayment\?order=/, 'お支払いを完了できませんでした'],
    ] as const) {
      await page.goto('/survey/health-checkup');
      await field('お名前').fill('山田 太郎');
      await field('電話番号').fill('090-1234-5678');
      await page.getByRole('button', { name: '予約枠を選ぶ' }).click();
      await page.getByRole('button', { name: '北部公民館' }).click();
      await page.getByRole('button', { name: new RegExp(`^${formatSlotDate(quietDate)}${TIMES['3']} 空きあり`) }).click();
      await page.getByRole('button', { name: '特定健診 受診料を1つ増やす' }).click();
      await page.getByRole('button', { name: '確認する' }).click();
      await page.getByRole('button', { name: 'お支払いへ進む' }).click();
      await page.waitForURL(/\/__dev\/payments\/sandbox\/checkout\//);
      await page.getByRole('button', { name: button }).click();
      await page.waitForURL(path);
      await heading(title);
      await fitsThePhone();
    }
    expectOnlyExpectedConsoleErrors();
  });

  it('/member-confirmList/{id} before registering: the card is not issued yet (the one refusal a screen expects)', async () => {
    await page.goto('/member-confirmList/library-card');
    await visible('市立図書館 利用カードはまだ登録されていません。');
    await fitsThePhone();
    expectOnlyExpectedConsoleErrors([{ path: `${API}/members/card`, status: 404 }]);
  });

  it('/login/member/{id} → /member/{id}, /member-confirm/{id} and /member-confirmList/{id}', async () => {
    await page.goto('/login/member/library-card');
    await page.waitForURL(/\/member\/library-card$/);
    await heading('図書館利用カードの登録');
    await field('姓').fill('山田');
    await field('名').fill('太郎');
    await page.getByLabel('生年月日の年').selectOption('1985');
    await page.getByLabel('生年月日の月').selectOption('6');
    await page.getByLabel('生年月日の日').selectOption('20');
    await field('電話番号').fill('090-5555-0001');
    await field('ご住所').fill('デモ市北町3-4-5');
    await fitsThePhone();
    await page.getByRole('button', { name: '確認する' }).click();
    await page.waitForURL(/\/member-confirm\/library-card/);
    await heading('入力内容の確認');
    await page.getByRole('button', { name: '登録する' }).click();
    await page.waitForURL(/\/member-confirmList\/library-card/);
    await visible('登録が完了しました。');
    await fitsThePhone();
    expectOnlyExpectedConsoleErrors();
  });

  it('/claim/{id} (not in the spec’s table: finding a record staff imported)', async () => {
    await page.goto('/claim/event-application');
    await heading('登録内容の引き継ぎ');
    await fitsThePhone();
    expectOnlyExpectedConsoleErrors();
  });

  it('/waitlist (not in the spec’s table: the citizen’s キャンセル待ち)', async () => {
    await page.goto('/waitlist');
    await heading('キャンセル待ち');
    await textShows(page, 'キャンセル待ちの登録はありません。');
    await fitsThePhone();
    expectOnlyExpectedConsoleErrors();
  });

  it('any other path: the not-found screen', async () => {
    await page.goto('/no/such/screen');
    await heading('ページが見つかりません');
    await fitsThePhone();
    expectOnlyExpectedConsoleErrors();
  });
});
