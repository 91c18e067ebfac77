// Member numbers under contention, through the real HTTP server on 127.0.0.1 and a real database
// (SQLite's file, or PostgreSQL): two hundred citizens register at once, and each gets a number of their own that verifies.
import { LIBRARY_CARD, LIBRARY_CARD_NUMBER_FORMAT } from '@city/demo-data';
import { buildSubmissionPayload, readMemberNumber } from '@city/survey-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from './calendar-fixtures.js';
import { citizen, listen } from './calendar-fixtures.js';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';

let ctx: TestContext;
let http: HttpClient;
beforeAll(async () => {
  ctx = await createTestContext();
  http = await listen(ctx);
});
afterAll(async () => {
  await ctx.close();
});

describe('member numbers under concurrency', () => {
  it('200 citizens registering at once get 200 distinct numbers, every one with a valid check digit', async () => {
    const users = Array.from({ length: 200 }, (_, i) => citizen(i + 1));
    // Tokens and bodies first, so the registrations themselves go out together.
    const requests = await Promise.all(
      users.map(async (user, i) => ({
        user,
        token: await http.token(user),
        body: buildSubmissionPayload({
          config: LIBRARY_CARD,
          userId: user.userId,
          answers: { familyName: '市民', firstName: `${i + 1}`, born: '1990-01-01', phone: '090-0000-0000', address: 'デモ市本町1-1' },
        }),
      })),
    );
    const started = performance.now();
    const responses = await Promise.all(requests.map(({ token, body }) => http.call(token, 'putReservation', { body })));
    console.info(`200 concurrent registrations answered in ${Math.round(performance.now() - started)} ms`);
    expect(responses.map((response) => response.status)).toEqual(requests.map(() => 200));

    const cards = await Promise.all(users.map((user) => http.call(user, 'getMemberCard', { query: { surveyId: LIBRARY_CARD.surveyId } })));
    const numbers = cards.map((card) => card.body.data.memberNumber);
    expect(new Set(numbers).size).toBe(200);
    for (const number of numbers) expect(readMemberNumber(LIBRARY_CARD_NUMBER_FORMAT, number)).toMatchObject({ ok: true, memberNumber: number });

    // What the database holds agrees: one number per citizen, none shared, the paper card's beside them.
    const rows = (await ctx.query("SELECT user_id, member_number FROM member_numbers WHERE survey_id = ? AND user_id <> ''", [LIBRARY_CARD.surveyId])) as {
      user_id: string;
      member_number: string;
    }[];
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((row) => row.member_number))).toEqual(new Set(numbers));
    const stored = await ctx.queryOne("SELECT COUNT(DISTINCT value) AS n FROM survey_results WHERE survey_id = ? AND item_key = 'memberNumber' AND user_id <> ''", [LIBRARY_CARD.surveyId]);
    expect(stored).toEqual({ n: 200 });
  }, 60_000);
});
