// Members, through the real HTTP server on 127.0.0.1 and a real database: registering issues a
// member number with the record, the card shows it, an edit keeps it, withdrawing retires it for
// good; a paper card staff imported is found by its number and birthday and claimed; members-only
// surveys refuse non-members.
import { DEMO_PAPER_CARD, LIBRARY_CARD, LIBRARY_CARD_NUMBER_FORMAT, STUDY_ROOM } from '@city/demo-data';
import type { Answers, SubmissionPayload, SurveyConfig } from '@city/survey-core';
import { buildSubmissionPayload, formatMemberNumber, japanTimeToEpochMs, readMemberNumber, todayInJapan } from '@city/survey-core';
import type { TestUser } from '@city/line-stand-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from './calendar-fixtures.js';
import { addCalendar, addCategories, CHECKUP_CATEGORIES, citizen, listen, saveSurveys, slotValue } from './calendar-fixtures.js';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';
import { FEE, PAID_SURVEY } from './payment-fixtures.js';

const NOW = japanTimeToEpochMs('2026-12-01', '10:00');
const SURVEY_ID = LIBRARY_CARD.surveyId;

/** A members-only survey that must be paid for: temprary's path. */
const MEMBERS_PAID: SurveyConfig = { ...PAID_SURVEY, surveyId: 'members-paid', requiresMembership: SURVEY_ID };

let ctx: TestContext;
let http: HttpClient;
beforeAll(async () => {
  ctx = await createTestContext({}, {}, { now: () => NOW });
  // Test apps get the demo surveys (and the paper card), not the demo calendars: the study room's
  // and the check-up's are made here.
  await addCategories(ctx.app.storage, [...CHECKUP_CATEGORIES, { categoryId: 'study-room', tag1: '図書館 学習室' }]);
  await addCalendar(ctx.app.storage, {
    calendarId: 'cal-study-room',
    categoryId: 'study-room',
    slots: [{ date: '2026-12-03', slotId: '1', start: '09:00', end: '10:00', capacity: 50 }],
  });
  await addCalendar(ctx.app.storage, {
    calendarId: 'cal-central',
    categoryId: 'checkup-central',
    slots: [{ date: '2026-12-03', slotId: '1', start: '09:00', end: '10:00', capacity: 50 }],
  });
  await saveSurveys(ctx, MEMBERS_PAID);
  http = await listen(ctx);
});
afterAll(async () => {
  await ctx.close();
});

const person = (n: number): Answers => ({
  familyName: '山田',
  firstName: `太郎${n}`,
  kana: 'ヤマダ タロウ',
  born: '1990-01-01',
  phone: '090-0000-0000',
  address: 'デモ市本町1-1',
});

function registration(user: TestUser, answers: Answers, partitionKey?: string): SubmissionPayload {
  return buildSubmissionPayload({
    config: LIBRARY_CARD,
    userId: user.userId,
    answers,
    ...(partitionKey === undefined ? {} : { existingResults: [{ partitionKey } as never], updateExist: true }),
  });
}

async function register(user: TestUser, answers: Answers = person(1)) {
  return http.call(user, 'putReservation', { body: registration(user, answers) });
}

const cardOf = (user: TestUser) => http.call(user, 'getMemberCard', { query: { surveyId: SURVEY_ID } });

const lookUp = (user: TestUser, lookup: Record<string, string>) =>
  http.call(user, 'filterSurveyResults', { body: { queryParams: { surveyId: SURVEY_ID, lookup }, requestingUserId: user.userId } });

const numbersIssued = async () =>
  (await ctx.query('SELECT sequence, member_number, user_id, withdrawn_at FROM member_numbers WHERE survey_id = ? ORDER BY sequence', [SURVEY_ID])) as {
    sequence: number;
    member_number: string;
    user_id: string;
    withdrawn_at: number | null;
  }[];

