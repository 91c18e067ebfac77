// The security headers every answer carries (the API's JSON those that act on any answer), and the
// Content-Security-Policy only where a browser renders a document: the citizen app's page gets the
// app's policy, the payment sandbox's page keeps its own, and the API's JSON gets no policy.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './helpers.js';
import { createTestContext, pathOf } from './helpers.js';

/** What @fastify/helmet 8 sent with the server's options, header for header. */
const EXPECTED_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const APP_POLICY =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: https: blob:;" +
  "connect-src 'self' https://api.line.me https://access.line.me https://liffsdk.line-scdn.net https://*.line-scdn.net;" +
  "form-action 'self';frame-ancestors 'none';base-uri 'self';object-src 'none'";

const INDEX = '<!doctype html><html lang="ja"><head><!--city-runtime-config--></head><body><div id="root"></div></body></html>';

/** What the API's JSON answers carry: the headers that act on any answer, not only on a document. */
const API_HEADERS = {
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
};

const expectSecurityHeaders = (response: LightMyRequestResponse) => {
  expect(response.headers).toMatchObject(EXPECTED_HEADERS);
  expect(response.headers['x-powered-by']).toBeUndefined();
};

const expectApiSecurityHeaders = (response: LightMyRequestResponse) => {
  expect(response.headers).toMatchObject(API_HEADERS);
  for (const name of Object.keys(EXPECTED_HEADERS)) if (!(name in API_HEADERS)) expect(response.headers[name], name).toBeUndefined();
  expect(response.headers['x-powered-by']).toBeUndefined();
};

describe('security headers', () => {
  let ctx: TestContext;
  let appDir: string;
  beforeAll(async () => {
    appDir = mkdtempSync(path.join(tmpdir(), 'city-liff-dist-'));
    mkdirSync(path.join(appDir, 'assets'));
    writeFileSync(path.join(appDir, 'index.html'), INDEX);
    writeFileSync(path.join(appDir, 'assets', 'app-abc.js'), 'console.log(1)');
    ctx = await createTestContext({ CITIZEN_APP_DIR: appDir });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  it('go on the API’s JSON answers, errors included, those that act on any answer and no Content-Security-Policy', async () => {
    const [user] = ctx.users;
    const answered = await ctx.app.inject({
      method: 'GET',
      url: `${pathOf('getSurveyConfig')}?surveyId=citizen-questionnaire`,
      headers: { authorization: `Bearer ${await ctx.tokenFor(user!)}` },
    });
    const refused = await ctx.app.inject({ method: 'GET', url: `${pathOf('getSurveyConfig')}?surveyId=citizen-questionnaire` });
    const notFound = await ctx.app.inject({ method: 'GET', url: '/survey/api/v1/nothing-here' });
    for (const [response, status] of [[answered, 200], [refused, 401], [notFound, 404]] as const) {
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toContain('application/json');
      expectApiSecurityHeaders(response);
      expect(response.headers['content-security-policy']).toBeUndefined();
    }
  });

  it('go on the citizen app’s page with the app’s Content-Security-Policy, as helmet wrote it', async () => {
    for (const url of ['/', '/survey/citizen-questionnaire']) {
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expectSecurityHeaders(page);
      expect(page.headers['content-security-policy'], url).toBe(APP_POLICY);
    }
    // A script is no document: no policy.
    const script = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(script.statusCode).toBe(200);
    expectSecurityHeaders(script);
    expect(script.headers['content-security-policy']).toBeUndefined();
  });

  it('leave the payment sandbox’s page its own Content-Security-Policy', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/__dev/payments/sandbox/checkout/no-such-session' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expectSecurityHeaders(page);
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'unsafe-inline'; form-action 'self'/);
  });
});

describe('calls from another origin (CORS)', () => {
  const preflight = (ctx: TestContext, origin: string) =>
    ctx.app.inject({
      method: 'OPTIONS',
      url: pathOf('putReservation'),
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type,idempotency-key' },
    });

  it('are allowed from the one origin CORS_ORIGIN names, and only from it', async () => {
    const ctx = await createTestContext({ CORS_ORIGIN: 'https://app.city.example.jp' });
    try {
      const allowed = await preflight(ctx, 'https://app.city.example.jp');
      expect(allowed.statusCode).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.city.example.jp');
      expect(allowed.headers['access-control-allow-headers']).toBe('Authorization, Content-Type, Idempotency-Key, X-Line-Access-Token');
      const answered = await ctx.app.inject({ method: 'GET', url: pathOf('getAllSearchableSurveyConfigs'), headers: { origin: 'https://app.city.example.jp' } });
      expect(answered.headers['access-control-allow-origin']).toBe('https://app.city.example.jp');
      expect(answered.headers['access-control-expose-headers']).toBe('Retry-After');
    } finally {
      await ctx.app.close();
      rmSync(ctx.dir, { recursive: true, force: true });
    }
  });

  it('are never allowed without CORS_ORIGIN', async () => {
    const ctx = await createTestContext();
    try {
      const refused = await preflight(ctx, 'https://elsewhere.example');
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
      const answered = await ctx.app.inject({ method: 'GET', url: pathOf('getAllSearchableSurveyConfigs'), headers: { origin: 'https://elsewhere.example' } });
      expect(answered.statusCode).toBe(401);
      expect(answered.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await ctx.app.close();
      rmSync(ctx.dir, { recursive: true, force: true });
    }
  });
});
