// The staff console is served at /console/ from its build: its pages get index.html, its hashed
// files are immutable, and /console/api stays the API (JSON 404s), never a page.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext } from './helpers.js';

const built = mkdtempSync(path.join(tmpdir(), 'city-console-build-'));
mkdirSync(path.join(built, 'assets'));
writeFileSync(path.join(built, 'index.html'), '<!doctype html><html lang="ja"><title>管理画面</title><div id="root"></div>');
writeFileSync(path.join(built, 'assets', 'index-Ab12.js'), 'console.log(1)');
afterAll(() => {
  rmSync(built, { recursive: true, force: true });
});

describe('the staff console', () => {
  it('is served at /console/ for every console page, its files immutable, its API never a page', async () => {
    const ctx = await createTestContext({ CONSOLE_APP_DIR: built });
    try {
      for (const url of ['/console/', '/console/surveys/health-checkup/records', '/console/login']) {
        const page = await ctx.app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body).toContain('管理画面');
        expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      }
      expect((await ctx.app.inject({ method: 'GET', url: '/console' })).headers.location).toBe('/console/');
      const asset = await ctx.app.inject({ method: 'GET', url: '/console/assets/index-Ab12.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await ctx.app.inject({ method: 'GET', url: '/console/assets/missing.js' })).statusCode).toBe(404);
      const api = await ctx.app.inject({ method: 'GET', url: '/console/api/nothing-here' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ code: 'not_found' });
    } finally {
      await ctx.close();
    }
  });

  it('says how to build it when it is not built', async () => {
    const ctx = await createTestContext();
    try {
      const page = await ctx.app.inject({ method: 'GET', url: '/console/' });
      expect(page.statusCode).toBe(404);
      expect(page.json()).toMatchObject({ code: 'console_app_not_built' });
    } finally {
      await ctx.close();
    }
  });
});
