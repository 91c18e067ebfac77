// The phone booking form's checks at 1280x720 against the real server: a required item left empty
// is named beside the item and nothing is sent; a slot another desk fills meanwhile is refused by
// the server, whose message shows beside the reservation item; an order the server refuses shows its
// message; staff-only items are asked (marked 職員のみ) of a member, never of an operator.
import { formatSlotDate } from '@city/ui';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bookCheckupByPhone, expectNoA11yViolations, openDay, signIn, textShows, unitsLeft, useTestWorld } from './harness.js';

const world = useTestWorld();
// Five or six days ahead: inside the form's first week (today to today+6) whatever today is, and past
// the demo's few-left and full day. (Six days ahead on a Monday is a Sunday, whose next open day fell
// in the second week, out of the form's sight.)
const bookingDate = openDay(5);
const BOOKINGS_PATH = '/console/api/surveys/health-checkup/records';

/** Opens the health check-up's phone booking form. */
async function openForm(page: Page): Promise<void> {
  await page.getByRole('link', { name: '健康診断のご予約の代理予約' }).click();
  await page.getByRole('heading', { name: /電話・窓口での代理予約/ }).waitFor();
}

/** Fills the form but the phone number: name, the 受診料, and a slot of 中央保健センター. */
async function fillAllButPhone(page: Page, time: string): Promise<void> {
  await page.getByLabel('お名前').fill('窓口 次郎');
  await page.getByRole('button', { name: '特定健診 受診料を1つ増やす' }).click();
  await page.getByLabel('予約先').selectOption({ label: '健康診断 / 特定健診 / 中央保健センター' });
  await page.getByRole('button', { name: new RegExp(`^${formatSlotDate(bookingDate)}${time} `) }).click();
  await textShows(page, /選択中の枠/);
}

/** The field of a one-line item, by its title. */
const fieldOf = (page: Page, title: string) => page.locator('.city-field').filter({ has: page.getByLabel(title) });

