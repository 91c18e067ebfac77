import { createApiClient, isApiError } from '@city/api-client';
import { formatSlotDate } from '@city/ui';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SlotId } from './demo-calendar.js';
import { busyDate, quietDate, slotCell } from './demo-calendar.js';
import { bookAndPayAs, expectNoSeriousA11yViolations, logInAs, signWebIdToken, TEST_USERS, textShows, useTestWorld } from './harness.js';

// Paying for a booking in the sandbox (issue 13), on a phone as a citizen would: the demo health
// check-up has a required fee (特定健診 受診料 ¥1,500) and an optional 追加血液検査 (¥800). The
// confirm screen holds the slot (temprary) and sends the citizen to the sandbox provider's hosted
// page, whose buttons settle the payment and send them back to the app's result screens. 山田 pays,
// cancels, fails and pays late; 佐藤 books through the API in between. One fresh database.
const world = useTestWorld();
let page: Page;

/** A slot's cell on the week, by what a screen reader reads. */
const cell = (date: string, slotId: SlotId, meaning: string) => slotCell(page, date, slotId, meaning);
const field = (title: string) => page.getByLabel(new RegExp(`^${title}`));
const visible = (text: string | RegExp) => textShows(page, text);
const japanDate = (epochMs: number) => new Intl.DateTimeFormat('ja-JP', { dateStyle: 'long', timeZone: 'Asia/Tokyo' }).format(epochMs);
/** The order id in a payment result screen's URL (`/completedPayment/{id}`, `?order={id}`). */
const orderIdIn = (url: string) => new URL(url).searchParams.get('order') ?? new URL(url).pathname.split('/').pop() ?? '';

/** Units left in a slot of 中央保健センター, as the server counts them (bookings and unexpired holds). */
async function unitsLeft(date: string, slotId: SlotId): Promise<number | undefined> {
  const idToken = await signWebIdToken(TEST_USERS.sato, 4 * 3600);
  const api = createApiClient({ baseUrl: world.baseUrl, getIdToken: () => idToken });
  const slots = await api.getCalendarSlots({ calendarId: 'cal-checkup-central', from: date, to: date });
  if (isApiError(slots)) throw slots;
  return slots.data.slots.find((slot) => slot.slotId === slotId)?.left;
}

/** A new answer of the check-up: name, phone, the slot picked on the week, the fee (and the blood test). */
async function answerUpToConfirm(date: string, slotId: SlotId, meaning: string, { bloodTest = false } = {}) {
  await page.goto('/survey/health-checkup');
  await visible('健康診断のご予約');
  await field('お名前').fill('山田 太郎');
  await field('電話番号').fill('090-1234-5678');
  await page.getByRole('button', { name: '予約枠を選ぶ' }).click();
  await page.getByRole('button', { name: '中央保健センター' }).click();
  await page.waitForURL(/\/calendar\/cal-checkup-central$/);
  await cell(date, slotId, meaning).click();
  await page.waitForURL(/\/survey\/health-checkup$/);
  await page.getByRole('button', { name: '特定健診 受診料を1つ増やす' }).click();
  if (bloodTest) await page.getByRole('button', { name: '追加血液検査を1つ増やす' }).click();
  await expect.poll(() => page.getByLabel('特定健診 受診料の数量').innerText()).toBe('1');
  await expect.poll(() => page.getByLabel('追加血液検査の数量').innerText()).toBe(bloodTest ? '1' : '0');
  await page.getByRole('button', { name: '確認する' }).click();
  await page.waitForURL(/\/confirm\/health-checkup$/);
}

/** From the confirm screen to the sandbox provider's page (the slot is held from now on). */
async function toSandboxPage() {
  await page.getByRole('button', { name: 'お支払いへ進む' }).click();
  await page.waitForURL(/\/__dev\/payments\/sandbox\/checkout\/[^/]+$/);
  await visible('お支払い（テスト用サンドボックス）');
}

/** Opens the week of 中央保健センター from a new answer, to read the slots' counts. */
async function openWeek() {
  await page.goto('/survey/health-checkup');
  await page.getByRole('button', { name: '予約枠を選ぶ' }).click();
  await page.getByRole('button', { name: '中央保健センター' }).click();
  await page.waitForURL(/\/calendar\/cal-checkup-central$/);
}

beforeAll(async () => {
  page = await world.newPhonePage();
  await logInAs(page, TEST_USERS.yamada);
});

