// What a phone downloads: the citizen app's files as the build compressed them (brotli, else gzip,
// as the browser accepts), and the API's larger JSON answers and the app's page compressed per
// request; small answers as they are.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { addDaysToDate, todayInJapan } from '@city/survey-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES } from '../src/http/compression.js';
import type { TestContext } from './helpers.js';
import { createTestContext, pathOf } from './helpers.js';

/** A script as Vite leaves it: tens of kilobytes of minified code, which compresses well. */
const SCRIPT = Buffer.from(
  Array.from({ length: 800 }, (_, index) => `export const item${String(index)}=()=>({id:${String(index)},label:"項目${String(index)}",done:${String(index % 2 === 0)}});`).join('\n'),
);
// Made the way the build makes them (apps/liff/vite-plugins/precompress.ts): the highest levels,
// which per-request compression does not use, so a match proves the file on disk was sent.
const SCRIPT_BR = brotliCompressSync(SCRIPT, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } });
const SCRIPT_GZ = gzipSync(SCRIPT, { level: constants.Z_BEST_COMPRESSION });
/** A page larger than the threshold once its configuration is in. */
const INDEX = `<!doctype html><html lang="ja"><head><!--city-runtime-config--><script type="module" src="/assets/app-abc.js"></script></head><body><div id="root">${'<p>読み込み中です</p>'.repeat(80)}</div></body></html>`;

function writeBuiltApp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'city-liff-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'assets', 'app-abc.js'), SCRIPT);
  writeFileSync(path.join(dir, 'assets', 'app-abc.js.br'), SCRIPT_BR);
  writeFileSync(path.join(dir, 'assets', 'app-abc.js.gz'), SCRIPT_GZ);
  return dir;
}

const varyOf = (response: LightMyRequestResponse) => (response.headers.vary ?? '').toLowerCase().split(/\s*,\s*/);

describe('the citizen app’s built files', () => {
  let ctx: TestContext;
  let appDir: string;
  beforeAll(async () => {
    appDir = writeBuiltApp();
    ctx = await createTestContext({ CITIZEN_APP_DIR: appDir });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  const getScript = (acceptEncoding?: string) =>
    ctx.app.inject({ method: 'GET', url: '/assets/app-abc.js', headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('go out as the build compressed them with brotli when the browser takes it, still cached for a year', async () => {
    const response = await getScript('gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(varyOf(response)).toContain('accept-encoding');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
    expect(response.rawPayload.equals(SCRIPT_BR)).toBe(true);
    expect(brotliDecompressSync(response.rawPayload).equals(SCRIPT)).toBe(true);
  });

  it('go out gzipped to a browser that takes gzip only', async () => {
    const response = await getScript('gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(varyOf(response)).toContain('accept-encoding');
    expect(response.rawPayload.equals(SCRIPT_GZ)).toBe(true);
    expect(gunzipSync(response.rawPayload).equals(SCRIPT)).toBe(true);
  });

  it('go out as they are to a client that takes no encoding, saying the answer depends on it', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await getScript(acceptEncoding);
      expect(response.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(varyOf(response), acceptEncoding).toContain('accept-encoding');
      expect(response.rawPayload.equals(SCRIPT), acceptEncoding).toBe(true);
    }
  });

  it('compresses the page per request (it carries this request’s configuration)', async () => {
    const identity = await ctx.app.inject({ method: 'GET', url: '/survey/citizen-questionnaire' });
    expect(identity.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const response = await ctx.app.inject({ method: 'GET', url: '/survey/citizen-questionnaire', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(varyOf(response)).toContain('accept-encoding');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(identity.body);
  });
});

describe('API answers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function request(options: InjectOptions & { acceptEncoding?: string }): Promise<LightMyRequestResponse> {
    const { acceptEncoding, ...rest } = options;
    return ctx.app.inject({
      ...rest,
      headers: { authorization: `Bearer ${await ctx.tokenFor(ctx.users[0]!)}`, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
    });
  }
  const surveyConfig = (acceptEncoding?: string) =>
    request({ method: 'GET', url: `${pathOf('getSurveyConfig')}?surveyId=citizen-questionnaire`, ...(acceptEncoding === undefined ? {} : { acceptEncoding }) });

  it('are compressed when large (a survey configuration) and the client takes it: brotli first, else gzip', async () => {
    const identity = await surveyConfig();
    expect(identity.statusCode).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const br = await surveyConfig('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(varyOf(br)).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(identity.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(identity.json());

    const gzip = await surveyConfig('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(identity.json());
  });

  it('go as they are when small, whatever the client takes', async () => {
    const response = await request({
      method: 'POST',
      url: pathOf('querySurveyResults'),
      payload: { surveyId: 'citizen-questionnaire', userId: ctx.users[0]!.userId },
      acceptEncoding: 'br, gzip',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.json()).toEqual({ data: [], records: [] });
  });
});

describe('a calendar’s slots, the answer citizens reload most', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ NODE_ENV: 'development' }); // the demo calendars
  });
  afterAll(async () => {
    await ctx.close();
  });

  const slots = async (acceptEncoding?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `${pathOf('getCalendarSlots')}?calendarId=cal-checkup-central&from=${addDaysToDate(todayInJapan(), 1)}&to=${addDaysToDate(todayInJapan(), 14)}`,
      headers: { authorization: `Bearer ${await ctx.tokenFor(ctx.users[0]!)}`, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
    });

  it('go out compressed as the client takes, the same answer in every encoding (prepared once, prepared-json.ts)', async () => {
    const identity = await slots();
    expect(identity.statusCode).toBe(200);
    expect(identity.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(varyOf(identity)).toContain('accept-encoding');
    expect(identity.json<{ data: { slots: unknown[] } }>().data.slots.length).toBeGreaterThan(20);

    const br = await slots('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(identity.json());
    const gzip = await slots('gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(identity.json());
    const none = await slots('identity');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json()).toEqual(identity.json());
  });
});

