import { DEV_CHANNEL } from '@city/line-stand-in';
import type { SurveyConfig } from '@city/survey-core';
import { buildSubmissionPayload, citizenView } from '@city/survey-core';
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../src/db/database.js';
import { EVENT_APPLICATION } from '@city/demo-data';
import type { TestContext } from './helpers.js';
import { createTestContext, pathOf } from './helpers.js';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.close();
});

const membership: SurveyConfig = {
  surveyId: 'library-card',
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前', required: true },
    { itemKey: 'born', type: 'birthday', title: '生年月日', required: true, isNotEditable: true },
    { itemKey: 'memo', type: 'text', title: '職員メモ', isAdminItem: true },
  ],
};
const citizenMembership = citizenView(membership);

async function register(answers: Record<string, string>) {
  const [yamada] = ctx.users;
  return ctx.call(yamada!, 'putReservation', {
    body: buildSubmissionPayload({ config: citizenMembership, userId: yamada!.userId, answers }),
  });
}

beforeEach(async () => {
  await ctx.surveys.transaction((surveys) => surveys.save({ config: membership, lookupItemKeys: [], searchable: false }));
});

describe('edits of an existing record', () => {
  it('keep staff-only answers stored but out of every answer a citizen gets', async () => {
    const [yamada] = ctx.users;
    await register({ name: '山田太郎', born: '1990-01-01' });
    const key = `library-card#${yamada!.userId}`;
    const rows = await ctx.records.read.rowsOf(key);
    const { receiptNumber } = (await ctx.records.read.find(key))!;
    await ctx.records.transaction((records) =>
      records.replace({
        rows: [...rows, { ...rows[0]!, itemKey: 'memo', sortKey: 'memo#本人確認済み', value: '本人確認済み', userSearchKey: 'memo#本人確認済み' }],
        receiptNumber,
        removePartitionKeys: [key],
        origin: 'web',
        surveyVersion: 1,
      }),
    );
    const responses = [
      await ctx.call(yamada!, 'querySurveyResults', { body: { surveyId: 'library-card', userId: yamada!.userId } }),
      await ctx.call(yamada!, 'getSurveyResultsByPartitionKey', { query: { surveyId: 'library-card', partitionKey: key } }),
      await ctx.call(yamada!, 'getSurveyResultsByUser', { query: { surveyId: 'library-card' } }),
    ];
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(JSON.stringify(response.body)).not.toContain('本人確認済み');
    }
    await register({ name: '山田花子', born: '1990-01-01' });
    expect((await ctx.records.read.rowsOf(key)).find((row) => row.itemKey === 'memo')?.value).toBe('本人確認済み');
  });

  it('refuse a change to an item marked not editable, naming it', async () => {
    await register({ name: '山田太郎', born: '1990-01-01' });
    const response = await register({ name: '山田太郎', born: '1991-01-01' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'not_editable', fields: { born: 'この項目は変更できません。' } });
    expect((await register({ name: '山田花子', born: '1990-01-01' })).status).toBe(200);
  });

  it('refuse to reopen a cancelled record (409)', async () => {
    const [yamada] = ctx.users;
    await register({ name: '山田太郎', born: '1990-01-01' });
    await ctx.call(yamada!, 'cancelReservation', { body: { surveyId: 'library-card', partitionKey: `library-card#${yamada!.userId}`, userId: yamada!.userId } });
    const response = await register({ name: '山田太郎', born: '1990-01-01' });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('record_closed');
  });
});

describe('putItem, beyond what is built yet', () => {
  it('refuses an order: payments arrive with their own issue', async () => {
    const [yamada] = ctx.users;
    const payload = buildSubmissionPayload({ config: citizenMembership, userId: yamada!.userId, answers: { name: 'a', born: '1990-01-01' }, order: { items: [{ productId: 'p', quantity: 1 }] } });
    const response = await ctx.call(yamada!, 'putReservation', { body: payload });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('payments_not_available');
  });
});

