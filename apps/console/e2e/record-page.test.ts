// A record's page against the real server: on a tablet the status and its actions come before the
// answers (beside them on a wider screen), seen without scrolling; an operator is not offered the
// cancel of a paid booking (told who does it) nor shown who else looked at the record, which a
// member is.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bookCheckupByPhone, callFromPage, citizenBooksCheckup, expectNoA11yViolations, openDay, signIn, TEST_USERS, textShows, useTestWorld } from './harness.js';

const world = useTestWorld();
const [yamada] = TEST_USERS;

async function openRecord(page: Page, partitionKey: string): Promise<void> {
  await page.goto(`/console/surveys/health-checkup/records/${encodeURIComponent(partitionKey)}`);
  await page.getByRole('heading', { name: /^受付番号/ }).waitFor();
  await page.getByRole('button', { name: '状態を変更する' }).waitFor();
}

/** Where a region is on the screen, without scrolling. */
async function boxOf(page: Page, name: string) {
  const box = await page.getByRole('region', { name, exact: true }).boundingBox();
  if (box === null) throw new Error(`No region ${name}`);
  return box;
}

describe('a record’s page', () => {
  it('shows the status and its actions before the answers on a tablet, beside them on a wider one, without scrolling', async () => {
    const page = await world.newDesktopPage();
    await signIn(page, 'health-member', 'demo-health-member');
    const record = await bookCheckupByPhone(page, '板 書子', { date: openDay(3), slotId: '1' });
    for (const viewport of [
      { width: 768, height: 1024 },
      { width: 1024, height: 768 },
    ]) {
      await page.setViewportSize(viewport);
      await openRecord(page, record.partitionKey);
      const status = await boxOf(page, '状態');
      const answers = await boxOf(page, '回答内容');
      if (viewport.width < 900) expect(status.y + status.height).toBeLessThanOrEqual(answers.y);
      else {
        expect(Math.abs(status.y - answers.y)).toBeLessThan(2);
        expect(status.x).toBeGreaterThan(answers.x + answers.width);
      }
      // The actions are on the first screen.
      for (const action of ['状態を変更する', 'キャンセルする']) {
        const button = await page.getByRole('button', { name: action }).boundingBox();
        expect(button !== null && button.y + button.height <= viewport.height, `${action} at ${String(viewport.width)} px`).toBe(true);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectNoA11yViolations(page, `record page at ${String(viewport.width)} px`);
    }
  });

  it('leaves the cancel of a paid booking and the record’s audit entries to city staff', async () => {
    await citizenBooksCheckup(world.baseUrl, yamada, { date: openDay(2), slotId: '2' });
    const member = await world.newDesktopPage();
    await signIn(member, 'health-member', 'demo-health-member');
    const found = await callFromPage(member, 'POST', '/console/api/surveys/health-checkup/records/search', { filter: { items: [{ itemKey: 'name', value: yamada.displayName }], origins: ['web'] } });
    const [paid] = (found.body as { data: { partitionKey: string }[] }).data;
    if (paid === undefined) throw new Error('The citizen’s booking is not found');

    const operator = await world.newDesktopPage();
    await signIn(operator, 'health-operator', 'demo-health-operator');
    await openRecord(operator, paid.partitionKey);
    await textShows(operator, '支払い済み');
    await textShows(operator, 'お支払い済みの予約の取り消しは職員（メンバー以上）が行います。');
    expect(await operator.getByRole('button', { name: 'キャンセルする' }).count()).toBe(0);
    expect(await operator.getByRole('heading', { name: 'この回答の操作ログ' }).count()).toBe(0);
    await expectNoA11yViolations(operator, 'paid record seen by an operator');

    await openRecord(member, paid.partitionKey);
    await member.getByRole('button', { name: 'キャンセルする' }).waitFor();
    expect(await member.getByText('お支払い済みの予約の取り消しは').count()).toBe(0);
    // The operator's view is among the entries a member reads.
    const audit = member.getByRole('table', { name: 'この回答の操作ログ' });
    await expect.poll(() => audit.innerText()).toContain('健康推進課 委託オペレーター');
    expect(await audit.locator('tbody tr td:nth-child(3)').allInnerTexts()).toContain('回答の閲覧');
  });
});
