// Measures what a phone sees first: Lighthouse's default (mobile) configuration, i.e. a mid-range
// phone on slow 4G with a 4x slower CPU, simulated, in Debian's Chromium, against the BUILT app
// served by the real server, on the login screen, and on a survey form, a calendar's week and the
// confirm screen opened by a signed-in citizen (a page load: the answers in progress live in the
// tab's memory, so it has none to confirm), and on the receipt of a booking that citizen paid for
// (made through the API and the payment sandbox before measuring). A measurement, not a test: nothing here fails on a figure.
// `pnpm lighthouse` (root) builds the app first.
//
//   pnpm --filter @city/liff lighthouse [--runs=3] [--page=login|survey|calendar|confirm|receipt]
//
// Prints, per page, every run and the median of each figure (each figure's own median); the full
// reports (HTML and JSON: the LCP element, the request chains) go to a temporary folder named at
// the end. The simulation scales the CPU time it observes: other work on the machine shows up in
// TBT and LCP, so compare runs taken side by side.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiClient, isApiError } from '@city/api-client';
import { DEV_CHANNEL, signWebIdToken, TEST_USERS } from '@city/line-stand-in';
import { addDaysToDate, buildSubmissionPayload, formatReservationValue, japaneseWeekday, todayInJapan } from '@city/survey-core';
import type { Flags, Result } from 'lighthouse';
import lighthouse from 'lighthouse';
import type { Browser, Page } from 'puppeteer-core';
import puppeteer from 'puppeteer-core';
import type { RunningServer } from '@city/browser-tests';
import { chromiumPath, CHROMIUM_ARGS, pressSandboxButton, startServer } from '@city/browser-tests';
import { HOME_PATH, paths } from '../src/config/paths.js';
import { messages } from '../src/messages.js';

const appDir = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(appDir, 'dist');
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const SURVEY_ID = 'citizen-questionnaire';

interface Measured {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  lcpElement: string;
}

/** Page to measure: its path (made on the server first, for a receipt), and whether a signed-in citizen opens it. */
const PAGES: readonly { name: string; path: string | ((origin: string) => Promise<string>); signedIn: boolean }[] = [
  { name: 'login', path: paths.login.to(), signedIn: false },
  { name: 'survey', path: paths.survey.to(SURVEY_ID), signedIn: true },
  { name: 'calendar', path: paths.calendarSlots.to('cal-checkup-central'), signedIn: true },
  { name: 'confirm', path: paths.confirm.to(SURVEY_ID), signedIn: true },
  { name: 'receipt', path: (origin) => paidReceiptPath(origin), signedIn: true },
];

/**
 * 山田 books the demo check-up (a slot five days ahead, not a Sunday) with its fee and pays on the
 * payment sandbox, as his phone would: the receipt of that order is a page of its own
 * (`/receipt?order=`), which a full page load opens.
 */
async function paidReceiptPath(origin: string): Promise<string> {
  const user = TEST_USERS[0];
  const idToken = await signWebIdToken(DEV_CHANNEL, user, { expiresIn: 3600 });
  const api = createApiClient({ baseUrl: origin, getIdToken: () => idToken });
  const config = await api.getSurveyConfig('health-checkup');
  if (isApiError(config)) throw config;
  let date = addDaysToDate(todayInJapan(), 5);
  if (japaneseWeekday(date) === '日') date = addDaysToDate(date, 1);
  const payload = buildSubmissionPayload({
    config: config.data,
    userId: user.userId,
    answers: { name: user.displayName, phone: '090-0000-0000', slot: formatReservationValue({ categoryId: 'checkup-central', date, slotId: '1' }), fee: ['checkup-fee'] },
    now: Date.now(),
  });
  const held = await api.putTemporaryReservation(payload);
  if (isApiError(held)) throw held;
  await pressSandboxButton(held.data.paymentUrl, '支払う');
  return paths.receipt.to(held.data.holdId);
}

const argument = (name: string) => process.argv.find((value) => value.startsWith(`--${name}=`))?.slice(name.length + 3);

