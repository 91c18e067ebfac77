// The results list as a staff member meets it, against the real server: from the keyboard (a skip
// link past the filter's forty fields to the records, the focus kept on the records when a page
// is turned), choice items filtered by their options, one 予約日時 column, and receipt and phone
// numbers kept whole on a 1024 px wide screen that does not scroll sideways.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookCheckupByPhone, callFromPage, expectNoA11yViolations, openDay, signIn, useTestWorld } from './harness.js';

const world = useTestWorld();
const AREAS = ['東区', '西区', '南区', '北区', '中央区'];
/** One more than a page: the list has a second page. */
const QUESTIONNAIRES = 51;

/** What has the keyboard focus: its tag, id and text (a table by its caption). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (element === null) return { tag: '', id: '', text: '' };
    const named = element instanceof HTMLTableElement && element.caption !== null ? element.caption : element;
    return { tag: element.tagName.toLowerCase(), id: element.id, text: named.textContent.trim() };
  });

/** How many lines an element's text takes on the screen. */
const linesOf = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
  });

const countsText = (page: Page) => page.locator('.console-counts').innerText();

describe('the results list', () => {
  let member: Page;

  beforeAll(async () => {
    member = await world.newDesktopPage();
    await signIn(member, 'health-member', 'demo-health-member');
    // Questionnaires answered by phone, the 地区 going round: 11 of them in 東区.
    for (let index = 0; index < QUESTIONNAIRES; index++) {
      const answers = { name: `電話 ${String(index + 1)}`, phone: '03-1234-5678', area: AREAS[index % AREAS.length], satisfaction: index % 2 === 0 ? '満足' : 'やや満足' };
      const booked = await callFromPage(member, 'POST', '/console/api/surveys/citizen-questionnaire/records', { answers });
      if (booked.status !== 201) throw new Error(`The questionnaire answered ${String(booked.status)}: ${JSON.stringify(booked.body)}`);
    }
    await bookCheckupByPhone(member, '窓口 一郎', { date: openDay(3), slotId: '2' });
  });

  it('offers a skip link past the header and the filter to the records, first of all', async () => {
    await member.goto('/console/surveys/citizen-questionnaire');
    await member.getByRole('table', { name: /^検索結果/ }).waitFor();
    await member.keyboard.press('Tab');
    expect(await focused(member)).toMatchObject({ tag: 'a', text: '検索結果へ移動' });
    // Shown while it has the focus, where a sighted keyboard user sees it.
    const box = await member.getByRole('link', { name: '検索結果へ移動' }).boundingBox();
    expect(box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= 1280).toBe(true);
    await member.keyboard.press('Enter');
    expect(await focused(member)).toMatchObject({ tag: 'table', text: '検索結果（1〜50件目）' });
    // The next Tab is the first record.
    await member.keyboard.press('Tab');
    const firstReceipt = await member.locator('.console-table--records tbody tr').first().getByRole('link').innerText();
    expect(await focused(member)).toMatchObject({ tag: 'a', text: firstReceipt });
    expect(new URL(member.url()).hash).toBe('');
    await expectNoA11yViolations(member, 'results list, skip link used');

    // Other screens: the skip link to the content.
    await member.goto('/console/');
    await member.getByRole('heading', { name: 'フォーム一覧', level: 1 }).waitFor();
    await member.keyboard.press('Tab');
    expect(await focused(member)).toMatchObject({ tag: 'a', text: '本文へ移動' });
    await member.keyboard.press('Enter');
    expect(await focused(member)).toMatchObject({ tag: 'main' });
  });

  it('keeps the focus on the records when the next page is shown, and back on the first', async () => {
    await member.goto('/console/surveys/citizen-questionnaire');
    await expect.poll(() => countsText(member)).toMatch(/該当\s*51件/);
    await member.getByRole('button', { name: '次の50件' }).focus();
    await member.keyboard.press('Enter');
    await expect.poll(() => countsText(member)).toMatch(/51〜51件目/);
    await expect.poll(() => focused(member)).toMatchObject({ tag: 'table', text: '検索結果（51〜51件目）' });
    await member.keyboard.press('Tab');
    const onlyReceipt = await member.locator('.console-table--records tbody tr').first().getByRole('link').innerText();
    expect(await focused(member)).toMatchObject({ tag: 'a', text: onlyReceipt });
    // The buttons of the second page go on the first: the focus stays on the records.
    await member.getByRole('button', { name: '最初の50件' }).focus();
    await member.keyboard.press('Enter');
    await expect.poll(() => countsText(member)).toMatch(/1〜50件目/);
    await expect.poll(() => focused(member)).toMatchObject({ tag: 'table', text: '検索結果（1〜50件目）' });
  });

  it('filters a choice item by one of its options, matched exactly, and offers no reservation item', async () => {
    await member.goto('/console/surveys/citizen-questionnaire');
    const area = member.getByRole('combobox', { name: 'お住まいの地区' });
    await expect.poll(() => area.locator('option').allInnerTexts()).toEqual(['指定しない', ...AREAS]);
    expect(await member.getByRole('combobox', { name: '市のサービスへの満足度' }).locator('option').allInnerTexts()).toEqual(['指定しない', '満足', 'やや満足', 'やや不満', '不満']);
    await area.selectOption('東区');
    // 満足 finds only 満足, never やや満足.
    await member.getByRole('combobox', { name: '市のサービスへの満足度' }).selectOption('満足');
    const searched = member.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/records/search'));
    await member.getByRole('button', { name: 'この条件で検索' }).click();
    const body = (await searched).postDataJSON() as { filter: { items: unknown[] } };
    expect(body.filter.items).toEqual([
      { itemKey: 'area', value: '東区', match: 'exact' },
      { itemKey: 'satisfaction', value: '満足', match: 'exact' },
    ]);
    // 東区 are the 1st, 6th, … 51st; 満足 the odd ones among them: 1, 11, 21, 31, 41, 51.
    await expect.poll(() => countsText(member)).toMatch(/該当\s*6件/);
    await expectNoA11yViolations(member, 'results list filtered by choices');

    // A booking is found by its date range: the check-up's 予約日時 and products are no item filter.
    await member.goto('/console/surveys/health-checkup');
    await member.getByRole('textbox', { name: 'お名前' }).waitFor();
    expect(await member.locator('.console-filter__items').getByText('予約日時').count()).toBe(0);
    expect(await member.locator('.console-filter__items').getByText('受診料').count()).toBe(0);
    await member.getByRole('group', { name: '予約日' }).waitFor();
  });

  it('shows 予約日時 once when it is chosen, keeps receipt and phone numbers whole, and fits a 1024 px screen', async () => {
    await member.setViewportSize({ width: 1024, height: 768 });
    await member.goto('/console/surveys/health-checkup');
    const headers = () => member.locator('.console-table--records thead th').allInnerTexts();
    await expect.poll(headers).toEqual(['受付番号', '状態', '受付経路', '作成日時', '更新日時', 'お名前', 'フリガナ', '電話番号', '予約日時']);
    await member.getByText('表示する項目').click();
    const saved = member.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/columns'));
    await member.getByRole('checkbox', { name: '予約日時' }).check();
    expect((await saved).status()).toBe(200);
    await expect.poll(headers).toEqual(['受付番号', '状態', '受付経路', '作成日時', '更新日時', 'お名前', 'フリガナ', '電話番号', '予約日時']);
    const row = member.getByRole('row').filter({ hasText: '窓口 一郎' });
    // The booking where the survey asks it: the venue and the time.
    expect(await row.locator('td').last().innerText()).toMatch(/中央保健センター .*10:00〜11:00/);

    expect(await linesOf(member, '.console-table--records tbody th')).toBe(1);
    const phoneColumn = (await headers()).indexOf('電話番号') + 1;
    expect(await linesOf(member, `.console-table--records tbody tr td:nth-child(${String(phoneColumn)})`)).toBe(1);
    expect(await member.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoA11yViolations(member, 'results list at 1024 px');
  });
});
