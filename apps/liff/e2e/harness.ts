// The browser tests' world: the real server (a child process on 127.0.0.1, fresh SQLite file,
// LINE stand-in, serving the production build of this app) and Debian's Chromium at phone size.
import { spawn } from 'node:child_process';
import type { ChildProcessByStdio } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createApiClient, DEV_STAND_INS_PATH, isApiError } from '@city/api-client';
import { DEV_CHANNEL, signWebIdToken as signIdToken, TEST_USERS as STAND_IN_USERS } from '@city/line-stand-in';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { buildSubmissionPayload, formatReservationValue } from '@city/survey-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { chromiumPath, searchPath } from './env.js';

const appDir = fileURLToPath(new URL('..', import.meta.url));
const serverDir = join(appDir, '../server');
const distDir = join(appDir, 'dist');

const [yamada, sato, suzuki] = STAND_IN_USERS;
/** The LINE stand-in's test users the tests sign in as. */
export const TEST_USERS = { yamada, sato, suzuki } as const;

export interface RunningServer {
  baseUrl: string;
  /** The server's SQLite file, for tests that set up what no screen or call can (a passed deadline). */
  databasePath: string;
  stop: () => Promise<void>;
}

/** Starts the real server on a free port with a fresh database; resolves once it listens. */
export async function startServer(): Promise<RunningServer> {
  if (!existsSync(join(distDir, 'index.html'))) throw new Error('Build the app first: pnpm --filter @city/liff build');
  const dataDir = await mkdtemp(join(tmpdir(), 'city-liff-e2e-'));
  const databasePath = join(dataDir, 'city.sqlite');
  const child: ChildProcessByStdio<Writable, Readable, Readable> = spawn(
    process.execPath,
    ['--conditions=@city/source', '--import', 'tsx', '--import', join(appDir, 'e2e/exit-with-parent.mjs'), 'src/server.ts'],
    {
      cwd: serverDir,
      env: {
        PATH: searchPath,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: '0',
        DATABASE_PATH: databasePath,
        CITIZEN_APP_DIR: distDir,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1] !== undefined) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      reject(new Error(`The server exited (${String(code)}) before listening:\n${output}`));
    });
  });
  return {
    baseUrl,
    databasePath,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
}

/**
 * A phone: 390×844, touch, Japanese, Japan time, with the server's Content-Security-Policy in
 * force (what it blocks, a citizen's phone blocks too).
 */
export function newPhoneContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  });
}

/** What went wrong on a page: policy violations and uncaught errors, none of which a citizen should meet. */
export interface PageTrouble {
  /** `directive blocked-uri` of each Content-Security-Policy violation. */
  cspViolations: string[];
  pageErrors: string[];
  /** Console errors, with the URL of the resource a failed-load line is about. */
  consoleErrors: { text: string; url: string }[];
}

