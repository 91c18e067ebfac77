// Enrolling an authenticator at first sign-in, where the municipality makes TOTP compulsory for
// admins too (STAFF_TOTP_REQUIRED_FOR): the QR code shows (a data: image the CSP allows), the
// secret is typed into an "authenticator" (here: otpauth), its first code signs in. Then sign out.
import { describe, expect, it } from 'vitest';
import { expectNoA11yViolations, textShows, totpCode, useTestWorld } from './harness.js';

const world = useTestWorld({ STAFF_TOTP_REQUIRED_FOR: 'administrator,admin' });

describe('enrolling an authenticator', () => {
  it('shows the QR code and the secret, signs in with the first code, and signs out', async () => {
    const page = await world.newDesktopPage();
    await page.goto('/console/surveys/health-checkup');
    await page.getByRole('heading', { name: 'ログイン' }).waitFor();
    await page.getByLabel('ログインID').fill('health-admin');
    await page.getByLabel('パスワード').fill('demo-health-admin');
    await page.getByRole('button', { name: 'ログインする' }).click();
    await page.getByRole('heading', { name: '確認コードアプリの登録' }).waitFor();
    const qr = page.getByRole('img', { name: '確認コードアプリで読み取るQRコード' });
    await qr.waitFor();
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const secret = (await page.locator('.console-enrolment__secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expectNoA11yViolations(page, 'enrolment');
    await page.getByLabel('確認コード（6桁）').fill(totpCode(secret));
    await page.getByRole('button', { name: '確認する' }).click();
    // Back where the staff member was going before signing in.
    await page.getByRole('heading', { name: '健康診断のご予約 回答一覧' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/console/surveys/health-checkup');
    await textShows(page, '健康推進課 管理者（管理者）');

    await page.getByRole('button', { name: 'ログアウト' }).click();
    await page.getByRole('heading', { name: 'ログイン' }).waitFor();
    const session = await page.evaluate(async () => (await fetch('/console/api/session', { credentials: 'same-origin' })).status);
    expect(session).toBe(401);
  });
});
