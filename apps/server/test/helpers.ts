// Builds the app on a fresh SQLite file in a temporary folder, with the LINE stand-in, and calls
// its endpoints by their contract names as the stand-in's test users. Every test app is closed and
// its folder removed by `close`.
import type { Endpoints, EndpointName, ErrorBody } from '@city/api-client/contract';
import { endpoints } from '@city/api-client/contract';
import type { TestUser } from '@city/line-stand-in';
import type { InjectOptions } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { App, BuildAppOptions } from '../src/app.js';
import { buildApp } from '../src/app.js';
import type { SqliteDatabase } from '../src/db/database.js';
import { openDatabase } from '../src/db/database.js';
import { sqliteStore } from '../src/db/sqlite-store.js';
import type { Store } from '../src/db/store.js';
import { readConfig } from '../src/env.js';
import type { RecordRepository } from '../src/modules/records/record-repository.js';
import { recordRepository } from '../src/modules/records/repositories.js';
import { surveyRepository } from '../src/modules/surveys/repositories.js';
import type { EngineName, SqlExecutor } from './engines.js';
import { createTestPostgresDatabase, releaseTestPostgresDatabase, sqlExecutor, SUITE_ENGINE } from './engines.js';
import { copyMigratedSqlite } from './sqlite-template.js';
import type { SurveyRepository } from '../src/modules/surveys/survey-repository.js';

/** What a request carries besides its user; loosely typed, so tests can send what a client must not. */
export interface TestRequest {
  query?: Record<string, string>;
  body?: unknown;
  /** Path parameters, e.g. `{ fileId }` for `files/:fileId`. */
  params?: Record<string, string>;
  headers?: Record<string, string>;
}

/** A response: its status, and its JSON as the contract's success type or the one error format. */
export interface TestResponse<Name extends EndpointName> {
  status: number;
  body: Endpoints[Name]['response'] & Partial<ErrorBody>;
}

export interface TestContext {
  app: App;
  dir: string;
  databasePath: string;
  /** The PostgreSQL database the app runs on, when it does. */
  databaseUrl: string | undefined;
  /** The engine the app runs on. */
  engine: EngineName;
  /**
   * Runs one statement on the app's database behind the API's back, to arrange or inspect rows, on
   * either engine (`?` placeholders; SQL both understand): its rows, none for a write.
   */
  query: SqlExecutor;
  /** The first row `query` returns (undefined when none). */
  queryOne: (sql: string, values?: unknown[]) => Promise<Record<string, unknown> | undefined>;
  /** The stand-in's users: [山田, 佐藤, 鈴木]. */
  users: readonly TestUser[];
  tokenFor: (user: TestUser) => Promise<string>;
  /** Calls an endpoint of the contract as `user` (or without a token, with null). */
  call: <Name extends EndpointName>(user: TestUser | null, name: Name, request?: TestRequest) => Promise<TestResponse<Name>>;
  /** A store over the test's SQLite database (throws on PostgreSQL), for arranging data (and reading it) behind the API's back. */
  store: <Repositories>(makeRepositories: (db: SqliteDatabase) => Repositories) => Store<Repositories>;
  /** The stored surveys and records, behind the API's back. */
  surveys: Store<SurveyRepository>;
  records: Store<RecordRepository>;
  close: () => Promise<void>;
}

/** The path of an endpoint, with its parameters put in. */
export function pathOf(name: EndpointName, params: Record<string, string> = {}): string {
  return endpoints[name].path.replace(/:(\w+)/g, (_match, key: string) => encodeURIComponent(params[key] ?? ''));
}

/**
 * A test app on a fresh database: SQLite by default; with `engine: 'postgres'`, a fresh database on
 * the test file's PostgreSQL (see engines.ts), the app built from DATABASE_URL as a server is.
 */
export async function createTestContext(
  env: Record<string, string> = {},
  dbOptions: { busyTimeoutMs?: number; engine?: EngineName } = {},
  appOptions: Pick<BuildAppOptions, 'now' | 'paymentProvider' | 'scheduleLineDelivery' | 'lotterySeed'> = {},
): Promise<TestContext> {
  const dir = mkdtempSync(path.join(tmpdir(), 'city-server-test-'));
  const databasePath = path.join(dir, 'city.sqlite');
  const databaseUrl = (dbOptions.engine ?? SUITE_ENGINE) === 'postgres' ? await createTestPostgresDatabase() : undefined;
  // No citizen app unless a test gives one: a build in apps/liff/dist must not change the tests.
  const config = readConfig({
    NODE_ENV: 'test',
    DATABASE_PATH: databasePath,
    ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
    CITIZEN_APP_DIR: path.join(dir, 'no-app'),
    CONSOLE_APP_DIR: path.join(dir, 'no-console'),
    ...env,
  });
  if (databaseUrl === undefined) copyMigratedSqlite(databasePath);
  const db = databaseUrl === undefined ? openDatabase(databasePath, dbOptions) : undefined;
  // LINE messages go out right after an action; the 30-second timer only where a test asks for it.
  const app = await buildApp({ config, ...(db === undefined ? {} : { db }), scheduleLineDelivery: false, ...appOptions });
  const standIn = app.lineStandIn;
  if (standIn === undefined) throw new Error('test apps run with the LINE stand-in');
  const tokens = new Map<string, string>();
  const tokenFor = async (user: TestUser) => {
    // A week, so tests that move the clock across a day keep their session.
    const cached = tokens.get(user.userId) ?? (await standIn.signWebIdToken(user, { expiresIn: 7 * 24 * 3600 }));
    tokens.set(user.userId, cached);
    return cached;
  };
  const query = sqlExecutor(app.storage);
  return {
    app,
    dir,
    databasePath,
    databaseUrl,
    engine: app.storage.engine,
    query,
    queryOne: async (sql, values) => (await query(sql, values))[0],
    users: standIn.users,
    tokenFor,
    call: async (user, name, request = {}) => {
      const options: InjectOptions = {
        method: endpoints[name].method,
        url: pathOf(name, request.params),
        headers: { ...(user === null ? {} : { authorization: `Bearer ${await tokenFor(user)}` }), ...request.headers },
        ...(request.query === undefined ? {} : { query: request.query }),
        ...(request.body === undefined ? {} : { payload: request.body as Record<string, unknown> }),
      };
      const response = await app.inject(options);
      return { status: response.statusCode, body: response.json() };
    },
    store: (makeRepositories) => sqliteStore(app.connections, makeRepositories),
    surveys: app.storage.store(surveyRepository),
    records: app.storage.store(recordRepository),
    close: async () => {
      await app.close();
      db?.close();
      if (databaseUrl !== undefined) await releaseTestPostgresDatabase(databaseUrl);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
