// キャンセル待ち (issue 28): 山田, inside LINE, finds the demo check-up's slot full and joins its
// waitlist; 佐藤, who held the last place, cancels; 山田 is told in LINE (the stand-in's inbox) and
// in the app's waitlist, books the slot offered and pays, and the slot is theirs. Nobody else could
// take it meanwhile: the calendar shows it full to everyone else.
import { createApiClient, isApiError } from '@city/api-client';
import { describe, expect, it } from 'vitest';
import { busyDate, slotCell } from './demo-calendar.js';
import { bookAndPayAs, expectNoSeriousA11yViolations, fieldOf, lineInboxOf, openInLine, signWebIdToken, TEST_USERS, textShows, useTestWorld } from './harness.js';

const world = useTestWorld();
const FULL_WAITLIST = '満員（キャンセル待ちできます）';


describe('a waitlist', () => {
  it('offers a cancelled place to the citizen waiting for it, who books it', async () => {
    // 佐藤 takes (and pays for) the busy date's last place at 10:00.
    const taken = await bookAndPayAs(world.baseUrl, TEST_USERS.sato, { date: busyDate, slotId: '2' });
    if (!('orderId' in taken)) throw new Error(`佐藤 could not book: ${taken.code}`);

    // 山田 finds it full, and waits for it.
    const page = await world.newPhonePage();
    await openInLine(page, TEST_USERS.yamada, '/survey/health-checkup');
    await fieldOf(page, 'お名前').fill('山田 太郎');
    await fieldOf(page, '電話番号').fill('090-1234-5678');
    await page.getByRole('button', { name: '予約枠を選ぶ' }).click();
    await page.getByRole('button', { name: '中央保健センター' }).click();
    await page.waitForURL(/\/calendar\/cal-checkup-central$/);
    await slotCell(page, busyDate, '2', FULL_WAITLIST).click();
    const dialog = page.getByRole('dialog', { name: 'キャンセル待ちに登録' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'waitlist dialog');
    await dialog.getByRole('button', { name: '登録する' }).click();
    await textShows(page, 'キャンセル待ちに登録しました。空きが出たら最初にご案内します。');
    await page.getByRole('link', { name: 'キャンセル待ち・抽選の一覧' }).click();
    await textShows(page, '順番待ち（次にご案内します）');

    // 佐藤 cancels: the place is offered to 山田, in LINE and in the app.
    const token = await signWebIdToken(TEST_USERS.sato, 3600);
    const sato = createApiClient({ baseUrl: world.baseUrl, getIdToken: () => token });
    const order = await sato.getOrder(taken.orderId);
    if (isApiError(order)) throw order;
    await sato.cancelReservation({ surveyId: 'health-checkup', partitionKey: order.data.partitionKey, userId: TEST_USERS.sato.userId });
    const inbox = await world.newPhonePage();
    await expect.poll(() => lineInboxOf(inbox, TEST_USERS.yamada)).toContain('キャンセル待ちの予約枠が空きました');
    // Full for everyone else: the place is 山田's to take.
    const suzuki = await bookAndPayAs(world.baseUrl, TEST_USERS.suzuki, { date: busyDate, slotId: '2' });
    expect(suzuki.code).toBe('slot_full');

    await page.goto('/waitlist');
    await textShows(page, /空きが出ました。.*までにお申し込みください/);
    await expectNoSeriousA11yViolations(page, 'waitlist with an offer');
    await page.getByRole('button', { name: 'この枠で申し込む' }).click();
    await page.waitForURL(/\/survey\/health-checkup$/);
    await textShows(page, /選択中の予約枠: .*10:00〜11:00 中央保健センター/);
    await expect.poll(() => fieldOf(page, 'お名前').inputValue()).toBe('山田 太郎');
    await page.getByRole('button', { name: '特定健診 受診料を1つ増やす' }).click();
    await page.getByRole('button', { name: '確認する' }).click();
    await page.waitForURL(/\/confirm\/health-checkup$/);
    await page.getByRole('button', { name: 'お支払いへ進む' }).click();
    await page.waitForURL(/\/__dev\/payments\/sandbox\/checkout\//);
    await page.getByRole('button', { name: '支払う', exact: true }).click();
    await page.waitForURL(/\/completedPayment\/[^/]+$/);
    await textShows(page, 'お支払いが完了しました');

    await page.goto('/waitlist');
    await textShows(page, 'この枠を予約しました');
  });
});
