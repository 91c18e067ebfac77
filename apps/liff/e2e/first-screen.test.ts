// The first screen rendered by the server (issue 31): with JavaScript off, a phone still reads the
// login screen (its heading, its lead and its button), not the loading frame; with JavaScript on,
// the app hydrates that markup without a mismatch (React would report one as a page error, which
// fails the test: the harness watches every page) and the button, disabled until then, works.
import { describe, expect, it } from 'vitest';
import { logInAs, phoneContextOptions, TEST_USERS, textShows, useTestWorld } from './harness.js';

const world = useTestWorld();

describe('the first screen, from the server', () => {
  it('shows the login screen with JavaScript off', async () => {
    const page = await world.newPhonePage();
    const browser = page.context().browser();
    if (browser === null) throw new Error('no browser');
    const context = await browser.newContext({ ...phoneContextOptions(world.baseUrl), javaScriptEnabled: false });
    const noScript = await context.newPage();
    await noScript.goto('/login');
    expect(await noScript.getByRole('heading', { level: 1, name: 'ログイン' }).isVisible()).toBe(true);
    // Shown, and waiting for the app's code (a tap before it arrives would be lost).
    expect(await noScript.getByRole('button', { name: 'LINEでログイン' }).isVisible()).toBe(true);
    expect(await noScript.getByRole('button', { name: 'LINEでログイン' }).isDisabled()).toBe(true);
    expect(await noScript.getByText('読み込み中です').count()).toBe(0);
    await context.close();
  });

  it('hydrates it without a mismatch, and its button leads to LINE', async () => {
    const page = await world.newPhonePage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/hydrat|did not match|#41[89]|#42[35]/i.test(message.text())) warnings.push(message.text());
    });
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
});
