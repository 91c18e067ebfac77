// The built citizen app on the API's port: pages answer index.html with the runtime configuration,
// files are served as built, and the API's 404s stay JSON.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDaysToDate, todayInJapan } from '@city/survey-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { RuntimeConfig } from '@city/api-client/contract';
import { readConfig } from '../src/env.js';
import type { TestContext } from './helpers.js';
import { addCalendar, addCategories, CHECKUP_CATEGORIES, daySlots } from './calendar-fixtures.js';
import { createTestContext } from './helpers.js';
import { PRODUCTION_PAYMENT_ENV, unreachableProvider } from './payment-fixtures.js';

const INDEX = '<!doctype html><html lang="ja"><head><!--city-runtime-config--><script type="module" src="/assets/app-abc.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = 'console.log("citizen app");';

/** A built app as Vite leaves it: index.html and hashed assets. */
function writeBuiltApp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'city-liff-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'assets', 'app-abc.js'), SCRIPT);
  writeFileSync(path.join(dir, 'favicon.ico'), 'icon');
  return dir;
}

/** The configuration the page carries, read as the app reads it. */
function runtimeConfigOf(html: string): RuntimeConfig {
  const json = /<script id="city-runtime-config" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
  if (json === undefined) throw new Error(`no runtime configuration in ${html}`);
  return JSON.parse(json) as RuntimeConfig;
}

