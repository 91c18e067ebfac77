// The survey editor against the real server: an admin builds a questionnaire from scratch (items
// reordered from the keyboard, the preview following, a staff-only item kept out of it), is told
// of an empty title, creates and publishes it; a citizen fetches and answers it; the admin then
// edits a question (a new version, said so) and removes an answered item (confirmed first); copy
// and delete from the list, a delete refused while answers exist; the editor fits a tablet.
import { isApiError } from '@city/api-client';
import { buildSubmissionPayload } from '@city/survey-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { citizenApi, expectNoA11yViolations, signIn, TEST_USERS, textShows, useTestWorld } from './harness.js';

const world = useTestWorld();
const [yamada] = TEST_USERS;
const TITLE = '公園の利用アンケート';

/** The editor's group of one item, by its position (its heading starts 項目N). */
const itemGroup = (page: Page, position: number) => page.getByRole('group', { name: new RegExp(`^項目${String(position)}[「（]`) });
const preview = (page: Page) => page.getByRole('region', { name: 'プレビュー（市民に表示される画面）' });
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');
const headings = (page: Page) => page.locator('.console-item h3').allInnerTexts();

async function addItem(page: Page, type: string): Promise<void> {
  await page.getByLabel('追加する項目の種類').selectOption({ label: type });
  await page.getByRole('button', { name: '項目を追加' }).click();
}