/** Starts recording a page's trouble (CSP violations as the page's own event reports them). */
export async function watchPage(page: Page): Promise<PageTrouble> {
  const trouble: PageTrouble = { cspViolations: [], pageErrors: [], consoleErrors: [] };
  await page.exposeBinding('__reportCspViolation', (_source, violation: string) => {
    trouble.cspViolations.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCspViolation: (violation: string) => void }).__reportCspViolation(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  page.on('pageerror', (error) => trouble.pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') trouble.consoleErrors.push({ text: message.text(), url: message.location().url });
  });
  return trouble;
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

/** Starts the server and the browser before the file's tests and stops both after them. */
export function useTestWorld(): TestWorld {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const watched = new Map<Page, PageTrouble>();
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterEach(() => {
    for (const [page, trouble] of watched) {
      const found = [...trouble.cspViolations.map((violation) => `CSP: ${violation}`), ...trouble.pageErrors.map((error) => `page error: ${error}`)];
      trouble.cspViolations.length = 0;
      trouble.pageErrors.length = 0;
      expect(found, `trouble on ${page.url()}`).toEqual([]);
    }
  });
  afterAll(async () => {
    await browser?.close(); // closes every context it opened
    await server?.stop();
  });
  const started = () => {
    if (server === undefined || browser === undefined) throw new Error('The test world starts in beforeAll.');
    return { server, browser };
  };
  return {
    get baseUrl() {
      return started().server.baseUrl;
    },
    get databasePath() {
      return started().server.databasePath;
    },
    async newPhonePage() {
      const { server: running, browser: chromium } = started();
      const context = await newPhoneContext(chromium, running.baseUrl);
      const page = await context.newPage();
      watched.set(page, await watchPage(page));
      return page;
    },
    troubleOf(page) {
      const trouble = watched.get(page);
      if (trouble === undefined) throw new Error('Not a page of this world.');
      return trouble;
    },
  };
}

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A survey form's field, by its title (its label starts with it; 必須 or 任意 follows). */
export const fieldOf = (page: Page, title: string) => page.getByLabel(new RegExp(`^${title}`));

/** A 1×1 PNG: the photo a files item uploads in the tests (its thumbnail is a blob: image). */
export const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** Waits until the text shows; on failure the message carries what the screen said instead. */
export async function textShows(page: Page, text: string | RegExp): Promise<void> {
  try {
    await expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 10_000 }).toBe(true);
  } catch {
    throw new Error(`"${String(text)}" is not on ${page.url()}, which says:\n${await page.locator('body').innerText()}`);
  }
}

/** Runs axe-core on the page; fails on any serious or critical violation, naming it. */
export async function expectNoSeriousA11yViolations(page: Page, screen: string): Promise<void> {
  // Evaluated by the browser's debugging protocol, which the page's Content-Security-Policy does
  // not govern (an inline <script> would be refused, as it must be).
  await page.evaluate(await axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({ id: violation.id, impact: violation.impact, targets: violation.nodes.map((node) => JSON.stringify(node.target)) }));
  });
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
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

/** The sandbox page's buttons, by what they say (apps/server's sandbox-page.ts). */
export type SandboxButton = '支払う' | 'キャンセルして戻る' | '支払いに失敗する' | '保留期限を過ぎたことにする';

/**
 * Presses a button of the sandbox provider's hosted page as a browser would: reads the page's form
 * (its action, or the page itself when it has none) and the button's name and value, and posts them
 * as a form. Answers where the page then sends the citizen (a 303's Location), or null when it
 * shows a page instead (保留期限を過ぎたことにする shows the page again).
 */
export async function pressSandboxButton(paymentUrl: string, button: SandboxButton): Promise<string | null> {
  const page = await fetch(paymentUrl);
  const html = await page.text();
  if (!page.ok) throw new Error(`The sandbox page ${paymentUrl} answered ${String(page.status)}:\n${html}`);
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/.exec(html);
  if (form === null) throw new Error(`The sandbox page has no form (the session is no longer open?):\n${html}`);
  const action = new URL(/\baction="([^"]*)"/.exec(form[1] ?? '')?.[1] ?? '', paymentUrl).href;
  const pressed = [...(form[2] ?? '').matchAll(/<button\b([^>]*)>([^<]*)<\/button>/g)].find((match) => match[2]?.trim() === button);
  const name = /\bname="([^"]*)"/.exec(pressed?.[1] ?? '')?.[1];
  const value = /\bvalue="([^"]*)"/.exec(pressed?.[1] ?? '')?.[1];
  if (name === undefined || value === undefined) throw new Error(`No button ${button} on the sandbox page:\n${html}`);
  const response = await fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ [name]: value }).toString(),
    redirect: 'manual',
  });
  if (response.status === 303) return new URL(response.headers.get('location') ?? '', action).href;
  if (response.ok) return null;
  throw new Error(`${button} on the sandbox page answered ${String(response.status)}:\n${await response.text()}`);
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
