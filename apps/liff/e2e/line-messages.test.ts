// Inside LINE (the LIFF SDK played by @line/liff-mock with the stand-in's tokens): a citizen books
// and pays for the demo health check-up in the mini-app, and LINE's 「LINEミニアプリ お知らせ」 says
// so: the confirmation is in the stand-in's inbox page, once, with the booking's date and time. A
// booking made in a plain browser (佐藤's) sends nothing. Quick fill (LINE's Common Profile, played
// by the stand-in) fills the check-up's mapped items only after the citizen agrees.
import { formatSlotDate } from '@city/ui';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { quietDate, slotCell, TIMES } from './demo-calendar.js';
import { lineInboxOf, logInAs, openInLine, TEST_USERS, textShows, useTestWorld } from './harness.js';

const world = useTestWorld();
let page: Page;

const field = (title: string) => page.getByLabel(new RegExp(`^${title}`));
const visible = (text: string | RegExp) => textShows(page, text);

/** The demo check-up booked on `quietDate` slot `slotId`, and paid at the sandbox. */
async function bookAndPay(slotId: '1' | '2' | '3' | '4') {
  await page.goto('/survey/health-checkup');
  await field('お名前').fill('山田 太郎');
  await field('電話番号').fill('090-1234-5678');
  await page.getByRole('button', { name: '予約枠を選ぶ' }).click();
  await page.getByRole('button', { name: '中央保健センター' }).click();
  await page.waitForURL(/\/calendar\/cal-checkup-central$/);
  await slotCell(page, quietDate, slotId, '空きあり（残り5）').click();
  await page.waitForURL(/\/survey\/health-checkup$/);
  await page.getByRole('button', { name: '特定健診 受診料を1つ増やす' }).click();
  await page.getByRole('button', { name: '確認する' }).click();
  await page.waitForURL(/\/confirm\/health-checkup$/);
  await page.getByRole('button', { name: 'お支払いへ進む' }).click();
  await page.waitForURL(/\/__dev\/payments\/sandbox\/checkout\//);
  await page.getByRole('button', { name: '支払う', exact: true }).click();
  await page.waitForURL(/\/completedPayment\/[^/]+$/);
  await visible('お支払いが完了しました');
}

/** A test user's messages on the stand-in's inbox page, as LINE shows them. */
const inboxOf = (user: { displayName: string }) => lineInboxOf(page, user);

beforeAll(async () => {
  page = await world.newPhonePage();
});

describe('LINE messages', () => {
  it('a booking paid for in the mini-app is confirmed in 「LINEミニアプリ お知らせ」 with its receipt, once each', async () => {
    await openInLine(page, TEST_USERS.yamada, '/survey/health-checkup');
    await bookAndPay('3');
    // The message goes out once the payment is known: the inbox shows it when it has arrived.
    await expect.poll(() => inboxOf(TEST_USERS.yamada)).toContain('お支払いを受け付けました');
    const inbox = await inboxOf(TEST_USERS.yamada);
    expect(inbox).toContain('ご予約を受け付けました');
    expect(inbox).toContain(`${quietDate.slice(0, 4)}年${formatSlotDate(quietDate)}`);
    expect(inbox).toContain(TIMES['3']);
    expect(inbox).toContain('中央保健センター');
    // The confirmation and the receipt of the payment: one each.
    expect(inbox).toContain('お支払いを受け付けました');
    expect(inbox.match(/ご予約を受け付けました/g)).toHaveLength(1);
    expect(inbox.match(/LINEミニアプリ お知らせ/g)).toHaveLength(2);
  });

  it('fills the mapped items from the LINE profile only after the citizen agrees', async () => {
    const sato = await world.newPhonePage();
    await openInLine(sato, TEST_USERS.sato, '/survey/health-checkup');
    const name = sato.getByLabel(/^お名前/);
    const fill = sato.getByRole('button', { name: 'LINEのプロフィールから入力' });
    await fill.click();
    const consent = sato.getByRole('dialog', { name: 'LINEのプロフィールの利用' });
    await consent.waitFor();
    // Asked, not yet agreed: nothing is filled.
    expect(await name.inputValue()).toBe('');
    await consent.getByRole('button', { name: '許可しない' }).click();
    await textShows(sato, 'プロフィールは使いませんでした。入力欄は変わっていません。');
    expect(await name.inputValue()).toBe('');

    await sato.getByLabel(/^電話番号/).fill('03-1111-2222');
    await fill.click();
    await consent.getByRole('button', { name: '許可する' }).click();
    await textShows(sato, 'LINEのプロフィールから入力しました。内容を確かめて、違うところは直してください。');
    await expect.poll(() => name.inputValue()).toBe('佐藤 花子');
    expect(await sato.getByLabel(/^フリガナ/).inputValue()).toBe('サトウ ハナコ');
    expect(await sato.getByLabel(/^電話番号/).inputValue()).toBe('08098765432');
  });

  it('the same booking made in a plain browser sends nothing', async () => {
    await page.evaluate(() => {
      localStorage.removeItem('city.liffMockUser');
      sessionStorage.clear();
    });
    await logInAs(page, TEST_USERS.sato);
    // Outside LINE there is no quick fill.
    await page.goto('/survey/health-checkup');
    await field('お名前').waitFor();
    expect(await page.getByRole('button', { name: 'LINEのプロフィールから入力' }).count()).toBe(0);
    await bookAndPay('4');
    await page.goto('/confirmList/health-checkup');
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    expect(await inboxOf(TEST_USERS.sato)).toContain('メッセージはありません。');
    expect((await inboxOf(TEST_USERS.yamada)).match(/LINEミニアプリ お知らせ/g)).toHaveLength(2);
  });
});
