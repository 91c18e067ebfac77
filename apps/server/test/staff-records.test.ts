// The console's records against the real app: the filtered list (AND filters, keyset pages, three
// counts), a record's page (its view audited), status changes on the version seen (409 on a stale
// one), a staff cancel that frees the slot through the citizens' cancel, a reopen only while the
// slot is free, memos, and a bulk change over the whole filtered set with a report of refusals.
import type { RecordSummary } from '@city/api-client/staff-contract';
import { japanTimeToEpochMs } from '@city/survey-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HttpClient } from './calendar-fixtures.js';
import { APPEND_BOOKING_SURVEY, bookingPayload, citizen, claimedUnits, daySlots, slotValue } from './calendar-fixtures.js';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';
import type { TestStaff } from './staff-helpers.js';
import { addStaff, consoleClient, staffBookingWorld } from './staff-helpers.js';

const at = (date: string, time: string) => japanTimeToEpochMs(date, time);
let clock = at('2026-12-01', '10:00');
let ctx: TestContext;
let http: HttpClient;
let member: TestStaff;
const SURVEY = APPEND_BOOKING_SURVEY.surveyId;

beforeEach(async () => {
  clock = at('2026-12-01', '10:00');
  ctx = await createTestContext({}, {}, { now: () => clock });
  ({ http } = await staffBookingWorld(ctx, { slots: [...daySlots('2026-12-03', 2), ...daySlots('2026-12-04', 2)] }));
  member = await addStaff(ctx, 'member', ['team-a']);
});
afterEach(async () => {
  await ctx.close();
});

