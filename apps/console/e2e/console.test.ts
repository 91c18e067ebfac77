// The console at 1280x720 against the real server: the administrator signs in with TOTP, finds a
// citizen's paid booking by filter, changes its status with a memo, cancels it (the slot freed,
// the citizen sees キャンセル), books by phone for a person without LINE, and reads the audit
// entries (what to collect at the window among them); a column choice follows the staff member to
// a second browser; an operator sees no export button and is refused the bulk change by the server.
import { isApiError } from '@city/api-client';
import { formatSlotDate } from '@city/ui';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMINISTRATOR_TOTP_SECRET, callFromPage, citizenApi, citizenBooksCheckup, expectNoA11yViolations, openDay, signIn, TEST_USERS, textShows, totpCode, unitsLeft, useTestWorld } from './harness.js';

const world = useTestWorld();
const [yamada] = TEST_USERS;

const citizenDate = openDay(2);
const phoneDate = openDay(5);

/** The status the citizen's own records show in the citizen API. */
async function citizenSeesStatus(baseUrl: string): Promise<string[]> {
  const api = await citizenApi(baseUrl, yamada);
  const records = await api.querySurveyResults({ surveyId: 'health-checkup', userId: yamada.userId });
  if (isApiError(records)) throw records;
  return [...new Set(records.data.map((row) => row.check))];
}

