import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { LINE_STAND_IN_PATH } from '@city/api-client';
import { DEV_CHANNEL } from '@city/line-stand-in';
import { expectNoSeriousA11yViolations, logInAs, TEST_USERS, useTestWorld } from './harness.js';

const world = useTestWorld();
let page: Page;

beforeEach(async () => {
  page = await world.newPhonePage();
});

describe('web login through the LINE stand-in', () => {
  it('sends the citizen to LINE with the spec query and brings them back signed in', async () => {
    await page.goto('/login');
    await expect.poll(() => page.getByRole('heading', { name: 'ログイン' }).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'login');

    await page.getByRole('button', { name: 'LINEでログイン' }).click();
    await page.waitForURL((url) => url.pathname === `${LINE_STAND_IN_PATH}/oauth2/v2.1/authorize`);
    const authorize = new URL(page.url());
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: DEV_CHANNEL.channelId,
      redirect_uri: `${world.baseUrl}/login`,
      scope: 'profile openid',
      disable_ios_auto_login: 'true',
    });
    const state = Number(authorize.searchParams.get('state'));
    expect(Number.isInteger(state) && state >= 0 && state < 100_000).toBe(true);

    await page.getByRole('link', { name: TEST_USERS.yamada.displayName }).click();
    await page.waitForURL(`${world.baseUrl}/confirmSearchForm`);
    await expect.poll(() => page.getByRole('heading', { name: 'アンケート・申込みの確認' }).isVisible()).toBe(true);
    const stored = await page.evaluate(() => ({
      idToken: sessionStorage.getItem('liffIdToken'),
      accessToken: sessionStorage.getItem('liffAccessToken'),
      refreshToken: sessionStorage.getItem('liffRefreshToken'),
      profile: JSON.parse(sessionStorage.getItem('liffProfile') ?? 'null') as unknown,
      state: sessionStorage.getItem('lineOauthStateKey'),
    }));
    expect(stored.idToken?.split('.')).toHaveLength(3);
    expect(stored.accessToken).toBeTruthy();
    expect(stored.refreshToken).toBeTruthy();
    expect(stored.profile).toMatchObject({ userId: TEST_USERS.yamada.userId, displayName: TEST_USERS.yamada.displayName });
    expect(stored.state).toBeNull();
  });

  it('refuses a return whose state does not match, offers to try again, and does not redirect by itself', async () => {
    await page.goto('/login');
    await page.evaluate(() => {
      sessionStorage.setItem('lineOauthStateKey', '12345');
    });
    await page.goto('/login?code=made-up&state=54321');
    await expect.poll(() => page.getByText('ログインの確認ができませんでした').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => sessionStorage.getItem('liffIdToken'))).toBeNull();
    await expectNoSeriousA11yViolations(page, 'login state mismatch');

    // The way to try again is a real login.
    await page.getByRole('button', { name: 'もう一度ログインする' }).click();
    await page.getByRole('link', { name: TEST_USERS.sato.displayName }).click();
    await page.waitForURL(`${world.baseUrl}/confirmSearchForm`);
  });
});

describe('/login/survey/{id}', () => {
  it('redirects to the survey', async () => {
    await logInAs(page, TEST_USERS.yamada);
    await page.goto('/login/survey/event-application');
    await page.waitForURL(`${world.baseUrl}/survey/event-application`);
    await expect.poll(() => page.getByRole('heading', { name: '市民講座 受講申込' }).isVisible()).toBe(true);
  });
});

describe('the not-found screen', () => {
  it('answers any unknown path', async () => {
    await logInAs(page, TEST_USERS.yamada);
    // (/completedPayment/{id} is served since issue 13, the member screens since issue 14.)
    for (const path of ['/no-such-page', '/calendar/a/b', '/member-card/library-card']) {
      await page.goto(path);
      await expect.poll(() => page.getByRole('heading', { name: 'ページが見つかりません' }).isVisible()).toBe(true);
    }
    await expectNoSeriousA11yViolations(page, 'not found');
  });
});