/** Citizen n books the slot; answers the record's key. */
async function book(n: number, name: string, date = '2026-12-03', slotId = String(1 + ((n - 1) % 2))): Promise<string> {
  clock += 1_000;
  const user = citizen(n);
  const response = await http.call(user, 'putReservation', { body: bookingPayload(user.userId, slotValue('checkup-central', date, slotId), { config: APPEND_BOOKING_SURVEY, name, now: clock }) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.partitionKey;
}

async function signedIn(staff = member) {
  const console = consoleClient(ctx);
  expect((await console.signIn(staff)).status).toBe(200);
  return console;
}

const listOf = (response: { body: { data?: unknown } }) => response.body.data as RecordSummary[];

describe('the results list', () => {
  it('filters by answer (partial), slot date and status, pages by keyset, and counts all, matching and shown', async () => {
    const keys = [await book(1, '山田太郎'), await book(2, '山田花子'), await book(3, '佐藤一郎', '2026-12-04'), await book(4, '山本'), await book(5, '鈴木')];
    const console = await signedIn();
    const all = await console.call('staffRecords', { params: { surveyId: SURVEY }, body: { filter: {} } });
    expect(all.body.counts).toEqual({ all: 5, matching: 5, shown: 5 });
    // Newest first.
    expect(listOf(all).map((record) => record.partitionKey)).toEqual([...keys].reverse());
    expect(listOf(all)[0]).toMatchObject({ status: '未対応', origin: 'web', hasOwner: true, answers: { name: '鈴木' }, bookings: [{ date: '2026-12-03', slotId: '1' }] });

    const yamada = await console.call('staffRecords', { params: { surveyId: SURVEY }, body: { filter: { items: [{ itemKey: 'name', value: '山田' }] } } });
    expect(listOf(yamada).map((record) => record.answers.name)).toEqual(['山田花子', '山田太郎']);
    expect(yamada.body.counts).toEqual({ all: 5, matching: 2, shown: 2 });
    const exact = await console.call('staffRecords', { params: { surveyId: SURVEY }, body: { filter: { items: [{ itemKey: 'name', value: '山田', match: 'exact' }] } } });
    expect(exact.body.counts).toMatchObject({ matching: 0 });
    // A % typed is a % searched for, not "anything".
    const percent = await console.call('staffRecords', { params: { surveyId: SURVEY }, body: { filter: { items: [{ itemKey: 'name', value: '%' }] } } });
    expect(percent.body.counts).toMatchObject({ matching: 0 });
    const fourth = await console.call('staffRecords', { params: { surveyId: SURVEY }, body: { filter: { slotDateFrom: '2026-12-04', slotDateTo: '2026-12-04' } } });
    expect(listOf(fourth).map((record) => record.answers.name)).toEqual(['佐藤一郎']);
    const combined = await console.call('staffRecords', { params: { surveyId: SURVEY }, body: { filter: { items: [{ itemKey: 'name', value: '山' }], slotDateTo: '2026-12-03', statuses: ['未対応'], origins: ['web'] } } });
    expect(listOf(combined).map((record) => record.answers.name)).toEqual(['山本', '山田花子', '山田太郎']);

    // Pages of two, by keyset: every record once, in order.
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await console.call('staffRecords', { params: { surveyId: SURVEY }, body: { filter: {}, limit: 2, ...(after === undefined ? {} : { after }) } });
      seen.push(...listOf(page).map((record) => record.partitionKey));
      expect(page.body.counts).toMatchObject({ all: 5, matching: 5, shown: listOf(page).length });
      if (page.body.nextCursor === null) break;
      after = page.body.nextCursor as string;
    }
    expect(seen).toEqual([...keys].reverse());
    expect((await console.call('staffRecords', { params: { surveyId: SURVEY }, body: { filter: {}, after: 'not-a-cursor' } })).status).toBe(400);
  });
});

describe('searching by what staff type', () => {
  it('finds a name however it is spaced, in either kana or in full-width letters, and a phone number without its hyphens', async () => {
    await book(1, '小林 修');
    await book(2, 'ヤマダ タロウ');
    await book(3, 'ＴＡＮＡＫＡ');
    await book(4, '090-1234-5678');
    const console = await signedIn();
    const names = async (value: string) =>
      listOf(await console.call('staffRecords', { params: { surveyId: SURVEY }, body: { filter: { items: [{ itemKey: 'name', value }] } } })).map((record) => record.answers.name);
    expect(await names('小林修')).toEqual(['小林 修']);
    expect(await names('やまだ')).toEqual(['ヤマダ タロウ']);
    expect(await names('tanaka')).toEqual(['ＴＡＮＡＫＡ']);
    expect(await names('09012345678')).toEqual(['090-1234-5678']);
    expect(await names('１２３４－５６７８')).toEqual(['090-1234-5678']);
  });

  it('shows a booking by its place and time, not by its stored key', async () => {
    await book(1, '山田太郎', '2026-12-04', '2');
    const console = await signedIn();
    const [record] = listOf(await console.call('staffRecords', { params: { surveyId: SURVEY }, body: { filter: {} } }));
    expect(record?.answers.slot).toBe('健康診断 / 特定健診 / 中央保健センター 2026-12-04（金）10:00〜11:00');
  });
});

describe('column choice', () => {
  it('is kept per staff member and survey on the server, so it follows them to another terminal', async () => {
    const first = await signedIn();
    expect((await first.call('staffColumnChoice', { params: { surveyId: SURVEY } })).body.data).toEqual({ itemKeys: null });
    expect((await first.call('staffSaveColumnChoice', { params: { surveyId: SURVEY }, body: { itemKeys: ['slot', 'name'] } })).status).toBe(200);
    const elsewhere = await signedIn();
    expect((await elsewhere.call('staffColumnChoice', { params: { surveyId: SURVEY } })).body.data).toEqual({ itemKeys: ['slot', 'name'] });
    const colleague = await signedIn(await addStaff(ctx, 'admin', ['team-a']));
    expect((await colleague.call('staffColumnChoice', { params: { surveyId: SURVEY } })).body.data).toEqual({ itemKeys: null });
  });
});

describe('a record', () => {
  it('shows its answers, booking and history, and audits every view', async () => {
    const key = await book(1, '山田太郎');
    const console = await signedIn();
    const page = await console.call('staffRecord', { params: { surveyId: SURVEY, partitionKey: key } });
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ record: { partitionKey: key, answers: { name: '山田太郎' }, version: 1 }, history: [], orders: [] });
    await console.call('staffRecord', { params: { surveyId: SURVEY, partitionKey: key } });
    const views = (await ctx.queryOne("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'record.view' AND target = ?", [`record:${key}`])) as { n: number };
    expect(views.n).toBe(2);
  });

  it('changes status with a reason on the version seen; a stale version is refused and nothing is lost', async () => {
    const key = await book(1, '山田太郎');
    const console = await signedIn();
    const changed = await console.call('staffChangeStatus', { params: { surveyId: SURVEY, partitionKey: key }, body: { status: '処理中', reason: '電話で確認中', version: 1 } });
    expect(changed).toMatchObject({ status: 200, body: { data: { version: 2 } } });
    const stale = await console.call('staffChangeStatus', { params: { surveyId: SURVEY, partitionKey: key }, body: { status: '完了', version: 1 } });
    expect(stale).toMatchObject({ status: 409, body: { code: 'record_changed' } });
    expect((await console.call('staffAddMemo', { params: { surveyId: SURVEY, partitionKey: key }, body: { text: '本人に折り返し済み' } })).status).toBe(200);
    const page = await console.call('staffRecord', { params: { surveyId: SURVEY, partitionKey: key } });
    expect(page.body.data).toMatchObject({
      record: { status: '処理中', version: 2 },
      history: [
        { kind: 'status', status: '処理中', text: '電話で確認中', staffName: member.loginId },
        { kind: 'memo', status: null, text: '本人に折り返し済み', staffName: member.loginId },
      ],
    });
    const actions = (page.body.data as { audit: { action: string }[] }).audit.map((entry) => entry.action);
    expect(actions).toEqual(['record.view', 'record.memo', 'record.changeStatus']);
  });

  it('cancels a booking (the slot has a unit back; the citizen sees it cancelled) and reopens it only while the slot is free', async () => {
    const key = await book(1, '山田太郎');
    expect((await claimedUnits(ctx.query)).get('cal-central|2026-12-03|1')).toBe(1);
    const console = await signedIn();
    const cancelled = await console.call('staffChangeStatus', { params: { surveyId: SURVEY, partitionKey: key }, body: { status: 'キャンセル', reason: '本人から電話', version: 1 } });
    expect(cancelled).toMatchObject({ status: 200, body: { data: { version: 2 } } });
    expect((await claimedUnits(ctx.query)).get('cal-central|2026-12-03|1')).toBeUndefined();
    const own = await http.call(citizen(1), 'getSurveyResultsByPartitionKey', { query: { surveyId: SURVEY, partitionKey: key } });
    expect(new Set(own.body.data.map((row) => row.check))).toEqual(new Set(['キャンセル']));

    // Two others fill the slot (capacity 2): the reopen is refused and nothing is claimed.
    await book(2, '佐藤', '2026-12-03', '1');
    await book(3, '鈴木', '2026-12-03', '1');
    const refused = await console.call('staffChangeStatus', { params: { surveyId: SURVEY, partitionKey: key }, body: { status: '未対応', version: 2 } });
    expect(refused).toMatchObject({ status: 409, body: { code: 'slot_full' } });
    expect((await claimedUnits(ctx.query)).get('cal-central|2026-12-03|1')).toBe(2);

    // One of them cancels: now it reopens, booked again.
    const sato = (await http.call(citizen(2), 'querySurveyResults', { body: { surveyId: SURVEY, userId: citizen(2).userId } })).body.data[0]!;
    expect((await http.call(citizen(2), 'cancelReservation', { body: { surveyId: SURVEY, partitionKey: sato.partitionKey, userId: citizen(2).userId } })).status).toBe(200);
    const reopened = await console.call('staffChangeStatus', { params: { surveyId: SURVEY, partitionKey: key }, body: { status: '未対応', reason: '取り消しの誤り', version: 2 } });
    expect(reopened).toMatchObject({ status: 200, body: { data: { version: 3 } } });
    expect((await claimedUnits(ctx.query)).get('cal-central|2026-12-03|1')).toBe(2);
  });
});

