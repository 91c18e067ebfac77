// Drafts (issue 28): a citizen types part of a long form inside LINE, the mini-app is closed, and
// the form opened again (in LINE, then in a phone browser) has what they typed, files included,
// with 「前回の入力内容を復元しました」 and a way to start over.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fieldOf, logInAs, ONE_PIXEL_PNG, openInLine, TEST_USERS, textShows, useTestWorld } from './harness.js';

const world = useTestWorld();
const SURVEY_PATH = '/survey/citizen-questionnaire';
const OPINION = '公園のベンチを増やしてください。続きはあとで書きます。';

/** A new webview inside LINE (the LIFF mock) signed in as 山田, on the questionnaire. */
async function yamadaInLine(): Promise<Page> {
  const page = await world.newPhonePage();
  await openInLine(page, TEST_USERS.yamada, SURVEY_PATH);
  return page;
}

async function expectRestored(page: Page) {
  await textShows(page, '前回の入力内容を復元しました');
  await expect.poll(() => fieldOf(page, 'お名前').inputValue()).toBe('山田 太郎');
  expect(await fieldOf(page, 'お住まいの地区').inputValue()).toBe('中央区');
  expect(await page.getByRole('checkbox', { name: '図書館' }).isChecked()).toBe(true);
  expect(await fieldOf(page, 'ご意見・ご要望').inputValue()).toBe(OPINION);
  await textShows(page, 'park.png');
}

describe('a draft of a survey form', () => {
  it('is saved while the citizen types in LINE and restored after the mini-app is closed, in LINE and in a browser; discarding starts over', async () => {
    const first = await yamadaInLine();
    await fieldOf(first, 'お名前').fill('山田 太郎');
    await fieldOf(first, 'お住まいの地区').selectOption('中央区');
    await first.getByRole('checkbox', { name: '図書館' }).check();
    await first.locator('input[type=file]').setInputFiles({ name: 'park.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await textShows(first, 'park.png');
    // Saved once the citizen pauses (a second and a half after the last keystroke): the save after
    // the last field has everything.
    await fieldOf(first, 'ご意見・ご要望').fill(OPINION);
    const saved = await first.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/drafts'));
    expect(saved.status()).toBe(200);
    await first.close();

    // Inside LINE again, in a new webview.
    const again = await yamadaInLine();
    await expectRestored(again);
    await again.close();

    // In a phone browser, signed in with LINE Login.
    const browser = await world.newPhonePage();
    await logInAs(browser, TEST_USERS.yamada);
    await browser.goto(SURVEY_PATH);
    await expectRestored(browser);

    await browser.getByRole('button', { name: '入力内容を消して最初から入力する' }).click();
    await expect.poll(() => fieldOf(browser, 'お名前').inputValue()).toBe('');
    expect(await browser.getByText('前回の入力内容を復元しました').count()).toBe(0);
    // Gone on the server too: the form opens blank.
    await browser.reload();
    await textShows(browser, '市民アンケート');
    await fieldOf(browser, 'お名前').waitFor();
    expect(await fieldOf(browser, 'お名前').inputValue()).toBe('');
    expect(await browser.getByText('前回の入力内容を復元しました').count()).toBe(0);
    expect(world.troubleOf(browser).pageErrors).toEqual([]);
  });
});