describe('paying for a booking in the sandbox', () => {
  it('pays and sees the receipt: the order on confirm, the sandbox page, paid, the 領収書, 支払い済み in the look-up', async () => {
    await answerUpToConfirm(quietDate, '2', '空きあり（残り5）', { bloodTest: true });

    // Confirm: each line with its quantity and 税込 prices, and the total.
    await visible(`${formatSlotDate(quietDate)}10:00〜11:00 中央保健センター`);
    const order = page.locator('table.city-order');
    await expect.poll(() => order.innerText()).toMatch(/品名\s+単価（税込）\s+数量\s+小計/);
    expect(await order.innerText()).toMatch(/特定健診 受診料\s+¥1,500\s+1\s+¥1,500/);
    expect(await order.innerText()).toMatch(/追加血液検査\s+¥800\s+1\s+¥800/);
    expect(await order.innerText()).toContain('合計 ¥2,300（税込）');
    await visible('「お支払いへ進む」を押すと、お支払いのページへ移動します。');
    await expectNoSeriousA11yViolations(page, 'confirm with an order');

    // The sandbox's page: the same lines and total, priced by the server.
    await toSandboxPage();
    const sandboxTable = await page.locator('table').innerText();
    expect(sandboxTable).toMatch(/特定健診 受診料\s+1\s+1,500円/);
    expect(sandboxTable).toMatch(/追加血液検査\s+1\s+800円/);
    expect(sandboxTable).toMatch(/合計（税込）\s+2,300円/);
    await page.getByRole('button', { name: '支払う', exact: true }).click();

    // Back in the app: the result screen asks the server, which the sandbox has told.
    await page.waitForURL(/\/completedPayment\/[^/]+$/);
    const orderId = orderIdIn(page.url());
    await visible('お支払いが完了しました');
    await visible('ご予約が確定しました。');
    await visible('お支払い: 支払い済み');
    await expect.poll(() => page.locator('.city-booking').first().innerText()).toContain(`${formatSlotDate(quietDate)}10:00〜11:00`);
    const receiptNumber = await page.getByTestId('receipt-number').innerText();
    expect(receiptNumber).toMatch(/\S/);
    await expectNoSeriousA11yViolations(page, 'payment completed');

    // The receipt: 受付番号, the booking, the amounts, how and when it was paid, and the 領収書.
    await page.getByRole('link', { name: '領収書を見る' }).click();
    await page.waitForURL((url) => url.pathname === '/receipt' && url.searchParams.get('order') === orderId);
    await visible('受付内容');
    await expect.poll(() => page.getByTestId('receipt-number').first().innerText()).toBe(receiptNumber);
    await expect.poll(() => page.locator('.city-booking').first().innerText()).toContain(`${formatSlotDate(quietDate)}10:00〜11:00`);
    const facts = await page.locator('main').innerText();
    expect(facts).toMatch(/お支払い金額\s+¥2,300（税込）/);
    expect(facts).toMatch(/お支払い方法\s+クレジットカード/);
    expect(facts).toMatch(new RegExp(`お支払い日時\\s+${japanDate(Date.now())}`));
    const receipt = page.getByRole('region', { name: '領収書' });
    const receiptText = await receipt.innerText();
    expect(receiptText).toMatch(/山田 太郎\s*様/);
    expect(receiptText).toMatch(/金額\s+¥2,300-（税込）/);
    expect(receiptText).toMatch(/但し書き\s+健康診断のご予約の料金として/);
    expect(receiptText).toMatch(new RegExp(`受付番号\\s+${receiptNumber}`));
    expect(receiptText).toMatch(new RegExp(`発行日\\s+${japanDate(Date.now())}`));
    expect(receiptText).toMatch(/発行者\s+デモ市 保健福祉課/);
    expect(receiptText).toMatch(/特定健診 受診料\s+¥1,500\s+1\s+¥1,500/);
    // 宛名 can be changed before printing.
    await page.getByLabel('宛名（印刷する前に変更できます）').fill('山田 花子');
    await expect.poll(() => page.getByTestId('receipt-recipient').innerText()).toBe('山田 花子');
    await expectNoSeriousA11yViolations(page, 'order receipt');

    // The look-up list shows the record paid.
    await page.getByRole('link', { name: '送信した内容を確認する' }).click();
    await page.waitForURL(/\/confirmList\/health-checkup$/);
    const record = page.getByRole('article').filter({ hasText: `${formatSlotDate(quietDate)}10:00〜11:00` });
    await expect.poll(() => record.innerText()).toContain('お支払い: 支払い済み');
  });

  it('cancelling at the provider books nothing and frees the slot', async () => {
    await answerUpToConfirm(quietDate, '3', '空きあり（残り5）');
    await toSandboxPage();
    // While the citizen is on the provider's page, the held unit counts against the slot.
    expect(await unitsLeft(quietDate, '3')).toBe(4);

    await page.getByRole('button', { name: 'キャンセルして戻る' }).click();
    await page.waitForURL(/\/canceledPayment\?order=/);
    const orderId = orderIdIn(page.url());
    await visible('お支払いをキャンセルしました');
    await visible('お支払いはキャンセルされ、予約はされていません。お取りしていた予約枠は解放しました。');
    await visible('お支払い: キャンセル');
    await expectNoSeriousA11yViolations(page, 'payment cancelled');
    // Typing the success return proves nothing: the app asks the server, which knows it was cancelled.
    await page.goto(`/completedPayment/${orderId}`);
    await visible('予約は完了していません');
    await visible('お支払い: キャンセル');
    expect(await page.getByText('お支払いが完了しました').count()).toBe(0);

    await openWeek();
    await expect.poll(() => cell(quietDate, '3', '空きあり（残り5）').count()).toBe(1);
  });

  it('a failed payment books nothing and frees the slot', async () => {
    await answerUpToConfirm(quietDate, '4', '空きあり（残り5）');
    await toSandboxPage();
    expect(await unitsLeft(quietDate, '4')).toBe(4);

    await page.getByRole('button', { name: '支払いに失敗する' }).click();
    await page.waitForURL(/\/errorPayment\?order=/);
    await visible('お支払いを完了できませんでした');
    await visible('お支払いを完了できなかったため、予約はされていません。お取りしていた予約枠は解放しました。');
    await visible('お支払い: お支払い失敗');
    await expectNoSeriousA11yViolations(page, 'payment failed');

    await openWeek();
    await expect.poll(() => cell(quietDate, '4', '空きあり（残り5）').count()).toBe(1);
  });

  it('a hold that lapses while the citizen is away, the last unit taken by another, then paid: refunded, with the message', async () => {
    await answerUpToConfirm(busyDate, '2', '残りわずか（残り1）');
    await toSandboxPage();
    expect(await unitsLeft(busyDate, '2')).toBe(0);

    // The tester's button: the hold lapses now, so 佐藤 can hold and pay for the last unit.
    await page.getByRole('button', { name: '保留期限を過ぎたことにする' }).click();
    await visible('予約枠の保留を期限切れにしました。');
    expect(await unitsLeft(busyDate, '2')).toBe(1);
    const taken = await bookAndPayAs(world.baseUrl, TEST_USERS.sato, { date: busyDate, slotId: '2' });
    expect(taken.code).toBe('OK');

    // 山田 comes back and pays: the money goes back, and the app says why.
    const paymentUrl = page.url();
    await page.getByRole('button', { name: '支払う', exact: true }).click();
    await page.waitForURL(/\/completedPayment\/[^/]+$/);
    await visible('予約できませんでした');
    await visible(
      'お支払いを確認した時点で予約枠を確保できなかったため、予約はされませんでした。お支払いは自動的に返金されます。',
    );
    await visible('お支払い: 返金済み');
    await expectNoSeriousA11yViolations(page, 'payment refunded');
    // The provider refunded the payment, once.
    const providerPage = await (await fetch(paymentUrl)).text();
    expect(providerPage.match(/1,500円を返金しました。/g)).toHaveLength(1);

    // The look-up says 返金済み, and the slot is full, not double-booked.
    await page.goto('/confirmList/health-checkup');
    const record = page.getByRole('article').filter({ hasText: 'お支払い: 返金済み' });
    await expect.poll(() => record.count()).toBe(1);
    // It is the record of that slot (marked as not booked: see the next test).
    await expect.poll(() => record.innerText()).toContain(`${formatSlotDate(busyDate)}10:00〜11:00`);
    expect(await unitsLeft(busyDate, '2')).toBe(0);
    await openWeek();
    await expect.poll(() => cell(busyDate, '2', '満員（キャンセル待ちできます）').count()).toBe(1);
  });

  // Runs after the test above, on its 返金済み record.
  it('a record whose payment booked nothing does not read as a booking in the look-up', async () => {
    await page.goto('/confirmList/health-checkup');
    const record = page.getByRole('article').filter({ hasText: 'お支払い: 返金済み' });
    await expect.poll(() => record.innerText()).toContain(`${formatSlotDate(busyDate)}10:00〜11:00`);
    expect(await record.innerText()).toContain('この予約は成立していません。');
    await record.getByRole('button', { name: '詳しく見る' }).click();
    await page.waitForURL(/\/confirmDetails$/);
    await visible('お支払い: 返金済み');
    expect(await page.getByRole('button', { name: '予約日時を変更する' }).count()).toBe(0);
  });
});
