// The first screen rendered by the server (issue 31): with JavaScript off, a phone still reads the
// login screen (its heading, its lead and its button), a survey's form (its title and questions)
// a calendar's week (its place and slots), and the frame of the confirm screen and of a receipt,
// not the loading frame; with JavaScript on, the app hydrates that markup without a
// mismatch (React would report one as a page error, which fails the test: the harness watches
// every page, and these tests watch the console too) and the screen works.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInAs, phoneContextOptions, TEST_USERS, textShows, useTestWorld } from './harness.js';

const world = useTestWorld();

/** A page with JavaScript off, as a phone's browser set so. */
async function pageWithoutScript(): Promise<Page> {
  const page = await world.newPhonePage();
  const browser = page.context().browser();
  if (browser === null) throw new Error('no browser');
  const context = await browser.newContext({ ...phoneContextOptions(world.baseUrl), javaScriptEnabled: false });
  return context.newPage();
}

/** What React says in the console about hydration (a mismatch, a recoverable error). */
function hydrationWarningsOf(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/hydrat|did not match|#41[89]|#42[35]/i.test(message.text())) warnings.push(message.text());
  });
  return warnings;
}

describe('the first screen, from the server', () => {
  it('shows the login screen with JavaScript off', async () => {
    const noScript = await pageWithoutScript();
    await noScript.goto('/login');
    expect(await noScript.getByRole('heading', { level: 1, name: 'ログイン' }).isVisible()).toBe(true);
    // Shown, and waiting for the app's code (a tap before it arrives would be lost).
    expect(await noScript.getByRole('button', { name: 'LINEでログイン' }).isVisible()).toBe(true);
    expect(await noScript.getByRole('button', { name: 'LINEでログイン' }).isDisabled()).toBe(true);
    expect(await noScript.getByText('読み込み中です').count()).toBe(0);
    await noScript.context().close();
  });

  it("shows a survey form's title and questions with JavaScript off", async () => {
    const noScript = await pageWithoutScript();
    await noScript.goto('/survey/citizen-questionnaire');
    expect(await noScript.getByRole('heading', { level: 1, name: '市民アンケート' }).isVisible()).toBe(true);
    expect(await noScript.getByLabel(/^お名前/).isVisible()).toBe(true);
    expect(await noScript.getByRole('radio', { name: 'やや満足' }).isVisible()).toBe(true);
    expect(await noScript.getByRole('button', { name: '確認する' }).isVisible()).toBe(true);
    expect(await noScript.getByText('読み込み中です').count()).toBe(0);
    await noScript.context().close();
  });

  it("shows a calendar's week, its place and slots, with JavaScript off", async () => {
    const noScript = await pageWithoutScript();
    await noScript.goto('/calendar/cal-checkup-central');
    expect(await noScript.getByRole('heading', { level: 1, name: '予約日時の選択' }).isVisible()).toBe(true);
    expect(await noScript.getByRole('heading', { level: 2, name: '健康診断 特定健診 中央保健センター' }).isVisible()).toBe(true);
    const week = noScript.getByRole('table');
    expect(await week.isVisible()).toBe(true);
    // Seven days of slots: the demo's 09:00 slot, on each day that has one.
    expect(await week.getByRole('columnheader').count()).toBeGreaterThanOrEqual(7);
    expect(await week.getByText('09:00').count()).toBeGreaterThan(0);
    expect(await noScript.getByText('空き状況のご案内です', { exact: false }).isVisible()).toBe(true);
    expect(await noScript.getByText('読み込み中です').count()).toBe(0);
    await noScript.context().close();
  });

  it("hydrates a calendar's week for a signed-in citizen, and its next week comes", async () => {
    const page = await world.newPhonePage();
    await logInAs(page, TEST_USERS.yamada);
    const warnings = hydrationWarningsOf(page);
    await page.goto('/calendar/cal-checkup-central');
    const caption = await page.locator('caption').textContent();
    await page.getByRole('button', { name: '次の週' }).click();
    await page.waitForFunction((before) => document.querySelector('caption')?.textContent !== before, caption);
    // Asked for once the app is live: the next week's slots arrive.
    await page.getByRole('table').getByText('09:00').first().waitFor();
    expect(warnings).toEqual([]);
  });

  it('shows the confirm screen, a receipt and any other screen as a page load has them, with JavaScript off', async () => {
    const noScript = await pageWithoutScript();
    // The answers live in the tab's memory: a page load has none to confirm, and says where to go.
    await noScript.goto('/confirm/citizen-questionnaire');
    expect(await noScript.getByRole('heading', { level: 1, name: '入力内容の確認' }).isVisible()).toBe(true);
    expect(await noScript.getByRole('link', { name: 'アンケートに戻る' }).getAttribute('href')).toBe('/survey/citizen-questionnaire');
    // An order is the citizen's: its receipt's heading, the order to come once they are known.
    await noScript.goto('/receipt?order=0123456789abcdef0123456789abcdef');
    expect(await noScript.getByRole('heading', { level: 1, name: '受付内容' }).isVisible()).toBe(true);
    // Every screen's frame: the citizen's answers, say, under their heading once the app has asked.
    await noScript.goto('/confirmList/citizen-questionnaire');
    expect(await noScript.getByRole('heading', { level: 1 }).textContent()).toBe('送信した内容');
    expect(await noScript.getByText('読み込み中です').count()).toBe(0);
    await noScript.context().close();
  });

  it("hydrates a receipt's frame, then fills in the citizen's order", async () => {
    const page = await world.newPhonePage();
    await logInAs(page, TEST_USERS.yamada);
    const warnings = hydrationWarningsOf(page);
    await page.goto('/receipt?order=0123456789abcdef0123456789abcdef');
    // None of his: said once the server answered (a page error would fail the test).
    await textShows(page, 'お支払いの情報が見つかりません');
    expect(warnings).toEqual([]);
  });

  it('hydrates it without a mismatch, and its button leads to LINE', async () => {
    const page = await world.newPhonePage();
    const warnings = hydrationWarningsOf(page);
    await page.goto('/login');
    await textShows(page, 'LINEでログイン');
    await page.getByRole('button', { name: 'LINEでログイン' }).click();
    await page.waitForURL(/\/__dev\/line\//);
    expect(warnings).toEqual([]);
  });

  it('hydrates it for a citizen signed in already, then says so', async () => {
    const page = await world.newPhonePage();
    await logInAs(page, TEST_USERS.yamada);
    await page.goto('/login');
    // The server rendered the signed-out screen; hydrated as that, the app then takes the session
    // (a mismatch would be a page error, which fails the test).
    await textShows(page, `${TEST_USERS.yamada.displayName} さんとしてログインしています。`);
    expect(await page.getByRole('link', { name: 'アンケート一覧へ' }).isVisible()).toBe(true);
  });

  it("hydrates a signed-in citizen's survey form without asking for its configuration again, and the form works", async () => {
    const page = await world.newPhonePage();
    await logInAs(page, TEST_USERS.yamada);
    const warnings = hydrationWarningsOf(page);
    const configAsked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/survey-configs/getItem')) configAsked.push(request.url());
    });
    await page.goto('/survey/citizen-questionnaire');
    // Typed once the app is live: an answer is kept, and 確認する checks the form in the app.
    await page.getByLabel(/^お名前/).fill('山田 太郎');
    await page.getByRole('button', { name: '確認する' }).click();
    await textShows(page, /入力内容を確認してください（\d+件）/);
    expect(await page.getByLabel(/^お名前/).inputValue()).toBe('山田 太郎');
    expect(new URL(page.url()).pathname).toBe('/survey/citizen-questionnaire');
    expect(configAsked).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('shows a survey form to a citizen not signed in, then asks them to log in', async () => {
    const page = await world.newPhonePage();
    const warnings = hydrationWarningsOf(page);
    // The form is what the server sent; the app takes it away once it knows nobody is signed in,
    // which on a busy machine can be before the page's load event, so the heading is read from
    // the served page rather than from the screen at some moment.
    const response = await page.goto('/survey/citizen-questionnaire');
    expect(await response?.text()).toMatch(/<h1[^>]*>市民アンケート<\/h1>/);
    await textShows(page, 'ログインしてください');
    await page.waitForURL(/\/login$/, { timeout: 15_000 });
    expect(warnings).toEqual([]);
  });
});
