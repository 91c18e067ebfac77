// Orders as staff handle them, against the real server in Chromium: a paid booking found by its
// 受付番号 and refunded from the orders page (a reason asked for, the refund said done, the order
// shown refunded); then a payment whose notification never arrived found by the reconciliation
// with the payment provider and settled from there, after which nothing differs.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { citizenApi, citizenBooksCheckup, citizenHoldsCheckup, expectNoA11yViolations, openDay, signIn, TEST_USERS, textShows, useTestWorld } from './harness.js';

const world = useTestWorld();

async function receiptNumberOf(user: (typeof TEST_USERS)[number], orderId: string): Promise<string> {
  const order = await (await citizenApi(world.baseUrl, user)).getOrder(orderId);
  if (!('data' in order)) throw new Error(`The order ${orderId} could not be read`);
  return order.data.receiptNumber;
}

describe('orders in the console', () => {
  let admin: Page;
  let paidReceipt: string;
  let lostPaymentUrl: string;

  beforeAll(async () => {
    const paidOrder = await citizenBooksCheckup(world.baseUrl, TEST_USERS[0], { date: openDay(3), slotId: '1' });
    paidReceipt = await receiptNumberOf(TEST_USERS[0], paidOrder);
    ({ paymentUrl: lostPaymentUrl } = await citizenHoldsCheckup(world.baseUrl, TEST_USERS[1], { date: openDay(3), slotId: '2' }));
    admin = await world.newDesktopPage();
    await signIn(admin, 'health-admin', 'demo-health-admin');
  });

  it('finds a paid order by its 受付番号 and refunds it once, with a reason', async () => {
    await admin.getByRole('link', { name: '注文と返金' }).click();
    await admin.getByRole('heading', { name: '注文と返金', level: 1 }).waitFor();
    await admin.getByLabel('受付番号（完全一致）').fill(paidReceipt);
    await admin.getByRole('button', { name: '検索' }).click();
    const rows = admin.getByRole('table', { name: '注文' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.innerText()).toMatch(/1,500円[\s\S]*支払い済み/);
    await expectNoA11yViolations(admin, 'orders list');

    await admin.getByRole('button', { name: `受付番号 ${paidReceipt} を返金する` }).click();
    const dialog = admin.getByRole('dialog', { name: '注文の返金' });
    await textShows(admin, new RegExp(`受付番号 ${paidReceipt} の1,500円を返金します。回答がキャンセルされていなければキャンセルし`));
    await dialog.getByRole('button', { name: '1,500円を返金する' }).click();
    await textShows(admin, '返金の理由を入力してください。');
    await expectNoA11yViolations(admin, 'refund dialog');
    await dialog.getByLabel(/^返金の理由/).fill('本人から電話でキャンセルの依頼');
    await dialog.getByRole('button', { name: '1,500円を返金する' }).click();
    await textShows(admin, `受付番号 ${paidReceipt} の1,500円を返金しました。`);
    await expect.poll(() => rows.innerText()).toContain('返金済み');
    // Refunded once: no refund button is offered any more.
    expect(await admin.getByRole('button', { name: `受付番号 ${paidReceipt} を返金する` }).count()).toBe(0);
  });

  it('finds a payment whose notification was lost and settles it to the payment provider’s state', async () => {
    // The citizen pays, but the server is never told (the sandbox page's tester button).
    const tester = await world.newDesktopPage();
    await tester.goto(lostPaymentUrl);
    await tester.getByRole('button', { name: '支払う（通知が届かなかったことにする）' }).click();
    await textShows(tester, '支払いました。サーバーへの通知は送っていません。');

    await admin.goto('/console/orders');
    await admin.getByRole('link', { name: '決済サービスとの照合' }).click();
    await admin.getByRole('heading', { name: '決済サービスとの照合', level: 1 }).waitFor();
    await admin.getByRole('button', { name: '照合する' }).click();
    await textShows(admin, /2件の注文を決済サービス（sandbox）と照合しました。/);
    const table = admin.getByRole('table', { name: '決済サービスと食い違う注文' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    expect(await table.locator('tbody tr').innerText()).toContain('決済サービスでは支払われていますが、支払いの通知が届いていません。');
    await expectNoA11yViolations(admin, 'reconciliation');
    const lostReceipt = (await table.locator('tbody tr th').innerText()).trim();
    await admin.getByRole('button', { name: `受付番号 ${lostReceipt} を決済サービスに合わせる` }).click();
    await textShows(admin, `受付番号 ${lostReceipt} を決済サービスに合わせました（支払い済み）。`);
    await textShows(admin, '食い違いはありません。');
  });
});