describe('the phone booking form', () => {
  it('names a required item left empty beside it and sends nothing', async () => {
    const page = await world.newDesktopPage();
    await signIn(page, 'health-member', 'demo-health-member');
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === BOOKINGS_PATH) sent.push(request.url());
    });
    await openForm(page);
    await fillAllButPhone(page, '09:00〜10:00');
    await page.getByRole('button', { name: '予約を登録する' }).click();

    await textShows(page, '入力内容を確認してください（1件）。');
    const phone = fieldOf(page, '電話番号');
    expect(await phone.locator('.city-field__error').innerText()).toBe('必須項目です');
    expect(await page.getByLabel('電話番号').getAttribute('aria-invalid')).toBe('true');
    // The staff member lands on the item to fill.
    await expect.poll(() => page.getByLabel('電話番号').evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await fieldOf(page, 'お名前').locator('.city-field__error').count()).toBe(0);
    await expectNoA11yViolations(page, 'phone booking with a required item empty');
    expect(sent).toEqual([]);

    // Filled in, the message goes and the booking is sent.
    await page.getByLabel('電話番号').fill('03-9876-5432');
    expect(await phone.locator('.city-field__error').count()).toBe(0);
    await page.getByRole('button', { name: '予約を登録する' }).click();
    await page.getByRole('heading', { name: '代理予約を登録しました' }).waitFor();
    expect(sent).toHaveLength(1);
  });

  it('shows the server’s refusal beside the reservation item when another desk fills the slot first', async () => {
    const page = await world.newDesktopPage();
    await signIn(page, 'health-member', 'demo-health-member');
    await openForm(page);
    await fillAllButPhone(page, '10:00〜11:00');
    await page.getByLabel('電話番号').fill('03-9876-5432');
    // Meanwhile another desk books every unit left.
    const left = await unitsLeft(page, bookingDate, '2');
    for (let booked = 0; booked < left; booked++) await bookCheckupByPhone(page, `別の窓口 ${String(booked + 1)}`, { date: bookingDate, slotId: '2' });
    expect(await unitsLeft(page, bookingDate, '2')).toBe(0);

    await page.getByRole('button', { name: '予約を登録する' }).click();
    const message = '選んだ予約枠は満員になりました。カレンダーで空いている枠を選び直してください。';
    const slotField = page.getByRole('group', { name: /^予約日時/ });
    await expect.poll(() => slotField.locator('.city-field__error').allInnerTexts()).toEqual([message]);
    await expectNoA11yViolations(page, 'phone booking refused by the server');
    // Another slot chosen, the message goes and the booking is taken.
    await page.getByRole('button', { name: new RegExp(`^${formatSlotDate(bookingDate)}13:00〜14:00 `) }).click();
    expect(await slotField.locator('.city-field__error').count()).toBe(0);
    await page.getByRole('button', { name: '予約を登録する' }).click();
    await page.getByRole('heading', { name: '代理予約を登録しました' }).waitFor();
  });

  it('shows the server’s refusal of an order it cannot price and keeps the form', async () => {
    const page = await world.newDesktopPage();
    await signIn(page, 'health-member', 'demo-health-member');
    await openForm(page);
    await fillAllButPhone(page, '14:00〜15:00');
    await page.getByLabel('電話番号').fill('03-9876-5432');
    // A product the survey no longer has (changed meanwhile by whoever edits the survey): the
    // request is rewritten on its way, as the form itself offers only the survey's products.
    await page.route(`**${BOOKINGS_PATH}`, async (route) => {
      const body = route.request().postDataJSON() as { answers: unknown; order: unknown };
      await route.continue({ postData: JSON.stringify({ ...body, order: { items: [{ productId: 'withdrawn-fee', quantity: 1 }] } }) });
    });
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === BOOKINGS_PATH);
    await page.getByRole('button', { name: '予約を登録する' }).click();
    const refusal = await answered;
    expect(refusal.status()).toBe(400);
    const { message } = (await refusal.json()) as { code: string; message: string };
    await textShows(page, message);
    expect(await page.getByRole('heading', { name: '代理予約を登録しました' }).count()).toBe(0);
    await expectNoA11yViolations(page, 'phone booking with the order refused');
  });

  it('asks a member the staff-only items, marked 職員のみ, and keeps the answer; an operator is not asked them', async () => {
    const member = await world.newDesktopPage();
    await signIn(member, 'health-member', 'demo-health-member');
    await member.getByRole('link', { name: '市民アンケートの代理入力' }).click();
    await member.getByRole('heading', { name: /電話・窓口での代理入力/ }).waitFor();
    await member.getByLabel(/^お名前/).fill('窓口 三郎');
    await member.getByLabel(/^電話番号/).fill('03-1111-2222');
    await member.getByLabel(/^お住まいの地区/).selectOption('東区');
    await member.getByRole('radio', { name: '満足', exact: true }).check();
    await member.getByLabel(/^職員メモ（職員のみ）/).fill('折り返し不要');
    await expectNoA11yViolations(member, 'phone booking with a staff-only item');
    await member.getByRole('button', { name: '回答を登録する' }).click();
    await member.getByRole('heading', { name: '代理入力を登録しました' }).waitFor();
    await member.getByRole('link', { name: '登録した回答を開く' }).click();
    await member.getByRole('heading', { name: /^受付番号/ }).waitFor();
    const answers = member.getByRole('region', { name: '回答内容' });
    await expect.poll(() => answers.innerText()).toMatch(/職員メモ\s*折り返し不要/);

    const operator = await world.newDesktopPage();
    await signIn(operator, 'health-operator', 'demo-health-operator');
    await operator.getByRole('link', { name: '市民アンケートの代理入力' }).click();
    await operator.getByRole('heading', { name: /電話・窓口での代理入力/ }).waitFor();
    await operator.getByLabel(/^お名前/).waitFor();
    expect(await operator.getByLabel(/^職員メモ/).count()).toBe(0);
  });
});
