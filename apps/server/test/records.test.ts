import { buildSubmissionPayload } from '@city/survey-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_APPLICATION } from '@city/demo-data';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  vi.useRealTimers();
  await ctx.close();
});

const survey = 'event-application';
const answers = { ticket: '123456', born: '1990-01-01', course: '健康体操' };

/** Yamada stores one application; returns its partitionKey. */
async function yamadaApplies(): Promise<string> {
  const [yamada] = ctx.users;
  const payload = buildSubmissionPayload({ config: EVENT_APPLICATION, userId: yamada!.userId, answers, now: 1_000 });
  const response = await ctx.call(yamada!, 'putReservation', { body: payload });
  expect(response.status).toBe(200);
  return response.body.partitionKey;
}

describe('survey configs', () => {
  it('answers 404 for an unknown survey, and leaves staff-only items out', async () => {
    const [yamada] = ctx.users;
    expect((await ctx.call(yamada!, 'getSurveyConfig', { query: { surveyId: 'nope' } })).status).toBe(404);
    const config = await ctx.call(yamada!, 'getSurveyConfig', { query: { surveyId: 'citizen-questionnaire' } });
    const items = config.body.data.surveySchema;
    expect(items.map((item) => item.itemKey)).toContain('opinion');
    expect(items.some((item) => item.isAdminItem)).toBe(false);
  });

  it('lists the searchable surveys, and the ones asked for (unknown ids left out)', async () => {
    const [yamada] = ctx.users;
    const searchable = await ctx.call(yamada!, 'getAllSearchableSurveyConfigs');
    expect(searchable.body.data.map((config) => config.surveyId)).toEqual(['citizen-questionnaire', 'event-application', 'health-checkup', 'library-card', 'study-room']);
    const list = await ctx.call(yamada!, 'getSurveyConfigsList', {
      body: { surveyIdList: ['citizen-questionnaire', 'nope', 'event-application'] },
    });
    expect(list.body.data.map((config) => config.surveyId)).toEqual(['citizen-questionnaire', 'event-application']);
  });
});

