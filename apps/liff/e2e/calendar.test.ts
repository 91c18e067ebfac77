import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { japaneseWeekday } from '@city/survey-core';
import { formatSlotDate } from '@city/ui';
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SlotId } from './demo-calendar.js';
import { busyDate, quietDate, slotCell, today } from './demo-calendar.js';
import { bookAndPayAs, expectNoSeriousA11yViolations, logInAs, TEST_USERS, textShows, useTestWorld } from './harness.js';

// The demo health check-up (apps/server's demo seed, @city/demo-data): three venues under 特定健診,
// slots 1–4 (09:00, 10:00, 13:00, 14:00) of 5 from today to today+27 but Sundays, booking closing
// the day before; in 中央保健センター, on the first non-Sunday at least 3 days ahead, slot 2 has 1
// unit left and slot 3 is full. The check-up has a fee (特定健診 受診料 ¥1,500): a booking is held
// and paid on the sandbox provider's page, and booked once paid. One citizen (山田) books, loses a
// slot, changes and cancels; another (佐藤) books and pays through the API in between. The steps
// share one page and one fresh database, in order.
const world = useTestWorld();
let page: Page;

/** A slot's cell on the week, by what a screen reader reads. */
const cell = (date: string, slotId: SlotId, meaning: string) => slotCell(page, date, slotId, meaning);

const field = (title: string) => page.getByLabel(new RegExp(`^${title}`));
/** Waits until the text shows on this test's page. */
const visible = (text: string | RegExp) => textShows(page, text);

/** Chooses the required fee on the form (once: its maximum is 1). */
async function chooseFee() {
  await page.getByRole('button', { name: '特定健診 受診料を1つ増やす' }).click();
  await expect.poll(() => page.getByLabel('特定健診 受診料の数量').innerText()).toBe('1');
}

