// Issue 24 end to end, against the real server with both apps: an admin builds a venue and its
// calendar (slots from a weekday pattern) in カレンダー管理, then a reservation survey from scratch
// in the survey editor (a name, a radio question, a booking on that venue, a fee) and publishes
// it; a citizen books and pays for it in the citizen app; the admin edits the question on the
// answered survey (a new version), another citizen answers the new version, and the results list
// reads both records with their own answers.
import { isApiError } from '@city/api-client';
import { addDaysToDate, buildSubmissionPayload, formatReservationValue, todayInJapan } from '@city/survey-core';
import { formatSlotDate } from '@city/ui';
import { pressSandboxButton } from '@city/browser-tests';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { citizenApi, signIn, TEST_USERS, textShows, useTestWorld } from './harness.js';

const world = useTestWorld();
const [yamada, sato] = TEST_USERS;
const SURVEY_ID = 'flu-shot';
const TITLE = 'インフルエンザ予防接種のご予約';
/** The Monday of the week two weeks ahead: inside the booking window, past its deadline. */
const MONDAY = (() => {
  const date = addDaysToDate(todayInJapan(), 14);
  return addDaysToDate(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));
})();
const TUESDAY = addDaysToDate(MONDAY, 1);

/** The editor's group of one item, by its position (its heading starts 項目N). */
const itemGroup = (page: Page, position: number) => page.getByRole('group', { name: new RegExp(`^項目${String(position)}[「（]`) });

async function addItem(page: Page, type: string): Promise<void> {
  await page.getByLabel('追加する項目の種類').selectOption({ label: type });
  await page.getByRole('button', { name: '項目を追加' }).click();
}

