// The survey editor against the real app: a survey made by staff is a draft citizens cannot see,
// published it takes answers; an edit of an answered survey is a new version and every record is
// read with its own version's items; edits that would orphan answers are refused (409, nothing
// written) unless the editor chose so; a closed survey takes no answers; each change is audited.
import type { RecordSummary, SurveyEditorView } from '@city/api-client/staff-contract';
import type { SurveyConfig } from '@city/survey-core';
import { buildSubmissionPayload, japanTimeToEpochMs } from '@city/survey-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HttpClient } from './calendar-fixtures.js';
import { addCalendar, addCategories, CHECKUP_CATEGORIES, citizen, daySlots, listen } from './calendar-fixtures.js';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';
import { addStaff, addTeams, consoleClient } from './staff-helpers.js';

const NOW = japanTimeToEpochMs('2026-12-01', '10:00');
let ctx: TestContext;
let http: HttpClient;
let admin: ReturnType<typeof consoleClient>;

/** A questionnaire staff build: a name, a choice and a free comment. */
const QUESTIONNAIRE: SurveyConfig = {
  surveyId: 'park-survey',
  surveyTitle: '公園の利用アンケート',
  surveyDescription: '市内の公園の使い方をお聞かせください。',
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前', required: true, maxLength: 30 },
    { itemKey: 'often', type: 'radio', title: '利用の頻度', options: ['毎日', '週に1回', 'ほとんど使わない'], required: true },
    { itemKey: 'comment', type: 'textarea', title: 'ご意見', maxLength: 500 },
  ],
};

beforeEach(async () => {
  ctx = await createTestContext({}, {}, { now: () => NOW });
  await addCategories(ctx.app.storage, CHECKUP_CATEGORIES);
  await addCalendar(ctx.app.storage, { calendarId: 'cal-central', categoryId: 'checkup-central', slots: daySlots('2026-12-03', 2) });
  await addTeams(ctx);
  http = await listen(ctx);
  admin = consoleClient(ctx);
  expect((await admin.signIn(await addStaff(ctx, 'admin', ['team-a']))).status).toBe(200);
});
afterEach(async () => {
  await ctx.close();
});

const create = (config: SurveyConfig) => admin.call('staffCreateSurvey', { body: { config, teamIds: ['team-a'], searchable: false } });
const editorView = async (surveyId: string) => (await admin.call('staffSurveyEditor', { params: { surveyId } })).body.data as SurveyEditorView;
const save = async (config: SurveyConfig, removeAnsweredItems?: string[]) =>
  admin.call('staffEditSurvey', {
    params: { surveyId: config.surveyId },
    body: { config, teamIds: ['team-a'], searchable: false, expectedVersion: (await editorView(config.surveyId)).version, ...(removeAnsweredItems === undefined ? {} : { removeAnsweredItems }) },
  });
/** Citizen n answers the survey as the citizen app sends it. */
const answer = (n: number, config: SurveyConfig, answers: Record<string, string>) =>
  http.call(citizen(n), 'putReservation', { body: buildSubmissionPayload({ config, userId: citizen(n).userId, answers, now: NOW }) });
/** The survey tables and the audit log, each table in its key's order (rows come in no set order otherwise). */
const SURVEY_TABLES = { survey_configs: 'survey_id', survey_versions: 'survey_id, version', survey_teams: 'survey_id, team_id', audit_log: 'seq' };
const surveyTables = async () => {
  const tables: string[] = [];
  for (const [table, key] of Object.entries(SURVEY_TABLES)) tables.push(JSON.stringify(await ctx.query(`SELECT * FROM ${table} ORDER BY ${key}`)));
  return tables.join('\n');
};