describe('bulk status change', () => {
  it('changes every record the filter matches, not just a page, and reports the ones refused', async () => {
    const keys: string[] = [];
    for (let n = 1; n <= 6; n += 1) keys.push(await book(n, n <= 4 ? `対象${n}` : `対象外${n}`, n % 2 === 0 ? '2026-12-03' : '2026-12-04', String(1 + (n % 4))));
    const console = await signedIn();
    await console.call('staffChangeStatus', { params: { surveyId: SURVEY, partitionKey: keys[0]! }, body: { status: '処理済み', version: 1 } });
    const filter = { items: [{ itemKey: 'name', value: '対象', match: 'partial' as const }] };
    const report = await console.call('staffBulkStatus', { params: { surveyId: SURVEY }, body: { filter, status: '処理済み', reason: '一括処理', expectedCount: 6 } });
    expect(report.status).toBe(200);
    expect(report.body.data).toMatchObject({ changed: 5, refused: [{ partitionKey: keys[0], code: 'same_status' }] });
    const after = await console.call('staffRecords', { params: { surveyId: SURVEY }, body: { filter: { statuses: ['処理済み'] } } });
    expect(after.body.counts).toMatchObject({ matching: 6 });
    const entries = (await ctx.queryOne("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'record.changeStatus'")) as { n: number };
    expect(entries.n).toBe(6);
  });

  it('changes nothing when the filter now matches another number than the one confirmed, and wants a reason to cancel', async () => {
    const keys = [await book(1, '対象1'), await book(2, '対象2')];
    const console = await signedIn();
    const filter = { items: [{ itemKey: 'name', value: '対象' }] };
    await book(3, '対象3'); // added while the dialog said 2
    const stale = await console.call('staffBulkStatus', { params: { surveyId: SURVEY }, body: { filter, status: '完了', expectedCount: 2 } });
    expect(stale).toMatchObject({ status: 409, body: { code: 'bulk_count_changed' } });
    expect(stale.body.message).toContain('2件 → 3件');
    const noReason = await console.call('staffBulkStatus', { params: { surveyId: SURVEY }, body: { filter, status: 'キャンセル', expectedCount: 3 } });
    expect(noReason).toMatchObject({ status: 400, body: { code: 'reason_required' } });
    const single = await console.call('staffChangeStatus', { params: { surveyId: SURVEY, partitionKey: keys[0]! }, body: { status: '取り消し', reason: '  ', version: 1 } });
    expect(single).toMatchObject({ status: 400, body: { code: 'reason_required' } });
    const statuses = ((await ctx.query('SELECT DISTINCT check_status FROM survey_results WHERE survey_id = ?', [SURVEY])) as { check_status: string }[]).map((row) => row.check_status);
    expect(statuses).toEqual(['未対応']);
  });

  it('is refused to an operator, whose role may not act on a whole filter', async () => {
    await book(1, '山田');
    const operator = await addStaff(ctx, 'operator', ['team-a']);
    const console = await signedIn(operator);
    expect(await console.call('staffBulkStatus', { params: { surveyId: SURVEY }, body: { filter: {}, status: '完了', expectedCount: 1 } })).toMatchObject({ status: 403, body: { code: 'forbidden' } });
  });
});
