// LINE from the console, against the real server and its LINE stand-in in Chromium: a notice to
// the check-up's filter result goes once to each citizen (山田, a friend of the official account,
// receives it), and the report lists who cannot be reached (鈴木, not a friend; a phone booking,
// no LINE) with totals that add up; a calendar's day-before reminder and its waitlist (how long an
// offer, told in LINE, is held; off) are set on its page.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookCheckupByPhone, citizenBooksCheckup, expectNoA11yViolations, openDay, signIn, TEST_USERS, textShows, useTestWorld } from './harness.js';

const world = useTestWorld();
let admin: Page;

/** A number of the report's totals, by its row's label. */
const total = async (label: string) => {
  const row = await admin.getByRole('table', { name: '送信結果' }).getByRole('row', { name: new RegExp(`^${label}`) }).innerText();
  return Number(/([\d,]+)(人|件)$/.exec(row.trim())?.[1]?.replaceAll(',', '') ?? Number.NaN);
};

beforeAll(async () => {
  await citizenBooksCheckup(world.baseUrl, TEST_USERS[0], { date: openDay(3), slotId: '1' });
  await citizenBooksCheckup(world.baseUrl, TEST_USERS[2], { date: openDay(3), slotId: '2' });
  admin = await world.newDesktopPage();
  await signIn(admin, 'health-admin', 'demo-health-admin');
  await bookCheckupByPhone(admin, '電話 花子', { date: openDay(4), slotId: '1' });
});

describe('LINE from the console', () => {
  it('sends a notice to the filter result once per citizen, and reports who was reached and who cannot be', async () => {
    await admin.goto(`${world.baseUrl}/console/surveys/health-checkup`);
    await admin.getByRole('button', { name: 'LINEでお知らせを送る' }).click();
    const dialog = admin.getByRole('dialog', { name: 'LINEでお知らせを送る' });
    await dialog.getByRole('button', { name: /件の回答者に送る$/ }).click();
    await textShows(admin, 'お知らせの本文を入力してください。');
    await dialog.getByLabel(/^お知らせの本文/).fill('健診会場の駐車場が工事のため使えません。\n公共交通機関でお越しください。');
    await expectNoA11yViolations(admin, 'notice dialog');
    await dialog.getByRole('button', { name: /件の回答者に送る$/ }).click();

    await admin.waitForURL(/\/console\/notices\/\d+$/);
    await admin.getByRole('heading', { name: 'お知らせの送信結果', level: 1 }).waitFor();
    await textShows(admin, 'すべての送信が終わりました。');
    // Only 山田 of the check-up's citizens has the official account as a friend (the demo's other
    // records are of citizens who have not added it, 鈴木 among them); the phone booking has no LINE.
    const citizens = await total('送信先（回答者）');
    expect(await total('送信済み')).toBe(1);
    expect(await total('友だち追加なし')).toBe(citizens - 1);
    expect(citizens).toBeGreaterThanOrEqual(2);
    expect(await total('LINEなし')).toBeGreaterThanOrEqual(1);
    expect(await total('対象の回答')).toBeGreaterThanOrEqual(citizens + 1);
    await expectNoA11yViolations(admin, 'notice report');

    await admin.getByLabel('表示する送信先').selectOption({ label: '友だち追加なし' });
    await textShows(admin, 'LINE公式アカウントを友だち追加していないか、ブロックしています。');
    await expect.poll(() => admin.getByRole('table').last().locator('tbody tr').count()).toBe(Math.min(100, (await total('友だち追加なし'))));

    // 山田's LINE shows it once, from the official account.
    await admin.goto(`${world.baseUrl}/__dev/line/inbox`);
    const yamada = await admin.getByRole('region', { name: TEST_USERS[0].displayName }).innerText();
    expect(yamada.match(/健診会場の駐車場が工事のため使えません。/g)).toHaveLength(1);
    expect(await admin.getByRole('region', { name: TEST_USERS[2].displayName }).innerText()).not.toContain('健診会場の駐車場');

    // The history lists it, with the way back to its report.
    await admin.goto(`${world.baseUrl}/console/surveys/health-checkup/notices`);
    await admin.getByRole('link', { name: /\d{4}\/\d{2}\/\d{2}/ }).first().click();
    await admin.waitForURL(/\/console\/notices\/\d+$/);
  });

  it('sets a calendar’s day-before reminder on its page', async () => {
    await admin.goto(`${world.baseUrl}/console/calendars/cal-checkup-central`);
    const panel = admin.getByRole('region', { name: '前日のお知らせ（LINE）' });
    await panel.getByText('今は送りません。').waitFor();
    await panel.getByLabel('お知らせを送る').check();
    await panel.getByLabel('何日前に送るか').selectOption({ label: '1日前' });
    await panel.getByLabel('送る時刻').fill('18:30');
    await panel.getByRole('button', { name: '保存する' }).click();
    await panel.getByText('予約日の1日前の18:30に送ります。').waitFor();
    await expectNoA11yViolations(admin, 'reminder panel');
  });

  it('sets how long a calendar’s waitlist offers are held, and turns it off', async () => {
    await admin.goto(`${world.baseUrl}/console/calendars/cal-checkup-central`);
    const panel = admin.getByRole('region', { name: 'キャンセル待ち' });
    // The demo's central venue takes a waitlist, offers held 30 minutes.
    await panel.getByText('キャンセル待ちを受け付けています（ご案内から30分以内に申し込み）。').waitFor();
    await panel.getByLabel(/^ご案内から申し込みまでの期限（分）/).fill('3');
    await panel.getByRole('button', { name: '保存する' }).click();
    await panel.getByText('期限は5分から10080分（7日）までの整数で入力してください。').waitFor();
    await panel.getByLabel(/^ご案内から申し込みまでの期限（分）/).fill('60');
    await panel.getByRole('button', { name: '保存する' }).click();
    await panel.getByText('キャンセル待ちを受け付けています（ご案内から60分以内に申し込み）。').waitFor();
    await expectNoA11yViolations(admin, 'waitlist panel');
    await panel.getByLabel('キャンセル待ちを受け付ける').uncheck();
    await panel.getByRole('button', { name: '保存する' }).click();
    await panel.getByText('今はキャンセル待ちを受け付けていません。').waitFor();
  });
});
