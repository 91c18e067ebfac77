import type { MemberNumberFormat } from '@city/survey-core';
import { readMemberNumber } from '@city/survey-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, logInAs, TEST_USERS, textShows, useTestWorld } from './harness.js';
import { quietDate, slotCell } from './demo-calendar.js';
import { scan } from './scan.js';

// Members (issue 14) on a phone, with the demo library card (市立図書館 利用カード): 山田 registers,
// shows the card (its QR code and barcode read back by a decoder from Chromium's screenshot),
// changes his registration and withdraws; 佐藤 takes over the paper card staff imported and a
// course application; 鈴木 is locked out after 10 wrong look-ups, and is led from the members-only
// study room through registration and back to booking. One fresh database.
const world = useTestWorld();
/** The demo library card's numbers: LIB, 7 digits, a check digit (@city/demo-data's LIBRARY_CARD). */
const LIBRARY_CARD_NUMBER_FORMAT: MemberNumberFormat = { prefix: 'LIB', digits: 7 };

const field = (page: Page, title: string) => page.getByLabel(new RegExp(`^${title}`));

async function pickBirthday(page: Page, year: string, month: string, day: string) {
  await page.getByLabel('生年月日の年').selectOption(year);
  await page.getByLabel('生年月日の月').selectOption(month);
  await page.getByLabel('生年月日の日').selectOption(day);
}

/** The member number the card shows, as text. */
async function cardNumber(page: Page): Promise<string> {
  await textShows(page, '市立図書館 利用カード');
  const text = await page.getByRole('region', { name: '市立図書館 利用カード' }).innerText();
  const number = /LIB\s?[\d\s]{8,}/.exec(text)?.[0]?.replace(/\s/g, '');
  if (number === undefined) throw new Error(`No member number on the card:\n${text}`);
  return number;
}

/** The registration form filled in as a new member would, up to the member confirm screen. */
async function registerUpToConfirm(page: Page, name: { family: string; first: string }) {
  await textShows(page, '図書館利用カードの登録');
  await field(page, '姓').fill(name.family);
  await field(page, '名').fill(name.first);
  await pickBirthday(page, '1985', '6', '20');
  await field(page, '電話番号').fill('090-5555-0001');
  await field(page, 'ご住所').fill('デモ市北町3-4-5');
  // The number is the server's to issue: the form does not ask for it.
  await expect.poll(() => page.getByLabel(/^会員番号/).count()).toBe(0);
  await page.getByRole('button', { name: '確認する' }).click();
  await page.waitForURL(/\/member-confirm\/library-card/);
}

describe('a member of the library', () => {
  it('registers, shows a card whose QR code and barcode read as the number, changes, withdraws and registers again', async () => {
    const page = await world.newPhonePage();
    await logInAs(page, TEST_USERS.yamada, '/login/member/library-card');
    await page.waitForURL(/\/member\/library-card$/);
    await registerUpToConfirm(page, { family: '山田', first: '太郎' });
    await textShows(page, '以下の内容で登録します。');
    await page.getByRole('button', { name: '登録する' }).click();
    await page.waitForURL(/\/member-confirmList\/library-card/);
    await textShows(page, '登録が完了しました。');
    const number = await cardNumber(page);
    expect(readMemberNumber(LIBRARY_CARD_NUMBER_FORMAT, number)).toMatchObject({ ok: true, memberNumber: number });
    await textShows(page, '山田 太郎');

    // What a counter scanner reads from the screen is the number itself.
    expect(await scan(page.getByRole('img', { name: /QRコード/ }).first(), 'qr')).toBe(number);
    expect(await scan(page.getByRole('img', { name: /バーコード/ }).first(), 'code128')).toBe(number);
    await expectNoSeriousA11yViolations(page, 'member card');
    // Full screen: the codes as large as they fit, still the same number.
    await page.getByRole('button', { name: '全画面で表示' }).click();
    const fullScreen = page.getByRole('dialog');
    expect(await scan(fullScreen.getByRole('img', { name: /QRコード/ }), 'qr')).toBe(number);
    expect(await scan(fullScreen.getByRole('img', { name: /バーコード/ }), 'code128')).toBe(number);
    await page.keyboard.press('Escape');
    await expect.poll(() => fullScreen.count()).toBe(0);

    // A change keeps the number; the birthday is not the member's to change.
    await page.getByRole('button', { name: '登録内容を変更する' }).click();
    await page.waitForURL(/\/member\/library-card/);
    await textShows(page, '会員番号は変わりません');
    await expect.poll(() => page.getByLabel('生年月日の年').isDisabled()).toBe(true);
    await field(page, '電話番号').fill('080-7777-0002');
    await page.getByRole('button', { name: '確認する' }).click();
    await page.waitForURL(/\/member-confirm\/library-card/);
    await page.getByRole('button', { name: '登録する' }).click();
    await page.waitForURL(/\/member-confirmList\/library-card/);
    await textShows(page, '登録内容を変更しました。会員番号は変わりません。');
    await textShows(page, '080-7777-0002');
    expect(await cardNumber(page)).toBe(number);

    // Withdrawal asks first; afterwards the number is retired and a new registration gets another.
    await page.getByRole('button', { name: '退会する' }).click();
    const question = page.getByRole('dialog', { name: '退会の確認' });
    await expect.poll(() => question.innerText()).toContain(number);
    await question.getByRole('button', { name: '退会しない' }).click();
    expect(await cardNumber(page)).toBe(number);
    await page.getByRole('button', { name: '退会する' }).click();
    await page.getByRole('dialog', { name: '退会の確認' }).getByRole('button', { name: '退会する' }).click();
    await textShows(page, `会員番号 ${number} は使えなくなりました`);
    await page.getByRole('link', { name: '新しく登録する' }).click();
    await registerUpToConfirm(page, { family: '山田', first: '太郎' });
    await page.getByRole('button', { name: '登録する' }).click();
    await page.waitForURL(/\/member-confirmList\/library-card/);
    const again = await cardNumber(page);
    expect(again).not.toBe(number);
    const sequence = (memberNumber: string) => {
      const read = readMemberNumber(LIBRARY_CARD_NUMBER_FORMAT, memberNumber);
      if (!read.ok) throw new Error(read.problem);
      return read.sequence;
    };
    expect(sequence(again)).toBeGreaterThan(sequence(number));
  });
});