describe('a reservation survey built by staff and booked by a citizen', () => {
  let admin: Page;

  it('builds the venue, its calendar and the survey, and publishes it', async () => {
    admin = await world.newDesktopPage({ forTheFile: true });
    await signIn(admin, 'health-admin', 'demo-health-admin');

    // The venue under a new 種類, and its calendar.
    await admin.getByRole('navigation').getByRole('link', { name: 'カレンダー管理' }).click();
    await admin.getByRole('heading', { name: 'カレンダー管理', level: 1 }).waitFor();
    await admin.getByRole('button', { name: '種類を追加' }).click();
    const top = admin.getByRole('form', { name: '種類を追加' });
    await top.getByLabel('種類の名前').fill('予防接種');
    await top.getByLabel('カテゴリID').fill('shots');
    await top.getByRole('button', { name: '追加する' }).click();
    await textShows(admin, 'カテゴリ「予防接種」を追加しました。');
    await admin.getByRole('button', { name: '予防接種の下に健診を追加' }).click();
    const venue = admin.getByRole('form', { name: '「予防接種」の下に健診を追加' });
    await venue.getByLabel('健診の名前').fill('市民会館');
    await venue.getByLabel('カテゴリID').fill('civic-hall');
    await venue.getByRole('button', { name: '追加する' }).click();
    await textShows(admin, 'カテゴリ「予防接種 / 市民会館」を追加しました。');
    await admin.getByRole('button', { name: '予防接種 / 市民会館のカレンダーを作成' }).click();
    await admin.getByRole('form', { name: '「予防接種 / 市民会館」のカレンダーを作成' }).getByRole('button', { name: 'カレンダーを作成', exact: true }).click();
    await admin.getByRole('heading', { name: 'カレンダー：予防接種 / 市民会館', level: 1 }).waitFor();

    // 平日 9:00〜12:00, every 30 minutes, 3 each.
    const pattern = admin.getByRole('form', { name: '週のパターンから作成' });
    await pattern.getByLabel('期間（開始日）').fill(MONDAY);
    await pattern.getByLabel('期間（終了日）').fill(addDaysToDate(MONDAY, 6));
    await pattern.getByLabel('開始', { exact: true }).fill('09:00');
    await pattern.getByLabel('終了', { exact: true }).fill('12:00');
    await pattern.getByLabel('1枠の分数').fill('30');
    await pattern.getByLabel('定員', { exact: true }).fill('3');
    await pattern.getByRole('button', { name: '枠を作成する' }).click();
    await textShows(admin, '30件の枠を作成しました。');

    // The survey: a name, a radio question, the booking on 市民会館, the fee.
    await admin.goto('/console/');
    await admin.getByRole('heading', { name: 'フォーム一覧', level: 1 }).waitFor();
    await admin.getByRole('link', { name: '新しいフォームを作成' }).click();
    await admin.getByRole('heading', { name: '新しいフォームの作成', level: 1 }).waitFor();
    await admin.getByLabel(/^フォームID/).fill(SURVEY_ID);
    await admin.getByLabel('タイトル', { exact: true }).fill(TITLE);
    await addItem(admin, '1行テキスト');
    await itemGroup(admin, 1).getByLabel('質問文').fill('お名前');
    await itemGroup(admin, 1).getByLabel('必須にする').check();
    await addItem(admin, 'ラジオボタン（1つ選ぶ）');
    const history = itemGroup(admin, 2);
    await history.getByLabel('質問文').fill('接種歴');
    await history.getByRole('textbox', { name: '選択肢1', exact: true }).fill('はじめて');
    await history.getByRole('button', { name: '選択肢を追加' }).click();
    await history.getByRole('textbox', { name: '選択肢2', exact: true }).fill('2回目以降');
    await addItem(admin, '予約（日時を選ぶ）');
    const booking = itemGroup(admin, 3);
    await booking.getByLabel('質問文').fill('接種日時');
    await booking.getByLabel('必須にする').check();
    await booking.getByLabel('予約カテゴリ').selectOption('civic-hall');
    await addItem(admin, '商品の選択（お支払い）');
    const fee = itemGroup(admin, 4);
    await fee.getByLabel('質問文').fill('接種料');
    await fee.getByLabel('必須にする').check();
    await fee.getByLabel('商品名').fill('接種料（一般）');
    await fee.getByLabel('単価（円・税込）').fill('3000');
    await admin.getByRole('button', { name: '作成する' }).click();
    await admin.getByRole('heading', { name: `${TITLE}の編集`, level: 1 }).waitFor();

    await admin.getByRole('link', { name: 'フォーム一覧へ戻る' }).click();
    await admin.getByRole('button', { name: `${TITLE}を公開する` }).click();
    await textShows(admin, `「${TITLE}」を公開しました。市民が回答できるようになりました。`);
  });

  it('is booked and paid for by a citizen in the citizen app', async () => {
    const citizen = await world.newDesktopPage();
    await citizen.goto('/login');
    await citizen.getByRole('button', { name: 'LINEでログイン' }).click();
    await citizen.getByRole('link', { name: yamada.displayName }).click();
    await citizen.waitForURL((url) => url.pathname !== '/login' && !url.pathname.startsWith('/__dev'));

    await citizen.goto(`/survey/${SURVEY_ID}`);
    await textShows(citizen, TITLE);
    await citizen.getByLabel(/^お名前/).fill('山田 太郎');
    await citizen.getByRole('radio', { name: 'はじめて' }).check();
    await citizen.getByRole('button', { name: '予約枠を選ぶ' }).click();
    await citizen.waitForURL(/\/calendar\//);
    // The week shown first starts today: the slots are in a later one.
    const slot = citizen.getByRole('button', { name: `${formatSlotDate(TUESDAY)}09:30〜10:00 空きあり（残り3）`, exact: true });
    const weeksAhead = Math.floor((Date.parse(TUESDAY) - Date.parse(todayInJapan())) / (7 * 24 * 3600_000));
    for (let week = 0; week < weeksAhead; week += 1) await citizen.getByRole('button', { name: /次の週/ }).click();
    await slot.waitFor();
    await slot.click();
    await citizen.waitForURL(new RegExp(`/survey/${SURVEY_ID}$`));
    await citizen.getByRole('button', { name: '接種料（一般）を1つ増やす' }).click();
    await citizen.getByRole('button', { name: '確認する' }).click();
    await citizen.waitForURL(new RegExp(`/confirm/${SURVEY_ID}$`));
    await citizen.getByRole('button', { name: 'お支払いへ進む' }).click();
    await citizen.waitForURL(/\/__dev\/payments\/sandbox\/checkout\//);
    await citizen.getByRole('button', { name: '支払う', exact: true }).click();
    await citizen.waitForURL(/\/completedPayment\//);
    await textShows(citizen, 'ご予約が確定しました。');
    await expect.poll(() => citizen.locator('.city-booking').first().innerText()).toContain(`${formatSlotDate(TUESDAY)}09:30〜10:00`);
  });

  it('is edited while answered (a new version), and both records read with their own answers', async () => {
    await admin.getByRole('link', { name: `${TITLE}を編集` }).click();
    await admin.getByRole('heading', { name: `${TITLE}の編集`, level: 1 }).waitFor();
    await itemGroup(admin, 2).getByLabel('質問文').fill('これまでの接種歴');
    await admin.getByRole('button', { name: '保存する' }).click();
    await textShows(admin, '回答があるため、新しい版（第2版）として保存しました。これまでの回答は元の版のまま表示されます。');

    // Another citizen answers the new version (through the citizen API, paying at the sandbox).
    const api = await citizenApi(world.baseUrl, sato);
    const config = await api.getSurveyConfig(SURVEY_ID);
    if (isApiError(config)) throw config;
    expect(config.data.surveySchema.map((item) => item.title)).toEqual(['お名前', 'これまでの接種歴', '接種日時', '接種料']);
    const feeItem = config.data.surveySchema.find((item) => item.type === 'selectProducts');
    const productId = feeItem?.type === 'selectProducts' ? (feeItem.products[0]?.productId ?? '') : '';
    const [nameKey, historyKey, slotKey] = config.data.surveySchema.map((item) => item.itemKey);
    const payload = buildSubmissionPayload({
      config: config.data,
      userId: sato.userId,
      answers: { [nameKey ?? '']: '佐藤 花子', [historyKey ?? '']: '2回目以降', [slotKey ?? '']: formatReservationValue({ categoryId: 'civic-hall', date: TUESDAY, slotId: '1000' }) },
      order: { items: [{ productId, quantity: 1 }] },
      now: Date.now(),
    });
    const held = await api.putTemporaryReservation(payload);
    await pressSandboxButton(held.data.paymentUrl, '支払う');

    // The results list: each record with its own answers, the question titled as it is now.
    await admin.goto(`/console/surveys/${SURVEY_ID}`);
    const table = admin.getByRole('table', { name: /^検索結果/ });
    await table.waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    await expect.poll(() => table.locator('thead').innerText()).toContain('これまでの接種歴');
    const rows = await table.locator('tbody tr').allInnerTexts();
    expect(rows.find((row) => row.includes('佐藤 花子'))).toMatch(/2回目以降/);
    expect(rows.find((row) => row.includes('山田 太郎'))).toMatch(/はじめて/);
    expect(rows.find((row) => row.includes('山田 太郎'))).toContain('予防接種 / 市民会館');
  });
});
