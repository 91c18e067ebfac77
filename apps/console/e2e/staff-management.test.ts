// Staff management against the real server: the administrator signs in (the code field has the
// focus when the code step appears), finds an account locked by ten wrong passwords in the staff
// list and unlocks it; its owner then signs in. Others have no such menu.
import { describe, expect, it } from 'vitest';
import { ADMINISTRATOR_TOTP_SECRET, expectNoA11yViolations, signIn, textShows, totpCode, useTestWorld } from './harness.js';

const world = useTestWorld();

/** A sign-in through the staff API, as a browser would send it; answers the status. */
async function signInStatus(loginId: string, password: string): Promise<number> {
  const response = await fetch(`${world.baseUrl}/console/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginId, password }),
  });
  return response.status;
}

describe('staff management', () => {
  it('lets the administrator unlock an account locked by failed sign-ins', async () => {
    // Ten wrong passwords (apps/server's LOCKOUT_AFTER_FAILURES) lock the account; the right one is then refused.
    for (let attempt = 0; attempt < 10; attempt++) expect(await signInStatus('community-guest', 'not-the-password')).toBe(401);
    expect(await signInStatus('community-guest', 'demo-community-guest')).toBe(403);

    const admin = await world.newDesktopPage();
    await admin.goto('/console/');
    await admin.getByLabel('ログインID').fill('administrator');
    await admin.getByLabel('パスワード').fill('demo-administrator');
    await admin.getByRole('button', { name: 'ログインする' }).click();
    await admin.getByRole('heading', { name: '確認コードの入力' }).waitFor();
    // The code is typed at once: the field has the focus.
    await expect.poll(() => admin.evaluate(() => document.activeElement?.id)).toBe('totp-code');
    await admin.keyboard.type(totpCode(ADMINISTRATOR_TOTP_SECRET));
    await admin.keyboard.press('Enter');
    await admin.getByRole('heading', { name: 'フォーム一覧', level: 1 }).waitFor();

    await admin.getByRole('navigation').getByRole('link', { name: '職員管理' }).click();
    await admin.getByRole('heading', { name: '職員管理', level: 1 }).waitFor();
    const table = admin.getByRole('table', { name: '職員管理' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(9); // the administrator and four in each team
    const locked = table.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: 'community-guest', exact: true }) });
    expect(await locked.locator('td').allInnerTexts()).toEqual(['市民協働課 閲覧者', '閲覧者', '市民協働課', '未登録', 'ロック中', 'ロック解除']);
    const administrator = table.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: 'administrator', exact: true }) });
    const [name, role, teams, totp, state, actions] = await administrator.locator('td').allInnerTexts();
    expect([name, role, totp, state, actions]).toEqual(['システム管理者', 'システム管理者', '登録済み', '利用可', '']);
    expect(teams?.split('、').sort()).toEqual(['健康推進課', '市民協働課'].sort());
    // Only the locked account has the button.
    expect(await table.getByRole('button', { name: /ロック解除/ }).count()).toBe(1);
    await expectNoA11yViolations(admin, 'staff list');

    await locked.getByRole('button', { name: '市民協働課 閲覧者のアカウントをロック解除' }).click();
    await textShows(admin, '市民協働課 閲覧者（community-guest）のロックを解除しました。');
    await expect.poll(() => locked.locator('td').nth(4).innerText()).toBe('利用可');
    expect(await table.getByRole('button', { name: /ロック解除/ }).count()).toBe(0);
    // The button went with the lock: the focus is on what the unlock said, not lost.
    expect(await admin.evaluate(() => document.activeElement?.textContent)).toBe('市民協働課 閲覧者（community-guest）のロックを解除しました。');
    await expectNoA11yViolations(admin, 'staff list after an unlock');

    // Its owner signs in again.
    const guest = await world.newDesktopPage();
    await signIn(guest, 'community-guest', 'demo-community-guest');
    // No staff menu for anyone but an administrator.
    expect(await guest.getByRole('link', { name: '職員管理' }).count()).toBe(0);
  });
});
