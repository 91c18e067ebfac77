// The browser tests' world: the real server (a child process on 127.0.0.1, fresh SQLite file,
// demo staff, LINE stand-in, serving the production build of the console) and Debian's Chromium
// at desktop size, with the server's Content-Security-Policy in force.
import { spawn } from 'node:child_process';
import type { ChildProcessByStdio } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createApiClient, isApiError } from '@city/api-client';
import { DEV_CHANNEL, signWebIdToken, TEST_USERS } from '@city/line-stand-in';
import { addDaysToDate, buildSubmissionPayload, formatReservationValue, japaneseWeekday, todayInJapan } from '@city/survey-core';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { chromiumPath, searchPath } from './env.js';

const appDir = fileURLToPath(new URL('..', import.meta.url));
const serverDir = join(appDir, '../server');
const distDir = join(appDir, 'dist');
const citizenDistDir = join(appDir, '../liff/dist');

export { TEST_USERS };

/** The demo administrator's TOTP secret (apps/server's demo-staff.ts, printed by `pnpm start`). */
export const ADMINISTRATOR_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The current TOTP code of a secret, as an authenticator app shows it. */
export const totpCode = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();

interface RunningServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

/** Starts the real server on a free port with a fresh database; resolves once it listens. */
async function startServer(extraEnv: Record<string, string>): Promise<RunningServer> {
  if (!existsSync(join(distDir, 'index.html'))) throw new Error('Build the console first: pnpm --filter @city/console build');
  const dataDir = await mkdtemp(join(tmpdir(), 'city-console-e2e-'));
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
        DATABASE_PATH: join(dataDir, 'city.sqlite'),
        CONSOLE_APP_DIR: distDir,
        ...(existsSync(join(citizenDistDir, 'index.html')) ? { CITIZEN_APP_DIR: citizenDistDir } : {}),
        ...extraEnv,
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

/** What went wrong on a page: policy violations and uncaught errors, none of which staff should meet. */
interface PageTrouble {
  cspViolations: string[];
  pageErrors: string[];
}

async function watchPage(page: Page): Promise<PageTrouble> {
  const trouble: PageTrouble = { cspViolations: [], pageErrors: [] };
  await page.exposeBinding('__reportCspViolation', (_source, violation: string) => {
    trouble.cspViolations.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCspViolation: (violation: string) => void }).__reportCspViolation(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  page.on('pageerror', (error) => trouble.pageErrors.push(error.message));
  return trouble;
}

export interface TestWorld {
  readonly baseUrl: string;
  /**
   * A page in a new desktop context (1280x720, its own cookies and storage, Japanese, Japan time).
   * Any CSP violation or uncaught error on it fails the test it happened in.
   */
  newDesktopPage(): Promise<Page>;
}

/** Starts the server (with extra environment, if any) and the browser for the file's tests. */
export function useTestWorld(extraEnv: Record<string, string> = {}): TestWorld {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const watched = new Map<Page, PageTrouble>();
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(extraEnv), chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS })]);
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
    await browser?.close();
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
    async newDesktopPage() {
      const { server: running, browser: chromium } = started();
      const context = await chromium.newContext({ baseURL: running.baseUrl, viewport: { width: 1280, height: 720 }, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
      const page = await context.newPage();
      watched.set(page, await watchPage(page));
      return page;
    },
  };
}

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core on the page; fails on any violation at all, naming it and where. */
export async function expectNoA11yViolations(page: Page, screen: string): Promise<void> {
  // Evaluated through the debugging protocol, which the page's CSP does not govern.
  await page.evaluate(await axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({ id: violation.id, impact: violation.impact, targets: violation.nodes.map((node) => JSON.stringify(node.target)) }));
  });
  expect(violations, `axe on ${screen}`).toEqual([]);
}

/** Waits until the text shows; on failure the message carries what the screen said instead. */
export async function textShows(page: Page, text: string | RegExp): Promise<void> {
  try {
    await expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 10_000 }).toBe(true);
  } catch {
    throw new Error(`"${String(text)}" is not on ${page.url()}, which says:\n${await page.locator('body').innerText()}`);
  }
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
 * Presses a button of the sandbox payment page as a browser would (its form posted); answers
 * where the page sends the citizen.
 */
async function pressSandboxButton(paymentUrl: string, button: string): Promise<void> {
  const html = await (await fetch(paymentUrl)).text();
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/.exec(html);
  if (form === null) throw new Error(`The sandbox page has no form:\n${html}`);
  const action = new URL(/\baction="([^"]*)"/.exec(form[1] ?? '')?.[1] ?? '', paymentUrl).href;
  const pressed = [...(form[2] ?? '').matchAll(/<button\b([^>]*)>([^<]*)<\/button>/g)].find((match) => match[2]?.trim() === button);
  const name = /\bname="([^"]*)"/.exec(pressed?.[1] ?? '')?.[1];
  const value = /\bvalue="([^"]*)"/.exec(pressed?.[1] ?? '')?.[1];
  if (name === undefined || value === undefined) throw new Error(`No button ${button} on the sandbox page:\n${html}`);
  const response = await fetch(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ [name]: value }).toString(), redirect: 'manual' });
  if (response.status !== 303 && !response.ok) throw new Error(`${button} answered ${String(response.status)}`);
}

/**
 * A citizen books a slot of the demo's 中央保健センター (health-checkup) through the citizen API
 * and pays on the sandbox page, as their phone would. Answers the order's id (the hold's).
 */
export async function citizenBooksCheckup(baseUrl: string, user: (typeof TEST_USERS)[number], slot: { date: string; slotId: string }): Promise<string> {
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
  await pressSandboxButton(held.data.paymentUrl, '支払う');
  const order = await api.getOrder(held.data.holdId);
  if (isApiError(order)) throw order;
  expect(order.data.status).toBe('paid');
  return held.data.holdId;
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
