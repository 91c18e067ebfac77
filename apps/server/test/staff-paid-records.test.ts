// A paid booking as staff see and handle it: its products read from its order, its booking by
// place and time; cancelling it refunds the payment, which an operator (外部委託) may not do; and
// who looked at it (staff names, addresses) is shown to city staff, not to operators.
import { japanTimeToEpochMs } from '@city/survey-core';
import type { RecordSummary } from '@city/api-client/staff-contract';
import { staffEndpoints } from '@city/api-client/staff-contract';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { HttpClient } from './calendar-fixtures.js';
import { addCalendar, addCategories, bookingPayload, CHECKUP_CATEGORIES, citizen, claimedUnits, listen, saveSurveys, slotValue } from './calendar-fixtures.js';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';
import { BLOOD, FEE, PAID_SURVEY } from './payment-fixtures.js';
import { totpCode } from '../src/modules/staff/totp.js';
import { addStaff, addTeams, consoleClient } from './staff-helpers.js';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const NOW = japanTimeToEpochMs('2026-12-01', '10:00');
const SURVEY = PAID_SURVEY.surveyId;
let ctx: TestContext;
let http: HttpClient;

beforeEach(async () => {
  ctx = await createTestContext({}, {}, { now: () => NOW });
  await addCategories(ctx.app.storage, CHECKUP_CATEGORIES);
  await addCalendar(ctx.app.storage, { calendarId: 'cal-central', categoryId: 'checkup-central', slots: [{ date: '2026-12-03', slotId: '1', start: '09:00', end: '10:00', capacity: 2 }] });
  await saveSurveys(ctx, PAID_SURVEY);
  await addTeams(ctx);
  await ctx.surveys.transaction((surveys) => surveys.setTeams(SURVEY, ['team-a']));
  http = await listen(ctx);
});
afterEach(async () => {
  await ctx.close();
});

