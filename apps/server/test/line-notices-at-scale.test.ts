// A staff notice at the scale the earlier platform failed at (STAFF-CONSOLE.md, figure 8): a filter
// result of 30,001 records from 20,000 citizens, LINE failing pushes with 500 (some after
// delivering them), against the stand-in over real HTTP: one message per reachable citizen, none
// twice, a report whose totals add up. It runs once, on SQLite (vitest.config.ts lists it as engine
// independent): the engine's part, claiming messages and recording outcomes, is tested on both
// engines by line-notices and line-messages, and twenty thousand pushes once are what this adds.
import type { TestContext } from './helpers.js';
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
const userIdOf = (n: number) => `U${String(n).padStart(32, '0')}`;

describe('a notice at scale', () => {
  it('to a filter result of 30,001 records from 20,000 citizens, with LINE failing pushes: one message per reachable citizen, none twice, totals that add up', { timeout: 240_000 }, async () => {
    // Citizens 0–9,999 have two records each, 10,000–19,999 one; one record has no LINE owner.
    const owners = [...Array.from({ length: 10_000 }, (_, n) => [userIdOf(n), userIdOf(n)]).flat(), ...Array.from({ length: 10_000 }, (_, n) => userIdOf(10_000 + n)), ''];
    expect(owners).toHaveLength(30_001);
    await world.addRecords(owners);
    // Every citizen but each tenth is a friend of the account: 18,000 reachable, 2,000 not.
    for (let n = 0; n < 20_000; n += 1) if (n % 10 !== 0) messaging().setFriend(userIdOf(n), true);
    // LINE fails 40 pushes with 500, and 40 more after delivering them (the answer lost).
    messaging().injectFailure({ endpoint: 'push', status: 500, times: 40 });
    messaging().injectFailure({ endpoint: 'push', status: 502, times: 40, afterDelivery: true });
    const client = await world.signedIn(world.member);
    const sent = await client.call('staffSendNotice', { params: { surveyId: SURVEY.surveyId }, body: { text: '窓口の受付時間が変わります。', target: { filter: {}, expectedCount: 30_001 } } });
    expect(sent.status).toBe(200);
    const pushesBefore = messaging().pushCount();
    await world.deliverAll();
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
