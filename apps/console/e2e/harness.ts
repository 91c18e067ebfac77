// The browser tests' world: the real server (a child process on 127.0.0.1, fresh SQLite file,
// demo staff, LINE stand-in, serving the production build of the console) and Debian's Chromium
// at desktop size, with the server's Content-Security-Policy in force.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiClient, isApiError } from '@city/api-client';
import { axeViolations, downloadedBytes, pressSandboxButton, startServer, textShows, useBrowserWorld } from '@city/browser-tests';
import { DEV_CHANNEL, signWebIdToken, TEST_USERS } from '@city/line-stand-in';
import { addDaysToDate, buildSubmissionPayload, formatReservationValue, japaneseWeekday, todayInJapan } from '@city/survey-core';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';

declare module 'vitest' {
  interface ProvidedContext {
    /** The run's Chromium, which each file connects to (browserTestConfig's global setup, @city/vitest-config). */
    browserEndpoint: string;
  }
}

const appDir = fileURLToPath(new URL('..', import.meta.url));
const citizenDistDir = join(appDir, '../liff/dist');

export { downloadedBytes, TEST_USERS, textShows };

/** The demo administrator's TOTP secret (apps/server's demo-staff.ts, printed by `pnpm start`). */
export const ADMINISTRATOR_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The current TOTP code of a secret, as an authenticator app shows it. */
export const totpCode = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();

export interface TestWorld {
  readonly baseUrl: string;
  /**
   * A page in a new desktop context (1280x720, its own cookies and storage, Japanese, Japan time).
   * Any CSP violation or uncaught error on it fails the test it happened in. Closed after the
   * test, or with `forTheFile` after the file's last test (later tests go on with it).
   */
  newDesktopPage(options?: { forTheFile?: boolean }): Promise<Page>;
}

/** Starts the server (with extra environment, if any) for the file's tests; pages are the run's browser's. */
export function useTestWorld(extraEnv: Record<string, string> = {}): TestWorld {
  const world = useBrowserWorld(
    { beforeAll, beforeEach, afterEach, afterAll },
    {
      // The console's build, and the citizen app's when built (tests that open it as a citizen).
      startServer: () =>
        startServer({
          serverDir: join(appDir, '../server'),
          builtApp: join(appDir, 'dist'),
          buildCommand: 'pnpm --filter @city/console build',
          tempPrefix: 'city-console-e2e-',
          env: { CONSOLE_APP_DIR: join(appDir, 'dist'), ...(existsSync(join(citizenDistDir, 'index.html')) ? { CITIZEN_APP_DIR: citizenDistDir } : {}), ...extraEnv },
        }),
      newContext: (browser, baseUrl) => browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 720 }, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' }),
      browserEndpoint: inject('browserEndpoint'),
    },
  );
  return {
    get baseUrl() {
      return world.server.baseUrl;
    },
    newDesktopPage: (options) => world.newPage(options),
  };
}

/** Runs axe-core on the page; fails on any violation at all, naming it and where. */
export async function expectNoA11yViolations(page: Page, screen: string): Promise<void> {
  expect(await axeViolations(page), `axe on ${screen}`).toEqual([]);
}

/** Signs in on the console's sign-in screen; with a TOTP secret, types its current code too. */
export async function signIn(page: Page, loginId: string, password: string, totpSecret?: string): Promise<void> {
  await page.goto('/console/');
  await page.getByLabel('ログインID').fill(loginId);
  await page.getByLabel('パスワード').fill(password);
  await page.getByRole('button', { name: 'ログインする' }).click();
  if (totpSecret !== undefined) {
    await page.getByRole('heading', { name: '確認コードの入力' }).waitFor();
    await page.getByLabel('確認コード（6桁）').fill(totpCode(totpSecret));
    await page.getByRole('button', { name: '確認する' }).click();
  }
  await page.getByRole('heading', { name: 'フォーム一覧', level: 1 }).waitFor();
}

/** Calls the staff API from the page, as the console would (its cookie; the CSRF token read from the session). */
export function callFromPage(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ method: verb, path: address, body: payload }) => {
      const session = (await (await fetch('/console/api/session', { credentials: 'same-origin' })).json()) as { data: { csrfToken: string } };
      const response = await fetch(address, {
        method: verb,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.data.csrfToken },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { method, path, body },
  );
}

