// The authorisation matrix: every staff route x 5 roles x 2 teams, and every route without a
// session, with a citizen's bearer token, with an expired session, and without the CSRF token.
// Every forbidden combination answers 401/403/404 and writes nothing; nothing of team B's survey
// reaches team A's staff through the list, a record or a count.
import type { StaffEndpointName, StaffRole } from '@city/api-client/staff-contract';
import { STAFF_ROLES, staffEndpoints } from '@city/api-client/staff-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAction } from '../src/access/permissions.js';
import { roleMay } from '../src/access/permissions.js';
import { totpCode } from '../src/modules/staff/totp.js';
import type { HttpClient } from './calendar-fixtures.js';
import { addCalendar, addCategories, APPEND_BOOKING_SURVEY, BOOKING_SURVEY, bookingPayload, CHECKUP_CATEGORIES, citizen, daySlots, listen, saveSurveys, slotValue } from './calendar-fixtures.js';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';
import type { TestStaff } from './staff-helpers.js';
import { addStaff, addTeams, consoleClient } from './staff-helpers.js';
import { addSandboxPaidOrder } from './payment-fixtures.js';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const TEAMS = ['team-a', 'team-b'] as const;
/** Team A owns the append survey, team B the update one. */
const SURVEY_OF = { 'team-a': APPEND_BOOKING_SURVEY.surveyId, 'team-b': BOOKING_SURVEY.surveyId } as const;
let clock = Date.UTC(2026, 10, 25, 1);
let ctx: TestContext;
let http: HttpClient;
const recordOf: Record<string, string> = {};
/** A notice each team sent, for the report's routes. */
const noticeOf: Record<string, number> = {};
const staffOf = new Map<string, TestStaff>();

