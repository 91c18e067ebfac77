// Calendar administration against the real server, as an admin (calendars.edit) does it: a
// category tree and a calendar built, slots made from a weekday pattern and seen in the week grid,
// bookings stopped and resumed; a capacity below what is booked refused with the booked slot
// named, nothing changed; the earlier platform's files (Shift_JIS) previewed date by date, applied
// and exported. Others have no such menu.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { addDaysToDate, japaneseWeekday, todayInJapan } from '@city/survey-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bookCheckupByPhone, callFromPage, downloadedBytes, expectNoA11yViolations, openDay, signIn, textShows, useTestWorld } from './harness.js';

const world = useTestWorld();

const fixture = (name: string) => fileURLToPath(new URL(`../../server/test/fixtures/lsc/${name}`, import.meta.url));
/** `2026-12-07（月）`, as the screens write a date. */
const withWeekday = (date: string) => `${date}（${japaneseWeekday(date)}）`;
/** The Monday of the week a date is in. */
const mondayOf = (date: string) => addDaysToDate(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));

interface AdminSlot {
  date: string;
  slotId: string;
  capacity: number;
  booked: number;
}

/** A calendar's slots on a date, as the staff API reads them. */
async function slotsOn(page: Page, calendarId: string, date: string): Promise<AdminSlot[]> {
  return page.evaluate(
    async (address) => ((await (await fetch(address, { credentials: 'same-origin' })).json()) as { data: { slots: AdminSlot[] } }).data.slots,
    `/console/api/calendars/admin/calendars/${calendarId}/slots?from=${date}&to=${date}`,
  );
}

/** Whether the page scrolls sideways (it should not, on a desktop or a tablet). */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

async function openCalendarAdmin(page: Page): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: 'カレンダー管理' }).click();
  await page.getByRole('heading', { name: 'カレンダー管理', level: 1 }).waitFor();
}