/** A citizen's API client, signed in as a LINE stand-in test user. */
export async function citizenApi(baseUrl: string, user: (typeof TEST_USERS)[number]) {
  const idToken = await signWebIdToken(DEV_CHANNEL, user, { expiresIn: 4 * 3600, issuedAt: Math.floor(Date.now() / 1000) - 60 });
  return createApiClient({ baseUrl, getIdToken: () => idToken });
}

/**
 * A citizen books a slot of the demo's 中央保健センター (health-checkup) through the citizen API
 * and pays on the sandbox page, as their phone would. Answers the order's id (the hold's).
 */
export async function citizenBooksCheckup(baseUrl: string, user: (typeof TEST_USERS)[number], slot: { date: string; slotId: string }): Promise<string> {
  const { api, holdId, paymentUrl } = await citizenHoldsCheckup(baseUrl, user, slot);
  await pressSandboxButton(paymentUrl, '支払う');
  const order = await api.getOrder(holdId);
  if (isApiError(order)) throw order;
  expect(order.data.status).toBe('paid');
  return holdId;
}

/** A citizen holds a slot of 中央保健センター with the 受診料: the order waits for its payment at the sandbox's page. */
export async function citizenHoldsCheckup(baseUrl: string, user: (typeof TEST_USERS)[number], slot: { date: string; slotId: string }) {
  const api = await citizenApi(baseUrl, user);
  const config = await api.getSurveyConfig('health-checkup');
  if (isApiError(config)) throw config;
  const payload = buildSubmissionPayload({
    config: config.data,
    userId: user.userId,
    answers: { name: user.displayName, phone: '090-0000-0000', slot: formatReservationValue({ categoryId: 'checkup-central', date: slot.date, slotId: slot.slotId }), fee: ['checkup-fee'] },
    now: Date.now(),
  });
  const held = await api.putTemporaryReservation(payload);
  return { api, holdId: held.data.holdId, paymentUrl: held.data.paymentUrl };
}

/** A date the demo's 中央保健センター is open and bookable (booking closes the day before; no Sundays). */
export function openDay(daysAhead: number): string {
  const date = addDaysToDate(todayInJapan(), daysAhead);
  return japaneseWeekday(date) === '日' ? addDaysToDate(date, 1) : date;
}

/** Units left in a slot of 中央保健センター, as the staff calendar reads it. */
export async function unitsLeft(page: Page, date: string, slotId: string): Promise<number> {
  const answer = await page.evaluate(async (address) => (await fetch(address, { credentials: 'same-origin' })).json() as Promise<{ data: { slots: { date: string; slotId: string; left: number }[] } }>, `/console/api/calendars/slots?calendarId=cal-checkup-central&from=${date}&to=${date}`);
  const slot = answer.data.slots.find((candidate) => candidate.date === date && candidate.slotId === slotId);
  if (slot === undefined) throw new Error(`No slot ${slotId} on ${date}`);
  return slot.left;
}

/**
 * A health check-up booked by phone through the staff API (as another desk would, meanwhile), in
 * 中央保健センター with the 受診料. Answers the new record's key and 受付番号.
 */
export async function bookCheckupByPhone(page: Page, name: string, slot: { date: string; slotId: string }): Promise<{ partitionKey: string; receiptNumber: string }> {
  const answers = { name, phone: '03-0000-0000', slot: formatReservationValue({ categoryId: 'checkup-central', ...slot }) };
  const booked = await callFromPage(page, 'POST', '/console/api/surveys/health-checkup/records', { answers, order: { items: [{ productId: 'checkup-fee', quantity: 1 }] } });
  if (booked.status !== 201) throw new Error(`Booking by phone answered ${String(booked.status)}: ${JSON.stringify(booked.body)}`);
  return (booked.body as { data: { partitionKey: string; receiptNumber: string } }).data;
}

/** Sets a health check-up record's status through the staff API, on the version it has now. */
export async function changeStatusThroughApi(page: Page, partitionKey: string, status: string): Promise<void> {
  const address = `/console/api/surveys/health-checkup/records/${encodeURIComponent(partitionKey)}`;
  const current = await page.evaluate(async (url) => (await fetch(url, { credentials: 'same-origin' })).json() as Promise<{ data: { record: { version: number } } }>, address);
  const changed = await callFromPage(page, 'POST', `${address}/status`, { status, version: current.data.record.version, reason: 'API' });
  if (changed.status !== 200) throw new Error(`The status change answered ${String(changed.status)}: ${JSON.stringify(changed.body)}`);
}