describe('a new survey', () => {
  it('is a draft citizens cannot see until it is published, then takes answers', async () => {
    expect(await create(QUESTIONNAIRE)).toMatchObject({ status: 201, body: { data: { surveyId: 'park-survey', version: 1 } } });
    expect((await http.call(citizen(1), 'getSurveyConfig', { query: { surveyId: 'park-survey' } })).status).toBe(404);
    expect((await answer(1, QUESTIONNAIRE, { name: '山田', often: '毎日' })).status).toBe(409);

    expect((await admin.call('staffSetSurveyState', { params: { surveyId: 'park-survey' }, body: { state: 'published' } })).status).toBe(200);
    const seen = await http.call(citizen(1), 'getSurveyConfig', { query: { surveyId: 'park-survey' } });
    expect(seen.body.data).toMatchObject({ surveyTitle: '公園の利用アンケート', surveyDescription: '市内の公園の使い方をお聞かせください。' });
    expect((await answer(1, QUESTIONNAIRE, { name: '山田', often: '毎日' })).status).toBe(200);
    const actions = ((await ctx.query("SELECT action FROM audit_log WHERE target = 'survey:park-survey' ORDER BY seq")) as { action: string }[]).map((row) => row.action);
    expect(actions).toEqual(['survey.create', 'survey.state']);
  });

  it('is refused with every problem named in Japanese, and nothing is written', async () => {
    const before = await surveyTables();
    const broken: SurveyConfig = {
      surveyId: 'broken',
      surveyTitle: '',
      surveySchema: [
        { itemKey: 'a', type: 'text', title: '質問' },
        { itemKey: 'a', type: 'reservation', title: '予約', categoryId: 'no-such-category' },
        { itemKey: 'fee', type: 'selectProducts', title: '料金', products: [{ productId: 'fee', name: '参加費', unitPrice: 0 }] },
      ],
    };
    const refused = await create(broken);
    expect(refused).toMatchObject({ status: 400, body: { code: 'invalid_survey' } });
    expect((refused.body as { problems: { at: string; message: string }[] }).problems).toEqual([
      { at: 'survey', message: 'フォームのタイトルを入力してください' },
      { at: 'a', message: '項目キー「a」が2つの項目で使われています。項目ごとに別のキーにしてください' },
      { at: 'fee', message: '商品「参加費」の価格（税込・1円以上の整数）を入力してください' },
      { at: 'a', message: '予約項目「予約」の予約カテゴリが見つかりません。カレンダー管理でカテゴリを確かめてから選び直してください。' },
    ]);
    expect(await surveyTables()).toBe(before);
    expect(await create({ ...QUESTIONNAIRE, surveyId: 'park-survey' })).toMatchObject({ status: 201 });
    expect(await create(QUESTIONNAIRE)).toMatchObject({ status: 409, body: { code: 'survey_exists' } });
  });
});