/** A citizen holds the slot with the fee and pays at the sandbox; answers the record's key. */
async function bookAndPay(): Promise<string> {
  const user = citizen(1);
  const held = await http.call(user, 'putTemporaryReservation', {
    body: { ...bookingPayload(user.userId, slotValue('checkup-central', '2026-12-03', '1'), { config: PAID_SURVEY, name: '山田太郎' }), order: { items: [{ productId: FEE.productId, quantity: 1 }] } },
  });
  expect(held.status).toBe(200);
  const paid = await fetch(held.body.data.paymentUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=pay', redirect: 'manual' });
  expect(paid.status).toBe(303);
  return held.body.data.partitionKey;
}

const orderStatus = async (key: string) => ((await ctx.queryOne('SELECT status FROM orders WHERE partition_key = ?', [key])) as { status: string }).status;

it('shows the products from the order and the booking by place and time', async () => {
  const key = await bookAndPay();
  const member = consoleClient(ctx);
  await member.signIn(await addStaff(ctx, 'member', ['team-a']));
  const list = await member.call('staffRecords', { params: { surveyId: SURVEY }, body: { filter: {} } });
  const [record] = list.body.data as RecordSummary[];
  expect(record?.partitionKey).toBe(key);
  expect(record?.answers).toEqual({
    name: '山田太郎',
    slot: '健康診断 / 特定健診 / 中央保健センター 2026-12-03（木）09:00〜10:00',
    fee: `${FEE.name} ×1（1,500円・支払い済み）`,
    options: '', // the extra (BLOOD) was not bought
  });
  expect(BLOOD.name).not.toBe(FEE.name);
});

it('exports the paid booking as the list shows it: its products, its payment, its booking and its memos', async () => {
  const key = await bookAndPay();
  const member = consoleClient(ctx);
  await member.signIn(await addStaff(ctx, 'member', ['team-a']));
  for (const text of ['電話で本人確認', '領収書を郵送'])
    expect((await member.call('staffAddMemo', { params: { surveyId: SURVEY, partitionKey: key }, body: { text } })).status).toBe(200);
  const exported = await ctx.app.inject({
    method: 'GET',
    url: staffEndpoints.staffExportRecords.path.replace(':surveyId', SURVEY),
    query: { encoding: 'utf-8', items: 'all' },
    headers: { cookie: member.cookie ?? '' },
  });
  expect(exported.statusCode).toBe(200);
  // The memos' line break is inside one quoted cell: split the cells by hand.
  const [header, line] = exported.rawPayload.subarray(3).toString('utf8').split('\r\n');
  const cells = (line ?? '').match(/("([^"]|"")*"|[^,]*)(,|$)/g)?.map((cell) => cell.replace(/,$/, '').replace(/^"|"$/g, '')) ?? [];
  const byHeader = Object.fromEntries((header ?? '').split(',').map((title, i) => [title, cells[i]]));
  expect(byHeader).toMatchObject({
    パーティションキー: key,
    予約日時: '健康診断 / 特定健診 / 中央保健センター 2026-12-03（木）09:00〜10:00',
    受診料: `${FEE.name} ×1（1,500円・支払い済み）`,
    状態: '未対応',
    支払い: '1,500円・支払い済み',
    管理者メモ: '電話で本人確認\n領収書を郵送',
  });
});

it('counts products bought as answers: removing the paid fee item needs the editor’s choice', async () => {
  await bookAndPay();
  const admin = consoleClient(ctx);
  await admin.signIn(await addStaff(ctx, 'admin', ['team-a']));
  const withoutFee = { ...PAID_SURVEY, surveyTitle: PAID_SURVEY.surveyTitle ?? '健診', surveySchema: PAID_SURVEY.surveySchema.filter((item) => item.itemKey !== 'fee') };
  const body = (extra: object) => ({ config: withoutFee, teamIds: ['team-a'], searchable: false, expectedVersion: 1, ...extra });
  const refused = await admin.call('staffEditSurvey', { params: { surveyId: SURVEY }, body: body({}) });
  expect(refused).toMatchObject({ status: 409, body: { code: 'answered_item_removed', blockers: [{ id: 'fee', label: '受診料' }] } });
  expect(refused.body.message).toContain('「受診料」');
  // The same configuration saved again is no new version.
  const same = await admin.call('staffEditSurvey', { params: { surveyId: SURVEY }, body: { ...body({}), config: { ...PAID_SURVEY, surveyTitle: PAID_SURVEY.surveyTitle ?? '健診' } } });
  expect(same.body, JSON.stringify(same.body)).toMatchObject({ data: { version: 1, newVersion: false } });
  expect((await admin.call('staffEditSurvey', { params: { surveyId: SURVEY }, body: body({ removeAnsweredItems: ['fee'] }) })).body).toMatchObject({ data: { version: 2, newVersion: true } });
});

it('refuses an operator the cancel of a paid booking (a refund), changing nothing; a member cancels it and it is refunded', async () => {
  const key = await bookAndPay();
  const operator = consoleClient(ctx);
  await operator.signIn(await addStaff(ctx, 'operator', ['team-a']));
  const refused = await operator.call('staffChangeStatus', { params: { surveyId: SURVEY, partitionKey: key }, body: { status: 'キャンセル', reason: '本人から電話', version: 1 } });
  expect(refused).toMatchObject({ status: 403, body: { code: 'refund_forbidden' } });
  expect(await orderStatus(key)).toBe('paid');
  expect((await claimedUnits(ctx.query)).get('cal-central|2026-12-03|1')).toBe(1);
  // An unpaid matter stays the operator's: a status change that cancels nothing is allowed.
  expect((await operator.call('staffChangeStatus', { params: { surveyId: SURVEY, partitionKey: key }, body: { status: '処理中', version: 1 } })).status).toBe(200);

  const member = consoleClient(ctx);
  await member.signIn(await addStaff(ctx, 'member', ['team-a']));
  const cancelled = await member.call('staffChangeStatus', { params: { surveyId: SURVEY, partitionKey: key }, body: { status: 'キャンセル', reason: '本人から電話', version: 2 } });
  expect(cancelled.status).toBe(200);
  expect(await orderStatus(key)).toBe('refunded');
  expect((await claimedUnits(ctx.query)).get('cal-central|2026-12-03|1')).toBeUndefined();
});

it('shows a record’s audit entries to city staff, not to an operator or a guest', async () => {
  const key = await bookAndPay();
  const pages: Record<string, unknown[]> = {};
  for (const role of ['member', 'operator', 'guest'] as const) {
    const console = consoleClient(ctx);
    await console.signIn(await addStaff(ctx, role, ['team-a']));
    const page = await console.call('staffRecord', { params: { surveyId: SURVEY, partitionKey: key } });
    expect(page.status).toBe(200);
    pages[role] = (page.body.data as { audit: unknown[] }).audit;
  }
  expect(pages.member?.length).toBeGreaterThan(0);
  expect(pages.operator).toEqual([]);
  expect(pages.guest).toEqual([]);
});

it('shows on receipts the issuer an administrator saved, the environment’s until then; a malformed one is refused', async () => {
  const key = await bookAndPay();
  const orderId = ((await ctx.queryOne('SELECT order_id FROM orders WHERE partition_key = ?', [key])) as { order_id: string }).order_id;
  const receiptIssuer = async () => (await http.call(citizen(1), 'getOrder', { query: { orderId } })).body.data.issuer;
  expect(await receiptIssuer()).toMatchObject({ name: 'デモ市 保健福祉課' });

  const administrator = consoleClient(ctx);
  await administrator.signIn(await addStaff(ctx, 'administrator', ['team-a'], { totpSecret: SECRET }));
  expect((await administrator.call('staffSecondFactor', { body: { code: totpCode(SECRET, NOW) } })).status).toBe(200);
  const refused = await administrator.call('staffSaveReceiptIssuer', { body: { name: ' ', registrationNumber: 'T123' } });
  expect(refused).toMatchObject({ status: 400, body: { code: 'invalid_settings', problems: [{ at: 'name' }, { at: 'registrationNumber' }] } });
  const saved = await administrator.call('staffSaveReceiptIssuer', { body: { name: 'みなと市 健康推進課', address: 'みなと市中央1-1', registrationNumber: 'T1234567890123' } });
  expect(saved.status).toBe(200);
  expect(await receiptIssuer()).toEqual({ name: 'みなと市 健康推進課', address: 'みなと市中央1-1', registrationNumber: 'T1234567890123', proviso: '健康診断のご予約の料金として' });
  expect(await ctx.queryOne("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'settings.receiptIssuer'")).toEqual({ n: 1 });
});
