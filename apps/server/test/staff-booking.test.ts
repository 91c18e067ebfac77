// 電話・窓口での代理予約 against the real server: staff book for a person without LINE through the
// citizens' capacity path. 500 bookings for one slot at once, half by citizens and half by staff on
// their behalf, never take more than its capacity.
import type { SurveyConfig } from '@city/survey-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HttpClient } from './calendar-fixtures.js';
import { APPEND_BOOKING_SURVEY, bookingPayload, citizen, claimedUnits, daySlots, saveSurveys, slotValue } from './calendar-fixtures.js';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';
import { addStaff, consoleClient, staffBookingWorld } from './staff-helpers.js';

const SURVEY = APPEND_BOOKING_SURVEY.surveyId;
const SLOT = slotValue('checkup-central', '2026-12-20', '1');
let ctx: TestContext;
let http: HttpClient;

beforeEach(async () => {
  ctx = await createTestContext();
  ({ http } = await staffBookingWorld(ctx, { rules: { bookingOpensDaysAhead: 60 }, slots: daySlots('2026-12-20', 40) }));
});
afterEach(async () => {
  await ctx.close();
});

describe('a survey as staff see it', () => {
  it('has every item with its options, and staff-only items only for roles that may read them', async () => {
    await ctx.surveys.transaction((surveys) => surveys.setTeams('citizen-questionnaire', ['team-a']));
    const keysSeenBy = async (role: 'member' | 'operator') => {
      const console = consoleClient(ctx);
      await console.signIn(await addStaff(ctx, role, ['team-a']));
      const survey = await console.call('staffSurvey', { params: { surveyId: 'citizen-questionnaire' } });
      expect(survey.status).toBe(200);
      const items = (survey.body.data as { surveySchema: { itemKey: string; options?: string[] }[] }).surveySchema;
      expect(items.find((item) => item.itemKey === 'area')?.options).toEqual(['東区', '西区', '南区', '北区', '中央区']);
      return items.map((item) => item.itemKey);
    };
    expect(await keysSeenBy('member')).toContain('staffMemo');
    expect(await keysSeenBy('operator')).not.toContain('staffMemo');
  });

  it('shows a choice item as the options chosen, in order, and nothing else', async () => {
    await ctx.surveys.transaction((surveys) => surveys.setTeams('citizen-questionnaire', ['team-a']));
    const console = consoleClient(ctx);
    await console.signIn(await addStaff(ctx, 'member', ['team-a']));
    const answers = { name: '電話 一郎', phone: '090-1111-2222', area: '東区', satisfaction: 'やや満足', services: ['図書館', '体育館'] };
    const booked = await console.call('staffBookOnBehalf', { params: { surveyId: 'citizen-questionnaire' }, body: { answers } });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const page = await console.call('staffRecord', { params: { surveyId: 'citizen-questionnaire', partitionKey: (booked.body.data as { partitionKey: string }).partitionKey } });
    expect((page.body.data as { record: { answers: Record<string, string> } }).record.answers).toMatchObject({ satisfaction: 'やや満足', services: '図書館、体育館', area: '東区' });
  });

  it('cannot be filtered by a staff-only item by a role that may not see it (nor by an item it does not have)', async () => {
    await ctx.surveys.transaction((surveys) => surveys.setTeams('citizen-questionnaire', ['team-a']));
    const filterBy = async (role: 'member' | 'operator', itemKey: string) => {
      const console = consoleClient(ctx);
      await console.signIn(await addStaff(ctx, role, ['team-a'], { loginId: `${role}-${itemKey}` }));
      const filter = { items: [{ itemKey, value: '要確認' }] };
      const list = await console.call('staffRecords', { params: { surveyId: 'citizen-questionnaire' }, body: { filter } });
      const bulk = await console.call('staffBulkStatus', { params: { surveyId: 'citizen-questionnaire' }, body: { filter, status: '処理中', expectedCount: 0 } });
      return [list.status, bulk.status];
    };
    expect(await filterBy('member', 'staffMemo')).toEqual([200, 200]);
    expect(await filterBy('operator', 'staffMemo')).toEqual([400, 403]);
    expect(await filterBy('member', 'noSuchItem')).toEqual([400, 400]);
  });
});

