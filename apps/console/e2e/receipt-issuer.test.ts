// The receipt's issuer kept by the administrator in the console: the form starts from what
// receipts show now (the server's settings), a malformed registration number is named beside its
// field, and once saved a citizen's receipt shows the new issuer.
import { isApiError } from '@city/api-client';
import { describe, expect, it } from 'vitest';
import { ADMINISTRATOR_TOTP_SECRET, citizenApi, citizenBooksCheckup, expectNoA11yViolations, openDay, signIn, TEST_USERS, textShows, useTestWorld } from './harness.js';

const world = useTestWorld();
const [yamada] = TEST_USERS;

describe('the receipt’s issuer', () => {
  it('is set by the administrator and shown on citizens’ receipts', async () => {
    const orderId = await citizenBooksCheckup(world.baseUrl, yamada, { date: openDay(5), slotId: '2' });
    const admin = await world.newDesktopPage();
    await signIn(admin, 'administrator', 'demo-administrator', ADMINISTRATOR_TOTP_SECRET);
    await admin.getByRole('navigation').getByRole('link', { name: '領収書の発行者' }).click();
    await admin.getByRole('heading', { name: '領収書の発行者', level: 1 }).waitFor();
    const name = admin.getByLabel('発行者の名前（必須）');
    await expect.poll(() => name.inputValue()).toBe('デモ市 保健福祉課');
    await expectNoA11yViolations(admin, 'receipt issuer');

    await name.fill('みなと市 健康推進課');
    await admin.getByLabel('所在地').fill('みなと市中央1-1-1');
    const registration = admin.getByLabel('適格請求書発行事業者登録番号（T＋13桁）');
    await registration.fill('T123');
    await admin.getByRole('button', { name: '保存する' }).click();
    await textShows(admin, '登録番号は「T」と13桁の数字で入力してください（例: T1234567890123）。');
    expect(await registration.getAttribute('aria-invalid')).toBe('true');
    await registration.fill('T1234567890123');
    await admin.getByRole('button', { name: '保存する' }).click();
    await textShows(admin, '領収書の発行者を保存しました。');

    const api = await citizenApi(world.baseUrl, yamada);
    const order = await api.getOrder(orderId);
    if (isApiError(order)) throw order;
    expect(order.data.issuer).toMatchObject({ name: 'みなと市 健康推進課', address: 'みなと市中央1-1-1', registrationNumber: 'T1234567890123' });
  });

  it('is not offered to other roles', async () => {
    const admin = await world.newDesktopPage();
    await signIn(admin, 'health-admin', 'demo-health-admin');
    expect(await admin.getByRole('navigation').getByRole('link', { name: '領収書の発行者' }).count()).toBe(0);
  });
});
