// What the notice tests share: a survey of team A's whose records are written many a statement
// behind the API's back, its member of staff signed in, and delivery run until nothing is pending,
// the test's clock moving past each backoff.
import type { SurveyConfig } from '@city/survey-core';
import { expect } from 'vitest';
import { backoffMs } from '../src/modules/line/delivery.js';
import { saveSurveys } from './calendar-fixtures.js';
import { createTestContext } from './helpers.js';
import type { TestStaff } from './staff-helpers.js';
import { addStaff, addTeams, consoleClient } from './staff-helpers.js';

export const NOTICE_SURVEY: SurveyConfig = {
  surveyId: 'notice-survey',
  surveyTitle: '教室の申込み',
  isAppending: { value: true },
  surveySchema: [{ itemKey: 'name', type: 'text', title: 'お名前' }],
};

/** A notice test's world: the app on its clock, the survey, teams A and B, a member of team A. */
export async function noticeWorld(clock: { now: number }) {
  const ctx = await createTestContext({}, {}, { now: () => clock.now });
  await saveSurveys(ctx, NOTICE_SURVEY);
  await addTeams(ctx);
  await ctx.surveys.transaction((surveys) => surveys.setTeams(NOTICE_SURVEY.surveyId, ['team-a']));
  const member = await addStaff(ctx, 'member', ['team-a']);
  const standIn = ctx.app.lineStandIn;
  if (standIn === undefined) throw new Error('the test app runs with the LINE stand-in');
  return {
    ctx,
    member,
    messaging: standIn.messaging,
    /** Records written behind the API's back, many a statement: `owners[i]` owns record i ('' for none). */
    async addRecords(owners: readonly string[]) {
      for (let start = 0; start < owners.length; start += 500) {
        const chunk = owners.slice(start, start + 500);
        const values = chunk.flatMap((userId, offset) => {
          const n = start + offset;
          return [`${NOTICE_SURVEY.surveyId}#${userId || 'none'}#${String(n)}`, NOTICE_SURVEY.surveyId, userId, `N${String(n).padStart(6, '0')}`, clock.now - n, clock.now - n];
        });
        await ctx.query(
          `INSERT INTO survey_records (partition_key, survey_id, user_id, receipt_number, created_at, updated_at) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`,
          values,
        );
      }
    },
    async signedIn(staff: TestStaff) {
      const client = consoleClient(ctx);
      expect((await client.signIn(staff)).status).toBe(200);
      return client;
    },
    /** Delivery runs until nothing is pending, the clock moving on past each backoff. */
    async deliverAll() {
      for (let round = 0; round < 12; round += 1) {
        await ctx.app.line.runOnce();
        const pending = await ctx.queryOne("SELECT count(*) AS n FROM line_messages WHERE state = 'pending'");
        if (Number(pending?.n) === 0) return;
        clock.now += backoffMs(8);
      }
      throw new Error('messages still pending after every retry');
    },
  };
}

export type NoticeWorld = Awaited<ReturnType<typeof noticeWorld>>;
