import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, logInAs, signWebIdToken, TEST_USERS, useTestWorld } from './harness.js';

const world = useTestWorld();
let page: Page;

beforeEach(async () => {
  page = await world.newPhonePage();
});

/** The countdown text of the yellow notice, as the citizen sees it at each tick. */
const countdown = () => page.locator('.city-notice__countdown').textContent({ timeout: 1000 }).catch(() => null);

describe('session expiry', () => {
  it('counts down 5 seconds, says it is moving to login, clears the session, and returns to the same page after login', async () => {
    await logInAs(page, TEST_USERS.yamada);
    // The ID token runs out while the citizen is away.
    const expired = await signWebIdToken(TEST_USERS.yamada, -60);
    await page.evaluate((token) => {
      sessionStorage.setItem('liffIdToken', token);
    }, expired);
    await page.goto('/confirmList/event-application');

    await expect.poll(() => page.getByText('セッションの有効期限が切れました', { exact: true }).isVisible()).toBe(true);
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          const text = await countdown();
          if (text !== null) seen.add(text);
          return page.getByText('ログイン画面へ移動します。', { exact: true }).isVisible();
        },
        { interval: 200, timeout: 10_000 },
      )
      .toBe(true);
    // It ticked once a second, from 5 down.
    expect([...seen]).toEqual(expect.arrayContaining(['5秒後にログイン画面へ移動します。', '3秒後にログイン画面へ移動します。', '1秒後にログイン画面へ移動します。']));
    await page.waitForURL(`${world.baseUrl}/login`);
    expect(await page.evaluate(() => sessionStorage.getItem('liffIdToken'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('loginReturnPath'))).toBe('/confirmList/event-application');

    await page.getByRole('button', { name: 'LINEでログイン' }).click();
    await page.getByRole('link', { name: TEST_USERS.yamada.displayName }).click();
    await page.waitForURL(`${world.baseUrl}/confirmList/event-application`);
    await expect.poll(() => page.getByRole('heading', { name: '市民講座 受講申込' }).isVisible()).toBe(true);
  });

  it('asks a citizen who is not logged in to log in, and brings them to the page they opened', async () => {
    await page.goto('/survey/citizen-questionnaire');
    await expect.poll(() => page.getByText('ログインしてください', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => countdown()).toBe('5秒後にログイン画面へ移動します。');
    await expectNoSeriousA11yViolations(page, 'not logged in notice');
    await page.waitForURL(`${world.baseUrl}/login`, { timeout: 10_000 });
    await page.getByRole('button', { name: 'LINEでログイン' }).click();
    await page.getByRole('link', { name: TEST_USERS.sato.displayName }).click();
    await page.waitForURL(`${world.baseUrl}/survey/citizen-questionnaire`);
    await expect.poll(() => page.getByLabel(/^お名前/).isVisible()).toBe(true);
  });
});

describe('inside LINE (LIFF)', () => {
  it('signs in with the LIFF SDK (played by @line/liff-mock with a stand-in token) and honours the liff.state deep link', async () => {
    await page.goto('/login');
    await page.evaluate((userId) => {
      localStorage.setItem('city.liffMockUser', userId);
    }, TEST_USERS.sato.userId);
    await page.goto(`/?liff.state=${encodeURIComponent('/survey/citizen-questionnaire')}`);
    await page.waitForURL(`${world.baseUrl}/survey/citizen-questionnaire`);
    // The server verified the ES256 LIFF token: the survey loaded.
    await expect.poll(() => page.getByLabel(/^お名前/).isVisible()).toBe(true);
    const profile = await page.evaluate(() => JSON.parse(sessionStorage.getItem('liffProfile') ?? 'null') as unknown);
    expect(profile).toMatchObject({ userId: TEST_USERS.sato.userId });
  });
});
