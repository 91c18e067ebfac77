import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, logInAs, TEST_USERS, useTestWorld } from './harness.js';

const world = useTestWorld();
let page: Page;

beforeAll(async () => {
  page = await world.newPhonePage();
  await logInAs(page, TEST_USERS.sato);
});

async function applyForCourse(ticket: string, course: string): Promise<void> {
  await page.getByLabel(/^受講券番号/).fill(ticket);
  await page.getByLabel('生年月日の年').selectOption('1990');
  await page.getByLabel('生年月日の月').selectOption('2');
  await page.getByLabel('生年月日の日').selectOption('3');
  await page.getByRole('radio', { name: course }).check();
  await page.getByRole('button', { name: '確認する' }).click();
  await page.waitForURL(/\/confirm\/event-application$/);
  await page.getByRole('button', { name: '送信する' }).click();
  await page.waitForURL(/\/receipt$/);
}

describe('an append-mode survey (市民講座 受講申込)', () => {
  it('keeps every answer as its own record: answered twice, the list shows two', async () => {
    await page.goto('/survey/event-application');
    await applyForCourse('200001', 'スマホ教室');
    // Sent and complete: the same page does not offer the form again by accident.
    await page.goto('/confirmList/event-application');
    await page.getByRole('link', { name: '新しく回答する' }).click();
    await applyForCourse('200002', '料理教室');

    await page.goto('/confirmList/event-application');
    const records = page.getByRole('article');
    await expect.poll(() => records.count()).toBe(2);
    // Newest first.
    expect(await records.nth(0).textContent()).toContain('200002');
    expect(await records.nth(1).textContent()).toContain('200001');
  });

  it('removes the reservation-complete flag when the page becomes hidden', async () => {
    await page.goto('/survey/event-application');
    await applyForCourse('200003', '健康体操');
    expect(await page.evaluate(() => sessionStorage.getItem('reservationComplite'))).toBe('event-application');
    // While the flag stands, the form (browser back from the receipt) says the answer was sent
    // instead of offering itself again.
    await page.goBack();
    await page.waitForURL(/\/survey\/event-application$/);
    await expect.poll(() => page.getByText('この回答は送信済みです。').isVisible()).toBe(true);

    // The citizen switches to another app: the page is hidden.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await page.evaluate(() => sessionStorage.getItem('reservationComplite'))).toBeNull();
    await expect.poll(() => page.getByLabel(/^受講券番号/).isVisible()).toBe(true);
  });
});

describe('browser back from the survey page', () => {
  it('is blocked towards the survey confirmation list, with the spec warning', async () => {
    await page.goto('/confirmList/event-application');
    await expect.poll(() => page.getByRole('article').count()).toBe(3);
    await page.getByRole('link', { name: '新しく回答する' }).click();
    await page.waitForURL(/\/survey\/event-application$/);
    await expect.poll(() => page.getByLabel(/^受講券番号/).isVisible()).toBe(true);

    await page.goBack();
    // The warning shows first; react-router then puts the address back with history.go, which
    // the browser does asynchronously, so the address is waited for rather than read once.
    await expect.poll(() => page.getByText('前の画面に戻ると、手続きが正常に終了しない場合があります。').isVisible()).toBe(true);
    expect(await page.getByText('一度ブラウザを閉じてください').isVisible()).toBe(true);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/survey/event-application');
    await expectNoSeriousA11yViolations(page, 'blocked back navigation');
    await page.getByRole('button', { name: '閉じる' }).click();
    await expect.poll(() => page.getByText('前の画面に戻ると').count()).toBe(0);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/survey/event-application');
  });

  it('is blocked towards the survey confirm screen (browser forward after 戻る)', async () => {
    await page.getByLabel(/^受講券番号/).fill('200009');
    await page.getByLabel('生年月日の年').selectOption('1990');
    await page.getByLabel('生年月日の月').selectOption('2');
    await page.getByLabel('生年月日の日').selectOption('3');
    await page.getByRole('radio', { name: 'スマホ教室' }).check();
    await page.getByRole('button', { name: '確認する' }).click();
    await page.waitForURL(/\/confirm\/event-application$/);
    await page.getByRole('button', { name: '戻る' }).click();
    await page.waitForURL(/\/survey\/event-application$/);
    // The answers are still there after 戻る.
    expect(await page.getByLabel(/^受講券番号/).inputValue()).toBe('200009');

    await page.goForward();
    await expect.poll(() => page.getByText('前の画面に戻ると、手続きが正常に終了しない場合があります。').isVisible()).toBe(true);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/survey/event-application');
  });
});
