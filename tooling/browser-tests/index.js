// @ts-check
// The browser tests' shared world: the real server (a child process on 127.0.0.1 with a fresh
// SQLite file), Debian's Chromium, and what went wrong on each page. Each app's e2e/harness.ts
// adds its own contexts (phone or desktop) and sign-in helpers.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumPath, searchPath, testChromiumPath } from './env.js';

export { chromiumPath, searchPath, testChromiumPath };

const exitWithParent = fileURLToPath(new URL('exit-with-parent.mjs', import.meta.url));

/**
 * Starts the real server (apps/server's build, run by plain node as production runs it) on a free
 * port of 127.0.0.1 with a fresh SQLite file in a new temporary folder; resolves once it says
 * "Server listening at". The build, not the source through tsx: a start took a third more CPU
 * that way, once per test file. turbo builds the server before the browser tests (`^build`).
 *
 * @param {{ serverDir: string; builtApp: string; buildCommand: string; tempPrefix: string; env?: Record<string, string> }} options
 * @returns {Promise<import('./index.js').RunningServer>}
 */
export async function startServer({ serverDir, builtApp, buildCommand, tempPrefix, env = {} }) {
  if (!existsSync(join(builtApp, 'index.html'))) throw new Error(`Build the app first: ${buildCommand}`);
  if (!existsSync(join(serverDir, 'dist', 'server.js'))) throw new Error('Build the server first: pnpm turbo run build --filter=@city/server');
  const dataDir = await mkdtemp(join(tmpdir(), tempPrefix));
  const databasePath = join(dataDir, 'city.sqlite');
  const child = spawn(process.execPath, ['--enable-source-maps', '--import', exitWithParent, 'dist/server.js'], {
    cwd: serverDir,
    // CONFIGURATION_MAX_AGE_MS=0: tests change the database from a connection of their own, as
    // another process would (staff's tools), and expect the server to see it at once.
    env: { PATH: searchPath, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: '0', DATABASE_PATH: databasePath, CONFIGURATION_MAX_AGE_MS: '0', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise((resolve, reject) => {
    /** @param {Buffer} chunk */
    const onData = (chunk) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1] === undefined) return;
      // Read no further: the server logs every request, and the file's tests make thousands.
      child.stdout.off('data', onData);
      child.stderr.off('data', onData);
      child.stdout.resume();
      child.stderr.resume();
      child.off('exit', onEarlyExit);
      resolve(match[1]);
    };
    /** @param {number | null} code */
    const onEarlyExit = (code) => {
      reject(new Error(`The server exited (${String(code)}) before listening:\n${output}`));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', onEarlyExit);
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

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** The browser tests' Chromium (testChromiumPath), headless; nothing downloads a browser. */
export function launchBrowser() {
  return chromium.launch({ executablePath: testChromiumPath, args: CHROMIUM_ARGS });
}

/**
 * The browser a test file uses: the run's (global-setup.js), connected to, when its endpoint is
 * given; else one launched for the file. Closing a connected one closes only the contexts this
 * file opened.
 *
 * @param {string | undefined} endpoint
 */
function browserFor(endpoint) {
  return endpoint === undefined ? launchBrowser() : chromium.connect(endpoint);
}

/**
 * Starts recording a page's trouble (CSP violations as the page's own event reports them).
 *
 * @param {import('playwright-core').Page} page
 * @returns {Promise<import('./index.js').PageTrouble>}
 */
export async function watchPage(page) {
  /** @type {import('./index.js').PageTrouble} */
  const trouble = { cspViolations: [], pageErrors: [], consoleErrors: [] };
  await page.exposeBinding('__reportCspViolation', (_source, /** @type {string} */ violation) => {
    trouble.cspViolations.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      /** @type {{ __reportCspViolation: (violation: string) => void }} */ (/** @type {unknown} */ (window)).__reportCspViolation(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  page.on('pageerror', (error) => trouble.pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') trouble.consoleErrors.push({ text: message.text(), url: message.location().url });
  });
  return trouble;
}

/**
 * A test file's world: the server and the browser started before its tests and stopped after
 * them (the browser is the run's, connected to, when `browserEndpoint` names it); pages on demand,
 * each watched, and any CSP violation or uncaught error on one fails the test it happened in. The
 * runner's hooks are given (vitest's), so this package needs no runner.
 *
 * @param {import('./index.js').TestHooks} hooks
 * @param {{ startServer: () => Promise<import('./index.js').RunningServer>; newContext: (browser: import('playwright-core').Browser, baseUrl: string) => Promise<import('playwright-core').BrowserContext>; browserEndpoint?: string | undefined }} options
 * @returns {import('./index.js').BrowserWorld}
 */
export function useBrowserWorld({ beforeAll, beforeEach, afterEach, afterAll }, options) {
  /** @type {import('./index.js').RunningServer | undefined} */
  let server;
  /** @type {import('playwright-core').Browser | undefined} */
  let browser;
  /** @type {Map<import('playwright-core').Page, import('./index.js').PageTrouble>} */
  const watched = new Map();
  /** @type {Set<import('playwright-core').BrowserContext>} The contexts open when the running test began (the file's own, opened in beforeAll). */
  let openBeforeTest = new Set();
  /** @type {Set<import('playwright-core').BrowserContext>} Contexts of pages a file's later tests go on with (newPage's forTheFile). */
  const keptForTheFile = new Set();
  beforeAll(async () => {
    [server, browser] = await Promise.all([options.startServer(), browserFor(options.browserEndpoint)]);
  });
  beforeEach(() => {
    openBeforeTest = new Set(browser?.contexts());
  });
  afterEach(async () => {
    const troubles = [];
    for (const [page, trouble] of watched) {
      const found = [...trouble.cspViolations.map((violation) => `CSP: ${violation}`), ...trouble.pageErrors.map((error) => `page error: ${error}`)];
      trouble.cspViolations.length = 0;
      trouble.pageErrors.length = 0;
      if (found.length > 0) troubles.push(`trouble on ${page.url()}:\n${found.join('\n')}`);
    }
    // What a test opened ends with it: a page left open keeps running (a spinner's frames, a
    // countdown, polling) beside every later test of the file, a third of the browser's CPU.
    const opened = (browser?.contexts() ?? []).filter((context) => !openBeforeTest.has(context) && !keptForTheFile.has(context));
    for (const context of opened) for (const page of context.pages()) watched.delete(page);
    await Promise.all(opened.map((context) => context.close()));
    if (troubles.length > 0) throw new Error(troubles.join('\n'));
  });
  afterAll(async () => {
    await browser?.close(); // closes every context this file opened (and the browser, when launched for it)
    await server?.stop();
  });
  const started = () => {
    if (server === undefined || browser === undefined) throw new Error('The test world starts in beforeAll.');
    return { server, browser };
  };
  return {
    get server() {
      return started().server;
    },
    async newPage({ forTheFile = false } = {}) {
      const { server: running, browser: launched } = started();
      const context = await options.newContext(launched, running.baseUrl);
      if (forTheFile) keptForTheFile.add(context);
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

/**
 * A download's bytes, read through the browser's connection: its `path()` is on the machine of a
 * browser launched by this process only, and the tests' browser is the run's (connected to).
 *
 * @param {import('playwright-core').Download} download
 * @returns {Promise<Buffer>}
 */
export async function downloadedBytes(download) {
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(/** @type {Buffer} */ (chunk));
  return Buffer.concat(chunks);
}

/**
 * Waits until the text shows (10 s at most); on failure the message carries what the screen said
 * instead.
 *
 * @param {import('playwright-core').Page} page
 * @param {string | RegExp} text
 */
export async function textShows(page, text) {
  try {
    await page.getByText(text).first().waitFor({ state: 'visible', timeout: 10_000 });
  } catch {
    throw new Error(`"${String(text)}" is not on ${page.url()}, which says:\n${await page.locator('body').innerText()}`);
  }
}

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core on the page; answers every violation with its impact and where.
 *
 * @param {import('playwright-core').Page} page
 * @returns {Promise<import('./index.js').AxeViolation[]>}
 */
export async function axeViolations(page) {
  // Evaluated by the browser's debugging protocol, which the page's Content-Security-Policy does
  // not govern (an inline <script> would be refused, as it must be).
  await page.evaluate(await axeSource);
  return page.evaluate(async () => {
    /** @type {{ run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> }} */
    const axe = /** @type {{ axe: any }} */ (/** @type {unknown} */ (window)).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({ id: violation.id, impact: violation.impact, targets: violation.nodes.map((node) => JSON.stringify(node.target)) }));
  });
}

/**
 * Presses a button of the sandbox provider's hosted page as a browser would: reads the page's form
 * (its action, or the page itself when it has none) and the button's name and value, and posts them
 * as a form. Answers where the page then sends the citizen (a 303's Location), or null when it
 * shows a page instead (保留期限を過ぎたことにする shows the page again).
 *
 * @param {string} paymentUrl
 * @param {import('./index.js').SandboxButton} button
 * @returns {Promise<string | null>}
 */
export async function pressSandboxButton(paymentUrl, button) {
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
 * Opens the citizen app inside LINE (the LIFF stand-in's webview) as a test user, at `path`: the
 * user is the one the stand-in's mock login signs in, and LIFF's `liff.state` brings the page there.
 */
export async function openInLine(page, user, path) {
  await page.goto('/login');
  await page.evaluate((userId) => {
    localStorage.setItem('city.liffMockUser', userId);
  }, user.userId);
  await page.goto(`/?liff.state=${encodeURIComponent(path)}`);
  await page.waitForURL((url) => url.pathname === path);
}

/** A test user's messages on the LINE stand-in's inbox page, as LINE shows them. */
export async function lineInboxOf(page, user) {
  await page.goto('/__dev/line/inbox');
  return page.getByRole('region', { name: user.displayName }).innerText();
}