describe('the survey editor', () => {
  let admin: Page;

  it('builds a questionnaire from scratch, names an empty title, creates and publishes it', async () => {
    admin = await world.newDesktopPage({ forTheFile: true });
    await signIn(admin, 'health-admin', 'demo-health-admin');
    const questionnaire = admin.getByRole('row').filter({ hasText: '市民アンケート' });
    await expect.poll(() => questionnaire.getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining(['公開中', '第1版']));
    await admin.getByRole('link', { name: '新しいフォームを作成' }).click();
    await admin.getByRole('heading', { name: '新しいフォームの作成', level: 1 }).waitFor();

    await admin.getByLabel(/^フォームID/).fill('park-survey');
    await addItem(admin, '1行テキスト');
    // The new item's question takes the focus, ready to be typed.
    await expect.poll(() => admin.evaluate(() => document.activeElement?.closest('[role="group"]')?.querySelector('h3')?.textContent)).toBe('項目1（1行テキスト）');
    await admin.keyboard.type('お名前');
    await itemGroup(admin, 1).getByLabel('必須にする').check();
    await addItem(admin, 'ラジオボタン（1つ選ぶ）');
    const often = itemGroup(admin, 2);
    await often.getByLabel('質問文').fill('利用の頻度');
    await often.getByRole('textbox', { name: '選択肢1', exact: true }).fill('毎日');
    await often.getByRole('button', { name: '選択肢を追加' }).click();
    await expect.poll(() => focusedName(admin)).toBe('選択肢2');
    await admin.keyboard.type('週に1回');
    await addItem(admin, '1行テキスト');
    await itemGroup(admin, 3).getByLabel('質問文').fill('職員メモ');
    await itemGroup(admin, 3).getByLabel(/^管理項目/).check();

    // The preview follows, as a citizen sees it: no staff-only item.
    await preview(admin).getByRole('radio', { name: '週に1回' }).waitFor();
    await preview(admin).getByRole('textbox', { name: /^お名前/ }).waitFor();
    expect(await preview(admin).getByText('職員メモ').count()).toBe(0);
    expect(await admin.locator('.console-preview__phone').evaluate((frame) => frame.getBoundingClientRect().width)).toBe(390);

    // Reordered from the keyboard; the focus stays with the item moved.
    await admin.getByRole('button', { name: '項目2「利用の頻度」を上へ移動' }).focus();
    await admin.keyboard.press('Enter');
    await expect.poll(() => headings(admin)).toEqual(['項目1「利用の頻度」（ラジオボタン（1つ選ぶ））', '項目2「お名前」（1行テキスト）', '項目3「職員メモ」（1行テキスト）']);
    // At the top its 上へ is off: the focus is on its 下へ.
    await expect.poll(() => focusedName(admin)).toBe('項目1「利用の頻度」を下へ移動');
    await admin.keyboard.press('Enter');
    await expect.poll(() => headings(admin)).toEqual(['項目1「お名前」（1行テキスト）', '項目2「利用の頻度」（ラジオボタン（1つ選ぶ））', '項目3「職員メモ」（1行テキスト）']);
    await expect.poll(() => focusedName(admin)).toBe('項目2「利用の頻度」を下へ移動');
    await expectNoA11yViolations(admin, 'survey editor, new survey');

    // No title: said at the top, which takes the focus; nothing is created.
    await admin.getByRole('button', { name: '作成する' }).click();
    await textShows(admin, '保存できませんでした。1件の問題があります。');
    await textShows(admin, 'フォームのタイトルを入力してください');
    await expect.poll(() => admin.evaluate(() => document.activeElement?.classList.contains('console-outcome'))).toBe(true);
    await expectNoA11yViolations(admin, 'survey editor with a problem');

    await admin.getByLabel('タイトル', { exact: true }).fill(TITLE);
    await admin.getByRole('button', { name: '作成する' }).click();
    await admin.getByRole('heading', { name: `${TITLE}の編集`, level: 1 }).waitFor();
    await textShows(admin, 'フォームを作成しました。下書きのため、公開するまで市民には表示されません。');
    await textShows(admin, '状態：下書き／第1版／回答：0件');
    await expectNoA11yViolations(admin, 'survey editor, created');

    // A draft citizens cannot see, until it is published.
    const citizen = await citizenApi(world.baseUrl, yamada);
    expect(isApiError(await citizen.getSurveyConfig('park-survey'))).toBe(true);
    await admin.getByRole('link', { name: 'フォーム一覧へ戻る' }).click();
    const row = admin.getByRole('row').filter({ hasText: TITLE });
    await expect.poll(() => row.getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining(['下書き', '第1版']));
    await admin.getByRole('button', { name: `${TITLE}を公開する` }).click();
    await textShows(admin, `「${TITLE}」を公開しました。市民が回答できるようになりました。`);
    await expect.poll(() => row.getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining(['公開中']));
    await row.getByRole('button', { name: `${TITLE}の受付を終了する` }).waitFor();
    await expectNoA11yViolations(admin, 'survey list with the new survey');

    const published = await citizen.getSurveyConfig('park-survey');
    if (isApiError(published)) throw published;
    expect(published.data.surveyTitle).toBe(TITLE);
    expect(published.data.surveySchema.map((item) => item.title)).toEqual(['お名前', '利用の頻度']);
  });

  it('edits an answered survey as a new version, and asks before removing an answered item', async () => {
    const citizen = await citizenApi(world.baseUrl, yamada);
    const config = await citizen.getSurveyConfig('park-survey');
    if (isApiError(config)) throw config;
    const answered = await citizen.putReservation(buildSubmissionPayload({ config: config.data, userId: yamada.userId, answers: { item1: '山田 太郎', item2: '毎日' }, now: Date.now() }));
    expect(isApiError(answered)).toBe(false);

    await admin.getByRole('link', { name: `${TITLE}を編集` }).click();
    await admin.getByRole('heading', { name: `${TITLE}の編集`, level: 1 }).waitFor();
    await textShows(admin, '状態：公開中／第1版／回答：1件');
    // An answered item keeps its type and key, and says why.
    expect(await itemGroup(admin, 1).getByLabel('種類').isDisabled()).toBe(true);
    expect(await itemGroup(admin, 1).getByLabel(/^項目キー/).getAttribute('readonly')).not.toBeNull();
    await textShows(admin, /この項目には回答があるため、種類と項目キーは変更できません。/);
    expect(await itemGroup(admin, 3).getByLabel('種類').isDisabled()).toBe(false);

    await itemGroup(admin, 2).getByLabel('質問文').fill('公園に行く頻度');
    await preview(admin).getByRole('group', { name: /^公園に行く頻度/ }).waitFor();
    await admin.getByRole('button', { name: '保存する' }).click();
    await textShows(admin, '回答があるため、新しい版（第2版）として保存しました。これまでの回答は元の版のまま表示されます。');
    await expect.poll(() => admin.evaluate(() => document.activeElement?.classList.contains('console-outcome'))).toBe(true);
    await textShows(admin, '状態：公開中／第2版／回答：1件');

    // The answered お名前 goes only once the staff member confirms it.
    await admin.getByRole('button', { name: '項目1「お名前」を削除' }).click();
    await expect.poll(() => headings(admin)).toEqual(['項目1「公園に行く頻度」（ラジオボタン（1つ選ぶ））', '項目2「職員メモ」（1行テキスト）']);
    await admin.getByRole('button', { name: '保存する' }).click();
    const confirm = admin.getByRole('button', { name: '回答のある項目を削除して保存' });
    await confirm.waitFor();
    await textShows(admin, /回答のある項目（「お名前」）を削除しようとしています。/);
    expect(await admin.locator('.console-outcome li').allInnerTexts()).toEqual(['お名前']);
    await expectNoA11yViolations(admin, 'survey editor asking to remove an answered item');
    await confirm.click();
    await textShows(admin, '保存しました。');
    const saved = await citizen.getSurveyConfig('park-survey');
    if (isApiError(saved)) throw saved;
    expect(saved.data.surveySchema.map((item) => item.title)).toEqual(['公園に行く頻度']);
  });

  it('fits a tablet, the preview under the editor', async () => {
    await admin.setViewportSize({ width: 768, height: 1024 });
    await admin.reload();
    await admin.getByRole('heading', { name: `${TITLE}の編集`, level: 1 }).waitFor();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    const form = await admin.locator('.console-editor__form').boundingBox();
    const phone = await admin.locator('.console-preview__phone').boundingBox();
    expect(form !== null && phone !== null && phone.y > form.y + form.height - 1).toBe(true);
    await expectNoA11yViolations(admin, 'survey editor on a tablet');
    await admin.setViewportSize({ width: 1280, height: 720 });
  });

  it('copies a survey, deletes the copy, and is told why a survey with answers is not deleted', async () => {
    await admin.goto('/console/');
    await admin.getByRole('button', { name: `${TITLE}をコピー` }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel(/^新しいフォームID/).fill('park-survey-2027');
    await dialog.getByLabel('新しいフォームのタイトル').fill(`${TITLE}（2027年度）`);
    await expectNoA11yViolations(admin, 'copy dialog');
    await dialog.getByRole('button', { name: 'コピーを作成する' }).click();
    await textShows(admin, `「${TITLE}（2027年度）」を下書きとして作成しました。公開するまで市民には表示されません。`);
    const copy = admin.getByRole('row').filter({ hasText: `${TITLE}（2027年度）` });
    await expect.poll(() => copy.getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining(['下書き', '第1版']));

    await copy.getByRole('button', { name: `${TITLE}（2027年度）を削除` }).click();
    await admin.getByRole('dialog').getByRole('button', { name: '削除する' }).click();
    await textShows(admin, `「${TITLE}（2027年度）」を削除しました。`);
    await expect.poll(() => copy.count()).toBe(0);

    await admin.getByRole('button', { name: `${TITLE}を削除` }).click();
    await admin.getByRole('dialog').getByRole('button', { name: '削除する' }).click();
    await textShows(admin, /回答が1件あるため、削除できません/);
    await expect.poll(() => admin.evaluate(() => document.activeElement?.classList.contains('console-outcome'))).toBe(true);
  });
});
