// Staff notices through the official account's LINE, against the stand-in over real HTTP: one
// message per citizen however many records they have, who cannot be reached listed (no LINE, not
// a friend), pushes LINE fails with 500 retried under their X-Line-Retry-Key and delivered once,
// and a report whose totals add up, up to a filter result of 30,001 records from 20,000 citizens.
import type { TestUser } from '@city/line-stand-in';
import type { SurveyConfig } from '@city/survey-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backoffMs } from '../src/modules/line/delivery.js';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';
import type { TestStaff } from './staff-helpers.js';
import { addStaff, addTeams, consoleClient } from './staff-helpers.js';
import { saveSurveys } from './calendar-fixtures.js';

const SURVEY: SurveyConfig = {
  surveyId: 'notice-survey',
  surveyTitle: '教室の申込み',
  isAppending: { value: true },
  surveySchema: [{ itemKey: 'name', type: 'text', title: 'お名前' }],
};

let clock = Date.UTC(2026, 11, 1, 1);
let ctx: TestContext;
let member: TestStaff;

beforeEach(async () => {
  clock = Date.UTC(2026, 11, 1, 1);
  ctx = await createTestContext({}, {}, { now: () => clock });
  await saveSurveys(ctx, SURVEY);
  await addTeams(ctx);
  await ctx.surveys.transaction((surveys) => surveys.setTeams(SURVEY.surveyId, ['team-a']));
  member = await addStaff(ctx, 'member', ['team-a']);
});
afterEach(async () => {
  await ctx.close();
});

const messaging = () => {
  const standIn = ctx.app.lineStandIn;
  if (standIn === undefined) throw new Error('the test app runs with the LINE stand-in');
  return standIn.messaging;
};
const userIdOf = (n: number) => `U${String(n).padStart(32, '0')}`;

/** Records written behind the API's back, many a statement: `owners[i]` owns record i ('' for none). */
async function addRecords(owners: readonly string[]) {
  for (let start = 0; start < owners.length; start += 500) {
    const chunk = owners.slice(start, start + 500);
    const values = chunk.flatMap((userId, offset) => {
      const n = start + offset;
      return [`${SURVEY.surveyId}#${userId || 'none'}#${String(n)}`, SURVEY.surveyId, userId, `N${String(n).padStart(6, '0')}`, clock - n, clock - n];
    });
    await ctx.query(
      `INSERT INTO survey_records (partition_key, survey_id, user_id, receipt_number, created_at, updated_at) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`,
      values,
    );
  }
}

async function signedIn(staff: TestStaff) {
  const client = consoleClient(ctx);
  expect((await client.signIn(staff)).status).toBe(200);
  return client;
}

/** Delivery runs until nothing is pending, the clock moving on past each backoff. */
async function deliverAll() {
  for (let round = 0; round < 12; round += 1) {
    await ctx.app.line.runOnce();
    const pending = await ctx.queryOne("SELECT count(*) AS n FROM line_messages WHERE state = 'pending'");
    if (Number(pending?.n) === 0) return;
    clock += backoffMs(8);
  }
  throw new Error('messages still pending after every retry');
}