describe('the staff console', () => {
  let admin: Page;

  it('signs the administrator in with a TOTP code and lists the surveys', async () => {
    admin = await world.newDesktopPage({ forTheFile: true });
    await admin.goto('/console/');
    await admin.getByRole('heading', { name: 'ログイン' }).waitFor();
    await expectNoA11yViolations(admin, 'sign-in');
    await admin.getByLabel('ログインID').fill('administrator');
    await admin.getByLabel('パスワード').fill('demo-administrator');
    await admin.getByRole('button', { name: 'ログインする' }).click();
    await admin.getByRole('heading', { name: '確認コードの入力' }).waitFor();
    await expectNoA11yViolations(admin, 'second factor');
    await admin.getByLabel('確認コード（6桁）').fill('000000');
    await admin.getByRole('button', { name: '確認する' }).click();
    // The password was right: the refusal is said of the code, and the emptied field has the focus again.
    await textShows(admin, '確認コードが正しくありません。認証アプリに表示されている6桁の数字を入力してください。');
    await expect.poll(() => admin.evaluate(() => document.activeElement?.id)).toBe('totp-code');
    await admin.getByLabel('確認コード（6桁）').fill(totpCode(ADMINISTRATOR_TOTP_SECRET));
    await admin.getByRole('button', { name: '確認する' }).click();
    await admin.getByRole('heading', { name: 'フォーム一覧', level: 1 }).waitFor();
    await expect.poll(() => admin.getByRole('row').count()).toBe(6); // the header and the five demo surveys
    await expectNoA11yViolations(admin, 'survey list');
  });

  it('finds a citizen’s booking by filter, changes its status with a memo, and cancels it', async () => {
    await citizenBooksCheckup(world.baseUrl, yamada, { date: citizenDate, slotId: '1' });
    await admin.getByRole('link', { name: '健康診断のご予約の回答一覧' }).click();
    await admin.getByRole('heading', { name: '健康診断のご予約 回答一覧' }).waitFor();
    await admin.getByRole('textbox', { name: 'お名前' }).fill('山田');
    await admin.getByRole('checkbox', { name: 'WEB' }).check();
    await admin.getByRole('button', { name: 'この条件で検索' }).click();
    await expect.poll(() => admin.locator('.console-counts').innerText()).toMatch(/該当\s*1件/);
    await expectNoA11yViolations(admin, 'results list');
    const row = admin.getByRole('row').filter({ hasText: '山田 太郎' });
    await row.getByRole('link').click();
    await admin.getByRole('heading', { name: /^受付番号/ }).waitFor();
    await textShows(admin, '支払い済み');
    await expectNoA11yViolations(admin, 'record page');

    await admin.getByLabel('変更後の状態').selectOption('処理中');
    await admin.getByLabel('理由（任意）').fill('お電話で受診票の送付を確認');
    await admin.getByRole('button', { name: '状態を変更する' }).click();
    await textShows(admin, '状態を「処理中」に変更しました。');
    await admin.getByLabel('メモを追加').fill('保険証を忘れずにとお伝えした');
    await admin.getByRole('button', { name: 'メモを保存する' }).click();
    await textShows(admin, '保険証を忘れずにとお伝えした');
    await textShows(admin, 'お電話で受診票の送付を確認');

    const leftBefore = await unitsLeft(admin, citizenDate, '1');
    await admin.getByRole('button', { name: 'キャンセルする' }).click();
    const dialog = admin.getByRole('dialog');
    await expectNoA11yViolations(admin, 'cancel dialog');
    await dialog.getByLabel('理由').fill('ご本人から電話でキャンセルの連絡');
    await dialog.getByRole('button', { name: 'キャンセルする' }).click();
    await textShows(admin, 'キャンセルしました。');
    await expect.poll(() => admin.locator('#status-heading + p').innerText()).toContain('キャンセル');
    expect(await unitsLeft(admin, citizenDate, '1')).toBe(leftBefore + 1);
    expect(await citizenSeesStatus(world.baseUrl)).toEqual(['キャンセル']);

    // The record's audit entries in words: the views, the status change, the memo and the cancel,
    // each detail said in short (never JSON), the action's code kept in its title.
    await admin.reload();
    const audit = admin.getByRole('table', { name: 'この回答の操作ログ' });
    await audit.waitFor();
    const actions = await audit.locator('tbody tr td:nth-child(3)').allInnerTexts();
    expect(actions).toEqual(expect.arrayContaining(['回答の閲覧', '状態の変更', 'メモの追加', 'キャンセル・取り消し']));
    expect(await audit.locator('tbody tr td:nth-child(3)').first().getAttribute('title')).toMatch(/^record\./);
    const details = await audit.locator('tbody tr td:nth-child(5)').allInnerTexts();
    expect(details).toEqual(expect.arrayContaining([expect.stringContaining('状態：未対応 → 処理中'), expect.stringContaining('メモ：保険証を忘れずにとお伝えした')]));
    expect(details.some((detail) => detail.includes('状態：処理中 → キャンセル') && detail.includes('理由：ご本人から電話でキャンセルの連絡'))).toBe(true);
    expect(details.join('')).not.toMatch(/[{}]/);
  });

  it('books by phone for a person without LINE, the fee picked from the survey’s products, and opens the new record', async () => {
    await admin.getByRole('navigation').getByRole('link', { name: 'フォーム一覧' }).click();
    await admin.getByRole('link', { name: '健康診断のご予約の代理予約' }).click();
    await admin.getByRole('heading', { name: /電話・窓口での代理予約/ }).waitFor();
    await admin.getByLabel('お名前').fill('窓口 花子');
    await admin.getByLabel('電話番号').fill('03-1234-5678');
    // The 受診料 from the survey's products, with its price; paid at the window, not here.
    const fee = admin.getByRole('group', { name: /^受診料/ });
    expect(await fee.innerText()).toContain('単価 ¥1,500（税込）');
    await fee.getByRole('button', { name: '特定健診 受診料を1つ増やす' }).click();
    await expect.poll(() => fee.innerText()).toContain('合計 ¥1,500');
    await textShows(admin, '料金は当日、窓口でお支払いいただきます（この画面でのお支払いはありません）。');
    // Only the venues under the item's category (特定健診), not the library's study room.
    const venues = await admin.getByLabel('予約先').locator('option').allInnerTexts();
    expect(venues).toEqual(['予約先を選んでください', '健康診断 / 特定健診 / 中央保健センター', '健康診断 / 特定健診 / 北部公民館', '健康診断 / 特定健診 / 南部市民センター']);
    await admin.getByLabel('予約先').selectOption({ label: '健康診断 / 特定健診 / 中央保健センター' });
    const leftBefore = await unitsLeft(admin, phoneDate, '4');
    await admin.getByRole('button', { name: new RegExp(`^${formatSlotDate(phoneDate)}14:00〜15:00 `) }).click();
    await textShows(admin, /選択中の枠/);
    // Another venue: the slot chosen at the first is dropped (it would be booked unseen), and
    // choosing the first venue again asks for the slot again.
    await admin.getByLabel('予約先').selectOption({ label: '健康診断 / 特定健診 / 南部市民センター' });
    await textShows(admin, '枠が選ばれていません。');
    await admin.getByLabel('予約先').selectOption({ label: '健康診断 / 特定健診 / 中央保健センター' });
    await textShows(admin, '枠が選ばれていません。');
    await admin.getByRole('button', { name: new RegExp(`^${formatSlotDate(phoneDate)}14:00〜15:00 `) }).click();
    await textShows(admin, /選択中の枠/);
    await expectNoA11yViolations(admin, 'phone booking');
    await admin.getByRole('button', { name: '予約を登録する' }).click();
    await admin.getByRole('heading', { name: '代理予約を登録しました' }).waitFor();
    await textShows(admin, '窓口でお支払いいただく金額：¥1,500（税込）');
    const receipt = (await admin.locator('.console-receipt').innerText()).replace('受付番号：', '').trim();
    expect(receipt).not.toBe('');
    expect(await unitsLeft(admin, phoneDate, '4')).toBe(leftBefore - 1);
    await admin.getByRole('link', { name: '登録した回答を開く' }).click();
    await admin.getByRole('heading', { name: `受付番号 ${receipt}` }).waitFor();
    await textShows(admin, '窓口 花子');
    const bookings = admin.getByRole('region', { name: '予約' });
    await expect.poll(() => bookings.innerText()).toContain(`${phoneDate.replaceAll('-', '/')}（`);
    expect(await bookings.innerText()).toContain('14:00〜15:00');
    const details = await admin.locator('.console-record__side dl').first().innerText();
    expect(details).toContain('職員');
    expect(details).toContain('連携なし');
    expect(details).toContain('システム管理者');
    // What to collect at the window, priced by the server, is in the record's history.
    await expect.poll(() => admin.getByRole('region', { name: '状態の履歴とメモ' }).innerText()).toContain('窓口でお支払い（合計 1,500円）');
  });

  it('keeps the list’s column choice on the server: another browser signed in as the same staff member shows it', async () => {
    const headers = (page: Page) => page.locator('.console-table--records thead th').allInnerTexts();
    const openList = async (page: Page) => {
      await signIn(page, 'health-member', 'demo-health-member');
      await page.getByRole('link', { name: '健康診断のご予約の回答一覧' }).click();
      await page.getByRole('heading', { name: '健康診断のご予約 回答一覧' }).waitFor();
    };
    const first = await world.newDesktopPage();
    await openList(first);
    // Nothing chosen yet: the first three items.
    await expect.poll(() => headers(first)).toEqual(['受付番号', '状態', '受付経路', '作成日時', '更新日時', 'お名前', 'フリガナ', '電話番号', '予約日時']);
    await first.getByText('表示する項目').click();
    const saved = (page: Page) => page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/console/api/surveys/health-checkup/columns'));
    let save = saved(first);
    await first.getByRole('checkbox', { name: 'フリガナ' }).uncheck();
    expect((await save).status()).toBe(200);
    save = saved(first);
    await first.getByRole('checkbox', { name: '生年月日' }).check();
    expect((await save).status()).toBe(200);
    const chosen = ['受付番号', '状態', '受付経路', '作成日時', '更新日時', 'お名前', '電話番号', '生年月日', '予約日時'];
    await expect.poll(() => headers(first)).toEqual(chosen);
    await expectNoA11yViolations(first, 'results list with the column chooser open');

    // A second browser context (another terminal, its own storage) signed in as the same member.
    const second = await world.newDesktopPage();
    await openList(second);
    await expect.poll(() => headers(second)).toEqual(chosen);
    await second.getByText('表示する項目').click();
    expect(await second.getByRole('checkbox', { name: 'フリガナ' }).isChecked()).toBe(false);
    expect(await second.getByRole('checkbox', { name: '生年月日' }).isChecked()).toBe(true);
  });

  it('searches the audit log', async () => {
    await admin.getByRole('link', { name: '操作ログ' }).click();
    await admin.getByRole('heading', { name: '操作ログ', level: 1 }).waitFor();
    await admin.getByLabel(/^操作（先頭一致/).fill('record.bookOnBehalf');
    await admin.getByRole('button', { name: '検索' }).click();
    await expect.poll(() => admin.locator('tbody tr').count()).toBe(1);
    expect(await admin.locator('tbody tr').innerText()).toContain('システム管理者');
    expect(await admin.locator('tbody tr td:nth-child(3)').innerText()).toBe('代理予約・代理入力');
    await expectNoA11yViolations(admin, 'audit log');
    // A list's entry says its filter and how many it showed, in words.
    await admin.getByLabel(/^操作（先頭一致/).fill('records.list');
    await admin.getByRole('button', { name: '検索' }).click();
    const listed = admin.getByRole('row').filter({ hasText: 'お名前に「山田」を含む' });
    await expect.poll(() => listed.count()).toBeGreaterThan(0);
    expect(await listed.first().innerText()).toMatch(/条件：お名前に「山田」を含む、受付経路：WEB[\s\S]*表示：1件/);
  });

  it('shows an operator no export or bulk button, and the server refuses the bulk change', async () => {
    const operator = await world.newDesktopPage();
    await signIn(operator, 'health-operator', 'demo-health-operator');
    expect(await operator.getByRole('link', { name: '操作ログ' }).count()).toBe(0);
    await operator.getByRole('link', { name: '健康診断のご予約の回答一覧' }).click();
    await operator.getByRole('heading', { name: '健康診断のご予約 回答一覧' }).waitFor();
    await expect.poll(() => operator.locator('.console-counts').innerText()).toMatch(/全件\s*\d+件/);
    expect(await operator.getByRole('button', { name: 'CSVエクスポート' }).count()).toBe(0);
    expect(await operator.getByRole('button', { name: '該当する全件の状態を変更' }).count()).toBe(0);
    const bulk = await callFromPage(operator, 'POST', '/console/api/surveys/health-checkup/records/bulk-status', { filter: {}, status: '完了', expectedCount: 1 });
    expect(bulk.status).toBe(403);
    expect(bulk.body).toMatchObject({ code: 'forbidden' });

    // A member may export (data-in-and-out.test.ts downloads a file) and change the whole filtered set.
    const member = await world.newDesktopPage();
    await signIn(member, 'health-member', 'demo-health-member');
    await member.getByRole('link', { name: '健康診断のご予約の回答一覧' }).click();
    await member.getByRole('button', { name: 'CSVエクスポート' }).waitFor();
    // The list fits the screen: nothing scrolls sideways, no date input sticks out of its range.
    expect(await member.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const sticksOut = await member.evaluate(() =>
      [...document.querySelectorAll('.console-filter__range')].some((range) => [...range.querySelectorAll('input')].some((input) => input.getBoundingClientRect().right > range.getBoundingClientRect().right + 1)),
    );
    expect(sticksOut).toBe(false);
    expect(await member.getByRole('button', { name: 'CSVエクスポート' }).isEnabled()).toBe(true);
    // The whole filtered set (the phone booking, by origin), refused rows reported.
    await member.getByRole('checkbox', { name: '職員' }).check();
    await member.getByRole('button', { name: 'この条件で検索' }).click();
    await expect.poll(() => member.locator('.console-counts').innerText()).toMatch(/該当\s*1件/);
    const changeAll = async () => {
      await member.getByRole('button', { name: '該当する全件の状態を変更' }).click();
      const dialog = member.getByRole('dialog');
      await textShows(member, /該当する1件/);
      await dialog.getByLabel('変更後の状態').selectOption('完了');
      await expectNoA11yViolations(member, 'bulk dialog');
      await dialog.getByRole('button', { name: '1件を「完了」にする' }).click();
      await member.getByRole('heading', { name: '一括変更の結果' }).waitFor();
    };
    // Cancelling them all wants a reason, as one cancel does: asked for in the dialog, nothing sent.
    await member.getByRole('button', { name: '該当する全件の状態を変更' }).click();
    const asked = member.getByRole('dialog');
    await asked.getByLabel('変更後の状態').selectOption('キャンセル');
    await asked.getByRole('button', { name: '1件を「キャンセル」にする' }).click();
    await textShows(member, 'キャンセルの理由を入力してください。');
    await asked.getByRole('button', { name: 'やめる' }).click();
    await changeAll();
    await textShows(member, '1件を変更しました。');
    await expect.poll(() => member.locator('.console-table--records tbody').innerText()).toContain('完了');
    await member.getByRole('button', { name: '閉じる' }).click();
    await changeAll();
    await textShows(member, '0件を変更しました。');
    await textShows(member, '1件は変更できませんでした。');
  });

  it('filters the audit log by a staff member picked by name', async () => {
    await admin.getByRole('link', { name: '操作ログ' }).click();
    await admin.getByRole('heading', { name: '操作ログ', level: 1 }).waitFor();
    await admin.getByLabel(/^操作（先頭一致/).fill('');
    // A typed actor gives way to the staff member picked, so only one actor is searched for.
    await admin.getByLabel(/^その他の操作者/).fill('system:nightly');
    await admin.getByLabel('操作した職員').selectOption({ label: '健康推進課 職員（health-member）' });
    expect(await admin.getByLabel(/^その他の操作者/).inputValue()).toBe('');
    await admin.getByRole('button', { name: '検索' }).click();
    const table = admin.getByRole('table', { name: '操作ログ' });
    await expect.poll(async () => table.locator('tbody tr td:nth-child(3)').allInnerTexts()).toContain('状態の変更');
    const actors = await table.locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect(actors.every((actor) => actor.includes('健康推進課 職員'))).toBe(true);
    await expectNoA11yViolations(admin, 'audit log by staff member');
  });
});
