// The first load on a phone, with the production build and the real server: the page paints its
// shell before any script, and carries the first screen's code, compressed as the build left it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { logInAs, TEST_USERS, useTestWorld } from './harness.js';

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));
const world = useTestWorld();
let page: Page;

beforeEach(async () => {
  page = await world.newPhonePage();
});

describe('the first load', () => {
  // Where the server renders no screen: the site's root, where LIFF opens the app and moves to
  // its liff.state address (first-screen.test.ts has the screens the server renders).
  it('shows the header bar and a loading state before any JavaScript has arrived', async () => {
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`/?liff.state=${encodeURIComponent('/survey/citizen-questionnaire')}`);
    await expect.poll(() => page.getByRole('status').textContent()).toBe('読み込み中です');
    expect(await page.getByRole('banner').textContent()).toBe('市民アンケート・予約');
    // Styled as the app's own header bar, with nothing but the page itself.
    expect(await page.getByRole('banner').evaluate((header) => getComputedStyle(header).borderBottomWidth)).toBe('4px');
  });

  it("carries the opened screen's code, compressed by the build", async () => {
    const manifest = JSON.parse(await readFile(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string } | undefined>;
    const listChunk = manifest['src/features/records/confirm-list-page.tsx']?.file;
    const html = await (await fetch(`${world.baseUrl}/confirmList/citizen-questionnaire`)).text();
    // The server rendered the screen's frame: its code is named beside the entry, for the early
    // script to preload once the frame has painted (lib/first-paint.ts).
    const preloads = (/ data-preload="([^"]+)"/.exec(html)?.[1] ?? '').split(' ').map((file) => file.slice(1));
    expect(listChunk).toBeDefined();
    expect(preloads).toContain(listChunk);
    for (const file of preloads) {
      const response = await fetch(`${world.baseUrl}/${file}`, { headers: { 'accept-encoding': 'br' } });
      expect(response.headers.get('content-encoding'), file).toBe('br');
      // Node's fetch decodes the body: it must be the built file, as must the .br beside it.
      const built = await readFile(join(distDir, file));
      expect(Buffer.from(await response.arrayBuffer()).equals(built), file).toBe(true);
      expect(brotliDecompressSync(await readFile(join(distDir, `${file}.br`))).equals(built), file).toBe(true);
    }
  });

  it("asks for a signed-in citizen's records in a survey once, before the app's code has arrived (the form comes with the page), and the form uses them", async () => {
    await logInAs(page, TEST_USERS.yamada);
    await page.waitForLoadState('networkidle'); // the screen after login has asked for what it shows
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/survey/api/')) asked.push(pathname.slice(pathname.lastIndexOf('/') + 1));
    });
    // The app's main script is held back until both early answers are in.
    let releaseApp = () => {};
    const appHeld = new Promise<void>((resolve) => {
      releaseApp = resolve;
    });
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await appHeld;
      await route.continue();
    });
    // Not waiting for the load event: the held script is part of it.
    await page.goto('/survey/citizen-questionnaire', { waitUntil: 'commit' });
    // The server rendered the form: its configuration is in the page, not asked for.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('市民アンケート');
    await expect.poll(() => [...asked].sort()).toEqual(['query']);
    releaseApp();
    await expect.poll(() => page.getByRole('textbox', { name: /お名前/ }).isEnabled()).toBe(true);
    // The records were not asked again; the form asks once whether a draft of it was saved (issue
    // 28), off the first screen's path.
    await expect.poll(() => [...asked].sort()).toEqual(['drafts', 'query']);
  });
});