describe('registering', () => {
  it('issues a member number with the record; the card shows it, the name and the issue date', async () => {
    const user = citizen(1);
    const response = await register(user);
    expect(response.status).toBe(200);
    const card = await cardOf(user);
    expect(card.status).toBe(200);
    const { memberNumber } = card.body.data;
    const read = readMemberNumber(LIBRARY_CARD_NUMBER_FORMAT, memberNumber);
    expect(read).toMatchObject({ ok: true, memberNumber });
    expect(card.body.data).toEqual({
      surveyId: SURVEY_ID,
      partitionKey: response.body.partitionKey,
      membershipName: '市立図書館 利用カード',
      memberNumber,
      name: '山田 太郎1',
      issuedOn: todayInJapan(NOW),
    });
    // The number is an answer like any other: its row is keyed as core keys a text answer.
    const rows = await http.call(user, 'getSurveyResultsByPartitionKey', { query: { surveyId: SURVEY_ID, partitionKey: response.body.partitionKey } });
    expect(rows.body.data.find((row) => row.itemKey === 'memberNumber')).toMatchObject({
      value: memberNumber,
      sortKey: `memberNumber#${memberNumber}`,
      userSearchKey: `memberNumber#${memberNumber}`,
    });
  });

  it('an edit keeps the number; the birthday cannot change', async () => {
    const user = citizen(2);
    const first = await register(user);
    const before = (await cardOf(user)).body.data.memberNumber;
    const edited = await http.call(user, 'putReservation', {
      body: registration(user, { ...person(2), phone: '080-1111-2222' }, first.body.partitionKey),
    });
    expect(edited.status).toBe(200);
    expect((await cardOf(user)).body.data).toMatchObject({ memberNumber: before, name: '山田 太郎2' });
    const reborn = await http.call(user, 'putReservation', { body: registration(user, { ...person(2), born: '1991-01-01' }, first.body.partitionKey) });
    expect(reborn.status).toBe(400);
    expect(reborn.body.code).toBe('not_editable');
    expect((await numbersIssued()).filter((row) => row.user_id === user.userId)).toHaveLength(1);
  });

  it('ignores a member number the client sends', async () => {
    const user = citizen(3);
    const chosen = formatMemberNumber(LIBRARY_CARD_NUMBER_FORMAT, 7777);
    expect((await register(user, { ...person(3), memberNumber: chosen })).status).toBe(200);
    const { memberNumber } = (await cardOf(user)).body.data;
    expect(memberNumber).not.toBe(chosen);
    expect((await numbersIssued()).at(-1)?.member_number).toBe(memberNumber);
  });

  it('refuses temprary on a member survey: memberships are not paid for', async () => {
    const user = citizen(4);
    const response = await http.call(user, 'putTemporaryReservation', {
      body: { ...registration(user, person(4)), order: { items: [{ productId: FEE.productId, quantity: 1 }] } },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('membership_not_payable');
    expect((await cardOf(user)).status).toBe(404);
  });
});

describe('withdrawing', () => {
  it('removes the registration and retires its number: registering again gets a new, higher one', async () => {
    const user = citizen(10);
    const registered = await register(user);
    const old = (await cardOf(user)).body.data.memberNumber;
    const withdrawn = await http.call(user, 'withdrawMembership', { body: { surveyId: SURVEY_ID, partitionKey: registered.body.partitionKey } });
    expect(withdrawn).toEqual({ status: 200, body: { result: 'OK', partitionKey: registered.body.partitionKey } });
    const gone = await cardOf(user);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('not_member');
    const rows = await http.call(user, 'getSurveyResultsByUser', { query: { surveyId: SURVEY_ID } });
    expect(rows.body.data).toEqual([]);

    expect((await register(user)).status).toBe(200);
    const renewed = (await cardOf(user)).body.data.memberNumber;
    const sequenceOf = (number: string) => (readMemberNumber(LIBRARY_CARD_NUMBER_FORMAT, number) as { sequence: number }).sequence;
    expect(sequenceOf(renewed)).toBeGreaterThan(sequenceOf(old));
    // Another citizen registering next never gets the retired number either.
    expect((await register(citizen(11))).status).toBe(200);
    expect((await cardOf(citizen(11))).body.data.memberNumber).not.toBe(old);
    expect((await numbersIssued()).find((row) => row.member_number === old)?.withdrawn_at).toBe(NOW);
    // A withdrawn number finds nothing any more (its registration is gone).
    const retired = await lookUp(citizen(12), { memberNumber: old, born: '1990-01-01' });
    expect(retired.status).toBe(404);
    expect(retired.body.code).toBe('lookup_failed');
  });

  it('cancelling or deleting the registration is withdrawing too: the citizen may register again, with a new number', async () => {
    for (const [n, endpoint] of [[14, 'cancelReservation'], [15, 'deleteReservation']] as const) {
      const user = citizen(n);
      const registered = await register(user);
      const old = (await cardOf(user)).body.data.memberNumber;
      const ended = await http.call(user, endpoint, { body: { surveyId: SURVEY_ID, partitionKey: registered.body.partitionKey, userId: user.userId } });
      expect(ended.status).toBe(200);
      expect((await cardOf(user)).status).toBe(404);
      expect((await register(user)).status).toBe(200);
      expect((await cardOf(user)).body.data.memberNumber).not.toBe(old);
      expect((await numbersIssued()).find((row) => row.member_number === old)?.withdrawn_at).toBe(NOW);
    }
  });

  it('another citizen can neither read nor withdraw my membership', async () => {
    const mine = citizen(12);
    const other = citizen(13);
    const registered = await register(mine);
    expect((await cardOf(other)).status).toBe(404);
    const attempt = await http.call(other, 'withdrawMembership', { body: { surveyId: SURVEY_ID, partitionKey: registered.body.partitionKey } });
    expect(attempt.status).toBe(404);
    expect(attempt.body.code).toBe('not_member');
    expect((await cardOf(mine)).status).toBe(200);
  });
});

describe('a paper card staff imported', () => {
  const paperLookup = { memberNumber: 'ｌｉｂ-0000018-2', born: '1968-07-15' };

  it('is found by its number as typed at a counter and the birthday, and claimed: the card keeps its number and issue date', async () => {
    // A citizen already registered is refused the card: one membership per citizen.
    const registered = citizen(20);
    await register(registered);
    const seen = await lookUp(registered, paperLookup);
    expect(seen.status).toBe(200);
    const refused = await http.call(registered, 'putUserId', {
      body: { surveyId: SURVEY_ID, partitionKey: DEMO_PAPER_CARD.partitionKey, userId: registered.userId },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('already_member');

    const holder = citizen(21);
    const found = await lookUp(holder, paperLookup);
    expect(found.status).toBe(200);
    expect(found.body.data.find((row) => row.itemKey === 'memberNumber')?.value).toBe('LIB00000182');
    const claimed = await http.call(holder, 'putUserId', { body: { surveyId: SURVEY_ID, partitionKey: DEMO_PAPER_CARD.partitionKey, userId: holder.userId } });
    expect(claimed.status).toBe(200);
    expect((await cardOf(holder)).body.data).toEqual({
      surveyId: SURVEY_ID,
      partitionKey: DEMO_PAPER_CARD.partitionKey,
      membershipName: '市立図書館 利用カード',
      memberNumber: 'LIB00000182',
      name: '佐藤 花子',
      issuedOn: '2019-04-01',
    });

    // Registering again under their own key would be a second membership.
    const second = await register(holder);
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('already_member');
    // Editing the claimed card keeps its number.
    const edit = await http.call(holder, 'putReservation', {
      body: registration(holder, { ...DEMO_PAPER_CARD.answers, phone: '090-9999-0018' }, DEMO_PAPER_CARD.partitionKey),
    });
    expect(edit.status).toBe(200);
    expect((await cardOf(holder)).body.data.memberNumber).toBe('LIB00000182');
  });

  it('a number with a wrong check digit is 400 with the problem in Japanese, and does not count toward the lockout', async () => {
    const user = citizen(30);
    for (let i = 0; i < 12; i += 1) {
      const response = await lookUp(user, { memberNumber: 'LIB00000183', born: '1968-07-15' });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('invalid_member_number');
      expect(response.body.message).toMatch(/[ぁ-ん]/);
    }
    const shape = await lookUp(user, { memberNumber: '12345', born: '1968-07-15' });
    expect(shape.body.code).toBe('invalid_member_number');
  });

  it('10 well-formed numbers that find nothing lock the citizen out for the day', async () => {
    const user = citizen(31);
    for (let i = 0; i < 9; i += 1) {
      const miss = await lookUp(user, { memberNumber: formatMemberNumber(LIBRARY_CARD_NUMBER_FORMAT, 9000 + i), born: '1968-07-15' });
      expect(miss.body.code).toBe('lookup_failed');
    }
    const tenth = await lookUp(user, { memberNumber: formatMemberNumber(LIBRARY_CARD_NUMBER_FORMAT, 9100), born: '1968-07-15' });
    expect(tenth.status).toBe(429);
    expect(tenth.body.code).toBe('lookup_locked');
    // Locked: even the right number (and a malformed one) is refused for the rest of the day.
    expect((await lookUp(user, { memberNumber: 'LIB00000182', born: '1968-07-15' })).body.code).toBe('lookup_locked');
    expect((await lookUp(user, { memberNumber: 'LIB00000183', born: '1968-07-15' })).body.code).toBe('lookup_locked');
  });
});

describe('members-only surveys', () => {
  const bookStudyRoom = (user: TestUser) =>
    http.call(user, 'putReservation', {
      body: buildSubmissionPayload({ config: STUDY_ROOM, userId: user.userId, answers: { name: '山田 太郎', slot: slotValue('study-room', '2026-12-03', '1') }, now: NOW }),
    });
  const holdPaid = (user: TestUser) =>
    http.call(user, 'putTemporaryReservation', {
      body: {
        ...buildSubmissionPayload({ config: MEMBERS_PAID, userId: user.userId, answers: { name: '山田 太郎', slot: slotValue('checkup-central', '2026-12-03', '1') } }),
        order: { items: [{ productId: FEE.productId, quantity: 1 }] },
      },
    });

  it('refuse putItem and temprary with 403 membership_required before registering, and take them after', async () => {
    const user = citizen(40);
    const booking = await bookStudyRoom(user);
    expect(booking.status).toBe(403);
    expect(booking.body.code).toBe('membership_required');
    expect(booking.body.message).toContain('市立図書館 利用カード');
    const hold = await holdPaid(user);
    expect(hold.status).toBe(403);
    expect(hold.body.code).toBe('membership_required');

    expect((await register(user)).status).toBe(200);
    const booked = await bookStudyRoom(user);
    expect(booked.status).toBe(200);
    expect((await holdPaid(user)).status).toBe(200);
    // Cancelling stays open to a former member: the booking is theirs, the membership is not needed.
    const card = (await cardOf(user)).body.data;
    expect((await http.call(user, 'withdrawMembership', { body: { surveyId: SURVEY_ID, partitionKey: card.partitionKey } })).status).toBe(200);
    expect((await bookStudyRoom(user)).status).toBe(403);
    const cancelled = await http.call(user, 'cancelReservation', {
      body: { surveyId: STUDY_ROOM.surveyId, partitionKey: booked.body.partitionKey, userId: user.userId },
    });
    expect(cancelled.status).toBe(200);
  });
});

describe('a record staff imported into a members-only survey', () => {
  const COURSE: SurveyConfig = {
    surveyId: 'members-course',
    requiresMembership: SURVEY_ID,
    surveySchema: [
      { itemKey: 'ticket', type: 'text', title: '受講券番号', required: true },
      { itemKey: 'course', type: 'text', title: '講座' },
    ],
  };
  const imported = 'members-course#import-1';

  it('is the members’ to claim, as it is theirs to send', async () => {
    await ctx.surveys.transaction((surveys) => surveys.save({ config: COURSE, lookupItemKeys: ['ticket'], searchable: true }));
    const rows = buildSubmissionPayload({ config: COURSE, userId: '', answers: { ticket: '777001', course: '読書会' }, existingResults: [{ partitionKey: imported } as never], updateExist: true }).data;
    await ctx.records.transaction((records) => records.replace({ rows, receiptNumber: 'IMP-M-1', removePartitionKeys: [], origin: 'import', surveyVersion: 1 }));
    const claim = (user: TestUser) => http.call(user, 'putUserId', { body: { surveyId: COURSE.surveyId, partitionKey: imported, userId: user.userId } });
    const find = (user: TestUser) => http.call(user, 'filterSurveyResults', { body: { queryParams: { surveyId: COURSE.surveyId, lookup: { ticket: '777001' } }, requestingUserId: user.userId } });

    const outsider = citizen(60);
    expect((await find(outsider)).status).toBe(200);
    const refused = await claim(outsider);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('membership_required');

    const member = citizen(61);
    expect((await register(member)).status).toBe(200);
    expect((await find(member)).status).toBe(200);
    expect((await claim(member)).status).toBe(200);
  });
});

describe('survey configurations', () => {
  it('tell the app which items find a record staff imported', async () => {
    const user = citizen(50);
    const card = await http.call(user, 'getSurveyConfig', { query: { surveyId: SURVEY_ID } });
    expect(card.body.data.lookupItemKeys).toEqual(['memberNumber', 'born']);
    const room = await http.call(user, 'getSurveyConfig', { query: { surveyId: STUDY_ROOM.surveyId } });
    expect(room.body.data.lookupItemKeys).toBeUndefined();
    const listed = await http.call(user, 'getAllSearchableSurveyConfigs');
    expect(listed.body.data.find((config) => config.surveyId === 'event-application')?.lookupItemKeys).toEqual(['ticket', 'born']);
    const asked = await http.call(user, 'getSurveyConfigsList', { body: { surveyIdList: [SURVEY_ID] } });
    expect(asked.body.data[0]?.lookupItemKeys).toEqual(['memberNumber', 'born']);
  });
});