describe('claiming what staff imported', () => {
  it('takes over the paper library card by its number and birthday', async () => {
    const page = await world.newPhonePage();
    await logInAs(page, TEST_USERS.sato, '/member-confirmList/library-card');
    await textShows(page, '市立図書館 利用カードはまだ登録されていません。');
    await page.getByRole('link', { name: '紙の市立図書館 利用カードをお持ちの方' }).click();
    await page.waitForURL(/\/claim\/library-card/);
    // Typed as a phone's keyboard might: full-width, lower case, hyphens.
    await field(page, '会員番号').fill('ｌｉｂ-0000018-2');
    await pickBirthday(page, '1968', '7', '15');
    await page.getByRole('button', { name: '検索する' }).click();
    await textShows(page, '次の内容が見つかりました。');
    await textShows(page, '佐藤');
    await page.getByRole('button', { name: 'このアカウントに引き継ぐ' }).click();
    await page.waitForURL(/\/member-confirmList\/library-card/);
    await textShows(page, '引き継ぎが完了しました。');
    expect(await cardNumber(page)).toBe('LIB00000182');
    await textShows(page, '佐藤 花子');
    // The registration is looked at on its card, never through the generic list's キャンセル.
    await page.goto('/confirmList/library-card');
    await page.waitForURL(/\/member-confirmList\/library-card$/);
    expect(await cardNumber(page)).toBe('LIB00000182');
    await textShows(page, /2019年4月1日/);
  });

  it('takes over a course application staff imported, found by its ticket number and birthday', async () => {
    const page = await world.newPhonePage();
    await logInAs(page, TEST_USERS.sato, '/confirmSearchForm');
    await page.getByRole('link', { name: /「市民講座 受講申込」の登録内容を引き継ぐ/ }).click();
    await page.waitForURL(/\/claim\/event-application/);
    await field(page, '受講券番号').fill('100001');
    await pickBirthday(page, '1980', '4', '1');
    await page.getByRole('button', { name: '検索する' }).click();
    await textShows(page, 'スマホ教室');
    await page.getByRole('button', { name: 'このアカウントに引き継ぐ' }).click();
    await page.waitForURL(/\/confirmList\/event-application/);
    await textShows(page, 'スマホ教室');
  });

  it('stops a citizen after 10 wrong tries in a day, saying so', async () => {
    const page = await world.newPhonePage();
    await logInAs(page, TEST_USERS.suzuki, '/claim/event-application');
    await page.waitForURL(/\/claim\/event-application/);
    await pickBirthday(page, '1990', '1', '1');
    for (let attempt = 1; attempt <= 9; attempt += 1) {
      await field(page, '受講券番号').fill(String(200000 + attempt));
      await page.getByRole('button', { name: '検索する' }).click();
      await expect.poll(() => page.getByRole('alert').filter({ hasText: '該当する登録・お申し込みが見つかりません' }).count()).toBe(1);
      await expect.poll(() => page.getByRole('button', { name: '検索する' }).isEnabled()).toBe(true);
    }
    await field(page, '受講券番号').fill('200010');
    await page.getByRole('button', { name: '検索する' }).click();
    await textShows(page, '照会に10回失敗したため、本日はご利用いただけません。');
    // Even the right ticket is refused for the rest of the day.
    await field(page, '受講券番号').fill('100002');
    await pickBirthday(page, '1975', '12', '24');
    await page.getByRole('button', { name: '検索する' }).click();
    await textShows(page, '照会に10回失敗したため、本日はご利用いただけません。');
    await expect.poll(() => page.getByText('健康体操').count()).toBe(0);
  });
});

describe('a members-only reservation', () => {
  it('leads a citizen who is not a member through registration and back to booking', async () => {
    const page = await world.newPhonePage();
    await logInAs(page, TEST_USERS.suzuki, '/survey/study-room');
    await textShows(page, '会員の方のみご利用いただけます');
    await expect.poll(() => page.getByRole('button', { name: '予約枠を選ぶ' }).count()).toBe(0);
    await page.getByRole('link', { name: '市立図書館 利用カードを登録する' }).click();
    await page.waitForURL(/\/member\/library-card\?next=/);
    await registerUpToConfirm(page, { family: '鈴木', first: '一郎' });
    await page.getByRole('button', { name: '登録する' }).click();
    await page.waitForURL(/\/member-confirmList\/library-card/);
    await cardNumber(page);
    await page.getByRole('link', { name: 'お申し込みの画面に戻る' }).click();
    await page.waitForURL(/\/survey\/study-room$/);
    await field(page, 'お名前').fill('鈴木 一郎');
    await page.getByRole('button', { name: '予約枠を選ぶ' }).click();
    await page.waitForURL(/\/calendar\/cal-study-room$/);
    await slotCell(page, quietDate, '1', '空きあり（残り5）').click();
    await page.waitForURL(/\/survey\/study-room$/);
    await page.getByRole('button', { name: '確認する' }).click();
    await page.waitForURL(/\/confirm\/study-room$/);
    await page.getByRole('button', { name: '送信する' }).click();
    await page.waitForURL(/\/receipt$/);
    await textShows(page, '送信が完了しました');
  });
});