/** From the confirm screen: お支払いへ進む, 支払う on the sandbox's page, back on the app's result screen. */
async function payAtSandbox() {
  await page.getByRole('button', { name: 'お支払いへ進む' }).click();
  await page.waitForURL(/\/__dev\/payments\/sandbox\/checkout\//);
  await page.getByRole('button', { name: '支払う', exact: true }).click();
  await page.waitForURL(/\/completedPayment\/[^/]+$/);
  await visible('お支払いが完了しました');
}

/** Changes a demo calendar's rules in the server's database (what staff would do): no call does it. */
function setChangeDeadlineDays(calendarId: string, days: number) {
  const serverDir = fileURLToPath(new URL('../../server/', import.meta.url));
  const Database = createRequire(join(serverDir, 'package.json'))('better-sqlite3') as new (path: string) => {
    prepare: (sql: string) => { run: (...values: unknown[]) => unknown };
    close: () => void;
  };
  const db = new Database(world.databasePath);
  try {
    db.prepare("UPDATE calendars SET change_closes_unit = 'days', change_closes_amount = ? WHERE calendar_id = ?").run(days, calendarId);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  page = await world.newPhonePage();
  await logInAs(page, TEST_USERS.yamada);
});

describe('booking a health check-up', () => {
  it('books a slot from the demo survey: venue, week, slot, every answer kept, confirm, receipt, list, details', async () => {
    await page.goto('/survey/health-checkup');
    await visible('健康診断のご予約');
    await field('お名前').fill('山田 太郎');
    await field('電話番号').fill('090-1234-5678');
    await page.getByRole('button', { name: '予約枠を選ぶ' }).click();

    // The item books in 特定健診: the citizen picks the venue (the 小分類) below it.
    await page.waitForURL(/\/calendar$/);
    await visible('会場を選んでください');
    await expectNoSeriousA11yViolations(page, 'category picker');
    await page.getByRole('button', { name: '中央保健センター' }).click();

    await page.waitForURL(/\/calendar\/cal-checkup-central$/);
    await expect.poll(() => page.getByRole('heading', { name: '中央保健センター' }).isVisible()).toBe(true);
    // The week starts today, whose slots are past the booking deadline (the day before).
    if (japaneseWeekday(today) !== '日') await expect.poll(() => cell(today, '1', '受付期間外').isDisabled()).toBe(true);
    await expect.poll(() => cell(busyDate, '2', '残りわずか（残り1）').isEnabled()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'week of slots');
    await cell(quietDate, '1', '空きあり（残り5）').click();

    await page.waitForURL(/\/survey\/health-checkup$/);
    await expect.poll(() => field('お名前').inputValue()).toBe('山田 太郎');
    await expect.poll(() => field('電話番号').inputValue()).toBe('090-1234-5678');
    await visible(`選択中の予約枠: ${formatSlotDate(quietDate)}09:00〜10:00 中央保健センター`);
    await chooseFee();
    await page.getByRole('button', { name: '確認する' }).click();

    await page.waitForURL(/\/confirm\/health-checkup$/);
    await visible(`${formatSlotDate(quietDate)}09:00〜10:00 中央保健センター`);
    const summary = page.locator('.city-booking').first();
    await expect.poll(() => summary.innerText()).toMatch(new RegExp(`予約内容\\s+特定健診\\s+日時\\s+${formatSlotDate(quietDate).replace(/[()（）]/g, '.')}09:00〜10:00\\s+場所\\s+中央保健センター`));
    await expectNoSeriousA11yViolations(page, 'confirm with a booking');
    await payAtSandbox();
    // The result screen and the receipt show the booking the order paid for.
    await expect.poll(() => page.locator('.city-booking').first().innerText()).toContain(`${formatSlotDate(quietDate)}09:00〜10:00`);
    await page.getByRole('link', { name: '領収書を見る' }).click();
    await page.waitForURL(/\/receipt\?order=/);
    await visible('受付内容');
    await expect.poll(() => page.locator('.city-booking').first().innerText()).toContain('中央保健センター');
    // Reloaded: the server draws the receipt's frame, and the app fills in the order again. The
    // order, and its survey's records, asked for by the early script beside the app's code, are
    // each asked for once: the app takes those answers.
    const asked: string[] = [];
    const listen = (request: Request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('/payments/order') || pathname.endsWith('/survey-results/query')) asked.push(pathname.split('/').pop() ?? '');
    };
    page.on('request', listen);
    await page.reload();
    await expect.poll(() => page.locator('.city-booking').first().innerText()).toContain('中央保健センター');
    await page.waitForLoadState('networkidle');
    page.off('request', listen);
    expect(asked.sort()).toEqual(['order', 'query']);
    await page.getByRole('link', { name: '送信した内容を確認する' }).click();

    await page.waitForURL(/\/confirmList\/health-checkup$/);
    const record = page.getByRole('article').first();
    await expect.poll(() => record.innerText()).toContain(`${formatSlotDate(quietDate)}09:00〜10:00`);
    await record.getByRole('button', { name: '詳しく見る' }).click();
    await page.waitForURL(/\/confirmDetails$/);
    await expect.poll(() => page.getByRole('button', { name: '予約日時を変更する' }).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'details with a booking');
  });

  it('counts the booking: the slot shows one unit fewer, and a full slot cannot be picked', async () => {
    await page.goto('/confirmList/health-checkup');
    await page.getByRole('link', { name: '新しく回答する' }).click();
    await page.waitForURL(/\/survey\/health-checkup$/);
    await field('お名前').fill('山田 次郎');
    await field('電話番号').fill('090-1234-5678');
    await page.getByRole('button', { name: '予約枠を選ぶ' }).click();
    await page.getByRole('button', { name: '中央保健センター' }).click();
    await page.waitForURL(/\/calendar\/cal-checkup-central$/);

    await expect.poll(() => cell(quietDate, '1', '空きあり（残り4）').count()).toBe(1);
    // The demo's central venue takes a waitlist: a full slot offers キャンセル待ち, never a booking.
    const full = cell(busyDate, '3', '満員（キャンセル待ちできます）');
    await expect.poll(() => full.count()).toBe(1);
    await full.click();
    const waitlist = page.getByRole('dialog', { name: 'キャンセル待ちに登録' });
    await expect.poll(() => waitlist.isVisible()).toBe(true);
    await waitlist.getByRole('button', { name: 'やめる' }).click();
    // Nothing else happened: still on the calendar, nothing chosen.
    expect(new URL(page.url()).pathname).toBe('/calendar/cal-checkup-central');
    expect(await page.locator('.city-week__slot--chosen').count()).toBe(0);
  });

  it('losing the last unit to another citizen between viewing and confirming: the message, fresh counts, answers kept', async () => {
    await cell(busyDate, '2', '残りわずか（残り1）').click();
    await page.waitForURL(/\/survey\/health-checkup$/);
    await chooseFee();
    await page.getByRole('button', { name: '確認する' }).click();
    await page.waitForURL(/\/confirm\/health-checkup$/);
    await visible(`${formatSlotDate(busyDate)}10:00〜11:00 中央保健センター`);

    // 佐藤 takes (holds and pays for) the last unit while 山田 reads the confirm screen.
    const taken = await bookAndPayAs(world.baseUrl, TEST_USERS.sato, { date: busyDate, slotId: '2' });
    expect(taken.code).toBe('OK');
    // The hold is refused before any payment page: 山田 stays in the app.
    await page.getByRole('button', { name: 'お支払いへ進む' }).click();

    await page.waitForURL(/\/calendar\/cal-checkup-central$/);
    await visible('選択された日時は、ほかの方の予約で満員になりました。別の日時をお選びください。');
    await expect.poll(() => cell(busyDate, '2', '満員（キャンセル待ちできます）').count()).toBe(1);
    await expectNoSeriousA11yViolations(page, 'slot lost');
    await cell(busyDate, '4', '空きあり（残り5）').click();
    await page.waitForURL(/\/survey\/health-checkup$/);
    await expect.poll(() => field('お名前').inputValue()).toBe('山田 次郎');
    await visible(`選択中の予約枠: ${formatSlotDate(busyDate)}14:00〜15:00 中央保健センター`);
    await page.getByRole('button', { name: '確認する' }).click();
    await page.waitForURL(/\/confirm\/health-checkup$/);
    await payAtSandbox();
    await expect.poll(() => page.locator('.city-booking').first().innerText()).toContain(`${formatSlotDate(busyDate)}14:00〜15:00`);
  });

  it('changes a paid booking to another slot before the deadline, through the calendar, without paying again; the old slot is freed', async () => {
    await page.goto('/confirmList/health-checkup');
    const first = page.getByRole('article').filter({ hasText: `${formatSlotDate(quietDate)}09:00〜10:00` });
    await expect.poll(() => first.count()).toBe(1);
    await first.getByRole('button', { name: '詳しく見る' }).click();
    await page.getByRole('button', { name: '予約日時を変更する' }).click();

    await page.waitForURL(/\/calendar\/cal-checkup-central$/);
    // The booked slot is shown chosen; it still counts against the slot until the change is sent.
    await expect.poll(() => page.locator('.city-week__slot--chosen').count()).toBe(1);
    await cell(quietDate, '3', '空きあり（残り5）').click();
    await page.waitForURL(/\/survey\/health-checkup$/);
    await visible('送信済みの内容を変更しています');
    await visible(`選択中の予約枠: ${formatSlotDate(quietDate)}13:00〜14:00 中央保健センター`);
    await page.getByRole('button', { name: '確認する' }).click();
    // A change that keeps its paid order has nothing more to pay.
    await page.getByRole('button', { name: '送信する' }).click();
    await page.waitForURL(/\/receipt$/);

    await page.goto('/confirmList/health-checkup');
    await expect.poll(() => page.getByRole('article').count()).toBe(2);
    // The cards' booking summaries load after the records: wait for the new slot's time, which
    // only the changed record has; once it shows, the list is the fresh one and the old time is gone.
    const main = page.locator('main');
    await expect.poll(() => main.innerText()).toContain(`${formatSlotDate(quietDate)}13:00〜14:00`);
    expect(await main.innerText()).not.toContain(`${formatSlotDate(quietDate)}09:00〜10:00`);
    // The payment went with the change: the changed booking is still paid for, once.
    const changed = page.getByRole('article').filter({ hasText: `${formatSlotDate(quietDate)}13:00〜14:00` });
    await expect.poll(() => changed.innerText()).toContain('支払い済み');
  });

  it('cancels a booking before the deadline, which frees its slot', async () => {
    // The first booking, changed to 13:00.
    await page.goto('/confirmList/health-checkup');
    const changed = page.getByRole('article').filter({ hasText: formatSlotDate(quietDate) });
    await expect.poll(() => changed.count()).toBe(1);
    await changed.getByRole('button', { name: '詳しく見る' }).click();
    await page.waitForURL(/\/confirmDetails$/);
    await page.getByRole('button', { name: 'キャンセルする' }).click();
    await page.waitForURL(/\/cancelConfirm\/health-checkup$/);
    await visible(formatSlotDate(quietDate));
    await page.getByRole('button', { name: 'キャンセルする' }).click();
    await page.waitForURL(/\/confirmList\/health-checkup$/);
    await visible('キャンセルしました。');
    // The record stays in the list, its booking marked as no longer held.
    await expect.poll(() => changed.innerText()).toContain('この予約はキャンセルされました。');
    // Its payment was refunded.
    await expect.poll(() => changed.innerText()).toContain('返金済み');

    // Both slots are whole again (the change freed 09:00, the cancel 13:00).
    await page.getByRole('link', { name: '新しく回答する' }).click();
    await page.getByRole('button', { name: '予約枠を選ぶ' }).click();
    await page.getByRole('button', { name: '中央保健センター' }).click();
    await expect.poll(() => cell(quietDate, '1', '空きあり（残り5）').count()).toBe(1);
    await expect.poll(() => cell(quietDate, '3', '空きあり（残り5）').count()).toBe(1);
  });

  it('after the change deadline, says why the booking can no longer be changed or cancelled; the server refuses too', async () => {
    // The details screen is opened while the booking can still be changed…
    await page.goto('/confirmList/health-checkup');
    const booked = page.getByRole('article').filter({ hasText: `${formatSlotDate(busyDate)}14:00〜15:00` });
    await booked.getByRole('button', { name: '詳しく見る' }).click();
    await expect.poll(() => page.getByRole('button', { name: '予約日時を変更する' }).isVisible()).toBe(true);
    // …then the deadline passes (staff make changes close 30 days before: every slot is past it).
    setChangeDeadlineDays('cal-checkup-central', 30);
    await page.getByRole('button', { name: 'キャンセルする' }).click();
    await page.waitForURL(/\/cancelConfirm\/health-checkup$/);
    await page.getByRole('button', { name: 'キャンセルする' }).click();
    // The server's own message (409 change_deadline_passed); nothing was cancelled.
    await expect.poll(() => page.locator('.city-notice--error').innerText()).toMatch(/変更・キャンセルの受付期限を過ぎている/);
    expect(new URL(page.url()).pathname).toBe('/cancelConfirm/health-checkup');

    // Back on the details screen, it says why, and offers neither change nor cancel.
    await page.getByRole('button', { name: 'キャンセルしない' }).click();
    await page.waitForURL(/\/confirmDetails$/);
    await visible('変更・キャンセルの受付は終了しました（予約日の30日前まで）。');
    await expect.poll(() => page.getByRole('button', { name: '予約日時を変更する' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'キャンセルする' }).isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'details after the deadline');
  });
});
