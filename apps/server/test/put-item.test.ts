import Database from 'better-sqlite3';
import pg from 'pg';
import type { Answers, SubmissionPayload, SurveyConfig } from '@city/survey-core';
import { buildSubmissionPayload, citizenView } from '@city/survey-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CITIZEN_QUESTIONNAIRE, EVENT_APPLICATION } from '@city/demo-data';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.close();
});

const questionnaire = citizenView(CITIZEN_QUESTIONNAIRE);
const validAnswers: Answers = {
  name: '山田太郎',
  phone: '090-1234-5678',
  area: '東区',
  satisfaction: '満足',
  services: ['図書館', '体育館'],
};

function payloadFor(userId: string, answers: Answers = validAnswers, config: SurveyConfig = questionnaire, extra: Partial<Parameters<typeof buildSubmissionPayload>[0]> = {}): SubmissionPayload {
  return buildSubmissionPayload({ config, userId, answers, ...extra });
}

/** Everything stored, to show that a refused request wrote nothing (compared on one engine, so read as it comes). */
async function snapshot(): Promise<unknown[]> {
  return [
    await ctx.query('SELECT * FROM survey_results ORDER BY partition_key, sort_key'),
    await ctx.query('SELECT * FROM survey_records ORDER BY partition_key'),
    await ctx.query('SELECT * FROM idempotency_keys ORDER BY user_id, idempotency_key'),
  ];
}