beforeAll(async () => {
  ctx = await createTestContext({}, {}, { now: () => clock });
  await addCategories(ctx.app.storage, CHECKUP_CATEGORIES);
  await addCalendar(ctx.app.storage, { calendarId: 'cal-central', categoryId: 'checkup-central', rules: { bookingOpensDaysAhead: 60 }, slots: daySlots('2026-12-20', 50) });
  await saveSurveys(ctx, APPEND_BOOKING_SURVEY, BOOKING_SURVEY);
  await addTeams(ctx);
  await ctx.surveys.transaction(async (surveys) => {
    await surveys.setTeams(SURVEY_OF['team-a'], ['team-a']);
    await surveys.setTeams(SURVEY_OF['team-b'], ['team-b']);
  });
  http = await listen(ctx);
  for (const team of TEAMS) {
    const user = citizen(team === 'team-a' ? 1 : 2);
    const config = team === 'team-a' ? APPEND_BOOKING_SURVEY : BOOKING_SURVEY;
    const response = await http.call(user, 'putReservation', { body: bookingPayload(user.userId, slotValue('checkup-central', '2026-12-20', '1'), { config, name: `${team}の市民` }) });
    expect(response.status).toBe(200);
    recordOf[team] = response.body.partitionKey;
    for (const role of STAFF_ROLES) staffOf.set(`${role}/${team}`, await addStaff(ctx, role, [team], role === 'administrator' ? { totpSecret: SECRET } : {}));
    // A second admin and administrator of the team, so the session tests below stay under the
    // sign-in rate limit (30 a minute per address and login id) however many routes there are.
    for (const role of ['admin', 'administrator'] as const) {
      staffOf.set(`${role}/${team}/spare`, await addStaff(ctx, role, [team], { loginId: `${role}-${team}-spare`, ...(role === 'administrator' ? { totpSecret: SECRET } : {}) }));
    }
    // Categories without calendars, for the deletes the matrix allows.
    for (let n = 0; n < 4; n += 1) {
      await ctx.query("INSERT INTO calendar_categories (category_id, tag1, tag2, tag3, position) VALUES (?, '削除用', ?, '', 100)", [`spare-${team}-${String(n)}`, `${team}-${String(n)}`]);
    }
    // Orders the matrix refunds and settles (refunds owed, one per allowed call of each).
    for (let n = 0; n < 4; n += 1) {
      await addSandboxPaidOrder(ctx.query, { orderId: `owed-${team}-${String(n)}`, surveyId: SURVEY_OF[team], partitionKey: `${SURVEY_OF[team]}#gone-${String(n)}`, receiptNumber: `R-${team}-${String(n)}`, status: 'cancelled', createdAt: clock });
    }
    for (let n = 0; n < 4; n += 1) {
      await addSandboxPaidOrder(ctx.query, { orderId: `settle-${team}-${String(n)}`, surveyId: SURVEY_OF[team], partitionKey: `${SURVEY_OF[team]}#gone-s${String(n)}`, receiptNumber: `R-${team}-s${String(n)}`, status: 'cancelled', createdAt: clock });
    }
    noticeOf[team] = await ctx.app.line.store.transaction(({ messages }) =>
      messages.insertNotice({ surveyId: SURVEY_OF[team], text: 'お知らせ', createdBy: 'system', createdAt: clock, records: 1, citizens: 0, withoutLine: ['R-0'] }),
    );
    // Surveys without records, for the deletes the matrix allows.
    for (let n = 0; n < 4; n += 1) {
      const surveyId = `empty-${team}-${String(n)}`;
      await saveSurveys(ctx, { ...BOOKING_SURVEY, surveyId });
      await ctx.surveys.transaction((surveys) => surveys.setTeams(surveyId, [team]));
    }
  }
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

/** What a forbidden call must leave as it was: every table but the sessions' last-seen times (each table's rows sorted, as they come in no set order). */
const FINGERPRINTED = ['app_settings', 'calendar_categories', 'calendars', 'calendar_slots', 'calendar_closed_days', 'calendar_display_settings', 'survey_configs', 'survey_versions', 'survey_records', 'survey_results', 'slot_claims', 'record_events', 'audit_log', 'orders', 'staff_members', 'staff_member_teams', 'teams', 'survey_teams', 'line_notices', 'line_messages', 'calendar_reminders', 'calendar_waitlists', 'waitlist_entries'];
// Every table in one statement, each row as text and sorted: a round trip per table (and on
// SQLite each row built into an object and stringified here), twice for each of the matrix's
// thousand-odd refused calls, was most of this file's time.
const POSTGRES_FINGERPRINT = `SELECT ${FINGERPRINTED.map((table) => `(SELECT coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '') FROM ${table} t)`).join(" || E'\\n--\\n' || ")} AS fingerprint`;
let sqliteFingerprint: string | undefined;
/** SQLite's statement: each row as a JSON array of its columns (named from the schema once). */
async function sqliteFingerprintStatement(): Promise<string> {
  const perTable: string[] = [];
  for (const table of FINGERPRINTED) {
    const columns = (await ctx.query(`SELECT name FROM pragma_table_info('${table}') ORDER BY cid`)).map((row) => String(row.name));
    perTable.push(`(SELECT coalesce(group_concat(row, char(10)), '') FROM (SELECT json_array(${columns.join(', ')}) AS row FROM ${table} ORDER BY row))`);
  }
  return `SELECT ${perTable.join(" || char(10) || '--' || char(10) || ")} AS fingerprint`;
}
async function fingerprint(): Promise<string> {
  if (ctx.engine === 'postgres') return String((await ctx.queryOne(POSTGRES_FINGERPRINT))?.fingerprint);
  sqliteFingerprint ??= await sqliteFingerprintStatement();
  return String((await ctx.queryOne(sqliteFingerprint))?.fingerprint);
}

interface RouteRequest {
  params?: Record<string, string>;
  body?: unknown;
  query?: Record<string, string>;
}

interface RouteCase {
  /** The action the permission table must allow; undefined: every signed-in role. */
  action: StaffAction | undefined;
  /** Whether the call concerns one team's survey (refused, as not found, to other teams). */
  teamScoped: boolean;
  /** The call's request (some read the database for a version or an id, hence a promise). */
  request: (team: (typeof TEAMS)[number]) => RouteRequest | Promise<RouteRequest>;
}

const version = async (partitionKey: string) => ((await ctx.queryOne('SELECT version FROM survey_records WHERE partition_key = ?', [partitionKey])) as { version: number }).version;
let statusTurn = 0;
/** Every record of the survey: what a bulk change with no filter was confirmed for. */
const recordsIn = async (surveyId: string) => ((await ctx.queryOne('SELECT COUNT(*) AS n FROM survey_records WHERE survey_id = ?', [surveyId])) as { n: number }).n;

const surveyVersion = async (surveyId: string) => ((await ctx.queryOne('SELECT version FROM survey_configs WHERE survey_id = ?', [surveyId])) as { version: number }).version;
/** A survey of the team that has no records (one is deleted by each allowed call). */
const emptySurveyOf = async (team: string) =>
  ((await ctx.queryOne('SELECT survey_id FROM survey_configs WHERE survey_id LIKE ? ORDER BY survey_id LIMIT 1', [`empty-${team}-%`])) as { survey_id: string }).survey_id;
/** An order of the team whose refund is still owed, from the refunds' or the settles' own (each allowed call takes one). */
const owedOrderOf = async (team: string, pool: 'owed' | 'settle') =>
  ((await ctx.queryOne('SELECT order_id FROM orders WHERE order_id LIKE ? AND refund_id IS NULL ORDER BY order_id LIMIT 1', [`${pool}-${team}-%`])) as { order_id: string }).order_id;
let newSurvey = 0;
let newCategory = 0;
/** A category the matrix may delete (nothing below it, no calendar, no survey booking through it). */
const spareCategory = async () => ((await ctx.queryOne("SELECT category_id FROM calendar_categories WHERE category_id LIKE 'spare-%' ORDER BY category_id LIMIT 1")) as { category_id: string }).category_id;
const CATEGORY_FILE = Buffer.from('\uFEFFカテゴリID,大分類,中分類,小分類,カレンダー有無\r\nfile-cat,ファイル,,,\r\n', 'utf8').toString('base64');
const CENTRAL_RULES = { bookingOpensDaysAhead: 60, bookingClosesBefore: { unit: 'days', amount: 1 }, changeClosesBefore: { unit: 'days', amount: 1 } };

/** Every staff route that a signed-in member calls (the session's own routes are below). */
const ROUTES: Partial<Record<StaffEndpointName, RouteCase>> = {
  staffSurveys: { action: 'records.read', teamScoped: false, request: () => ({}) },
  staffSurvey: { action: 'records.read', teamScoped: true, request: (team) => ({ params: { surveyId: SURVEY_OF[team] } }) },
  staffColumnChoice: { action: 'records.read', teamScoped: true, request: (team) => ({ params: { surveyId: SURVEY_OF[team] } }) },
  staffSaveColumnChoice: { action: 'records.read', teamScoped: true, request: (team) => ({ params: { surveyId: SURVEY_OF[team] }, body: { itemKeys: ['name'] } }) },
  staffRecords: { action: 'records.read', teamScoped: true, request: (team) => ({ params: { surveyId: SURVEY_OF[team] }, body: { filter: {} } }) },
  staffRecord: { action: 'records.read', teamScoped: true, request: (team) => ({ params: { surveyId: SURVEY_OF[team], partitionKey: recordOf[team]! } }) },
  staffChangeStatus: {
    action: 'records.changeStatus',
    teamScoped: true,
    request: async (team) => ({
      params: { surveyId: SURVEY_OF[team], partitionKey: recordOf[team]! },
      body: { status: (statusTurn++ % 2 === 0 ? '処理中' : '処理済み'), version: await version(recordOf[team]!) },
    }),
  },
  staffAddMemo: { action: 'records.addMemo', teamScoped: true, request: (team) => ({ params: { surveyId: SURVEY_OF[team], partitionKey: recordOf[team]! }, body: { text: 'メモ' } }) },
  staffExportRecords: { action: 'records.export', teamScoped: true, request: (team) => ({ params: { surveyId: SURVEY_OF[team] }, query: { encoding: 'utf-8', items: 'all' } }) },
  staffRecount: { action: 'audit.readAll', teamScoped: false, request: () => ({}) },
  // A dry run of a file of no lines: it writes nothing, allowed or not.
  staffImportRecords: {
    action: 'records.import',
    teamScoped: true,
    request: (team) => ({
      params: { surveyId: SURVEY_OF[team] },
      body: { fileName: 'results.csv', contentBase64: Buffer.from('ユーザーID,パーティションキー,受付番号,状態,作成日,更新日,管理者メモ\r\n').toString('base64'), dryRun: true },
    }),
  },
  staffCheckExport: { action: 'records.export', teamScoped: true, request: (team) => ({ params: { surveyId: SURVEY_OF[team] }, body: { filter: {}, items: 'all' } }) },
  staffBulkStatus: {
    action: 'records.bulkChange',
    teamScoped: true,
    request: async (team) => ({ params: { surveyId: SURVEY_OF[team] }, body: { filter: {}, status: statusTurn++ % 2 === 0 ? '処理中' : '完了', expectedCount: await recordsIn(SURVEY_OF[team]) } }),
  },
  staffBookOnBehalf: {
    action: 'records.bookOnBehalf',
    teamScoped: true,
    request: (team) => ({ params: { surveyId: SURVEY_OF[team] }, body: { answers: { name: '電話の方', slot: slotValue('checkup-central', '2026-12-20', '2') } } }),
  },
  staffCalendarCategories: { action: 'records.read', teamScoped: false, request: () => ({}) },
  staffCalendarSlots: { action: 'records.read', teamScoped: false, request: () => ({ query: { calendarId: 'cal-central', from: '2026-12-20', to: '2026-12-20' } }) },
  staffAudit: { action: 'audit.readAll', teamScoped: false, request: () => ({ query: { limit: '10' } }) },
  staffTeams: { action: 'surveys.edit', teamScoped: false, request: () => ({}) },
  staffSurveyEditor: { action: 'surveys.edit', teamScoped: true, request: (team) => ({ params: { surveyId: SURVEY_OF[team] } }) },
  staffCreateSurvey: {
    action: 'surveys.edit',
    teamScoped: false,
    request: (team) => ({ body: { config: { ...BOOKING_SURVEY, surveyId: `new-${String(newSurvey++)}` }, teamIds: [team], searchable: false } }),
  },
  staffEditSurvey: {
    action: 'surveys.edit',
    teamScoped: true,
    request: async (team) => {
      const config = team === 'team-a' ? APPEND_BOOKING_SURVEY : BOOKING_SURVEY;
      return { params: { surveyId: config.surveyId }, body: { config, teamIds: [team], searchable: false, expectedVersion: await surveyVersion(config.surveyId) } };
    },
  },
  staffCopySurvey: {
    action: 'surveys.edit',
    teamScoped: true,
    request: (team) => ({ params: { surveyId: SURVEY_OF[team] }, body: { surveyId: `copy-${String(newSurvey++)}`, surveyTitle: 'コピー', teamIds: [team] } }),
  },
  staffSetSurveyState: { action: 'surveys.edit', teamScoped: true, request: (team) => ({ params: { surveyId: SURVEY_OF[team] }, body: { state: 'published' } }) },
  staffDeleteSurvey: { action: 'surveys.edit', teamScoped: true, request: async (team) => ({ params: { surveyId: await emptySurveyOf(team) } }) },
  staffCalendarAdmin: { action: 'calendars.edit', teamScoped: false, request: () => ({}) },
  staffSaveCategory: { action: 'calendars.edit', teamScoped: false, request: () => ({ body: { categoryId: `new-cat-${String(newCategory)}`, tag1: 'マトリクス', tag2: String(newCategory++), tag3: '' } }) },
  staffDeleteCategory: { action: 'calendars.edit', teamScoped: false, request: async () => ({ params: { categoryId: await spareCategory() } }) },
  staffSaveCategoryLabels: { action: 'calendars.edit', teamScoped: false, request: () => ({ body: { tag1: '大分類', tag2: '中分類', tag3: '小分類' } }) },
  staffSaveCalendar: {
    action: 'calendars.edit',
    teamScoped: false,
    request: () => ({ params: { calendarId: 'cal-central' }, body: { categoryId: 'checkup-central', rules: CENTRAL_RULES, closures: { weekdays: [], publicHolidays: false } } }),
  },
  staffCalendarAdminSlots: { action: 'calendars.edit', teamScoped: false, request: () => ({ params: { calendarId: 'cal-central' }, query: { from: '2026-12-20', to: '2026-12-21' } }) },
  staffSetClosedDays: { action: 'calendars.edit', teamScoped: false, request: () => ({ params: { calendarId: 'cal-central' }, body: { close: ['2026-12-25'], open: [] } }) },
  staffPutSlots: {
    action: 'calendars.edit',
    teamScoped: false,
    request: () => ({ params: { calendarId: 'cal-central' }, body: { slots: [{ date: '2026-12-21', slotId: 'x', start: '09:00', end: '09:30', capacity: 5 }] } }),
  },
  staffGenerateSlots: {
    action: 'calendars.edit',
    teamScoped: false,
    request: () => ({ params: { calendarId: 'cal-central' }, body: { from: '2026-12-22', to: '2026-12-22', weekdays: [0, 1, 2, 3, 4, 5, 6], start: '09:00', end: '10:00', minutes: 30, capacity: 2 } }),
  },
  staffDeleteSlots: { action: 'calendars.edit', teamScoped: false, request: () => ({ params: { calendarId: 'cal-central' }, body: { slots: [{ date: '2026-12-23', slotId: 'none' }] } }) },
  staffPreviewCalendarFile: { action: 'calendars.edit', teamScoped: false, request: () => ({ body: { fileName: 'tree.csv', contentBase64: CATEGORY_FILE } }) },
  staffApplyCalendarFile: { action: 'calendars.edit', teamScoped: false, request: () => ({ body: { fileName: 'tree.csv', contentBase64: CATEGORY_FILE } }) },
  staffExportSlots: { action: 'calendars.edit', teamScoped: false, request: () => ({ params: { calendarId: 'cal-central' }, query: { from: '2026-12-20', to: '2026-12-21' } }) },
  staffExportCategories: { action: 'calendars.edit', teamScoped: false, request: () => ({}) },
  staffReceiptIssuer: { action: 'settings.edit', teamScoped: false, request: () => ({}) },
  staffSaveReceiptIssuer: { action: 'settings.edit', teamScoped: false, request: () => ({ body: { name: 'テスト市 健康課', registrationNumber: 'T1234567890123' } }) },
  staffMembers: { action: undefined, teamScoped: false, request: () => ({}) },
  staffOrders: { action: 'records.read', teamScoped: false, request: () => ({ query: {} }) },
  staffRefundOrder: { action: 'records.refund', teamScoped: true, request: async (team) => ({ params: { orderId: await owedOrderOf(team, 'owed') }, body: { reason: '返金' } }) },
  staffReconcileOrders: { action: 'orders.reconcile', teamScoped: false, request: () => ({ body: { from: '2026-11-25', to: '2026-11-25' } }) },
  staffSettleOrder: { action: 'orders.reconcile', teamScoped: true, request: async (team) => ({ params: { orderId: await owedOrderOf(team, 'settle') }, body: {} }) },
  staffSendNotice: {
    action: 'records.notify',
    teamScoped: true,
    request: (team) => ({ params: { surveyId: SURVEY_OF[team] }, body: { text: '窓口は12月29日から休みます。', target: { partitionKeys: [recordOf[team]!] } } }),
  },
  staffNotices: { action: 'records.read', teamScoped: true, request: (team) => ({ params: { surveyId: SURVEY_OF[team] } }) },
  staffNotice: { action: 'records.read', teamScoped: true, request: (team) => ({ params: { noticeId: String(noticeOf[team]) } }) },
  staffNoticeRecipients: { action: 'records.read', teamScoped: true, request: (team) => ({ params: { noticeId: String(noticeOf[team]) } }) },
  staffCalendarReminder: { action: 'calendars.edit', teamScoped: false, request: () => ({ params: { calendarId: 'cal-central' } }) },
  staffSetCalendarReminder: { action: 'calendars.edit', teamScoped: false, request: () => ({ params: { calendarId: 'cal-central' }, body: { reminder: { daysBefore: 1, sendTime: '18:00' } } }) },
  staffCalendarWaitlist: { action: 'calendars.edit', teamScoped: false, request: () => ({ params: { calendarId: 'cal-central' } }) },
  staffSetCalendarWaitlist: { action: 'calendars.edit', teamScoped: false, request: () => ({ params: { calendarId: 'cal-central' }, body: { waitlist: { offerMinutes: 30 } } }) },
  staffCalendarLottery: { action: 'calendars.edit', teamScoped: false, request: () => ({ params: { calendarId: 'cal-central' } }) },
  staffSetCalendarLottery: {
    action: 'calendars.edit',
    teamScoped: false,
    // The draw below leaves a drawn lottery, which cannot be set again: a calendar without one.
    request: async () => {
      await ctx.query("DELETE FROM calendar_lotteries WHERE calendar_id = 'cal-central'");
      return { params: { calendarId: 'cal-central' }, body: { lottery: null } };
    },
  },
  staffCloseCalendarLottery: {
    action: 'calendars.edit',
    teamScoped: false,
    // A lottery taking applications: each allowed call closes it afresh.
    request: async () => {
      await ctx.query(
        "INSERT INTO calendar_lotteries (calendar_id, applications_close_at, winner_hours, updated_at) VALUES ('cal-central', 9999999999999, 24, 1) ON CONFLICT (calendar_id) DO UPDATE SET applications_close_at = 9999999999999, seed = NULL, drawn_at = NULL, drawn_by = NULL",
      );
      return { params: { calendarId: 'cal-central' } };
    },
  },
  staffDrawCalendarLottery: {
    action: 'calendars.edit',
    teamScoped: false,
    // A lottery past its deadline, not drawn yet (nobody applied): each allowed call draws it afresh.
    request: async () => {
      await ctx.query(
        "INSERT INTO calendar_lotteries (calendar_id, applications_close_at, winner_hours, updated_at) VALUES ('cal-central', 1, 24, 1) ON CONFLICT (calendar_id) DO UPDATE SET seed = NULL, drawn_at = NULL, drawn_by = NULL",
      );
      return { params: { calendarId: 'cal-central' } };
    },
  },
  staffUnlock: { action: 'staff.manage', teamScoped: false, request: () => ({ params: { staffId: staffOf.get('guest/team-a')!.staffId } }) },
};
const SESSION_ROUTES: StaffEndpointName[] = ['staffSession', 'staffSignOut', 'staffSecondFactor', 'staffTotpEnrolment'];

it('lists every staff endpoint of the contract in this matrix', () => {
  const covered = new Set([...Object.keys(ROUTES), ...SESSION_ROUTES, 'staffSignIn']);
  expect(Object.keys(staffEndpoints).filter((name) => !covered.has(name))).toEqual([]);
});

async function signedInAs(role: StaffRole, team: string, spare = false) {
  const staff = staffOf.get(`${role}/${team}${spare ? '/spare' : ''}`)!;
  const console = consoleClient(ctx);
  const first = await console.signIn(staff);
  expect(first.status).toBe(200);
  if (role === 'administrator') {
    clock += 30_000; // each sign-in a fresh TOTP step: a code is accepted once
    expect((await console.call('staffSecondFactor', { body: { code: totpCode(SECRET, clock) } })).status).toBe(200);
  }
  return console;
}

describe.each(STAFF_ROLES)('%s', (role) => {
  it.each(TEAMS)('of %s: allowed calls succeed, every other answers 403 (role) or 404 (another team) and writes nothing', { timeout: 30_000 }, async (ownTeam) => {
    const console = await signedInAs(role, ownTeam);
    for (const [name, route] of Object.entries(ROUTES) as [StaffEndpointName, RouteCase][]) {
      for (const team of route.teamScoped ? TEAMS : [ownTeam]) {
        const roleAllowed = route.action === undefined || roleMay(role, route.action);
        const allowed = roleAllowed && (!route.teamScoped || team === ownTeam);
        const before = await fingerprint();
        const response = await console.call(name, await route.request(team));
        const label = `${role}/${ownTeam} ${name} on ${team}`;
        if (allowed) {
          expect(response.status, `${label}: ${JSON.stringify(response.body)}`).toBe(['staffBookOnBehalf', 'staffCreateSurvey', 'staffCopySurvey'].includes(name) ? 201 : 200);
          continue;
        }
        expect(response.status, label).toBe(roleAllowed ? 404 : 403);
        expect((await fingerprint()) === before, `${label} wrote something`).toBe(true);
      }
    }
  });
});

it('shows team A nothing of team B: surveys, list, counts and records', async () => {
  const console = await signedInAs('admin', 'team-a');
  const surveys = (await console.call('staffSurveys')).body.data as { surveyId: string }[];
  // Team A's own, and the copies and new ones the matrix made for it: none of team B's.
  const ofTeamA = ((await ctx.query("SELECT survey_id FROM survey_teams WHERE team_id = 'team-a' ORDER BY survey_id")) as { survey_id: string }[]).map((row) => row.survey_id);
  expect(surveys.map((survey) => survey.surveyId).sort()).toEqual(ofTeamA);
  expect(ofTeamA).toContain(SURVEY_OF['team-a']);
  expect(ofTeamA).not.toContain(SURVEY_OF['team-b']);
  const list = await console.call('staffRecords', { params: { surveyId: SURVEY_OF['team-b'] }, body: { filter: {} } });
  expect(list.status).toBe(404);
  expect(JSON.stringify(list.body)).not.toContain('team-bの市民');
  // Team B's record under team A's survey id is not found either.
  const crossed = await console.call('staffRecord', { params: { surveyId: SURVEY_OF['team-a'], partitionKey: recordOf['team-b']! } });
  expect(crossed.status).toBe(404);
  const own = await console.call('staffRecords', { params: { surveyId: SURVEY_OF['team-a'] }, body: { filter: {}, limit: 200 } });
  const inSurveyA = ((await ctx.queryOne('SELECT COUNT(*) AS n FROM survey_records WHERE survey_id = ?', [SURVEY_OF['team-a']])) as { n: number }).n;
  expect(own.body.counts).toMatchObject({ all: inSurveyA, matching: inSurveyA });
  const keys = (own.body.data as { partitionKey: string }[]).map((record) => record.partitionKey);
  expect(keys.every((key) => key.startsWith(`${SURVEY_OF['team-a']}#`))).toBe(true);
  expect(keys).not.toContain(recordOf['team-b']);
});

describe('without a valid session', () => {
  const everyRoute = [...Object.entries(ROUTES), ...SESSION_ROUTES.map((name) => [name, { action: undefined, teamScoped: false, request: () => ({ body: name === 'staffSecondFactor' ? { code: '123456' } : undefined }) }])] as [StaffEndpointName, RouteCase][];

  let token = '';
  beforeAll(async () => {
    token = await http.token(citizen(1));
  });

  // One case per route (two Argon2id sign-ins each): the whole set took seconds alone, and over a
  // minute beside the other suites on a busy machine, so no one timeout covers all of them.
  it.each(everyRoute.map(([name, route], index) => ({ name, route, index })))(
    '$name answers 401 to no session, a citizen bearer token and an expired session, 403 to a missing CSRF token, writing nothing',
    async ({ name, route, index }) => {
      // Each route signs in afresh: four accounts of each role take turns, under the sign-in rate limit.
      const team = index % 2 === 0 ? 'team-a' : 'team-b';
      const spare = index % 4 >= 2;
      const request = await route.request('team-a');
      // No session at all.
      let before = await fingerprint();
      const anonymous = consoleClient(ctx);
      expect((await anonymous.call(name, request)).status, `${name} without a session`).toBe(401);
      // A citizen's bearer token is not a staff session.
      expect((await anonymous.call(name, { ...request, headers: { authorization: `Bearer ${token}` } })).status, `${name} with a bearer token`).toBe(401);
      expect((await fingerprint()) === before, `${name} wrote something`).toBe(true);

      // An expired session (the idle timeout passed): 401, and the expiry itself is the only entry written.
      const expired = await signedInAs('admin', team, spare);
      clock += 31 * 60_000;
      before = await fingerprint();
      const response = await expired.call(name, request);
      expect(response.status, `${name} with an expired session`).toBe(401);

      // The CSRF token left off a state-changing call.
      if (staffEndpoints[name].method !== 'GET') {
        const noCsrf = await signedInAs('administrator', team, spare);
        before = await fingerprint();
        const refused = await noCsrf.call(name, { ...request, csrf: false });
        expect(refused.status, `${name} without its CSRF token`).toBe(403);
        expect(refused.body.code).toBe('csrf_failed');
        expect((await fingerprint()) === before, `${name} without CSRF wrote something`).toBe(true);
      }
    },
  );
});