describe('one user never sees or touches another\'s records', () => {
  it('query: only the caller\'s rows, and 403 for another userId', async () => {
    await yamadaApplies();
    const [yamada, sato] = ctx.users;
    const own = await ctx.call(sato!, 'querySurveyResults', { body: { surveyId: survey, userId: sato!.userId } });
    expect(own).toEqual({ status: 200, body: { data: [], records: [] } });
    const other = await ctx.call(sato!, 'querySurveyResults', { body: { surveyId: survey, userId: yamada!.userId } });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('forbidden');
  });

  it('query and getBySurveyIdPartitionKeyIndex: each record\'s 受付番号, as the submission answered it', async () => {
    const [yamada] = ctx.users;
    const first = await ctx.call(yamada!, 'putReservation', { body: buildSubmissionPayload({ config: EVENT_APPLICATION, userId: yamada!.userId, answers, now: 1_000 }) });
    const second = await ctx.call(yamada!, 'putReservation', { body: buildSubmissionPayload({ config: EVENT_APPLICATION, userId: yamada!.userId, answers, now: 2_000 }) });
    const all = await ctx.call(yamada!, 'querySurveyResults', { body: { surveyId: survey, userId: yamada!.userId } });
    expect(all.body.records).toEqual([
      { partitionKey: first.body.partitionKey, receiptNumber: first.body.receiptNumber },
      { partitionKey: second.body.partitionKey, receiptNumber: second.body.receiptNumber },
    ]);
    expect(new Set(all.body.data.map((row) => row.partitionKey))).toEqual(new Set([first.body.partitionKey, second.body.partitionKey]));
    const one = await ctx.call(yamada!, 'getSurveyResultsByPartitionKey', { query: { surveyId: survey, partitionKey: second.body.partitionKey } });
    expect(one.body.records).toEqual([{ partitionKey: second.body.partitionKey, receiptNumber: second.body.receiptNumber }]);
  });

  it('getBySurveyIdPartitionKeyIndex: 404 for another user\'s record', async () => {
    const key = await yamadaApplies();
    const [yamada, sato] = ctx.users;
    expect((await ctx.call(yamada!, 'getSurveyResultsByPartitionKey', { query: { surveyId: survey, partitionKey: key } })).status).toBe(200);
    const other = await ctx.call(sato!, 'getSurveyResultsByPartitionKey', { query: { surveyId: survey, partitionKey: key } });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('record_not_found');
  });

  it('getBySurveyIdUserIdIndex: only the caller\'s records', async () => {
    await yamadaApplies();
    const [, sato] = ctx.users;
    expect(await ctx.call(sato!, 'getSurveyResultsByUser', { query: { surveyId: survey } })).toEqual({
      status: 200,
      body: { result: 'OK', data: [] },
    });
    expect((await ctx.call(sato!, 'getSurveyResultsByUser', { query: { surveyId: 'nope' } })).status).toBe(404);
  });

  it('filterQuery: another user\'s record is not found, and 403 for another requestingUserId', async () => {
    await yamadaApplies();
    const [yamada, sato] = ctx.users;
    const lookup = { ticket: answers.ticket, born: answers.born };
    const mine = await ctx.call(yamada!, 'filterSurveyResults', { body: { queryParams: { surveyId: survey, lookup }, requestingUserId: yamada!.userId } });
    expect(mine.status).toBe(200);
    const theirs = await ctx.call(sato!, 'filterSurveyResults', { body: { queryParams: { surveyId: survey, lookup }, requestingUserId: sato!.userId } });
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe('lookup_failed');
    const pretending = await ctx.call(sato!, 'filterSurveyResults', { body: { queryParams: { surveyId: survey, lookup }, requestingUserId: yamada!.userId } });
    expect(pretending.status).toBe(403);
  });

  it.each(['cancelReservation', 'deleteReservation', 'putUserId'] as const)('%s: 404 on another user\'s record, 403 for another userId, and nothing changes', async (name) => {
    const key = await yamadaApplies();
    const [yamada, sato] = ctx.users;
    const before = await ctx.call(yamada!, 'getSurveyResultsByPartitionKey', { query: { surveyId: survey, partitionKey: key } });
    const notFound = await ctx.call(sato!, name, { body: { surveyId: survey, partitionKey: key, userId: sato!.userId } });
    expect(notFound.status).toBe(404);
    const forbidden = await ctx.call(sato!, name, { body: { surveyId: survey, partitionKey: key, userId: yamada!.userId } });
    expect(forbidden.status).toBe(403);
    const after = await ctx.call(yamada!, 'getSurveyResultsByPartitionKey', { query: { surveyId: survey, partitionKey: key } });
    expect(after).toEqual(before);
  });

  it('putItem: rows for another user are refused (403), and so is writing over their record (404)', async () => {
    const key = await yamadaApplies();
    const [yamada, sato] = ctx.users;
    const asYamada = buildSubmissionPayload({ config: EVENT_APPLICATION, userId: yamada!.userId, answers, now: 2_000 });
    expect((await ctx.call(sato!, 'putReservation', { body: asYamada })).status).toBe(403);
    const overTheirs = buildSubmissionPayload({ config: EVENT_APPLICATION, userId: sato!.userId, answers, now: 3_000, oldPartitionKey: key });
    const response = await ctx.call(sato!, 'putReservation', { body: overTheirs });
    expect(response.status).toBe(404);
    const yamadasRows = (await ctx.call(yamada!, 'getSurveyResultsByUser', { query: { surveyId: survey } })).body.data;
    expect(yamadasRows).toEqual((await ctx.call(yamada!, 'getSurveyResultsByPartitionKey', { query: { surveyId: survey, partitionKey: key } })).body.data);
    expect(new Set(yamadasRows.map((row) => row.userId))).toEqual(new Set([yamada!.userId]));
  });
});

describe('the owner\'s changes', () => {
  it('cancelItem marks every row キャンセル; deleteItem removes the record', async () => {
    const key = await yamadaApplies();
    const [yamada] = ctx.users;
    const body = { surveyId: survey, partitionKey: key, userId: yamada!.userId };
    expect(await ctx.call(yamada!, 'cancelReservation', { body })).toEqual({ status: 200, body: { result: 'OK', partitionKey: key } });
    const rows = (await ctx.call(yamada!, 'getSurveyResultsByPartitionKey', { query: { surveyId: survey, partitionKey: key } })).body.data;
    expect(new Set(rows.map((row) => row.check))).toEqual(new Set(['キャンセル']));
    expect((await ctx.call(yamada!, 'deleteReservation', { body })).status).toBe(200);
    expect((await ctx.call(yamada!, 'getSurveyResultsByPartitionKey', { query: { surveyId: survey, partitionKey: key } })).status).toBe(404);
  });
});