function runsFromArgs(): number {
  const runs = Number(argument('runs') ?? '3');
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer (got ${argument('runs') ?? ''})`);
  return runs;
}

function pagesFromArgs(): typeof PAGES {
  const name = argument('page');
  const pages = PAGES.filter((page) => name === undefined || page.name === name);
  if (pages.length === 0) throw new Error(`--page must be one of ${PAGES.map((page) => page.name).join(', ')}`);
  return pages;
}

/** Waits until `check` holds for the page's address (it may pass through other sites' pages). */
async function waitForPath(page: Page, check: (pathname: string) => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check(new URL(page.url()).pathname)) {
    if (Date.now() > deadline) throw new Error(`Timed out on ${page.url()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Signs the tab in as a citizen would: the app's login button, the LINE stand-in's user picker,
 * back to the app. The session lives in this tab's session storage, which Lighthouse's storage
 * reset (HTTP cache, cache storage, service workers) leaves alone, so the survey form is measured
 * as a signed-in citizen sees it, with a cold HTTP cache.
 */
async function signIn(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}${paths.login.to()}`);
  await page.locator(`::-p-aria(${messages.loginWithLine}[role="button"])`).click();
  await page.locator(`::-p-aria(${TEST_USERS[0].displayName}[role="link"])`).click();
  await waitForPath(page, (pathname) => pathname === HOME_PATH);
}

/** Opens the page once and waits for its heading, so the measured run finds a warm server. */
async function warmUp(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'networkidle0' });
  await page.waitForSelector('h1');
}

async function measure(page: Page, url: string, reportBase: string): Promise<Measured> {
  const flags: Flags = { logLevel: 'error', output: ['html', 'json'], onlyCategories: [...CATEGORIES] };
  const result = await lighthouse(url, flags, undefined, page);
  if (result === undefined) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr, report } = result;
  const [html, json] = Array.isArray(report) ? report : [report, undefined];
  await writeFile(`${reportBase}.html`, html);
  if (json !== undefined) await writeFile(`${reportBase}.json`, json);
  if (lhr.runtimeError !== undefined) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  if (finalPath !== new URL(url).pathname) throw new Error(`Lighthouse measured ${lhr.finalDisplayedUrl}, not ${url}`);
  const lcpElement = lcpElementOf(lhr);
  // The screen a citizen without a session sees is the login notice: that would not be the form.
  if (lcpElement.includes('app-session-notice')) throw new Error(`Signed out while measuring ${url}: ${lcpElement}`);
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    lcpElement,
  };
}

function score(lhr: Result, category: (typeof CATEGORIES)[number]): number {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}

function numeric(lhr: Result, audit: string): number {
  const value = lhr.audits[audit]?.numericValue;
  if (value === undefined) throw new Error(`No ${audit} in the report`);
  return value;
}

/** The LCP element as the report names it (selector and text): what the largest paint was. */
function lcpElementOf(lhr: Result): string {
  type Node = { selector?: string; nodeLabel?: string };
  const details = lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: Node }[] }[] } | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  if (node === undefined) return '(none)';
  const text = (node.nodeLabel ?? '').slice(0, 40);
  return `${node.selector ?? '?'} "${text}${(node.nodeLabel?.length ?? 0) > 40 ? '…' : ''}"`;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

function row(label: string, m: Omit<Measured, 'lcpElement'>): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return [
    label.padEnd(40),
    String(m.performance).padStart(4),
    String(m.accessibility).padStart(5),
    String(m.bestPractices).padStart(5),
    seconds(m.fcpMs).padStart(8),
    seconds(m.lcpMs).padStart(8),
    `${Math.round(m.tbtMs)} ms`.padStart(8),
    m.cls.toFixed(3).padStart(6),
  ].join('  ');
}

async function main(): Promise<void> {
  const runs = runsFromArgs();
  const pages = pagesFromArgs();
  const reportDir = await mkdtemp(join(tmpdir(), 'city-lighthouse-'));
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close();
    await server?.stop();
  };
  // Ctrl-C stops the server too (it also exits by itself when this process goes).
  process.once('SIGINT', () => void stop().finally(() => process.exit(130)));
  try {
    // The browser tests' server: from source, on a free port, a fresh database, the demo data.
    server = await startServer({ serverDir: join(appDir, '../server'), builtApp: distDir, buildCommand: 'pnpm --filter @city/liff build', tempPrefix: 'city-lighthouse-db-', env: { CITIZEN_APP_DIR: distDir } });
    const started = { origin: server.baseUrl };
    browser = await puppeteer.launch({ executablePath: chromiumPath, headless: false, args: CHROMIUM_ARGS, defaultViewport: null });
    const cores = availableParallelism();
    const [load = 0] = loadavg();
    console.log(`${await browser.version()}, Node ${process.version}, ${String(cores)} cores (load ${load.toFixed(2)}), server ${started.origin}, ${String(runs)} run(s) per page`);
    if (load > cores * 0.75) console.log('The machine is busy: TBT and LCP will read high (the simulation scales the CPU time it observes).');
    console.log('');
    const header = ['page (run)'.padEnd(40), 'perf', 'a11y', '  b-p', '     FCP', '     LCP', '     TBT', '   CLS'].join('  ');
    console.log(header);
    const lcpElements: string[] = [];
    for (const target of pages) {
      const path = typeof target.path === 'string' ? target.path : await target.path(started.origin);
      const url = `${started.origin}${path}`;
      // One tab per page: its session storage is the citizen's session.
      const page = await browser.newPage();
      if (target.signedIn) await signIn(page, started.origin);
      await warmUp(page, url);
      const results: Measured[] = [];
      for (let run = 1; run <= runs; run += 1) {
        const measured = await measure(page, url, join(reportDir, `${target.name}-${String(run)}`));
        results.push(measured);
        console.log(row(`${path} (${String(run)})`, measured));
      }
      if (runs > 1) {
        const of = (key: Exclude<keyof Measured, 'lcpElement'>) => median(results.map((result) => result[key]));
        console.log(
          row(`${path} (median)`, {
            performance: of('performance'),
            accessibility: of('accessibility'),
            bestPractices: of('bestPractices'),
            fcpMs: of('fcpMs'),
            lcpMs: of('lcpMs'),
            tbtMs: of('tbtMs'),
            cls: of('cls'),
          }),
        );
      }
      lcpElements.push(`${path}: ${[...new Set(results.map((result) => result.lcpElement))].join(' | ')}`);
      await page.close();
    }
    console.log(`\nLCP element:\n  ${lcpElements.join('\n  ')}`);
    console.log(`\nReports (HTML and JSON): ${reportDir}`);
  } finally {
    await stop();
  }
}

await main();
