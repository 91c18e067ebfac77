// The server on PostgreSQL (DATABASE_URL), as a citizen uses it: the demo surveys seeded, a record
// sent, read back, sent again under the same Idempotency-Key, and looked up by another citizen
// not at all. The repositories' own tests (*-repository.test.ts) check each on both engines.
import { CITIZEN_QUESTIONNAIRE } from '@city/demo-data';
import { buildSubmissionPayload, citizenView } from '@city/survey-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext({}, { engine: 'postgres' });
}, 60_000);
afterEach(async () => {
  await ctx.close();
});

describe('the server on PostgreSQL', () => {
  it('runs on the database DATABASE_URL names, the demo surveys seeded there', async () => {
    expect(ctx.app.storage.engine).toBe('postgres');
    expect(() => ctx.app.db).toThrow(/PostgreSQL/);
    const [yamada] = ctx.users;
    if (yamada === undefined) throw new Error('no test user');
    const searchable = await ctx.call(yamada, 'getAllSearchableSurveyConfigs');
    expect(searchable.status).toBe(200);
    expect(searchable.body.data.length).toBeGreaterThan(0);
  });

  it('stores a record once under one Idempotency-Key, and shows it to its citizen only', async () => {
    const [yamada, sato] = ctx.users;
    if (yamada === undefined || sato === undefined) throw new Error('no test users');
    const payload = buildSubmissionPayload({
      config: citizenView(CITIZEN_QUESTIONNAIRE),
      userId: yamada.userId,
      answers: { name: '山田太郎', phone: '090-1234-5678', area: '東区', satisfaction: '満足', services: ['図書館'] },
    });
    const headers = { 'idempotency-key': 'pg-smoke-1' };
    const first = await ctx.call(yamada, 'putReservation', { body: payload, headers });
    expect(first.status).toBe(200);
    const again = await ctx.call(yamada, 'putReservation', { body: payload, headers });
    expect(again.body).toEqual(first.body);
    const partitionKey = `${CITIZEN_QUESTIONNAIRE.surveyId}#${yamada.userId}`;
    const stored = await ctx.call(yamada, 'getSurveyResultsByPartitionKey', { query: { surveyId: CITIZEN_QUESTIONNAIRE.surveyId, partitionKey } });
    expect(stored.body.data).toEqual(payload.data);
    const other = await ctx.call(sato, 'getSurveyResultsByPartitionKey', { query: { surveyId: CITIZEN_QUESTIONNAIRE.surveyId, partitionKey } });
    expect(other.status).toBe(404);
    expect(await ctx.records.read.find(partitionKey)).toMatchObject({ userId: yamada.userId, version: 1 });
  });
});