describe('with a built citizen app', () => {
  let ctx: TestContext;
  let appDir: string;
  const liffId = '1650000000-AbCdEfGh';
  beforeAll(async () => {
    appDir = writeBuiltApp();
    ctx = await createTestContext({ CITIZEN_APP_DIR: appDir, LIFF_ID: liffId });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  it('answers a deep link with index.html, configured for the host the browser used', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/survey/citizen-questionnaire', headers: { host: 'phone.example:8080' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).not.toContain('<!--city-runtime-config-->');
    expect(response.body).toContain('<script type="module" src="/assets/app-abc.js"></script>');
    expect(runtimeConfigOf(response.body)).toEqual({
      lineAuthorizeUrl: 'http://phone.example:8080/__dev/line/oauth2/v2.1/authorize',
      loginAppId: '1650000000',
      liffId,
      lineStandIn: true,
    });
  });

  it('answers every page the app routes, and HEAD, with index.html', async () => {
    for (const url of ['/', '/login?code=abc&state=1', '/index.html', '/member-confirmList/clinic']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(runtimeConfigOf(response.body).loginAppId, url).toBe('1650000000');
    }
    const head = await ctx.app.inject({ method: 'HEAD', url: '/survey/citizen-questionnaire' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('lets the page load its scripts and styles from this server, and LINE be called, but nothing inline run', async () => {
    const csp = (await ctx.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'];
    expect(String(csp).split(';')).toEqual(
      expect.arrayContaining([
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: https: blob:",
        "connect-src 'self' https://api.line.me https://access.line.me https://liffsdk.line-scdn.net https://*.line-scdn.net",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ]),
    );
  });

  it('serves the hashed assets as built, cached for a year', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SCRIPT);
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await ctx.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file, an unknown API path and anything but GET with the JSON 404, never the page', async () => {
    for (const [method, url] of [
      ['GET', '/assets/app-old.js'],
      ['GET', '/robots.txt'],
      ['GET', '/survey/api/v1/db/nothing-here'],
      ['GET', '/__dev/nothing-here'],
      ['POST', '/survey/citizen-questionnaire'],
    ] as const) {
      const response = await ctx.app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ statusCode: 404, error: 'Not Found', message: 'ページが見つかりません。', code: 'not_found' });
    }
  });

  it('leaves the API as it was', async () => {
    const response = await ctx.call(ctx.users[0]!, 'getSurveyConfig', { query: { surveyId: 'citizen-questionnaire' } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ data: { surveyId: 'citizen-questionnaire' } });
  });

  it('serves a rebuilt app without a restart', async () => {
    writeFileSync(path.join(appDir, 'index.html'), INDEX.replace('app-abc.js', 'app-def.js'));
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/' })).body).toContain('/assets/app-def.js');
    } finally {
      writeFileSync(path.join(appDir, 'index.html'), INDEX);
    }
  });
});

describe("the first screen's code", () => {
  let ctx: TestContext;
  let appDir: string;
  beforeAll(async () => {
    appDir = writeBuiltApp();
    mkdirSync(path.join(appDir, '.vite'));
    // As apps/liff's build writes it: each route's pattern as a regular expression, its files.
    writeFileSync(
      path.join(appDir, '.vite', 'route-preloads.json'),
      JSON.stringify({
        routes: [
          { pattern: '/login', regex: '^/login/?$', files: ['assets/login-page-a1.js'] },
          { pattern: '/survey/:id', regex: '^/survey/[^/]+/?$', files: ['assets/survey-page-b2.js', 'assets/survey-form-c3.js'] },
          { pattern: '/confirmList/:id?', regex: '^/confirmList(?:/[^/]+)?/?$', files: ['assets/list-d4.js"><script>alert(1)</script>', '../secret.js'] },
          { pattern: '*', regex: '^/.*$', files: ['assets/not-found-e5.js'] },
        ],
      }),
    );
    ctx = await createTestContext({ CITIZEN_APP_DIR: appDir });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  const preloadsOf = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]*)">/g)].map((match) => match[1]);

  it('is preloaded in the page, by the route opened, so the browser fetches it beside the entry', async () => {
    const survey = (await ctx.app.inject({ method: 'GET', url: '/survey/citizen-questionnaire' })).body;
    expect(preloadsOf(survey)).toEqual(['/assets/survey-page-b2.js', '/assets/survey-form-c3.js']);
    // In the head, where the browser's preload scanner meets it before the body.
    expect(survey.indexOf('rel="modulepreload"')).toBeLessThan(survey.indexOf('</head>'));
    expect(preloadsOf((await ctx.app.inject({ method: 'GET', url: '/login?code=abc&state=1' })).body)).toEqual(['/assets/login-page-a1.js']);
    // react-router matches paths whatever their case.
    expect(preloadsOf((await ctx.app.inject({ method: 'GET', url: '/Survey/x' })).body)).toEqual(['/assets/survey-page-b2.js', '/assets/survey-form-c3.js']);
    expect(preloadsOf((await ctx.app.inject({ method: 'GET', url: '/member-confirmList/clinic' })).body)).toEqual(['/assets/not-found-e5.js']);
  });

  it('is named only by hashed script files of the build, never anything that could change the page', async () => {
    const html = (await ctx.app.inject({ method: 'GET', url: '/confirmList/event-application' })).body;
    expect(preloadsOf(html)).toEqual([]);
    expect(html).not.toContain('alert(1)');
  });

  it('is listed in a file the server keeps to itself', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/.vite/route-preloads.json' })).statusCode).toBe(404);
  });

  it('is not preloaded by a build without the list: the page is as built', async () => {
    const withoutList = writeBuiltApp();
    const plain = await createTestContext({ CITIZEN_APP_DIR: withoutList });
    try {
      const response = await plain.app.inject({ method: 'GET', url: '/survey/citizen-questionnaire' });
      expect(response.statusCode).toBe(200);
      expect(preloadsOf(response.body)).toEqual([]);
    } finally {
      await plain.close();
      rmSync(withoutList, { recursive: true, force: true });
    }
  });
});