describe('booking on a citizen’s behalf', () => {
  /** The booking survey with a fee to pay and a staff-only item. */
  const FEE_SURVEY: SurveyConfig = {
    ...APPEND_BOOKING_SURVEY,
    surveyId: 'checkup-fee',
    surveySchema: [
      ...APPEND_BOOKING_SURVEY.surveySchema,
      { itemKey: 'fee', type: 'selectProducts', title: '受診料', required: true, products: [{ productId: 'basic', name: '基本健診', unitPrice: 1500 }, { productId: 'blood', name: '追加血液検査', unitPrice: 800 }] },
      { itemKey: 'desk', type: 'text', title: '受付窓口', isAdminItem: true },
    ],
  };

  it('prices what is to be paid at the window, writes it into the history, and answers staff-only items for roles that see them', async () => {
    await saveSurveys(ctx, FEE_SURVEY);
    await ctx.surveys.transaction((surveys) => surveys.setTeams(FEE_SURVEY.surveyId, ['team-a']));
    const member = await addStaff(ctx, 'member', ['team-a']);
    const console = consoleClient(ctx);
    await console.signIn(member);
    const body = { answers: { name: '電話 花子', slot: SLOT, desk: '本庁1階' }, order: { items: [{ productId: 'basic', quantity: 1 }, { productId: 'blood', quantity: 1 }] } };
    const booked = await console.call('staffBookOnBehalf', { params: { surveyId: FEE_SURVEY.surveyId }, body });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const { partitionKey } = booked.body.data as { partitionKey: string };
    const page = await console.call('staffRecord', { params: { surveyId: FEE_SURVEY.surveyId, partitionKey } });
    expect(page.body.data).toMatchObject({
      record: { answers: { name: '電話 花子', desk: '本庁1階' } },
      history: [{ kind: 'memo', text: '窓口でお支払い（合計 2,300円）：基本健診 ×1 1,500円、追加血液検査 ×1 800円' }],
    });

    const unknown = await console.call('staffBookOnBehalf', { params: { surveyId: FEE_SURVEY.surveyId }, body: { ...body, order: { items: [{ productId: 'nope', quantity: 99 }] } } });
    expect(unknown).toMatchObject({ status: 400, body: { code: 'invalid_order' } });
    const unpaid = await console.call('staffBookOnBehalf', { params: { surveyId: FEE_SURVEY.surveyId }, body: { answers: { name: '電話', slot: SLOT } } });
    expect(unpaid).toMatchObject({ status: 400, body: { code: 'invalid_answers' } });
    expect((await claimedUnits(ctx.query)).get('cal-central|2026-12-20|1')).toBe(1);
  });

  it('stores a record entered by staff, in no LINE account, with its slot claimed and the booking audited', async () => {
    const operator = await addStaff(ctx, 'operator', ['team-a']);
    const console = consoleClient(ctx);
    await console.signIn(operator);
    const booked = await console.call('staffBookOnBehalf', { params: { surveyId: SURVEY }, body: { answers: { name: '電話 太郎', slot: SLOT } } });
    expect(booked.status).toBe(201);
    const { partitionKey } = booked.body.data as { partitionKey: string };
    expect((await claimedUnits(ctx.query)).get('cal-central|2026-12-20|1')).toBe(1);
    const page = await console.call('staffRecord', { params: { surveyId: SURVEY, partitionKey } });
    expect(page.body.data).toMatchObject({ record: { origin: 'staff', hasOwner: false, answers: { name: '電話 太郎' } }, enteredBy: operator.loginId });
    const list = await console.call('staffRecords', { params: { surveyId: SURVEY }, body: { filter: { origins: ['staff'] } } });
    expect(list.body.counts).toMatchObject({ matching: 1 });
    const audited = (await ctx.queryOne("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'record.bookOnBehalf' AND target = ?", [`record:${partitionKey}`])) as { n: number };
    expect(audited.n).toBe(1);
  });

  it('checks the answers as a citizen’s are checked', async () => {
    const member = await addStaff(ctx, 'member', ['team-a']);
    const console = consoleClient(ctx);
    await console.signIn(member);
    const missing = await console.call('staffBookOnBehalf', { params: { surveyId: SURVEY }, body: { answers: { slot: SLOT } } });
    expect(missing).toMatchObject({ status: 400, body: { code: 'invalid_answers' } });
    const noSlot = await console.call('staffBookOnBehalf', { params: { surveyId: SURVEY }, body: { answers: { name: '電話', slot: slotValue('checkup-central', '2026-12-21', '1') } } });
    expect(noSlot.status).toBe(400);
    expect((await claimedUnits(ctx.query)).size).toBe(0);
  });

  it('never books a slot beyond its capacity: 500 at once, half citizens, half staff for people without LINE', { timeout: 60_000 }, async () => {
    const staff = await Promise.all([addStaff(ctx, 'member', ['team-a']), addStaff(ctx, 'operator', ['team-a'])]);
    const consoles = staff.map(() => consoleClient(ctx));
    await Promise.all(consoles.map((console, i) => console.signIn(staff[i]!)));
    // Tokens first: signing them is not what races.
    const citizens = Array.from({ length: 250 }, (_, i) => citizen(1000 + i));
    await Promise.all(citizens.map((user) => http.token(user)));
    const attempts = [
      ...citizens.map((user) => http.call(user, 'putReservation', { body: bookingPayload(user.userId, SLOT, { config: APPEND_BOOKING_SURVEY, name: user.displayName }) }).then((response) => response.status)),
      ...Array.from({ length: 250 }, (_, i) =>
        consoles[i % 2]!.call('staffBookOnBehalf', { params: { surveyId: SURVEY }, body: { answers: { name: `電話 ${i}`, slot: SLOT } } }).then((response) => response.status),
      ),
    ];
    const statuses = await Promise.all(attempts);
    const succeeded = statuses.filter((status) => status === 200 || status === 201).length;
    expect(statuses.filter((status) => status !== 200 && status !== 201 && status !== 409)).toEqual([]);
    expect(succeeded).toBe(40);
    expect((await claimedUnits(ctx.query)).get('cal-central|2026-12-20|1')).toBe(40);
    const stored = (await ctx.queryOne('SELECT COUNT(*) AS n FROM survey_records WHERE survey_id = ?', [SURVEY])) as { n: number };
    expect(stored.n).toBe(40);
  });
});
