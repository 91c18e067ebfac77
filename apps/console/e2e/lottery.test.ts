// 抽選 (issue 28), from the console to the citizen's LINE and back, against the real server and its
// LINE stand-in in Chromium. Staff turn 中央保健センター into a lottery; 山田 applies inside LINE for a
// slot with one place left (the week tells him it is a lottery, and books nothing), 佐藤 from her
// phone; staff end the applications and draw. The winner is told, books the slot offered and pays,
// and finds the booking among their own records; the other is told they are first in line.
import { formatSlotDate } from '@city/ui';
import { formatReservationValue } from '@city/survey-core';
import { isApiError } from '@city/api-client';
import { lineInboxOf, openInLine } from '@city/browser-tests';
import { describe, expect, it } from 'vitest';
import { citizenApi, expectNoA11yViolations, openDay, signIn, TEST_USERS, textShows, useTestWorld } from './harness.js';

const world = useTestWorld();
const [yamada, sato] = TEST_USERS;
/** The demo's busy date: slot 2 (10:00〜11:00) has one place left. */
const date = openDay(3);

describe('a lottery', () => {
  it('is set and drawn by staff; the winner books the slot offered and sees the booking, the other waits first in line', async () => {
    const admin = await world.newDesktopPage();
    await signIn(admin, 'health-admin', 'demo-health-admin');
    await admin.goto('/console/calendars/cal-checkup-central');
    const panel = admin.getByRole('region', { name: '抽選' });
    await panel.getByText('今は抽選を行っていません。').waitFor();
    await panel.getByLabel('抽選で受け付ける').check();
    await panel.getByLabel(/^申し込みの締切/).fill(`${openDay(2)} 12:00`);
    await panel.getByLabel('当選した方の申し込みの期限（時間）').fill('48');
    await panel.getByRole('button', { name: '保存する' }).click();
    await panel.getByText(/まで申し込みを受け付けます（当選した方は48時間以内に申し込み）。申し込み 0件（0人）。/).waitFor();
    await expectNoA11yViolations(admin, 'lottery panel');

    // 山田 applies inside LINE: the week says it is a lottery, and a slot is applied for, not booked.
    const yamadaPage = await world.newDesktopPage();
    await openInLine(yamadaPage, yamada, '/survey/health-checkup');
    await yamadaPage.getByLabel(/^お名前/).fill('山田 太郎');
    await yamadaPage.getByLabel(/^電話番号/).fill('090-1234-5678');
    await yamadaPage.getByRole('button', { name: '予約枠を選ぶ' }).click();
    await yamadaPage.getByRole('button', { name: '中央保健センター' }).click();
    await yamadaPage.waitForURL(/\/calendar\/cal-checkup-central$/);
    await textShows(yamadaPage, /この予約は抽選です。.*までに、希望の予約枠を選んで抽選にお申し込みください。/);
    await yamadaPage.getByRole('button', { name: new RegExp(`^${formatSlotDate(date)}10:00〜11:00`) }).click();
    const dialog = yamadaPage.getByRole('dialog', { name: '抽選に申し込む' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: '申し込む' }).click();
    await textShows(yamadaPage, /10:00〜11:00 の抽選に申し込みました。/);
    await textShows(yamadaPage, /抽選に申し込み済み: /);
    // 佐藤 applies for the same place from her phone.
    const satoApi = await citizenApi(world.baseUrl, sato);
    const applied = await satoApi.applyLottery({ surveyId: 'health-checkup', itemKey: 'slot', value: formatReservationValue({ categoryId: 'checkup-central', date, slotId: '2' }) });
    if (isApiError(applied)) throw applied;

    // Staff end the applications and draw.
    await admin.reload();
    await panel.getByText(/申し込み 2件（2人）。/).waitFor();
    await panel.getByRole('button', { name: '今すぐ締め切る' }).click();
    await admin.getByRole('dialog', { name: '申し込みを今すぐ締め切りますか？' }).getByRole('button', { name: '締め切る' }).click();
    await textShows(admin, '申し込みを締め切りました。');
    await panel.getByRole('button', { name: '抽選する' }).click();
    await admin.getByRole('dialog', { name: '抽選しますか？' }).getByRole('button', { name: '抽選する' }).click();
    await panel.getByText(/に抽選しました。当選 1件、落選 1件。/).waitFor();
    await panel.getByText(/^抽選のシード（同じ申し込みから同じ結果を再現できます）: [0-9a-f]{32}$/).waitFor();

    // Who won is the seed's to say: each of them finds their result in the app.
    const yamadaResult = await citizenApi(world.baseUrl, yamada).then((api) => api.getLottery());
    if (isApiError(yamadaResult)) throw yamadaResult;
    const yamadaWon = yamadaResult.data.applications[0]?.state === 'won';
    const [winner, other] = yamadaWon ? [yamada, sato] : [sato, yamada];
    // 山田 (a friend of the official account) is told in LINE either way.
    const inbox = await world.newDesktopPage();
    await expect.poll(() => lineInboxOf(inbox, yamada)).toContain(yamadaWon ? '【抽選結果】当選しました。' : '補欠1番です。');

    const winnerPage = yamadaWon ? yamadaPage : await world.newDesktopPage();
    await openInLine(winnerPage, winner, '/waitlist');
    await textShows(winnerPage, '当選しました。下の「キャンセル待ち」の案内から、期限までにお申し込みください。');
    await expectNoA11yViolations(winnerPage, 'a lottery won');
    await winnerPage.getByRole('button', { name: 'この枠で申し込む' }).click();
    await winnerPage.waitForURL(/\/survey\/health-checkup$/);
    await textShows(winnerPage, /選択中の予約枠: .*10:00〜11:00 中央保健センター/);
    await winnerPage.getByLabel(/^お名前/).fill(winner.displayName);
    await winnerPage.getByLabel(/^電話番号/).fill('090-1234-5678');
    await winnerPage.getByRole('button', { name: '特定健診 受診料を1つ増やす' }).click();
    await winnerPage.getByRole('button', { name: '確認する' }).click();
    await winnerPage.waitForURL(/\/confirm\/health-checkup$/);
    await winnerPage.getByRole('button', { name: 'お支払いへ進む' }).click();
    await winnerPage.waitForURL(/\/__dev\/payments\/sandbox\/checkout\//);
    await winnerPage.getByRole('button', { name: '支払う', exact: true }).click();
    await winnerPage.waitForURL(/\/completedPayment\/[^/]+$/);
    await textShows(winnerPage, 'お支払いが完了しました');
    // The booking is the winner's, among their own records.
    await winnerPage.goto('/confirmList/health-checkup');
    await textShows(winnerPage, new RegExp(`${formatSlotDate(date).replace(/[()（）]/g, '.')}.*10:00`));

    // The other is first in line for a place the winner gives up.
    const otherPage = yamadaWon ? await world.newDesktopPage() : yamadaPage;
    await openInLine(otherPage, other, '/waitlist');
    await textShows(otherPage, '落選しました。補欠の方には、空きが出たときに順にご案内します。');
    await textShows(otherPage, '順番待ち（次にご案内します）');
  });
});