describe('a notice to citizens', () => {
  it('goes once to each citizen of the records chosen, and lists those without LINE or not friends', async () => {
    const [yamada, sato, suzuki] = ctx.users as readonly [TestUser, TestUser, TestUser];
    // 山田 has two records, 佐藤 one, 鈴木 one (not a friend), and one record is a phone booking.
    await addRecords([yamada.userId, yamada.userId, sato.userId, suzuki.userId, '']);
    const client = await signedIn(member);
    const keys = (await ctx.query('SELECT partition_key FROM survey_records ORDER BY receipt_number')).map((row) => row.partition_key as string);
    const sent = await client.call('staffSendNotice', { params: { surveyId: SURVEY.surveyId }, body: { text: '教室は12月10日に延期します。', target: { partitionKeys: keys } } });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ records: 5, citizens: 3, withoutLine: 1, notFriend: 1, failed: 0 });
    await deliverAll();
    const pushes = (userId: string) => messaging().inboxOf(userId).filter((message) => message.kind === 'push');
    expect(pushes(yamada.userId)).toHaveLength(1);
    expect(pushes(yamada.userId)[0]).toMatchObject({ messages: [{ type: 'text', text: '教室は12月10日に延期します。' }] });
    expect(pushes(sato.userId)).toHaveLength(1);
    expect(pushes(suzuki.userId)).toHaveLength(0);
    const noticeId = String((sent.body.data as { noticeId: number }).noticeId);
    const report = await client.call('staffNotice', { params: { noticeId } });
    expect(report.body.data).toMatchObject({ records: 5, citizens: 3, withoutLine: 1, sent: 2, pending: 0, failed: 0, notFriend: 1, sentBy: member.loginId });
    const list = await client.call('staffNoticeRecipients', { params: { noticeId } });
    expect(list.body.data).toEqual({
      recipients: [
        { state: 'sent', receiptNumbers: ['N000000', 'N000001'] },
        { state: 'sent', receiptNumbers: ['N000002'] },
        { state: 'not_friend', receiptNumbers: ['N000003'] },
        { state: 'no_line', receiptNumbers: ['N000004'] },
      ],
      next: null,
    });
    expect((await client.call('staffNoticeRecipients', { params: { noticeId }, query: { state: 'no_line' } })).body.data).toEqual({ recipients: [{ state: 'no_line', receiptNumbers: ['N000004'] }], next: null });
    const audit = await ctx.queryOne("SELECT actor, target, detail_json FROM audit_log WHERE action = 'notice.send'");
    expect(audit).toMatchObject({ actor: `staff:${member.staffId}`, target: `notice:${noticeId}` });
    expect(JSON.parse(String(audit?.detail_json))).toMatchObject({ surveyId: SURVEY.surveyId, records: 5, citizens: 3, withoutLine: 1 });
    const history = await client.call('staffNotices', { params: { surveyId: SURVEY.surveyId } });
    expect(history.body.data).toMatchObject([{ noticeId: Number(noticeId), text: '教室は12月10日に延期します。' }]);
  });

  it('is refused to an operator, hidden from another team, refused when the filter’s count changed, and never half-sent when LINE cannot list the friends', async () => {
    await addRecords([ctx.users[0]?.userId ?? '', '']);
    const operator = await signedIn(await addStaff(ctx, 'operator', ['team-a']));
    const body = { text: 'お知らせ', target: { filter: {}, expectedCount: 2 } };
    expect((await operator.call('staffSendNotice', { params: { surveyId: SURVEY.surveyId }, body })).status).toBe(403);
    const otherTeam = await signedIn(await addStaff(ctx, 'member', ['team-b']));
    expect((await otherTeam.call('staffSendNotice', { params: { surveyId: SURVEY.surveyId }, body })).status).toBe(404);
    const client = await signedIn(member);
    const changed = await client.call('staffSendNotice', { params: { surveyId: SURVEY.surveyId }, body: { ...body, target: { filter: {}, expectedCount: 3 } } });
    expect(changed).toMatchObject({ status: 409, body: { code: 'notice_count_changed' } });
    messaging().injectFailure({ endpoint: 'followers', status: 500 });
    expect((await client.call('staffSendNotice', { params: { surveyId: SURVEY.surveyId }, body })).status).toBe(503);
    expect(await ctx.queryOne('SELECT count(*) AS n FROM line_messages')).toMatchObject({ n: 0 });
    expect(await ctx.queryOne('SELECT count(*) AS n FROM line_notices')).toMatchObject({ n: 0 });
    const sent = await client.call('staffSendNotice', { params: { surveyId: SURVEY.surveyId }, body });
    expect(sent.status).toBe(200);
    const noticeId = String((sent.body.data as { noticeId: number }).noticeId);
    expect((await otherTeam.call('staffNotice', { params: { noticeId } })).status).toBe(404);
  });

  it('to a filter result of 30,001 records from 20,000 citizens, with LINE failing pushes: one message per reachable citizen, none twice, totals that add up', { timeout: 240_000 }, async () => {
    // Citizens 0–9,999 have two records each, 10,000–19,999 one; one record has no LINE owner.
    const owners = [...Array.from({ length: 10_000 }, (_, n) => [userIdOf(n), userIdOf(n)]).flat(), ...Array.from({ length: 10_000 }, (_, n) => userIdOf(10_000 + n)), ''];
    expect(owners).toHaveLength(30_001);
    await addRecords(owners);
    // Every citizen but each tenth is a friend of the account: 18,000 reachable, 2,000 not.
    for (let n = 0; n < 20_000; n += 1) if (n % 10 !== 0) messaging().setFriend(userIdOf(n), true);
    // LINE fails 40 pushes with 500, and 40 more after delivering them (the answer lost).
    messaging().injectFailure({ endpoint: 'push', status: 500, times: 40 });
    messaging().injectFailure({ endpoint: 'push', status: 502, times: 40, afterDelivery: true });
    const client = await signedIn(member);
    const sent = await client.call('staffSendNotice', { params: { surveyId: SURVEY.surveyId }, body: { text: '窓口の受付時間が変わります。', target: { filter: {}, expectedCount: 30_001 } } });
    expect(sent.status).toBe(200);
    const pushesBefore = messaging().pushCount();
    await deliverAll();
    const report = (await client.call('staffNotice', { params: { noticeId: String((sent.body.data as { noticeId: number }).noticeId) } })).body.data as Record<string, number>;
    expect(report).toMatchObject({ records: 30_001, citizens: 20_000, withoutLine: 1, sent: 18_000, notFriend: 2_000, pending: 0, failed: 0 });
    expect((report.sent ?? 0) + (report.notFriend ?? 0) + (report.pending ?? 0) + (report.failed ?? 0)).toBe(report.citizens);
    // Exactly one message in each reachable citizen's LINE, none in anyone else's.
    let delivered = 0;
    for (let n = 0; n < 20_000; n += 1) {
      const count = messaging().inboxOf(userIdOf(n)).length;
      expect(count, userIdOf(n)).toBe(n % 10 === 0 ? 0 : 1);
      delivered += count;
    }
    expect(delivered).toBe(18_000);
    // LINE accepted 18,000 pushes, the 2,000 not-friends were never pushed; the 40 retried after a
    // lost answer met their retry key (409) and added nothing.
    expect(messaging().pushCount() - pushesBefore).toBe(18_000);
    expect(await ctx.queryOne("SELECT count(*) AS n FROM line_messages WHERE outcome = 'accepted_before'")).toMatchObject({ n: 40 });
  });
});
