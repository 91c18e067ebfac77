// A booking cancelled at the city hall, as the citizen sees it: 山田 books and pays for a slot in
// the citizen app's calendar; a staff member (the demo's health-member, through the staff console's
// API with its session cookie and CSRF token) finds the booking by its slot's date and cancels it
// with a reason. The citizen's app then shows the booking cancelled, and the week shows the slot
// with one more place left; the payment is refunded.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { quietDate, slotCell } from './demo-calendar.js';
import { bookAndPayAs, logInAs, TEST_USERS, textShows, useTestWorld } from './harness.js';

const world = useTestWorld();

/** The staff console's API as a browser would call it: the session cookie, and the CSRF token on writes. */
async function staffSession(loginId: string, password: string) {
  const signIn = await fetch(`${world.baseUrl}/console/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginId, password }) });
  expect(signIn.status).toBe(200);
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { data } = (await signIn.json()) as { data: { csrfToken: string } };
  return async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: unknown }> => {
    const response = await fetch(`${world.baseUrl}/console/api${path}`, {
      method,
      headers: { cookie, ...(method === 'POST' ? { 'x-csrf-token': data.csrfToken, 'content-type': 'application/json' } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
}

async function openWeek(page: Page): Promise<void> {
  await page.goto('/survey/health-checkup');
  await page.getByRole('button', { name: '予約枠を選ぶ' }).click();
  await page.getByRole('button', { name: '中央保健センター' }).click();
  await page.waitForURL(/\/calendar\/cal-checkup-central$/);
}

describe('a booking cancelled by staff', () => {
  it('shows as cancelled in the citizen app, its slot has one more place, and its payment is refunded', async () => {
    expect((await bookAndPayAs(world.baseUrl, TEST_USERS.yamada, { date: quietDate, slotId: '2' })).code).toBe('OK');
    const page = await world.newPhonePage();
    await logInAs(page, TEST_USERS.yamada);
    await openWeek(page);
    await expect.poll(() => slotCell(page, quietDate, '2', '空きあり（残り4）').count()).toBe(1);

    const call = await staffSession('health-member', 'demo-health-member');
    const found = await call('POST', '/surveys/health-checkup/records/search', {
      filter: { slotDateFrom: quietDate, slotDateTo: quietDate, items: [{ itemKey: 'name', value: TEST_USERS.yamada.displayName }] },
    });
    expect(found.status).toBe(200);
    const records = (found.body as { data: { partitionKey: string; version: number }[] }).data;
    expect(records).toHaveLength(1);
    const [record] = records;
    const cancelled = await call('POST', `/surveys/health-checkup/records/${encodeURIComponent(record!.partitionKey)}/status`, {
      status: 'キャンセル',
      reason: '電話で取り消しの依頼',
      version: record!.version,
    });
    expect(cancelled.status).toBe(200);

    await page.goto('/confirmList/health-checkup');
    await textShows(page, 'この予約はキャンセルされました。');
    await openWeek(page);
    await expect.poll(() => slotCell(page, quietDate, '2', '空きあり（残り5）').count()).toBe(1);
    const recordPage = await call('GET', `/surveys/health-checkup/records/${encodeURIComponent(record!.partitionKey)}`);
    const { orders, history } = (recordPage.body as { data: { orders: { status: string }[]; history: { text: string }[] } }).data;
    expect(orders.map((order) => order.status)).toEqual(['refunded']);
    expect(history.map((entry) => entry.text)).toEqual(['電話で取り消しの依頼']);
  });
});