describe('the runtime configuration', () => {
  it('cannot close the script element it sits in', async () => {
    const appDir = writeBuiltApp();
    const ctx = await createTestContext({ CITIZEN_APP_DIR: appDir, LIFF_ID: '</script><script>alert(1)</script>' });
    try {
      const html = (await ctx.app.inject({ method: 'GET', url: '/' })).body;
      expect(html).not.toContain('<script>alert(1)');
      expect(runtimeConfigOf(html).liffId).toBe('</script><script>alert(1)</script>');
    } finally {
      await ctx.close();
      rmSync(appDir, { recursive: true, force: true });
    }
  });

  it("sends the app to LINE's own authorize page in production, with no stand-in and no LIFF id", async () => {
    const appDir = writeBuiltApp();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'city-server-prod-'));
    const config = readConfig({
      ...PRODUCTION_PAYMENT_ENV,
      NODE_ENV: 'production',
      LINE_CHANNEL_ID: '2000000001',
      LINE_CHANNEL_SECRET: 'a-real-secret',
      DATABASE_PATH: path.join(dataDir, 'db.sqlite'),
      CITIZEN_APP_DIR: appDir,
    });
    const app = await buildApp({ config, paymentProvider: unreachableProvider('stripe') });
    try {
      const html = (await app.inject({ method: 'GET', url: '/login' })).body;
      expect(runtimeConfigOf(html)).toEqual({
        lineAuthorizeUrl: 'https://access.line.me/oauth2/v2.1/authorize',
        loginAppId: '2000000001',
        liffId: null,
        lineStandIn: false,
      });
    } finally {
      await app.close();
      rmSync(appDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('without a built citizen app', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('tells whoever opens / to build it, in the JSON 404', async () => {
    expect(ctx.app.citizenAppServed).toBe(false);
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, code: 'citizen_app_not_built' });
    expect(response.json<{ message: string }>().message).toContain('pnpm --filter @city/liff build');
  });

  it('answers other unknown paths with the usual JSON 404', async () => {
    for (const url of ['/survey/citizen-questionnaire', '/survey/api/v1/db/nothing-here']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
  });
});

describe('with a built citizen app that renders its first screens (issue 31)', () => {
  let ctx: TestContext;
  let appDir: string;
  beforeAll(async () => {
    appDir = mkdtempSync(path.join(tmpdir(), 'city-liff-dist-'));
    mkdirSync(path.join(appDir, 'assets'));
    mkdirSync(path.join(appDir, '.vite', 'ssr'), { recursive: true });
    // As Vite builds it: the entry linked in the head, beside the async early script, and #root's loading frame.
    writeFileSync(
      path.join(appDir, 'index.html'),
      '<!doctype html><html lang="ja"><head><script type="module" async src="/assets/early-x.js"></script><!--city-runtime-config--><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body>\n<div id="root"><div class="frame">読み込み中です</div></div>\n</body></html>',
    );
    writeFileSync(path.join(appDir, 'assets', 'index-abc.js'), SCRIPT);
    // A survey form's chunks, as the build lists them (anything but a built file is left out).
    writeFileSync(path.join(appDir, '.vite', 'route-preloads.json'), JSON.stringify({ routes: [{ regex: '^/survey/[^/]+/?$', files: ['assets/survey-page-1.js', 'assets/x.css', 'assets/api-2.js'] }] }));
    // The server build: renders /login with the configuration it was given, a survey's form with
    // the configuration the server read for it (none for no such survey), a calendar's week (its range
    // from the address, for the test), fails on /broken, leaves the rest.
    writeFileSync(
      path.join(appDir, '.vite', 'ssr', 'entry-server.js'),
      `export async function renderFirstScreen({ url, runtime, data }) {
        const { pathname } = new URL(url);
        if (pathname === '/broken') throw new Error('render failed');
        if (pathname === '/login') return { html: '<h1>ログイン</h1><p>' + runtime.loginAppId + ' ' + new URL(url).host + '</p>', state: '<script id="server-state">{}</script>' };
        const week = /^\\/calendar\\/(.+)$/.exec(pathname);
        if (week !== null) {
          const { searchParams } = new URL(url);
          const shown = await data.calendarWeek({ calendarId: week[1], from: searchParams.get('from'), to: searchParams.get('to') });
          return shown === undefined ? undefined : { html: '<pre>' + JSON.stringify(shown) + '</pre>', state: '' };
        }
        const survey = /^\\/survey\\/(.+)$/.exec(pathname);
        if (survey === null) return undefined;
        const config = await data.surveyConfig(survey[1]);
        return config === undefined ? undefined : { html: '<h1>' + config.surveyTitle + '</h1><p>' + config.surveySchema.length + '</p>', state: '' };
      }`,
    );
    ctx = await createTestContext({ CITIZEN_APP_DIR: appDir });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  it('puts the rendered screen in #root, and names the app there for after the first paint instead of linking it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/login', headers: { host: 'phone.example:8080' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root" data-first-screen="" data-entry="/assets/index-abc.js"><h1>ログイン</h1><p>1650000000 phone.example:8080</p></div><script id="server-state">{}</script>');
    expect(response.body).not.toContain('読み込み中です');
    expect(response.body).not.toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    // Marked on <html> as well, for the early script, which may run before #root is parsed.
    expect(response.body).toContain('<html data-first-screen="" lang="ja">');
    // The early script (which loads the app then) stays.
    expect(response.body).toContain('<script type="module" async src="/assets/early-x.js"></script>');
  });

  it('reads a survey for its form as citizens see it, with no one signed in, and never a survey that is not out', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/survey/citizen-questionnaire' });
    const asCitizens = (await ctx.call(ctx.users[0]!, 'getSurveyConfig', { query: { surveyId: 'citizen-questionnaire' } })).body.data as { surveyTitle: string; surveySchema: readonly unknown[] };
    // The form's chunks named beside the entry, for the early script to preload as it loads it.
    expect(response.body).toContain(
      `<div id="root" data-first-screen="" data-entry="/assets/index-abc.js" data-preload="/assets/survey-page-1.js /assets/api-2.js"><h1>${asCitizens.surveyTitle}</h1><p>${String(asCitizens.surveySchema.length)}</p></div>`,
    );
    expect(response.body).not.toContain('<link rel="modulepreload"');
    // A survey citizens cannot read (none by that id, or one not yet published) gets no form from the server.
    const missing = await ctx.app.inject({ method: 'GET', url: '/survey/no-such-survey' });
    expect(missing.body).toContain('<div id="root"><div class="frame">読み込み中です</div></div>');
  });

  it("reads a calendar's week as citizens are answered it, and its places, with no one signed in", async () => {
    const today = todayInJapan(Date.now());
    await addCategories(ctx.app.storage, CHECKUP_CATEGORIES);
    await addCalendar(ctx.app.storage, { calendarId: 'cal-central', categoryId: 'checkup-central', slots: [...daySlots(addDaysToDate(today, 1)), ...daySlots(addDaysToDate(today, 3))] });
    const range = { from: addDaysToDate(today, -1), to: addDaysToDate(today, 7) };
    const response = await ctx.app.inject({ method: 'GET', url: `/calendar/cal-central?from=${range.from}&to=${range.to}` });
    const shown = JSON.parse(/<pre>(.*)<\/pre>/.exec(response.body)?.[1] ?? '{}') as { slots: unknown; categories: unknown };
    const asCitizens = await ctx.call(ctx.users[0]!, 'getCalendarSlots', { query: { calendarId: 'cal-central', ...range } });
    expect(shown.slots).toEqual(asCitizens.body.data);
    expect((shown.slots as { slots: unknown[] }).slots).toHaveLength(8);
    expect(shown.categories).toEqual((await ctx.call(ctx.users[0]!, 'getCalendarCategories')).body.data);
    // No such calendar, or a range the slots call refuses: the app renders the page, and says so.
    for (const url of [`/calendar/no-such?from=${range.from}&to=${range.to}`, `/calendar/cal-central?from=${range.to}&to=${range.from}`]) {
      expect((await ctx.app.inject({ method: 'GET', url })).body).toContain('<div id="root"><div class="frame">読み込み中です</div></div>');
    }
  });

  it('keeps the entry linked when #root is not where it expects it (the screen could not be put in)', async () => {
    const odd = mkdtempSync(path.join(tmpdir(), 'city-liff-dist-'));
    mkdirSync(path.join(odd, '.vite', 'ssr'), { recursive: true });
    writeFileSync(path.join(odd, 'index.html'), '<!doctype html><html><head><!--city-runtime-config--><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root" class="x"></div><noscript>JavaScript</noscript></body></html>');
    writeFileSync(path.join(odd, '.vite', 'ssr', 'entry-server.js'), "export async function renderFirstScreen() { return { html: '<h1>ログイン</h1>', state: '' }; }");
    const other = await createTestContext({ CITIZEN_APP_DIR: odd });
    try {
      const response = await other.app.inject({ method: 'GET', url: '/login' });
      expect(response.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
      expect(response.body).not.toContain('data-first-screen');
    } finally {
      await other.close();
      rmSync(odd, { recursive: true, force: true });
    }
  });

  it('leaves a screen it does not render, or fails to, to the app: the frame, the entry linked', async () => {
    for (const url of ['/waitlist', '/broken']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"><div class="frame">読み込み中です</div></div>');
      expect(response.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
      expect(response.body).toContain('<html lang="ja">');
    }
  });
});