describe('editing an answered survey', () => {
  beforeEach(async () => {
    await create(QUESTIONNAIRE);
    await admin.call('staffSetSurveyState', { params: { surveyId: 'park-survey' }, body: { state: 'published' } });
  });

  it('edits a version without answers in place, and makes a new version once it has answers; each record reads with its own items', async () => {
    const retitled = { ...QUESTIONNAIRE, surveyTitle: '公園アンケート' };
    expect(await save(retitled)).toMatchObject({ status: 200, body: { data: { version: 1, newVersion: false } } });
    expect((await answer(1, retitled, { name: '山田', often: '毎日', comment: '遊具を増やしてほしい' })).status).toBe(200);

    // The question changes and the comment goes (the editor confirms it): version 2.
    const edited: SurveyConfig = {
      ...retitled,
      surveySchema: [
        { itemKey: 'name', type: 'text', title: 'お名前', required: true, maxLength: 30 },
        { itemKey: 'often', type: 'radio', title: '公園に行く頻度', options: ['毎日', '週に1回', '月に1回', 'ほとんど行かない'], required: true },
        { itemKey: 'age', type: 'dropdown', title: '年代', options: ['10代', '20代', '30代以上'] },
      ],
    };
    const refused = await save(edited);
    expect(refused).toMatchObject({ status: 409, body: { code: 'answered_item_removed', blockers: [{ id: 'comment', label: 'ご意見' }] } });
    expect(await save(edited, ['comment'])).toMatchObject({ status: 200, body: { data: { version: 2, newVersion: true } } });
    expect((await answer(2, edited, { name: '佐藤', often: '月に1回', age: '20代' })).status).toBe(200);

    const view = await editorView('park-survey');
    expect(view).toMatchObject({ version: 2, records: 2 });
    expect([...view.answeredItemKeys].sort()).toEqual(['age', 'comment', 'name', 'often']);
    expect(view.versions.map(({ version, records }) => ({ version, records }))).toEqual([
      { version: 1, records: 1 },
      { version: 2, records: 1 },
    ]);
    // The list keeps the removed item's column, for the record that answered it.
    const [entry] = (await admin.call('staffSurveys')).body.data as { surveyId: string; items: { itemKey: string; removed: boolean }[] }[];
    expect(entry?.items.map((item) => `${item.itemKey}${item.removed ? ' (removed)' : ''}`)).toEqual(['name', 'often', 'age', 'comment (removed)']);
    const list = (await admin.call('staffRecords', { params: { surveyId: 'park-survey' }, body: { filter: {} } })).body.data as RecordSummary[];
    expect(list.map((record) => record.answers)).toEqual([
      { name: '佐藤', often: '月に1回', age: '20代' },
      { name: '山田', often: '毎日', comment: '遊具を増やしてほしい' },
    ]);
    // A filter on the removed item still finds the old record.
    const byComment = await admin.call('staffRecords', { params: { surveyId: 'park-survey' }, body: { filter: { items: [{ itemKey: 'comment', value: '遊具' }] } } });
    expect(byComment.body.counts).toMatchObject({ matching: 1 });
  });

  it('refuses to change the type of an answered item, a stale edit, and a delete of a survey with records; nothing is written', async () => {
    expect((await answer(1, QUESTIONNAIRE, { name: '山田', often: '毎日' })).status).toBe(200);
    const before = await surveyTables();
    const retyped: SurveyConfig = { ...QUESTIONNAIRE, surveySchema: QUESTIONNAIRE.surveySchema.map((item) => (item.itemKey === 'often' ? { itemKey: 'often', type: 'text', title: '利用の頻度' } : item)) };
    expect(await save(retyped)).toMatchObject({ status: 409, body: { code: 'answered_item_retyped', blockers: [{ id: 'often', label: '利用の頻度' }] } });
    const appending = { ...QUESTIONNAIRE, isAppending: { value: true } };
    expect(await save(appending)).toMatchObject({ status: 409, body: { code: 'mode_change_with_records' } });
    const stale = await admin.call('staffEditSurvey', { params: { surveyId: 'park-survey' }, body: { config: QUESTIONNAIRE, teamIds: ['team-a'], searchable: false, expectedVersion: 7 } });
    expect(stale).toMatchObject({ status: 409, body: { code: 'survey_changed' } });
    expect(await admin.call('staffDeleteSurvey', { params: { surveyId: 'park-survey' } })).toMatchObject({ status: 409, body: { code: 'survey_has_records' } });
    expect(await admin.call('staffSetSurveyState', { params: { surveyId: 'park-survey' }, body: { state: 'draft' } })).toMatchObject({ status: 409, body: { code: 'survey_has_records' } });
    expect(await surveyTables()).toBe(before);
  });

  it('closes a survey: no new answers, and the citizen still sees theirs', async () => {
    expect((await answer(1, QUESTIONNAIRE, { name: '山田', often: '毎日' })).status).toBe(200);
    expect((await admin.call('staffSetSurveyState', { params: { surveyId: 'park-survey' }, body: { state: 'closed' } })).status).toBe(200);
    expect(await answer(2, QUESTIONNAIRE, { name: '佐藤', often: '毎日' })).toMatchObject({ status: 409, body: { code: 'survey_not_open', message: 'このフォームは現在、回答を受け付けていません。' } });
    const own = await http.call(citizen(1), 'querySurveyResults', { body: { surveyId: 'park-survey', userId: citizen(1).userId } });
    expect(own.body.data.map((row) => row.value)).toContain('山田');
  });
});