describe('look-up and claiming a record staff imported', () => {
  const imported = 'event-application#import-000001';
  const lookup = { ticket: '100001', born: '1980-04-01' };

  it('finds the record by its look-up items, then lets the finder claim it, and no one else', async () => {
    const [yamada, sato] = ctx.users;
    // Claiming before finding it is refused: partition keys are not secrets.
    expect((await ctx.call(yamada!, 'putUserId', { body: { surveyId: survey, partitionKey: imported, userId: yamada!.userId } })).status).toBe(404);

    const found = await ctx.call(yamada!, 'filterSurveyResults', {
      body: { queryParams: { surveyId: survey, lookup: { ticket: '１０００１', born: '1980-04-01' } }, requestingUserId: yamada!.userId },
    });
    expect(found.status).toBe(404); // a wrong ticket number (5 digits) finds nothing
    const right = await ctx.call(yamada!, 'filterSurveyResults', { body: { queryParams: { surveyId: survey, lookup }, requestingUserId: yamada!.userId } });
    expect(right.status).toBe(200);
    expect(right.body.data[0]?.partitionKey).toBe(imported);

    const claimed = await ctx.call(yamada!, 'putUserId', { body: { surveyId: survey, partitionKey: imported, userId: yamada!.userId } });
    expect(claimed).toEqual({ status: 200, body: { result: 'OK', partitionKey: imported } });
    const mine = await ctx.call(yamada!, 'getSurveyResultsByUser', { query: { surveyId: survey } });
    expect(new Set(mine.body.data.map((row) => row.userId))).toEqual(new Set([yamada!.userId]));

    // Now it is Yamada's: Sato can neither find nor claim it.
    const satoLooks = await ctx.call(sato!, 'filterSurveyResults', { body: { queryParams: { surveyId: survey, lookup }, requestingUserId: sato!.userId } });
    expect(satoLooks.status).toBe(404);
    expect((await ctx.call(sato!, 'putUserId', { body: { surveyId: survey, partitionKey: imported, userId: sato!.userId } })).status).toBe(404);
  });

  it('asks for every look-up item, without counting it as a failure', async () => {
    const [yamada] = ctx.users;
    const response = await ctx.call(yamada!, 'filterSurveyResults', {
      body: { queryParams: { surveyId: survey, lookup: { ticket: '100001' } }, requestingUserId: yamada!.userId },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('lookup_fields_missing');
  });

  it('locks a user out after 10 failed look-ups in a day, in Japanese, until the next day in Japan', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T05:00:00Z')); // 14:00 in Japan
    const [yamada, sato] = ctx.users;
    const attempt = (user = yamada!, ticket = '999999') =>
      ctx.call(user, 'filterSurveyResults', {
        body: { queryParams: { surveyId: survey, lookup: { ticket, born: '1980-04-01' } }, requestingUserId: user.userId },
      });
    for (let failure = 1; failure <= 9; failure += 1) expect((await attempt()).status).toBe(404);
    const tenth = await attempt();
    expect(tenth.status).toBe(429);
    expect(tenth.body).toMatchObject({ code: 'lookup_locked', message: expect.stringContaining('本日はご利用いただけません') as unknown });
    // Even the right answer is refused now; other users are not affected.
    expect((await attempt(undefined, '100001')).status).toBe(429);
    expect((await attempt(sato, '100001')).status).toBe(200);

    vi.setSystemTime(new Date('2026-11-21T14:59:00Z')); // 23:59 in Japan: still locked
    expect((await attempt(yamada, '100001')).status).toBe(429);
    vi.setSystemTime(new Date('2026-11-21T15:00:00Z')); // 00:00 the next day in Japan
    expect((await attempt(yamada, '100001')).status).toBe(200);
  });
});
