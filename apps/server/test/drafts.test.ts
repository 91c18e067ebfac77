// Drafts (issue 28): a citizen's unsent answers to a survey's form, saved as they type, read back
// by that citizen only, gone once the form is sent, discarded or a week old; staff never see them.
import type { FileRef } from '@city/survey-core';
import { buildSubmissionPayload, citizenView } from '@city/survey-core';
import { CITIZEN_QUESTIONNAIRE } from '@city/demo-data';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DRAFT_LIFETIME_MS } from '../src/modules/drafts/drafts.js';
import type { TestContext } from './helpers.js';
import { createTestContext, pathOf } from './helpers.js';
import { addStaff, addTeams, consoleClient } from './staff-helpers.js';

const SURVEY = 'citizen-questionnaire';
const START = Date.parse('2026-12-01T01:00:00Z');
let clock = START;
let ctx: TestContext;
beforeEach(async () => {
  clock = START;
  ctx = await createTestContext({}, {}, { now: () => clock });
});
afterEach(async () => {
  await ctx.close();
});

const draftRows = async () => ((await ctx.queryOne('SELECT COUNT(*) AS n FROM survey_drafts')) as { n: number }).n;

async function uploadPhoto(): Promise<FileRef> {
  const [yamada] = ctx.users;
  const response = await ctx.app.inject({
    method: 'POST',
    url: pathOf('uploadFile'),
    query: { name: '公園.png' },
    headers: { authorization: `Bearer ${await ctx.tokenFor(yamada!)}`, 'content-type': 'image/png' },
    payload: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  });
  return response.json<{ data: FileRef }>().data;
}

