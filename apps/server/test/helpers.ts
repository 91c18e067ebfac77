// Builds the app on a fresh SQLite file in a temporary folder, with the LINE stand-in, and signs
// tokens for its test users. Every test app is closed and its folder removed by `close`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { API_PREFIX, buildApp } from '../src/app.js';
import type { App } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import type { TestUser } from '@city/line-stand-in';
import { readConfig } from '../src/env.js';

export interface TestContext {
  app: App;
  dir: string;
  databasePath: string;
  /** The stand-in's users: [山田, 佐藤, 鈴木]. */
  users: readonly TestUser[];
  tokenFor: (user: TestUser) => Promise<string>;
  /** Sends a request as `user` (or unauthenticated with null) and returns status and JSON. */
  call: (
    user: TestUser | null,
    method: 'GET' | 'POST' | 'DELETE',
    route: string,
    options?: { query?: Record<string, string>; body?: unknown; headers?: Record<string, string> },
  ) => Promise<{ status: number; body: Record<string, unknown> }>;
  close: () => Promise<void>;
}

export async function createTestContext(env: Record<string, string> = {}, dbOptions: { busyTimeoutMs?: number } = {}): Promise<TestContext> {
  const dir = mkdtempSync(path.join(tmpdir(), 'city-server-test-'));
  const databasePath = path.join(dir, 'city.sqlite');
  // No citizen app unless a test gives one: a build in apps/liff/dist must not change the tests.
  const config = readConfig({ NODE_ENV: 'test', DATABASE_PATH: databasePath, CITIZEN_APP_DIR: path.join(dir, 'no-app'), ...env });
  const db = openDatabase(databasePath, dbOptions);
  const app = await buildApp({ config, db });
  const standIn = app.lineStandIn;
  if (standIn === undefined) throw new Error('test apps run with the LINE stand-in');
  const tokens = new Map<string, string>();
  const tokenFor = async (user: TestUser) => {
    // A week, so tests that move the clock across a day keep their session.
    const cached = tokens.get(user.userId) ?? (await standIn.signWebIdToken(user, { expiresIn: 7 * 24 * 3600 }));
    tokens.set(user.userId, cached);
    return cached;
  };
  return {
    app,
    dir,
    databasePath,
    users: standIn.users,
    tokenFor,
    call: async (user, method, route, options = {}) => {
      const request: InjectOptions = {
        method,
        url: `${API_PREFIX}${route}`,
        headers: { ...(user === null ? {} : { authorization: `Bearer ${await tokenFor(user)}` }), ...options.headers },
        ...(options.query === undefined ? {} : { query: options.query }),
        ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
      };
      const response = await app.inject(request);
      return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
    },
    close: async () => {
      await app.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