describe('copy and delete', () => {
  it('copies a survey as a new draft and deletes one that has no records', async () => {
    await create(QUESTIONNAIRE);
    const copied = await admin.call('staffCopySurvey', { params: { surveyId: 'park-survey' }, body: { surveyId: 'park-survey-2027', surveyTitle: '公園の利用アンケート（2027年度）', teamIds: ['team-a'] } });
    expect(copied).toMatchObject({ status: 201, body: { data: { surveyId: 'park-survey-2027', version: 1 } } });
    expect(await editorView('park-survey-2027')).toMatchObject({ state: 'draft', config: { surveyTitle: '公園の利用アンケート（2027年度）', surveySchema: QUESTIONNAIRE.surveySchema } });
    expect((await admin.call('staffDeleteSurvey', { params: { surveyId: 'park-survey-2027' } })).status).toBe(200);
    expect((await admin.call('staffSurveyEditor', { params: { surveyId: 'park-survey-2027' } })).status).toBe(404);
  });
});

describe('from a review', () => {
  it('opens a survey saved before the editor with its look-up items, and saving it keeps citizens’ look-up', async () => {
    await ctx.surveys.transaction(async (surveys) => {
      await surveys.save({ config: QUESTIONNAIRE, lookupItemKeys: ['name'], searchable: true });
      await surveys.setTeams(QUESTIONNAIRE.surveyId, ['team-a']);
    });
    const view = await editorView('park-survey');
    expect(view.config.lookupItemKeys).toEqual(['name']);
    const saved = await admin.call('staffEditSurvey', { params: { surveyId: 'park-survey' }, body: { config: { ...view.config, surveyTitle: '公園アンケート' }, teamIds: ['team-a'], searchable: true, expectedVersion: view.version } });
    expect(saved.status).toBe(200);
    expect(await ctx.queryOne("SELECT lookup_item_keys_json AS keys FROM survey_configs WHERE survey_id = 'park-survey'")).toEqual({ keys: '["name"]' });
  });

  it('keeps another team on a shared survey when a non-administrator edits it', async () => {
    await create(QUESTIONNAIRE);
    await ctx.surveys.transaction((surveys) => surveys.setTeams('park-survey', ['team-a', 'team-b']));
    const saved = await save({ ...QUESTIONNAIRE, surveyTitle: '公園アンケート' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await ctx.surveys.read.teamsOf('park-survey')).toEqual(['team-a', 'team-b']);
  });

  it('never shows a citizen a staff-only answer of an item an edit removed', async () => {
    const withMemo: SurveyConfig = { ...QUESTIONNAIRE, surveySchema: [...QUESTIONNAIRE.surveySchema, { itemKey: 'memo', type: 'text', title: '職員メモ', isAdminItem: true }] };
    await create(withMemo);
    await admin.call('staffSetSurveyState', { params: { surveyId: 'park-survey' }, body: { state: 'published' } });
    const answered = await answer(1, QUESTIONNAIRE, { name: '山田', often: '毎日' });
    const key = answered.body.partitionKey;
    // Staff wrote the memo on the record (as an edit by staff would).
    const rows = await ctx.records.read.rowsOf(key);
    const { receiptNumber } = (await ctx.records.read.find(key))!;
    await ctx.records.transaction((records) =>
      records.replace({ rows: [...rows, { ...rows[0]!, itemKey: 'memo', sortKey: 'memo#要確認', value: '要確認', userSearchKey: 'memo#要確認' }], receiptNumber, removePartitionKeys: [key], origin: 'web', surveyVersion: 1 }),
    );
    expect((await save(QUESTIONNAIRE, ['memo'])).status).toBe(200);
    const own = await http.call(citizen(1), 'querySurveyResults', { body: { surveyId: 'park-survey', userId: citizen(1).userId } });
    expect(own.body.data.map((row) => row.itemKey)).not.toContain('memo');
  });
});