describe('a survey form\'s draft', () => {
  it('is read back by its citizen as saved, files included, and by nobody else', async () => {
    const [yamada, sato] = ctx.users;
    const photo = await uploadPhoto();
    const answers = { name: '山田太郎', services: ['図書館', '体育館'], photos: [photo], opinion: '公園の遊具を\n増やしてください' };
    const saved = await ctx.call(yamada!, 'saveDraft', { body: { surveyId: SURVEY, answers } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ savedAt: START, expiresAt: START + DRAFT_LIFETIME_MS });

    const read = await ctx.call(yamada!, 'getDraft', { query: { surveyId: SURVEY } });
    expect(read.body.data).toEqual({ answers, savedAt: START, expiresAt: START + DRAFT_LIFETIME_MS });
    // Another citizen has none, and cannot discard this one.
    expect((await ctx.call(sato!, 'getDraft', { query: { surveyId: SURVEY } })).body.data).toBeNull();
    expect((await ctx.call(sato!, 'discardDraft', { query: { surveyId: SURVEY } })).status).toBe(200);
    expect((await ctx.call(yamada!, 'getDraft', { query: { surveyId: SURVEY } })).body.data).toEqual({ answers, savedAt: START, expiresAt: START + DRAFT_LIFETIME_MS });
    // Without a sign-in, nothing.
    expect((await ctx.call(null, 'getDraft', { query: { surveyId: SURVEY } })).status).toBe(401);
  });

  it('is replaced by the next save, and removed by empty answers or a discard', async () => {
    const [yamada] = ctx.users;
    await ctx.call(yamada!, 'saveDraft', { body: { surveyId: SURVEY, answers: { name: '山田' } } });
    clock += 5_000;
    await ctx.call(yamada!, 'saveDraft', { body: { surveyId: SURVEY, answers: { name: '山田太郎', area: '東区' } } });
    expect((await ctx.call(yamada!, 'getDraft', { query: { surveyId: SURVEY } })).body.data).toMatchObject({ answers: { name: '山田太郎', area: '東区' }, savedAt: START + 5_000 });
    expect(await draftRows()).toBe(1);

    await ctx.call(yamada!, 'saveDraft', { body: { surveyId: SURVEY, answers: {} } });
    expect(await draftRows()).toBe(0);
    await ctx.call(yamada!, 'saveDraft', { body: { surveyId: SURVEY, answers: { name: '山田' } } });
    expect((await ctx.call(yamada!, 'discardDraft', { query: { surveyId: SURVEY } })).body).toEqual({ result: 'OK' });
    expect((await ctx.call(yamada!, 'getDraft', { query: { surveyId: SURVEY } })).body.data).toBeNull();
  });

  it('is gone once the form is sent', async () => {
    const [yamada] = ctx.users;
    const answers = { name: '山田太郎', phone: '090-1234-5678', area: '東区', satisfaction: '満足' };
    await ctx.call(yamada!, 'saveDraft', { body: { surveyId: SURVEY, answers } });
    const sent = await ctx.call(yamada!, 'putReservation', { body: buildSubmissionPayload({ config: citizenView(CITIZEN_QUESTIONNAIRE), userId: yamada!.userId, answers }) });
    expect(sent.status).toBe(200);
    expect((await ctx.call(yamada!, 'getDraft', { query: { surveyId: SURVEY } })).body.data).toBeNull();
    expect(await draftRows()).toBe(0);
  });

  it('expires after a week: not offered, then removed by the maintenance job', async () => {
    const [yamada] = ctx.users;
    await ctx.call(yamada!, 'saveDraft', { body: { surveyId: SURVEY, answers: { name: '山田' } } });
    clock = START + DRAFT_LIFETIME_MS - 1;
    expect((await ctx.call(yamada!, 'getDraft', { query: { surveyId: SURVEY } })).body.data).not.toBeNull();
    expect((await ctx.app.maintenance.run()).draftsForgotten).toBe(0);
    clock = START + DRAFT_LIFETIME_MS;
    expect((await ctx.call(yamada!, 'getDraft', { query: { surveyId: SURVEY } })).body.data).toBeNull();
    expect((await ctx.app.maintenance.run()).draftsForgotten).toBe(1);
    expect(await draftRows()).toBe(0);
  });

  it('refuses what the form does not have, a survey citizens cannot see, and a huge draft, writing nothing', async () => {
    const [yamada] = ctx.users;
    const refused = [
      [{ surveyId: SURVEY, answers: { nosuchitem: 'x' } }, 400, 'draft_item_unknown'],
      // Staff-only items are not the citizen's to answer.
      [{ surveyId: SURVEY, answers: { staffMemo: 'x' } }, 400, 'draft_item_unknown'],
      [{ surveyId: 'no-such-survey', answers: { name: 'x' } }, 404, 'survey_not_found'],
      [{ surveyId: SURVEY, answers: { name: 'x'.repeat(10_001) } }, 400, undefined],
      [{ surveyId: SURVEY, answers: Object.fromEntries(['name', 'kana', 'email', 'address', 'opinion', 'phone', 'postalCode', 'household', 'area'].map((key) => [key, '山'.repeat(5_000)])) }, 413, 'draft_too_large'],
      [{ surveyId: SURVEY, answers: { name: 1 } }, 400, undefined],
    ] as const;
    for (const [body, status, code] of refused) {
      const response = await ctx.call(yamada!, 'saveDraft', { body });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      if (code !== undefined) expect(response.body.code).toBe(code);
    }
    expect(await draftRows()).toBe(0);
  });

  it('is not a record: staff list none for the survey', async () => {
    const [yamada] = ctx.users;
    await ctx.call(yamada!, 'saveDraft', { body: { surveyId: SURVEY, answers: { name: '山田太郎', area: '東区' } } });
    await addTeams(ctx);
    await ctx.surveys.transaction((surveys) => surveys.setTeams(SURVEY, ['team-a']));
    const staff = await addStaff(ctx, 'member', ['team-a']);
    const console = consoleClient(ctx);
    await console.signIn(staff);
    const listed = await console.call('staffRecords', { params: { surveyId: SURVEY }, body: { filter: {}, limit: 50 } });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ data: [], counts: { all: 0, matching: 0 } });
  });
});