describe('putItem replacing a record through HTTP is all or nothing', () => {
  it('leaves the old record whole when the database fails half way through the new one', async () => {
    const [yamada] = ctx.users;
    const answers = { ticket: '123456', born: '1990-01-01', course: '健康体操' };
    const first = buildSubmissionPayload({ config: EVENT_APPLICATION, userId: yamada!.userId, answers, now: 1_000 });
    await ctx.call(yamada!, 'putReservation', { body: first });
    const oldKey = `event-application#${yamada!.userId}#1000`;
    const before = await ctx.records.read.rowsOf(oldKey);
    // The last row of the new record makes the database fail, after the old record was deleted and
    // the earlier rows inserted within the same transaction (a trigger in each engine's own words).
    if (ctx.engine === 'sqlite') {
      await ctx.query(`CREATE TRIGGER fail_half_way BEFORE INSERT ON survey_results WHEN NEW.value = '失敗させる'
        BEGIN SELECT RAISE(ABORT, 'simulated failure'); END`);
    } else {
      await ctx.query(`CREATE FUNCTION fail_half_way() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.value = '失敗させる' THEN RAISE EXCEPTION 'simulated failure'; END IF; RETURN NEW; END $$`);
      await ctx.query('CREATE TRIGGER fail_half_way BEFORE INSERT ON survey_results FOR EACH ROW EXECUTE FUNCTION fail_half_way()');
    }
    const edit = buildSubmissionPayload({ config: EVENT_APPLICATION, userId: yamada!.userId, answers: { ...answers, note: '失敗させる' }, now: 2_000, oldPartitionKey: oldKey });
    const response = await ctx.call(yamada!, 'putReservation', { body: edit });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'サーバーで問題が発生しました。しばらくしてから、もう一度お試しください。', code: 'internal' });
    expect(await ctx.records.read.rowsOf(oldKey)).toEqual(before);
    expect(await ctx.records.read.find(`event-application#${yamada!.userId}#2000`)).toBeUndefined();
  });
});

describe('more refusals', () => {
  it('a signed token without an expiry', async () => {
    const noExpiry = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('https://access.line.me')
      .setAudience(DEV_CHANNEL.channelId)
      .setSubject(ctx.users[0]!.userId)
      .setIssuedAt()
      .sign(new TextEncoder().encode(DEV_CHANNEL.channelSecret));
    const response = await ctx.app.inject({ method: 'GET', url: pathOf('getAllSearchableSurveyConfigs'), headers: { authorization: `Bearer ${noExpiry}` } });
    expect(response.statusCode).toBe(401);
  });

  it('query on an unknown survey: 404', async () => {
    const [yamada] = ctx.users;
    expect((await ctx.call(yamada!, 'querySurveyResults', { body: { surveyId: 'nope', userId: yamada!.userId } })).status).toBe(404);
  });

  it('keeps one user\'s Idempotency-Key apart from another\'s', async () => {
    const [yamada, sato] = ctx.users;
    const headers = { 'idempotency-key': 'same-key-123456' };
    for (const user of [yamada!, sato!]) {
      const payload = buildSubmissionPayload({ config: citizenMembership, userId: user.userId, answers: { name: user.displayName, born: '1990-01-01' } });
      const response = await ctx.call(user, 'putReservation', { body: payload, headers });
      expect(response.body.partitionKey).toBe(`library-card#${user.userId}`);
    }
  });

  it('rate-limits login attempts per address, in the usual error format', async () => {
    let last = { statusCode: 0, body: '' };
    for (let attempt = 0; attempt < 31; attempt += 1) {
      const response = await ctx.app.inject({ method: 'GET', url: `${pathOf('exchangeLoginCode')}?code=nope&redirectTo=https%3A%2F%2Fcity.example.jp%2Flogin` });
      last = { statusCode: response.statusCode, body: response.body };
    }
    expect(last.statusCode).toBe(429);
    expect(JSON.parse(last.body)).toMatchObject({ statusCode: 429, code: 'too_many_requests' });
  });

  // SQLite's own migrations, whatever the suite's engine; PostgreSQL's are refused likewise in postgres-schema.test.ts.
  it('refuses to start on a database a newer server wrote', () => {
    const db = openDatabase(':memory:');
    db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, ?, 0)').run('from the future');
    expect(() => {
      migrate(db);
    }).toThrow(/newer version/);
    db.close();
  });
});
