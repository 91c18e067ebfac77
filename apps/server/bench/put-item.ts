// pnpm bench: throughput and p99 latency of reservation/putItem (a realistic 20-item survey,
// authenticated, each request replacing the record in SQLite) next to a bare Fastify JSON route,
// measured in the same run on this machine. Prints figures; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SurveyConfig } from '@city/survey-core';
import { buildSubmissionPayload } from '@city/survey-core';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { sqliteStore } from '../src/db/sqlite-store.js';
import { createSqliteSurveyRepository } from '../src/modules/surveys/sqlite-survey-repository.js';
import { readConfig } from '../src/env.js';

const DURATION_SECONDS = 10;
const CONNECTIONS = 10;

const survey: SurveyConfig = {
  surveyId: 'bench-20-items',
  surveySchema: [
    ...Array.from({ length: 8 }, (_, i) => ({ itemKey: `text${i}`, type: 'text' as const, title: `質問${i}`, required: true, maxLength: 50 })),
    ...Array.from({ length: 4 }, (_, i) => ({ itemKey: `radio${i}`, type: 'radio' as const, title: `選択${i}`, options: ['はい', 'いいえ', 'どちらでもない'] })),
    ...Array.from({ length: 4 }, (_, i) => ({ itemKey: `check${i}`, type: 'checkboxes' as const, title: `複数${i}`, options: ['A', 'B', 'C', 'D'] })),
    { itemKey: 'phone', type: 'text', title: '電話番号', format: 'phone' },
    { itemKey: 'email', type: 'text', title: 'メール', format: 'email' },
    { itemKey: 'born', type: 'birthday', title: '生年月日' },
    { itemKey: 'memo', type: 'textarea', title: 'ご意見', maxLength: 500 },
  ],
};

async function measure(url: string, options: Partial<autocannon.Options> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, ...options });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${url}: ${failed} failed requests`);
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

const dir = mkdtempSync(path.join(tmpdir(), 'city-bench-'));
const databasePath = path.join(dir, 'bench.sqlite');
const db = openDatabase(databasePath);
const app = await buildApp({ config: readConfig({ NODE_ENV: 'development', DATABASE_PATH: databasePath }), db });
await sqliteStore(app.connections, createSqliteSurveyRepository).transaction((surveys) => surveys.save({ config: survey, lookupItemKeys: [], searchable: false }));
await app.listen({ port: 0, host: '127.0.0.1' });
const bare = Fastify();
bare.get('/hello', async () => ({ hello: 'world' }));
await bare.listen({ port: 0, host: '127.0.0.1' });

try {
  const standIn = app.lineStandIn;
  const user = standIn?.users[0];
  if (standIn === undefined || user === undefined) throw new Error('the bench signs in through the LINE stand-in');
  const token = await standIn.signWebIdToken(user);
  const answers = {
    ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`text${i}`, `回答${i}です`])),
    ...Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`radio${i}`, 'はい'])),
    ...Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`check${i}`, ['A', 'C']])),
    phone: '090-1234-5678',
    email: 'taro@example.jp',
    born: '1990-01-01',
    memo: 'いつもありがとうございます。'.repeat(5),
  };
  const payload = buildSubmissionPayload({ config: survey, userId: user.userId, answers });
  const port = (server: { server: { address(): unknown } }) => (server.server.address() as AddressInfo).port;

  const baseline = await measure(`http://127.0.0.1:${port(bare)}/hello`);
  const putItem = await measure(`http://127.0.0.1:${port(app)}/survey/api/v1/db/reservation/putItem`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  const rows = payload.data.length;
  console.log(`\n${CONNECTIONS} connections, ${DURATION_SECONDS} s each, Node ${process.version}`);
  console.log(`bare Fastify JSON route: ${baseline.requestsPerSecond.toFixed(0)} req/s, p99 ${baseline.p99Ms} ms`);
  console.log(`putItem (20 items, ${rows} rows, auth + checks + SQLite replace): ${putItem.requestsPerSecond.toFixed(0)} req/s, p99 ${putItem.p99Ms} ms`);
  console.log(`putItem / bare throughput: ${(putItem.requestsPerSecond / baseline.requestsPerSecond).toFixed(3)}`);
} finally {
  await app.close();
  await bare.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
}
