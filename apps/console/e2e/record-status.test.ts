// A record's status on its page at 1280x720 against the real server: a cancelled booking reopened
// (its slot taken again), refused once other bookings have filled the slot; and a change made on
// a page opened before someone else changed the record refused (409 record_changed) until reloaded.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bookCheckupByPhone, changeStatusThroughApi, expectNoA11yViolations, openDay, signIn, textShows, unitsLeft, useTestWorld } from './harness.js';

const world = useTestWorld();
const date = openDay(4);

/** Opens a health check-up record's page. */
async function openRecord(page: Page, record: { partitionKey: string; receiptNumber: string }): Promise<void> {
  await page.goto(`/console/surveys/health-checkup/records/${encodeURIComponent(record.partitionKey)}`);
  await page.getByRole('heading', { name: `受付番号 ${record.receiptNumber}` }).waitFor();
}

/** The status the record's page shows now. */
const shownStatus = (page: Page) => page.locator('#status-heading + p strong').innerText();

describe('a record’s status on its page', () => {
  it('reopens a cancelled booking, taking its slot again, and is refused once the slot has filled', async () => {
    const page = await world.newDesktopPage();
    await signIn(page, 'health-member', 'demo-health-member');
    const record = await bookCheckupByPhone(page, '再開 一郎', { date, slotId: '1' });
    await changeStatusThroughApi(page, record.partitionKey, 'キャンセル');
    const leftCancelled = await unitsLeft(page, date, '1');

    await openRecord(page, record);
    await expect.poll(() => shownStatus(page)).toBe('キャンセル');
    await textShows(page, 'キャンセル・取り消しの状態から「未対応」に戻し、予約枠を取り直します。');
    // The text names the status chosen, whichever open one it is.
    await page.getByLabel('変更後の状態').selectOption('処理中');
    await textShows(page, 'キャンセル・取り消しの状態から「処理中」に戻し、予約枠を取り直します。');
    expect(await page.getByText('「未対応」に戻し').count()).toBe(0);
    await page.getByLabel('変更後の状態').selectOption('未対応');
    await page.getByRole('button', { name: '受付を再開する' }).click();
    await textShows(page, '受付を再開しました。');
    await expect.poll(() => shownStatus(page)).toBe('未対応');
    expect(await unitsLeft(page, date, '1')).toBe(leftCancelled - 1);
    await expectNoA11yViolations(page, 'record reopened');

    // Cancelled again, then other bookings take every unit of the slot: reopening is refused.
    await changeStatusThroughApi(page, record.partitionKey, 'キャンセル');
    const left = await unitsLeft(page, date, '1');
    for (let booked = 0; booked < left; booked++) await bookCheckupByPhone(page, `満員 ${String(booked + 1)}`, { date, slotId: '1' });
    await openRecord(page, record);
    await expect.poll(() => shownStatus(page)).toBe('キャンセル');
    await page.getByLabel('変更後の状態').selectOption('未対応');
    await page.getByRole('button', { name: '受付を再開する' }).click();
    await textShows(page, '予約していた枠がすでに埋まっているため、再開できません。');
    expect(await shownStatus(page)).toBe('キャンセル');
    expect(await unitsLeft(page, date, '1')).toBe(0);
    await expectNoA11yViolations(page, 'reopen refused');
  });

  it('refuses a change on a record changed since the page opened, and takes it after reloading', async () => {
    const page = await world.newDesktopPage();
    await signIn(page, 'health-member', 'demo-health-member');
    const record = await bookCheckupByPhone(page, '変更 花子', { date, slotId: '2' });
    await openRecord(page, record);
    await expect.poll(() => shownStatus(page)).toBe('未対応');

    // Someone else changes it meanwhile; this page still shows the version it opened.
    await changeStatusThroughApi(page, record.partitionKey, '処理中');
    await page.getByLabel('変更後の状態').selectOption('完了');
    await page.getByRole('button', { name: '状態を変更する' }).click();
    await textShows(page, 'この回答は他の職員または市民によって変更されています。最新の内容を読み込んでから、もう一度操作してください。');
    expect(await shownStatus(page)).toBe('未対応');
    await expectNoA11yViolations(page, 'record changed meanwhile');

    await page.getByRole('button', { name: '最新の内容を読み込む' }).click();
    await expect.poll(() => shownStatus(page)).toBe('処理中');
    expect(await page.getByText(/他の職員または市民によって変更されています/).count()).toBe(0);
    await page.getByLabel('変更後の状態').selectOption('完了');
    await page.getByRole('button', { name: '状態を変更する' }).click();
    await textShows(page, '状態を「完了」に変更しました。');
    await expect.poll(() => shownStatus(page)).toBe('完了');
  });
});