describe('calendar administration', () => {
  it('builds a category and its calendar, makes weekday slots from a pattern, and stops and resumes bookings', async () => {
    const page = await world.newDesktopPage();
    await signIn(page, 'health-admin', 'demo-health-admin');
    await openCalendarAdmin(page);
    // The demo tree, with its level names (種類 / 健診 / 会場).
    await page.getByRole('link', { name: '健康診断 / 特定健診 / 中央保健センターのカレンダーを開く' }).waitFor();
    await expectNoA11yViolations(page, 'calendar administration');

    // A tree of three levels.
    await page.getByRole('button', { name: '種類を追加' }).click();
    const top = page.getByRole('form', { name: '種類を追加' });
    await top.getByLabel('種類の名前').fill('ワクチン接種');
    await top.getByLabel('カテゴリID').fill('vaccine');
    await top.getByRole('button', { name: '追加する' }).click();
    await textShows(page, 'カテゴリ「ワクチン接種」を追加しました。');
    await page.getByRole('button', { name: 'ワクチン接種の下に健診を追加' }).click();
    const second = page.getByRole('form', { name: '「ワクチン接種」の下に健診を追加' });
    await second.getByLabel('健診の名前').fill('1回目');
    await second.getByLabel('カテゴリID').fill('first-dose');
    await second.getByRole('button', { name: '追加する' }).click();
    await textShows(page, 'カテゴリ「ワクチン接種 / 1回目」を追加しました。');
    await page.getByRole('button', { name: 'ワクチン接種 / 1回目の下に会場を追加' }).click();
    const third = page.getByRole('form', { name: '「ワクチン接種 / 1回目」の下に会場を追加' });
    await third.getByLabel('会場の名前').fill('市民ホール');
    await third.getByLabel('カテゴリID').fill('hall');
    await third.getByRole('button', { name: '追加する' }).click();
    await textShows(page, 'カテゴリ「ワクチン接種 / 1回目 / 市民ホール」を追加しました。');
    // A branch is not deleted while a level hangs below it: the refusal names it.
    await page.getByRole('button', { name: 'ワクチン接種 / 1回目を削除' }).click();
    await page.getByRole('dialog', { name: 'カテゴリ「ワクチン接種 / 1回目」を削除しますか' }).getByRole('button', { name: '削除' }).click();
    await textShows(page, 'カテゴリ「ワクチン接種 / 1回目」は削除できませんでした');
    await expect.poll(() => page.locator('.console-refusal li').allInnerTexts()).toEqual(['ワクチン接種 / 1回目 / 市民ホール']);
    await expectNoA11yViolations(page, 'calendar administration with a refused delete');

    // Its calendar, on the venue.
    await page.getByRole('button', { name: 'ワクチン接種 / 1回目 / 市民ホールのカレンダーを作成' }).click();
    const newCalendar = page.getByRole('form', { name: '「ワクチン接種 / 1回目 / 市民ホール」のカレンダーを作成' });
    expect(await newCalendar.getByLabel('カレンダーID').inputValue()).toBe('cal-hall');
    await newCalendar.getByRole('button', { name: 'カレンダーを作成', exact: true }).click();
    await page.getByRole('heading', { name: 'カレンダー：ワクチン接種 / 1回目 / 市民ホール', level: 1 }).waitFor();
    await textShows(page, '受付中：');
    await expectNoA11yViolations(page, 'a new calendar');

    // 平日 9:00〜12:00, every 30 minutes, 3 each, in a week two weeks ahead.
    const monday = mondayOf(addDaysToDate(todayInJapan(), 14));
    const friday = addDaysToDate(monday, 4);
    const pattern = page.getByRole('form', { name: '週のパターンから作成' });
    await pattern.getByLabel('期間（開始日）').fill(monday);
    await pattern.getByLabel('期間（終了日）').fill(addDaysToDate(monday, 6));
    for (const weekday of ['月曜日', '火曜日', '水曜日', '木曜日', '金曜日']) expect(await pattern.getByRole('checkbox', { name: weekday }).isChecked()).toBe(true);
    expect(await pattern.getByRole('checkbox', { name: '土曜日' }).isChecked()).toBe(false);
    await pattern.getByLabel('開始', { exact: true }).fill('09:00');
    await pattern.getByLabel('終了', { exact: true }).fill('12:00');
    await pattern.getByLabel('1枠の分数').fill('30');
    await pattern.getByLabel('定員', { exact: true }).fill('3');
    await textShows(page, '1日あたり6枠になります。');
    await pattern.getByRole('button', { name: '枠を作成する' }).click();
    await textShows(page, '30件の枠を作成しました。');

    // The week grid shows that week: six times a day, Monday to Friday, 3 each, none booked.
    const grid = page.getByRole('table', { name: `予約枠 ${withWeekday(monday)}〜${withWeekday(addDaysToDate(monday, 6))}` });
    await expect.poll(() => grid.locator('tbody th').allInnerTexts()).toEqual(['09:00〜09:30', '09:30〜10:00', '10:00〜10:30', '10:30〜11:00', '11:00〜11:30', '11:30〜12:00']);
    expect(await grid.getByLabel(`${withWeekday(monday)}09:00〜09:30の定員`).inputValue()).toBe('3');
    expect(await grid.getByLabel(`${withWeekday(friday)}11:30〜12:00の定員`).inputValue()).toBe('3');
    expect(await grid.getByRole('textbox', { name: /の定員$/ }).count()).toBe(30);
    expect(await grid.getByText('予約0').count()).toBe(30);
    // A week before, none; and back.
    await page.getByRole('button', { name: '前の週' }).click();
    await textShows(page, 'この週には予約枠がありません。「週のパターンから作成」で作成できます。');
    await page.getByRole('button', { name: '次の週' }).click();
    await expect.poll(() => grid.getByRole('textbox', { name: /の定員$/ }).count()).toBe(30);
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoA11yViolations(page, 'the week grid');

    // A slot deleted (selected, then confirmed); a capacity changed and saved.
    await grid.getByRole('checkbox', { name: `${withWeekday(friday)}11:30〜12:00を選択` }).check();
    await page.getByRole('button', { name: '選択した枠を削除（1件）' }).click();
    await page.getByRole('dialog', { name: '1件の枠を削除しますか' }).getByRole('button', { name: '選択した枠を削除（1件）' }).click();
    await textShows(page, '1件の枠を削除しました。');
    await expect.poll(() => grid.getByRole('textbox', { name: /の定員$/ }).count()).toBe(29);
    // From the keyboard: a capacity typed, then Tab goes on along the row (the next day's slot).
    await grid.getByLabel(`${withWeekday(monday)}09:00〜09:30の定員`).focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('5');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`${withWeekday(addDaysToDate(monday, 1))}09:00〜09:30を選択`);
    await page.getByRole('button', { name: '定員を保存（1件）' }).click();
    await textShows(page, '1件の枠の定員を保存しました。');
    expect((await slotsOn(page, 'cal-hall', monday)).find((slot) => slot.slotId === '0900')?.capacity).toBe(5);

    // A closed date, said in its column.
    const closedDays = page.getByRole('region', { name: '休業日（臨時）' });
    await closedDays.getByLabel('休業日にする日').fill(addDaysToDate(monday, 2));
    await closedDays.getByRole('button', { name: '休業日にする' }).click();
    await textShows(page, `${withWeekday(addDaysToDate(monday, 2))}を休業日にしました。`);
    await expect.poll(() => grid.locator('thead th').nth(3).innerText()).toMatch(/休業日（臨時）/);

    // 予約停止, then 再開: the state says so, and so does the server.
    await page.getByRole('button', { name: '予約を停止する' }).click();
    await textShows(page, '予約を停止しました。');
    await textShows(page, '市民は新しい予約ができません（LINE・WEBとも）。すでにある予約はそのまま残り、キャンセルもできます。');
    const stoppedNow = async () => {
      const view = await callFromPage(page, 'GET', '/console/api/calendars/admin');
      const categories = (view.body as { data: { categories: { categoryId: string; calendar: { rules: { bookingStopped?: boolean } } | null }[] } }).data.categories;
      return categories.find((category) => category.categoryId === 'hall')?.calendar?.rules.bookingStopped === true;
    };
    expect(await stoppedNow()).toBe(true);
    await expectNoA11yViolations(page, 'a calendar with bookings stopped');
    await page.getByRole('button', { name: '予約を再開する' }).click();
    await textShows(page, '予約を再開しました。');
    await textShows(page, '受付中：');
    expect(await stoppedNow()).toBe(false);

    // The rules: closed on Saturdays and public holidays, at most two bookings each.
    const rules = page.getByRole('form', { name: '受付のルール' });
    await rules.getByLabel('受付締切（日数・時間数）').fill('2');
    await rules.getByLabel('受付締切（単位）').selectOption({ label: '時間前' });
    await rules.getByLabel('1人あたりの予約数上限').fill('2');
    await rules.getByRole('checkbox', { name: '土曜日' }).check();
    await rules.getByRole('checkbox', { name: '祝日を休業日にする' }).check();
    await rules.getByRole('button', { name: '受付のルールを保存' }).click();
    await textShows(page, '受付のルールを保存しました。');
    // (休業日（祝日：…）instead when that Saturday is a public holiday.)
    await expect.poll(() => grid.locator('thead th').nth(6).innerText()).toMatch(/休業日（(定休日|祝日：.+)）/);

    // On a tablet the page still fits: the grid's seven days and times, without scrolling sideways.
    await page.setViewportSize({ width: 768, height: 1024 });
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    expect(await grid.evaluate((table) => table.parentElement !== null && table.parentElement.scrollWidth <= table.parentElement.clientWidth)).toBe(true);
    const table = await grid.boundingBox();
    expect(table !== null && table.x + table.width <= 768).toBe(true);
  });

  it('refuses a capacity below what is booked, naming the booked slot, and changes nothing', async () => {
    const page = await world.newDesktopPage();
    await signIn(page, 'health-admin', 'demo-health-admin');
    const date = openDay(5);
    await bookCheckupByPhone(page, '窓口 花子', { date, slotId: '1' });
    const booked = (await slotsOn(page, 'cal-checkup-central', date)).find((slot) => slot.slotId === '1');
    expect(booked).toMatchObject({ capacity: 5, booked: 1 });

    await openCalendarAdmin(page);
    await page.getByRole('link', { name: '健康診断 / 特定健診 / 中央保健センターのカレンダーを開く' }).click();
    await page.getByRole('heading', { name: 'カレンダー：健康診断 / 特定健診 / 中央保健センター', level: 1 }).waitFor();
    // The week of the booking, from its address.
    await page.goto(`/console/calendars/cal-checkup-central?week=${date}`);
    const grid = page.getByRole('table', { name: `予約枠 ${withWeekday(mondayOf(date))}〜${withWeekday(addDaysToDate(mondayOf(date), 6))}` });
    const capacity = grid.getByLabel(`${withWeekday(date)}09:00〜10:00の定員`);
    await capacity.waitFor();
    const cell = grid.locator('.calendars-slot').filter({ has: page.getByLabel(`${withWeekday(date)}09:00〜10:00の定員`) });
    expect(await cell.innerText()).toContain('予約1');
    // A booked slot cannot be chosen for deleting.
    expect(await grid.getByRole('checkbox', { name: `${withWeekday(date)}09:00〜10:00を選択` }).isDisabled()).toBe(true);

    await capacity.fill('0');
    await page.getByRole('button', { name: '定員を保存（1件）' }).click();
    const refusal = page.locator('.console-refusal');
    await textShows(page, '定員が予約数を下回る枠が1件あります。定員は予約数以上にしてください。');
    await expect.poll(() => refusal.locator('li').allInnerTexts()).toEqual([`${withWeekday(date)}09:00〜10:00 予約1人分`]);
    expect(await refusal.innerText()).toContain('何も変更していません。');
    // The typed capacity stays for the staff member to correct; the server kept its own.
    expect(await capacity.inputValue()).toBe('0');
    expect((await slotsOn(page, 'cal-checkup-central', date)).find((slot) => slot.slotId === '1')).toMatchObject({ capacity: 5, booked: 1 });
    await expectNoA11yViolations(page, 'a capacity below the bookings refused');

    // Down to what is booked goes through.
    await capacity.fill('1');
    await page.getByRole('button', { name: '定員を保存（1件）' }).click();
    await textShows(page, '1件の枠の定員を保存しました。');
    expect(await refusal.count()).toBe(0);
    expect((await slotsOn(page, 'cal-checkup-central', date)).find((slot) => slot.slotId === '1')).toMatchObject({ capacity: 1, booked: 1 });
  });

  it('previews the earlier platform’s files date by date, applies them, and exports', async () => {
    const page = await world.newDesktopPage();
    await signIn(page, 'health-admin', 'demo-health-admin');
    await openCalendarAdmin(page);
    await page.getByRole('link', { name: 'ファイルを取り込む' }).click();
    await page.getByRole('heading', { name: 'ファイルの取り込み', level: 1 }).waitFor();

    // The category file (Shift_JIS): previewed, nothing written yet, then applied.
    await page.getByRole('radio', { name: 'カテゴリファイル' }).check();
    await page.getByLabel('ファイル（CSV）').setInputFiles(fixture('vaccine-sample-bunrui.csv'));
    await page.getByRole('button', { name: 'プレビュー' }).click();
    const preview = page.getByRole('region', { name: 'プレビュー：vaccine-sample-bunrui.csv' });
    await preview.waitFor();
    await expect.poll(() => preview.getByRole('row').filter({ hasText: 'コロナワクチン接種 / 1回目 / A会場' }).innerText()).toMatch(/追加$/);
    // The six venues, and the two levels above them the file implies.
    expect(await preview.getByRole('table').locator('tbody tr').count()).toBe(9);
    await expectNoA11yViolations(page, 'a category file previewed');
    const before = await callFromPage(page, 'GET', '/console/api/calendars/admin');
    expect(JSON.stringify(before.body)).not.toContain('コロナワクチン接種');
    await preview.getByRole('button', { name: 'この内容で取り込む' }).click();
    await textShows(page, 'ファイルを取り込みました。');

    // The slot file (Shift_JIS) into a new calendar on one of the venues just added.
    await page.getByRole('radio', { name: '予約枠ファイル' }).check();
    await page.getByRole('radio', { name: '新しいカレンダー' }).check();
    await page.getByLabel('新しいカレンダーのID').fill('cal-vaccine-a');
    const venue = page.getByLabel(/^新しいカレンダーのカテゴリ/);
    const option = venue.getByRole('option', { name: /^コロナワクチン接種 \/ 1回目 \/ A会場（/ });
    await option.waitFor({ state: 'attached' });
    await venue.selectOption({ label: await option.innerText() });
    await page.getByLabel('ファイル（CSV）').setInputFiles(fixture('vaccine-sample-calendar.csv'));
    await page.getByRole('button', { name: 'プレビュー' }).click();
    const slotPreview = page.getByRole('region', { name: 'プレビュー：vaccine-sample-calendar.csv' });
    await slotPreview.waitFor();
    await textShows(page, 'カレンダー「cal-vaccine-a」を新しく作成します。');
    const firstDay = slotPreview.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '2021-04-05（月）' }) });
    expect(await firstDay.innerText()).toContain('10:00〜11:00（定員2）');
    const closedDay = slotPreview.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '2021-04-07（水）' }) });
    expect(await closedDay.innerText()).toContain('休業日にする');
    await expectNoA11yViolations(page, 'a slot file previewed');
    await slotPreview.getByRole('button', { name: 'この内容で取り込む' }).click();
    await textShows(page, 'ファイルを取り込みました。');
    await textShows(page, 'カレンダー「cal-vaccine-a」を新しく作成しました。');

    // The calendar opens at the file's first week.
    await page.getByRole('link', { name: 'カレンダー（cal-vaccine-a）を開く' }).click();
    const grid = page.getByRole('table', { name: '予約枠 2021-04-05（月）〜2021-04-11（日）' });
    await grid.waitFor();
    expect(await grid.getByLabel('2021-04-05（月）10:00〜11:00の定員').inputValue()).toBe('2');
    expect(await grid.locator('thead th').nth(3).innerText()).toMatch(/2021-04-07（水）\s*休業日（臨時）/);

    // The month's slot file, downloaded.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: '2021年4月の予約枠ファイルを書き出す' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('cal-vaccine-a-2021-04-01-2021-04-30.csv');
    const exported = (await downloadedBytes(download)).toString('utf8');
    expect(exported.split(/\r?\n/)[0]).toMatch(/^\uFEFF?id,____,____,/);
    expect(exported).toContain('10:00,11:00');

    // A file with a mistake: its problems by line and column, nothing written.
    await page.goto('/console/calendar-files');
    await page.getByRole('radio', { name: '作成済みのカレンダー' }).check();
    await page.getByLabel('カレンダー', { exact: true }).selectOption('cal-vaccine-a');
    const broken = Buffer.from(readFileSync(fixture('vaccine-sample-calendar.csv')).toString('latin1').replace('10:00', '10:0x'), 'latin1');
    await page.getByLabel('ファイル（CSV）').setInputFiles({ name: 'broken.csv', mimeType: 'text/csv', buffer: broken });
    await page.getByRole('button', { name: 'プレビュー' }).click();
    await textShows(page, 'このファイルは取り込めません');
    await expect.poll(() => page.locator('.console-refusal li').first().innerText()).toMatch(/^3行目 2列目：/);
    expect(await page.getByRole('button', { name: 'この内容で取り込む' }).count()).toBe(0);
    await expectNoA11yViolations(page, 'a slot file with a mistake');

    // The category file, downloaded from the administration page.
    await openCalendarAdmin(page);
    const categories = page.waitForEvent('download');
    await page.getByRole('button', { name: 'カテゴリファイルを書き出す' }).click();
    const categoryFile = await categories;
    expect(categoryFile.suggestedFilename()).toBe('categories.csv');
    expect((await downloadedBytes(categoryFile)).toString('utf8')).toContain('コロナワクチン接種,1回目,A会場');
  });

  it('is offered only to those who may edit calendars', async () => {
    const page = await world.newDesktopPage();
    await signIn(page, 'health-member', 'demo-health-member');
    expect(await page.getByRole('navigation').getByRole('link', { name: 'カレンダー管理' }).count()).toBe(0);
    await page.goto('/console/calendars');
    await textShows(page, 'この操作を行う権限がありません。');
  });
});
