// The browser tests' world: the real server (a child process on 127.0.0.1, fresh SQLite file,
// LINE stand-in, serving the production build of this app) and Debian's Chromium at phone size.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiClient, DEV_STAND_INS_PATH, isApiError } from '@city/api-client';
import type { PageTrouble, RunningServer, SandboxButton } from '@city/browser-tests';
import { axeViolations, launchBrowser, lineInboxOf, openInLine, pressSandboxButton, startServer as startSharedServer, textShows, useBrowserWorld, watchPage } from '@city/browser-tests';
import { DEV_CHANNEL, signWebIdToken as signIdToken, TEST_USERS as STAND_IN_USERS } from '@city/line-stand-in';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { buildSubmissionPayload, formatReservationValue } from '@city/survey-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';

declare module 'vitest' {
  interface ProvidedContext {
    /** The run's Chromium, which each file connects to (browserTestConfig's global setup, @city/vitest-config). */
    browserEndpoint: string;
  }
}

const appDir = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(appDir, 'dist');

const [yamada, sato, suzuki] = STAND_IN_USERS;
/** The LINE stand-in's test users the tests sign in as. */
export const TEST_USERS = { yamada, sato, suzuki } as const;

export type { PageTrouble, RunningServer, SandboxButton };
export { launchBrowser, lineInboxOf, openInLine, pressSandboxButton, textShows, watchPage };

/** Starts the real server, serving this app's production build, on a free port with a fresh database. */
export function startServer(): Promise<RunningServer> {
  return startSharedServer({ serverDir: join(appDir, '../server'), builtApp: distDir, buildCommand: 'pnpm --filter @city/liff build', tempPrefix: 'city-liff-e2e-', env: { CITIZEN_APP_DIR: distDir } });
}

/**
 * A phone: 390×844, touch, Japanese, Japan time, with the server's Content-Security-Policy in
 * force (what it blocks, a citizen's phone blocks too).
 */
export function newPhoneContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  return browser.newContext(phoneContextOptions(baseUrl));
}

/** The phone's context options (newPhoneContext's), for a test that needs one with a difference (JavaScript off). */
export function phoneContextOptions(baseUrl: string): BrowserContextOptions {
  return {
    baseURL: baseUrl,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  };
}

/** A test file's world: one server with a fresh database, one browser, phone pages on demand. */
export interface TestWorld {
  readonly baseUrl: string;
  readonly databasePath: string;
  /**
   * A page in a new phone context (its own cookies and storage). Any Content-Security-Policy
   * violation or uncaught error on it fails the test it happened in.
   */
  newPhonePage(): Promise<Page>;
  /** What went wrong on a page opened by newPhonePage so far. */
  troubleOf(page: Page): PageTrouble;
}

/** Starts the server before the file's tests and stops it after them; pages are the run's browser's. */
export function useTestWorld(): TestWorld {
  const world = useBrowserWorld({ beforeAll, beforeEach, afterEach, afterAll }, { startServer, newContext: newPhoneContext, browserEndpoint: inject('browserEndpoint') });
  return {
    get baseUrl() {
      return world.server.baseUrl;
    },
    get databasePath() {
      return world.server.databasePath;
    },
    newPhonePage: () => world.newPage(),
    troubleOf: (page) => world.troubleOf(page),
  };
}

/** A survey form's field, by its title (its label starts with it; 必須 or 任意 follows). */
export const fieldOf = (page: Page, title: string) => page.getByLabel(new RegExp(`^${title}`));

/** A 1×1 PNG: the photo a files item uploads in the tests (its thumbnail is a blob: image). */
export const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** Runs axe-core on the page; fails on any serious or critical violation, naming it. */
export async function expectNoSeriousA11yViolations(page: Page, screen: string): Promise<void> {
  const serious = (await axeViolations(page)).filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious, `axe on ${screen}`).toEqual([]);
}

/** Logs in through the web flow: the app's login button, the stand-in's user picker, back again. */
export async function logInAs(page: Page, user: { displayName: string }, from = '/login'): Promise<void> {
  await page.goto(from);
  await page.getByRole('button', { name: 'LINEでログイン' }).click();
  await page.getByRole('link', { name: user.displayName }).click();
  await page.waitForURL((url) => url.pathname !== '/login' && !url.pathname.startsWith(DEV_STAND_INS_PATH));
}

/** An ID token as LINE's web login issues it for the development channel, issued two hours ago. */
export function signWebIdToken(user: (typeof TEST_USERS)[keyof typeof TEST_USERS], expiresInSeconds: number): Promise<string> {
  return signIdToken(DEV_CHANNEL, user, { expiresIn: expiresInSeconds, issuedAt: Math.floor(Date.now() / 1000) - 7200 });
}

/**
 * Another citizen books a slot of the demo's 中央保健センター (health-checkup) through the API, as
 * their phone would: the required fee in the order, the hold (temprary), then 支払う on the
 * sandbox page. Answers 'OK' with the order once paid, or the refusal's code (slot_full…).
 */
export async function bookAndPayAs(
  baseUrl: string,
  user: (typeof TEST_USERS)[keyof typeof TEST_USERS],
  slot: { date: string; slotId: string },
): Promise<{ code: 'OK'; orderId: string } | { code: string }> {
  const idToken = await signWebIdToken(user, 4 * 3600);
  const api = createApiClient({ baseUrl, getIdToken: () => idToken });
  const config = await api.getSurveyConfig('health-checkup');
  if (isApiError(config)) throw config;
  const payload = buildSubmissionPayload({
    config: config.data,
    userId: user.userId,
    answers: {
      name: user.displayName,
      phone: '090-0000-0000',
      slot: formatReservationValue({ categoryId: 'checkup-central', date: slot.date, slotId: slot.slotId }),
      fee: ['checkup-fee'],
    },
    now: Date.now(),
  });
  let held;
  try {
    held = await api.putTemporaryReservation(payload);
  } catch (error) {
    if (isApiError(error)) return { code: error.code };
    throw error;
  }
  const { holdId, paymentUrl } = held.data;
  const back = await pressSandboxButton(paymentUrl, '支払う');
  expect(back === null ? null : new URL(back).pathname).toBe(`/completedPayment/${holdId}`);
  const order = await api.getOrder(holdId);
  if (isApiError(order)) throw order;
  expect(order.data.status).toBe('paid');
  return { code: 'OK', orderId: holdId };
}