describe('reservation/putItem', () => {
  it('stores a valid submission and answers with its partitionKey and a 受付番号', async () => {
    const [yamada] = ctx.users;
    const payload = payloadFor(yamada!.userId);
    const response = await ctx.call(yamada!, 'putReservation', { body: payload });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      result: 'OK',
      partitionKey: `citizen-questionnaire#${yamada!.userId}`,
      receiptNumber: expect.stringMatching(/^[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{4}$/) as unknown,
    });
    const stored = await ctx.call(yamada!, 'getSurveyResultsByPartitionKey', {
      query: { surveyId: 'citizen-questionnaire', partitionKey: `citizen-questionnaire#${yamada!.userId}` },
    });
    expect(stored.body.data).toEqual(payload.data);
  });

  it('replaces an update-mode record whole when sent again: no old answer is left behind', async () => {
    const [yamada] = ctx.users;
    const first = await ctx.call(yamada!, 'putReservation', { body: payloadFor(yamada!.userId) });
    const second = await ctx.call(yamada!, 'putReservation', {
      body: payloadFor(yamada!.userId, { ...validAnswers, name: '山田花子', services: ['図書館'] }),
    });
    expect(second.body.receiptNumber).toBe(first.body.receiptNumber);
    const rows = (await ctx.call(yamada!, 'getSurveyResultsByUser', { query: { surveyId: 'citizen-questionnaire' } })).body.data;
    const values = rows.map((row) => row.value);
    expect(values).toContain('山田花子');
    expect(values).not.toContain('山田太郎');
    expect(values).not.toContain('体育館');
  });

  it('adds a new record per submission in append mode, and replaces one given oldPartitionKey', async () => {
    const [yamada] = ctx.users;
    const answers = { ticket: '123456', born: '1990-01-01', course: '健康体操' };
    const one = payloadFor(yamada!.userId, answers, EVENT_APPLICATION, { now: 1_000 });
    const two = payloadFor(yamada!.userId, answers, EVENT_APPLICATION, { now: 2_000 });
    await ctx.call(yamada!, 'putReservation', { body: one });
    const second = await ctx.call(yamada!, 'putReservation', { body: two });
    const records = () =>
      ctx
        .call(yamada!, 'getSurveyResultsByUser', { query: { surveyId: 'event-application' } })
        .then((response) => new Set(response.body.data.map((row) => row.partitionKey)));
    expect(await records()).toEqual(new Set([`event-application#${yamada!.userId}#1000`, `event-application#${yamada!.userId}#2000`]));

    const edit = payloadFor(yamada!.userId, { ...answers, course: '料理教室' }, EVENT_APPLICATION, {
      now: 3_000,
      oldPartitionKey: `event-application#${yamada!.userId}#2000`,
    });
    const edited = await ctx.call(yamada!, 'putReservation', { body: edit });
    expect(edited.status).toBe(200);
    expect(edited.body.receiptNumber).toBe(second.body.receiptNumber);
    expect(await records()).toEqual(new Set([`event-application#${yamada!.userId}#1000`, `event-application#${yamada!.userId}#3000`]));
  });

  it('stores a repeated Idempotency-Key once and answers the same again', async () => {
    const [yamada] = ctx.users;
    const payload = payloadFor(yamada!.userId, { ticket: '123456', born: '1990-01-01', course: '健康体操' }, EVENT_APPLICATION, { now: 5 });
    const headers = { 'idempotency-key': '7f0c7a8e-5d0b-4c8e-9a51-0d0e3f1b2c3d' };
    const first = await ctx.call(yamada!, 'putReservation', { body: payload, headers });
    const before = await snapshot();
    const again = await ctx.call(yamada!, 'putReservation', { body: payload, headers });
    expect(again).toEqual(first);
    expect(await snapshot()).toEqual(before);

    const different = payloadFor(yamada!.userId, { ticket: '654321', born: '1990-01-01', course: '健康体操' }, EVENT_APPLICATION, { now: 6 });
    const reused = await ctx.call(yamada!, 'putReservation', { body: different, headers });
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('idempotency_key_reused');
    expect(await snapshot()).toEqual(before);
  });

  it('keeps the staff-only answers of a record the citizen edits', async () => {
    const [yamada] = ctx.users;
    await ctx.call(yamada!, 'putReservation', { body: payloadFor(yamada!.userId) });
    const key = `citizen-questionnaire#${yamada!.userId}`;
    const rows = await ctx.records.read.rowsOf(key);
    const memo = { ...rows[1]!, itemKey: 'staffMemo', sortKey: 'staffMemo#要確認', value: '要確認', userSearchKey: 'staffMemo#要確認' };
    const { receiptNumber } = (await ctx.records.read.find(key))!;
    await ctx.records.transaction((records) => records.replace({ rows: [...rows, memo], receiptNumber, removePartitionKeys: [key], origin: 'web', surveyVersion: 1 }));

    await ctx.call(yamada!, 'putReservation', { body: payloadFor(yamada!.userId, { ...validAnswers, name: '山田花子' }) });
    expect((await ctx.records.read.rowsOf(key)).filter((row) => row.itemKey === 'staffMemo').map((row) => row.value)).toEqual(['要確認']);
    // ...and a citizen never sees them.
    const seen = await ctx.call(yamada!, 'getSurveyConfig', { query: { surveyId: 'citizen-questionnaire' } });
    expect(JSON.stringify(seen.body)).not.toContain('staffMemo');
  });

  describe('refuses, and writes nothing', () => {
    const refuse = async (status: number, code: string, body: unknown, headers: Record<string, string> = {}) => {
      const [yamada] = ctx.users;
      const before = await snapshot();
      const response = await ctx.call(yamada!, 'putReservation', { body, headers });
      expect(response.status).toBe(status);
      expect(response.body).toMatchObject({ statusCode: status, code });
      expect(typeof response.body.message).toBe('string');
      expect(await snapshot()).toEqual(before);
      return response;
    };

    it('answers that fail validation, with a message per item', async () => {
      const response = await refuse(400, 'invalid_answers', payloadFor(ctx.users[0]!.userId, { ...validAnswers, name: '', phone: '12345' }));
      expect(response.body.fields).toEqual({ name: '必須項目です', phone: '電話番号は半角数字で入力してください（例: 090-1234-5678）' });
    });

    it('rows that are not what the answers make (a citizen setting their own status)', async () => {
      const payload = payloadFor(ctx.users[0]!.userId);
      await refuse(400, 'rows_mismatch', { ...payload, data: payload.data.map((row) => ({ ...row, check: '完了' })) });
    });

    it('rows with forged search keys', async () => {
      const payload = payloadFor(ctx.users[0]!.userId);
      await refuse(400, 'rows_mismatch', { ...payload, data: payload.data.map((row) => ({ ...row, userSearchKey: 'name#someone' })) });
    });

    it('rows in another order, or with the row of an optional answer left out', async () => {
      const payload = payloadFor(ctx.users[0]!.userId);
      const rows = payload.data;
      const last = rows.at(-1)!;
      const beforeLast = rows.at(-2)!;
      await refuse(400, 'rows_mismatch', { ...payload, data: [...rows.slice(0, -2), last, beforeLast] });
      await refuse(400, 'rows_mismatch', { ...payload, data: rows.slice(0, -1) });
    });

    it('a row with a field the answers do not make', async () => {
      const payload = payloadFor(ctx.users[0]!.userId);
      const [first, ...rest] = payload.data;
      await refuse(400, 'rows_mismatch', { ...payload, data: [{ ...first!, files: [{ name: 'a.png', url: '/files/0123456789abcdef0123456789abcdef' }] }, ...rest] });
    });

    it('a partitionKey the caller may not write', async () => {
      const userId = ctx.users[0]!.userId;
      const payload = payloadFor(userId);
      await refuse(400, 'invalid_partition_key', { ...payload, data: payload.data.map((row) => ({ ...row, partitionKey: 'citizen-questionnaire#made-up' })) });
    });

    it('an unknown survey', async () => {
      await refuse(404, 'survey_not_found', payloadFor(ctx.users[0]!.userId, validAnswers, { ...questionnaire, surveyId: 'no-such-survey' }));
    });

    it('malformed JSON', async () => {
      const [yamada] = ctx.users;
      const before = await snapshot();
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/survey/api/v1/db/reservation/putItem',
        headers: { authorization: `Bearer ${await ctx.tokenFor(yamada!)}`, 'content-type': 'application/json' },
        payload: '{"data": [',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, code: 'invalid_request' });
      expect(await snapshot()).toEqual(before);
    });

    it('wrong types', async () => {
      const payload = payloadFor(ctx.users[0]!.userId);
      await refuse(400, 'invalid_request', { ...payload, data: payload.data.map((row) => ({ ...row, isLiffMode: 'yes' })) });
    });

    it('unknown fields', async () => {
      const payload = payloadFor(ctx.users[0]!.userId);
      await refuse(400, 'invalid_request', { ...payload, isAdmin: true });
      await refuse(400, 'invalid_request', { ...payload, data: payload.data.map((row) => ({ ...row, createdBy: 'x' })) });
    });

    it('a huge body, with 413', async () => {
      const payload = payloadFor(ctx.users[0]!.userId);
      await refuse(413, 'body_too_large', { ...payload, subData: 'x'.repeat(600 * 1024) });
    });

    it('an Idempotency-Key that cannot be one', async () => {
      await refuse(400, 'invalid_request', payloadFor(ctx.users[0]!.userId), { 'idempotency-key': 'x' });
    });
  });

  it('answers 503 with retryable: true while another writer holds the database, and stores the retry', async () => {
    await ctx.close();
    // SQLite only: a second connection on the SQLite file holds its one write lock.
    ctx = await createTestContext({}, { busyTimeoutMs: 50, engine: 'sqlite' });
    const [yamada] = ctx.users;
    const blocker = new Database(ctx.databasePath);
    blocker.exec('BEGIN IMMEDIATE');
    const busy = await ctx.call(yamada!, 'putReservation', { body: payloadFor(yamada!.userId) });
    expect(busy.status).toBe(503);
    expect(busy.body).toMatchObject({ statusCode: 503, code: 'busy', retryable: true });
    blocker.exec('ROLLBACK');
    blocker.close();
    const retried = await ctx.call(yamada!, 'putReservation', { body: payloadFor(yamada!.userId) });
    expect(retried.status).toBe(200);
  });

  it('on PostgreSQL, waits while another transaction holds the table it writes, and stores once it ends', async () => {
    await ctx.close();
    // PostgreSQL's counterpart of the test above: writers wait on each other's locks there, no 503.
    ctx = await createTestContext({}, { engine: 'postgres' });
    const [yamada] = ctx.users;
    const blocker = new pg.Client({ connectionString: ctx.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE survey_records IN EXCLUSIVE MODE');
      let answered = false;
      const put = ctx.call(yamada!, 'putReservation', { body: payloadFor(yamada!.userId) }).finally(() => {
        answered = true;
      });
      // The request reaches the table and waits on the lock, unanswered meanwhile.
      const waitingOnLock = "SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'";
      // Up to 15 s (vi.waitFor's default is 1 s): on a loaded CI machine the request's sign-in
      // check and validation ran past a second before it reached the lock.
      await vi.waitFor(
        async () => {
          expect(await ctx.queryOne(waitingOnLock)).toEqual({ n: 1 });
        },
        { timeout: 15_000, interval: 50 },
      );
      expect(answered).toBe(false);
      await blocker.query('ROLLBACK');
      expect((await put).status).toBe(200);
    } finally {
      await blocker.end();
    }
  });

  it('replaces all or nothing: a failure before commit leaves the old record intact', async () => {
    const [yamada] = ctx.users;
    await ctx.call(yamada!, 'putReservation', { body: payloadFor(yamada!.userId) });
    const key = `citizen-questionnaire#${yamada!.userId}`;
    const before = await ctx.records.read.rowsOf(key);
    const replacement = payloadFor(yamada!.userId, { ...validAnswers, name: '別人' }).data;
    const { receiptNumber } = (await ctx.records.read.find(key))!;
    await expect(
      ctx.records.transaction(async (records) => {
        await records.replace({ rows: replacement, receiptNumber, removePartitionKeys: [key], origin: 'web', surveyVersion: 1 });
        expect(await records.rowsOf(key)).toEqual(replacement); // replaced inside the transaction...
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(await ctx.records.read.rowsOf(key)).toEqual(before); // ...and rolled back
  });
});
