// Several server instances on one PostgreSQL (issue 25): three real server processes, started at
// once as an orchestrator starts replicas, share one database, and citizens' requests are spread
// over them (citizen i → instance i % 3). What must hold across instances, as the issue lists it:
// - 1,000 bookings at once on one capacity-10 slot: exactly 10 succeed;
// - one Idempotency-Key sent to all three at once: one record, the work done once (a booking, and
//   a paid booking's hold with its payment page);
// - 200 member registrations at once: 200 distinct numbers;
// - one payment notification delivered to two instances at once: the order confirmed once;
// - kill -9 of one instance during writes: the other two keep answering, nothing half-written.
// The file runs on PostgreSQL whatever TEST_DATABASE says: it is what several instances need.
import type { Endpoints, EndpointName, ErrorBody } from '@city/api-client/contract';
import { PAYMENT_NOTIFICATIONS_PATH, routes } from '@city/api-client/contract';
import { DEMO_SURVEYS, LIBRARY_CARD, LIBRARY_CARD_NUMBER_FORMAT } from '@city/demo-data';
import type { TestUser } from '@city/line-stand-in';
import { signWebIdToken } from '@city/line-stand-in';
import { DEV_CHANNEL } from '@city/line-stand-in/dev-channel';
import type { StripeStandIn } from '@city/stripe-stand-in';
import { startStripeStandIn } from '@city/stripe-stand-in';
import type { SubmissionPayload, SurveyConfig } from '@city/survey-core';
import { addDaysToDate, buildSubmissionPayload, readMemberNumber, todayInJapan } from '@city/survey-core';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDatabase } from '../src/backup.js';
import type { Storage } from '../src/db/storage.js';
import { DEMO_STAFF } from '../src/demo-staff.js';
import { openStorage } from '../src/db/storage.js';
import { surveyRepository } from '../src/modules/surveys/repositories.js';
import { addCalendar, addCategories, BOOKING_SURVEY, bookingPayload, citizen, slotValue } from './calendar-fixtures.js';
import type { SqlExecutor } from './engines.js';
import { createTestPostgresDatabase, sqlExecutor } from './engines.js';
import { FEE } from './payment-fixtures.js';
import type { ServerProcess } from './server-process.js';
import { startServerProcess } from './server-process.js';

const STRIPE_SECRET_KEY = 'sk_test_city_cluster';
const STRIPE_WEBHOOK_SECRET = 'whsec_city_cluster';

// The instances run on the real clock: the slots lie a few days ahead, inside the booking window
// (opens 60 days ahead, closes and changes close the day before).
const TODAY = todayInJapan();
const HOT = { date: addDaysToDate(TODAY, 3), slotId: 'hot', capacity: 10 };
const ONCE = { date: addDaysToDate(TODAY, 3), slotId: 'once', capacity: 5 };
const PAID = { date: addDaysToDate(TODAY, 4), slotId: 'paid', capacity: 1 };
const HELD = { date: addDaysToDate(TODAY, 4), slotId: 'held', capacity: 5 };
const ROOMY = { date: addDaysToDate(TODAY, 5), slotId: 'roomy', capacity: 1000 };
const TIGHT = { date: addDaysToDate(TODAY, 5), slotId: 'tight', capacity: 20 };
type Slot = typeof HOT;

// A category tree and calendar of this file's own: the development instances seed the demo's
// (健康診断 > 特定健診 > …) beside it.
const CALENDAR_ID = 'cal-cluster-hall';
const CATEGORY_ID = 'cluster-hall';
const CATEGORIES = [
  { categoryId: 'cluster', tag1: 'クラスタ試験' },
  { categoryId: CATEGORY_ID, tag1: 'クラスタ試験', tag2: '市民ホール' },
];

/** A booking survey of the cluster's calendar (update mode: one record per citizen). */
const bookingSurvey = (surveyId: string): SurveyConfig => ({
  ...BOOKING_SURVEY,
  surveyId,
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前', required: true, maxLength: 20 },
    { itemKey: 'slot', type: 'reservation', title: '予約日時', categoryId: 'cluster', cost: 1, required: true },
  ],
});
// One survey per guarantee, so each one's records are counted apart.
const SURGE_SURVEY = bookingSurvey('cluster-surge');
const ONCE_SURVEY = bookingSurvey('cluster-once');
const MOVES_SURVEY = bookingSurvey('cluster-moves');
/** A booking with a fee: the order holds the slot until Stripe says it was paid. */
const PAID_SURVEY: SurveyConfig = {
  ...bookingSurvey('cluster-paid'),
  surveySchema: [...bookingSurvey('cluster-paid').surveySchema, { itemKey: 'fee', type: 'selectProducts', title: '受診料', products: [FEE] }],
};

const valueOf = (slot: Slot) => slotValue(CATEGORY_ID, slot.date, slot.slotId);

let dir: string;
let stripe: StripeStandIn | undefined;
let storage: Storage | undefined;
let query: SqlExecutor;
let instances: ServerProcess[] = [];
let origins: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'city-cluster-'));
  stripe = await startStripeStandIn({ secretKey: STRIPE_SECRET_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET });
  const databaseUrl = await createTestPostgresDatabase();

  // Everything the instances read through their configuration cache is there before they start.
  storage = await openStorage({ databasePath: path.join(dir, 'unused.sqlite'), databaseUrl });
  query = sqlExecutor(storage);
  await addCategories(storage, CATEGORIES);
  await addCalendar(storage, {
    calendarId: CALENDAR_ID,
    categoryId: CATEGORY_ID,
    rules: { maxActiveBookingsPerUser: undefined },
    slots: [HOT, ONCE, PAID, HELD, ROOMY, TIGHT].map(({ date, slotId, capacity }) => ({ date, slotId, start: '09:00', end: '10:00', capacity })),
  });
  await storage.store(surveyRepository).transaction(async (surveys) => {
    for (const config of [SURGE_SURVEY, ONCE_SURVEY, MOVES_SURVEY, PAID_SURVEY]) await surveys.save({ config, lookupItemKeys: [], searchable: false });
  });

  // Development, as a replica runs outside production here: it logs the address it listens at
  // (a test server logs nothing) and seeds the demo data, the library card among it, on start.
  // The three start at once on a database none of them has seeded yet.
  const env = {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_FORMAT: 'json',
    DATABASE_URL: databaseUrl,
    DATABASE_PATH: path.join(dir, 'unused.sqlite'),
    CITIZEN_APP_DIR: path.join(dir, 'no-app'),
    CONSOLE_APP_DIR: path.join(dir, 'no-console'),
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_BASE_URL: stripe.url,
  };
  const started = await Promise.allSettled([0, 1, 2].map(() => startServerProcess(env)));
  instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  if (failed.length > 0) throw new Error(`${failed.length} of the three instances did not start:\n${failed.map(String).join('\n')}`);
  origins = instances.map((instance) => instance.origin);
}, 120_000);

afterAll(async () => {
  // SIGTERM, as an orchestrator stops a replica; one killed already has exited.
  await Promise.all(
    instances.map(async (instance) => {
      instance.signal('SIGTERM');
      await instance.exited;
    }),
  );
  await storage?.close();
  await stripe?.close();
  rmSync(dir, { recursive: true, force: true });
}, 30_000);

const tokens = new Map<string, string>();
/** The citizen's ID token, signed with the development channel's secret every instance verifies with. */
async function tokenOf(user: TestUser): Promise<string> {
  const known = tokens.get(user.userId) ?? (await signWebIdToken(DEV_CHANNEL, user, { expiresIn: 3600 }));
  tokens.set(user.userId, known);
  return known;
}

interface Answer<Name extends EndpointName> {
  status: number;
  body: Endpoints[Name]['response'] & Partial<ErrorBody>;
}

/** Calls an endpoint of the contract on one instance, over real HTTP, as a citizen. */
async function call<Name extends EndpointName>(
  origin: string,
  name: Name,
  token: string,
  request: { body?: unknown; query?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<Answer<Name>> {
  const url = new URL(routes[name].path, origin);
  for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value);
  const response = await fetch(url, {
    method: routes[name].method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...request.headers,
    },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  });
  return { status: response.status, body: (await response.json()) as Answer<Name>['body'] };
}

/** What an answer is counted as: `200`, or the status and the error's code. */
const outcomeOf = (answer: { status: number; body: Partial<ErrorBody> }) => (answer.status === 200 ? '200' : `${answer.status} ${answer.body.code ?? ''}`);

/** The first errors each instance logged, for a failure's message. */
const loggedErrors = () =>
  instances
    .flatMap((instance, i) =>
      instance
        .output()
        .split('\n')
        .filter((line) => line.includes('"level":50'))
        .slice(0, 2)
        .map((line) => `instance ${i}: ${line.slice(0, 1000)}`),
    )
    .join('\n');

function tally(outcomes: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return counts;
}

/** A submission of a booking survey choosing `slot`. */
const booking = (user: TestUser, config: SurveyConfig, slot: Slot) => bookingPayload(user.userId, valueOf(slot), { config });

/** A submission of the paid survey choosing `slot`, buying the fee. */
const paidBooking = (user: TestUser, slot: Slot): SubmissionPayload => ({ ...booking(user, PAID_SURVEY, slot), order: { items: [{ productId: FEE.productId, quantity: 1 }] } });

const claimedUnitsOf = async (slot: Slot) =>
  (await query('SELECT claimed_units FROM calendar_slots WHERE calendar_id = ? AND date = ? AND slot_id = ?', [CALENDAR_ID, slot.date, slot.slotId]))[0]?.claimed_units;

const leftOn = async (origin: string, slot: Slot) => {
  const answer = await call(origin, 'getCalendarSlots', await tokenOf(citizen(0)), { query: { calendarId: CALENDAR_ID, from: slot.date, to: slot.date } });
  return answer.body.data.slots.find((found) => found.slotId === slot.slotId)?.left;
};

describe('three server instances on one PostgreSQL', { timeout: 120_000 }, () => {
  it('start at once on a database not yet seeded: each answers, and the demo is seeded once', async () => {
    for (const origin of origins) expect(await leftOn(origin, HOT)).toBe(HOT.capacity);
    expect(await query('SELECT COUNT(*) AS n FROM survey_configs')).toEqual([{ n: DEMO_SURVEYS.length + 4 }]);
    expect(await query('SELECT COUNT(*) AS n FROM staff_members')).toEqual([{ n: DEMO_STAFF.length }]);
    if (storage === undefined) throw new Error('no storage');
    expect((await checkDatabase(storage)).filter((check) => !check.ok)).toEqual([]);
  });

  it('1,000 citizens booking one capacity-10 slot at once, spread over the three: exactly 10 succeed', async () => {
    const users = Array.from({ length: 1000 }, (_, i) => citizen(i + 1));
    // Tokens and bodies first, so the bookings themselves go out together.
    const requests = await Promise.all(users.map(async (user, i) => ({ user, instance: i % 3, token: await tokenOf(user), body: booking(user, SURGE_SURVEY, HOT) })));
    const started = performance.now();
    let retried = 0;
    const answers = await Promise.all(
      requests.map(async ({ user, instance, token, body }) => {
        // As the citizen's client does (@city/api-client): a 503 busy (a lock waited past its limit,
        // on a machine short of CPU) is sent again with the same Idempotency-Key.
        const key = randomUUID();
        let answer = await call(origins[instance] ?? '', 'putReservation', token, { body, headers: { 'idempotency-key': key } });
        for (let attempt = 1; attempt < 5 && answer.status === 503 && answer.body.code === 'busy'; attempt += 1) {
          retried += 1;
          answer = await call(origins[instance] ?? '', 'putReservation', token, { body, headers: { 'idempotency-key': key } });
        }
        return { user, instance, answer };
      }),
    );
    console.info(`1,000 concurrent bookings over three instances answered in ${Math.round(performance.now() - started)} ms (${String(retried)} sent again after a 503)`);
    expect(tally(answers.map(({ answer }) => outcomeOf(answer))), loggedErrors()).toEqual({ '200': 10, '409 slot_full': 990 });
    console.info(`bookings made per instance: ${[0, 1, 2].map((instance) => answers.filter((a) => a.instance === instance && a.answer.status === 200).length).join(', ')}`);

    // The database agrees: ten claims, ten records, of exactly the ten citizens answered 200.
    const booked = new Set(answers.filter(({ answer }) => answer.status === 200).map(({ user }) => user.userId));
    expect(await claimedUnitsOf(HOT)).toBe(10);
    const claims = await query('SELECT user_id FROM slot_claims WHERE calendar_id = ? AND date = ? AND slot_id = ?', [CALENDAR_ID, HOT.date, HOT.slotId]);
    expect(new Set(claims.map((row) => row.user_id))).toEqual(booked);
    const records = await query('SELECT user_id FROM survey_records WHERE survey_id = ?', [SURGE_SURVEY.surveyId]);
    expect(new Set(records.map((row) => row.user_id))).toEqual(booked);
    // Every instance shows the slot full.
    for (const origin of origins) expect(await leftOn(origin, HOT)).toBe(0);
  });

  it('the same Idempotency-Key sent to all three instances at once: one record, the work done once, one answer', async () => {
    const user = citizen(5001);
    const token = await tokenOf(user);
    const body = booking(user, ONCE_SURVEY, ONCE);
    const headers = { 'idempotency-key': randomUUID() };
    const answers = await Promise.all(origins.map((origin) => call(origin, 'putReservation', token, { body, headers })));
    expect(answers.map(outcomeOf), loggedErrors()).toEqual(['200', '200', '200']);
    expect(answers[1]?.body).toEqual(answers[0]?.body);
    expect(answers[2]?.body).toEqual(answers[0]?.body);

    // Had the work run twice, the second would have stored the record again as an edit (version 2).
    expect(await query('SELECT partition_key, receipt_number, version FROM survey_records WHERE survey_id = ?', [ONCE_SURVEY.surveyId])).toEqual([
      { partition_key: answers[0]?.body.partitionKey, receipt_number: answers[0]?.body.receiptNumber, version: 1 },
    ]);
    expect(await query('SELECT COUNT(*) AS n FROM slot_claims WHERE user_id = ?', [user.userId])).toEqual([{ n: 1 }]);
    expect(await claimedUnitsOf(ONCE)).toBe(1);
    const keys = await query('SELECT response_json FROM idempotency_keys WHERE user_id = ?', [user.userId]);
    expect(keys.map((row) => JSON.parse(String(row.response_json)) as unknown)).toEqual([answers[0]?.body]);
  });

  it('a paid booking (temprary) sent with one Idempotency-Key to all three instances at once: one hold, one payment page, the same answer', async () => {
    if (stripe === undefined) throw new Error('no Stripe stand-in');
    const user = citizen(5002);
    const token = await tokenOf(user);
    const body = paidBooking(user, HELD);
    const headers = { 'idempotency-key': randomUUID() };
    const answers = await Promise.all(origins.map((origin) => call(origin, 'putTemporaryReservation', token, { body, headers })));
    expect(answers.map(outcomeOf), loggedErrors()).toEqual(['200', '200', '200']);
    expect(answers[1]?.body).toEqual(answers[0]?.body);
    expect(answers[2]?.body).toEqual(answers[0]?.body);

    const holdId = answers[0]?.body.data.holdId;
    expect(await query('SELECT COUNT(*) AS n FROM survey_records WHERE user_id = ?', [user.userId])).toEqual([{ n: 1 }]);
    expect(await query('SELECT order_id, status, payment_url FROM orders WHERE user_id = ?', [user.userId])).toEqual([
      { order_id: holdId, status: 'pending', payment_url: answers[0]?.body.data.paymentUrl },
    ]);
    expect(await claimedUnitsOf(HELD)).toBe(1);
    // The payment page answered is the order's one session, open to be paid.
    const open = stripe.sessions().filter((record) => record.session.client_reference_id === holdId && record.session.status === 'open');
    expect(open.map((record) => record.session.url)).toEqual([answers[0]?.body.data.paymentUrl]);
  });

  it('200 member registrations at once over the three instances get 200 distinct numbers', async () => {
    const users = Array.from({ length: 200 }, (_, i) => citizen(6001 + i));
    const requests = await Promise.all(
      users.map(async (user, i) => ({
        instance: i % 3,
        token: await tokenOf(user),
        body: buildSubmissionPayload({
          config: LIBRARY_CARD,
          userId: user.userId,
          answers: { familyName: '市民', firstName: `${i + 1}`, born: '1990-01-01', phone: '090-0000-0000', address: 'デモ市本町1-1' },
        }),
      })),
    );
    const started = performance.now();
    const answers = await Promise.all(
      requests.map(({ instance, token, body }) => call(origins[instance] ?? '', 'putReservation', token, { body, headers: { 'idempotency-key': randomUUID() } })),
    );
    console.info(`200 concurrent registrations over three instances answered in ${Math.round(performance.now() - started)} ms`);
    expect(tally(answers.map(outcomeOf)), loggedErrors()).toEqual({ '200': 200 });

    // Each card read from an instance other than the one that registered it.
    const cards = await Promise.all(
      requests.map(({ instance, token }) => call(origins[(instance + 1) % 3] ?? '', 'getMemberCard', token, { query: { surveyId: LIBRARY_CARD.surveyId } })),
    );
    const numbers = cards.map((card) => card.body.data.memberNumber);
    expect(new Set(numbers).size).toBe(200);
    for (const number of numbers) expect(readMemberNumber(LIBRARY_CARD_NUMBER_FORMAT, number)).toMatchObject({ ok: true, memberNumber: number });
    const rows = await query('SELECT user_id, member_number FROM member_numbers WHERE survey_id = ? AND user_id >= ? AND user_id <= ?', [
      LIBRARY_CARD.surveyId,
      citizen(6001).userId,
      citizen(6200).userId,
    ]);
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((row) => row.member_number))).toEqual(new Set(numbers));
  });

  it('a Stripe notification delivered to two instances at once confirms the order once', async () => {
    if (stripe === undefined) throw new Error('no Stripe stand-in');
    const user = citizen(6501);
    const token = await tokenOf(user);
    const held = await call(origins[0] ?? '', 'putTemporaryReservation', token, { body: paidBooking(user, PAID), headers: { 'idempotency-key': randomUUID() } });
    expect(held.status).toBe(200);
    const { holdId } = held.body.data;
    const sessionId = stripe.sessions().find((record) => record.session.client_reference_id === holdId)?.session.id;
    if (sessionId === undefined) throw new Error(`no Stripe session for order ${holdId}`);

    // The citizen pays; Stripe's one signed delivery reaches two instances at once (a retry
    // crossing the first, through a load balancer).
    const event = JSON.stringify(stripe.complete(sessionId), null, 2);
    const signature = stripe.signatureHeader(event);
    const deliveries = await Promise.all(
      [origins[1], origins[2]].map(async (origin) => {
        const response = await fetch(`${origin ?? ''}${PAYMENT_NOTIFICATIONS_PATH}/stripe`, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
          body: event,
        });
        return { status: response.status, body: await response.text() };
      }),
    );
    expect(deliveries, loggedErrors()).toEqual([
      { status: 200, body: '{"received":true}' },
      { status: 200, body: '{"received":true}' },
    ]);

    const order = await call(origins[0] ?? '', 'getOrder', token, { query: { orderId: holdId } });
    expect(order.body.data).toMatchObject({ status: 'paid', paymentMethod: 'card', total: FEE.unitPrice });
    expect(order.body.data).not.toHaveProperty('refundPending');
    expect(await query('SELECT status, refund_id FROM orders WHERE order_id = ?', [holdId])).toEqual([{ status: 'paid', refund_id: null }]);
    expect(await query('SELECT COUNT(*) AS n FROM payment_events WHERE session_id = ?', [sessionId])).toEqual([{ n: 1 }]);
    // The slot claimed once, as a booking (no longer a hold), and nothing given back.
    expect(await query('SELECT user_id, hold_expires_at FROM slot_claims WHERE calendar_id = ? AND date = ? AND slot_id = ?', [CALENDAR_ID, PAID.date, PAID.slotId])).toEqual([
      { user_id: user.userId, hold_expires_at: null },
    ]);
    expect(await claimedUnitsOf(PAID)).toBe(1);
    expect(stripe.refunds()).toEqual([]);
  });

  it('kill -9 of one instance during bookings and edits: the other two keep answering, nothing is half-written', async () => {
    const VICTIM = 2;
    const AFTER_KILL = 3;
    const MAX_REQUESTS = 100;
    // The victim is killed once it has answered this many: the workers keep it busy meanwhile.
    const VICTIM_ANSWERS_BEFORE_KILL = 100;
    let killed = false;
    let victimAnswers = 0;

    interface Sent {
      slot: Slot;
      body: SubmissionPayload;
      key: string;
      /** Sent after the kill. */
      afterKill: boolean;
      outcome: string;
    }
    /**
     * One citizen, on one instance: books, then moves between the roomy and the tight slot, one
     * request at a time, each with its own Idempotency-Key (as the citizen app sends them). A
     * worker on a survivor goes on until it has sent a few requests after the kill; one on the
     * victim stops at its first failed request.
     */
    async function worker(user: TestUser, instance: number): Promise<Sent[]> {
      const token = await tokenOf(user);
      const sent: Sent[] = [];
      let afterKill = 0;
      for (let i = 0; i < MAX_REQUESTS && afterKill < AFTER_KILL; i += 1) {
        const slot = i % 2 === 0 ? ROOMY : TIGHT;
        const request = { slot, body: booking(user, MOVES_SURVEY, slot), key: randomUUID(), afterKill: killed };
        if (request.afterKill) afterKill += 1;
        try {
          const answer = await call(origins[instance] ?? '', 'putReservation', token, { body: request.body, headers: { 'idempotency-key': request.key } });
          sent.push({ ...request, outcome: outcomeOf(answer) });
          if (instance === VICTIM) victimAnswers += 1;
        } catch (error) {
          // Only the victim's requests may fail: in flight when it died, or sent after.
          const cause = (error as { cause?: { code?: string } }).cause?.code ?? String(error);
          sent.push({ ...request, outcome: `network ${cause}` });
          if (instance === VICTIM) break;
        }
      }
      return sent;
    }

    const users = Array.from({ length: 150 }, (_, i) => citizen(7001 + i));
    const working = Promise.all(users.map((user, i) => worker(user, i % 3)));
    await expect.poll(() => victimAnswers, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(VICTIM_ANSWERS_BEFORE_KILL);
    const victim = instances[VICTIM];
    if (victim === undefined) throw new Error('no victim');
    victim.signal('SIGKILL');
    killed = true;
    const results = await working;
    expect(await victim.exited).toBeNull();

    const survivors = results.filter((_, i) => i % 3 !== VICTIM);
    const victims = results.filter((_, i) => i % 3 === VICTIM);
    // The survivors answered every request, before the kill and after, with a booking or a full slot.
    const survivorOutcomes = survivors.flat();
    const when = (sent: Sent) => (sent.afterKill ? 'after the kill' : 'before the kill');
    expect(tally(survivorOutcomes.map((sent) => `${when(sent)}: ${sent.outcome.replace(/^(200|409 slot_full)$/, 'ok')}`)), loggedErrors()).toEqual(
      tally(survivorOutcomes.map((sent) => `${when(sent)}: ok`)),
    );
    for (const sent of survivors) expect(sent.filter((request) => request.afterKill)).toHaveLength(AFTER_KILL);
    expect(survivorOutcomes.filter((sent) => sent.afterKill && sent.outcome === '200').length).toBeGreaterThan(0);
    // The kill caught the victim's requests in flight (its workers keep one each in flight).
    const failed = victims.map((sent) => sent.at(-1)).filter((sent) => sent?.outcome.startsWith('network') === true);
    console.info(`kill -9: the victim had answered ${victimAnswers}; its workers' last requests: ${JSON.stringify(tally(victims.map((sent) => sent.at(-1)?.outcome ?? 'none')))}`);
    expect(failed.length).toBeGreaterThan(0);

    // A citizen whose request was lost sends it again, same key, through another instance: it is
    // answered as if once (the dead instance either committed it whole, or not at all).
    await Promise.all(
      victims.map(async (sent, i) => {
        const last = sent.at(-1);
        const user = users[i * 3 + VICTIM];
        if (last === undefined || user === undefined || !last.outcome.startsWith('network')) return;
        const answer = await call(origins[i % 2] ?? '', 'putReservation', await tokenOf(user), { body: last.body, headers: { 'idempotency-key': last.key } });
        last.outcome = outcomeOf(answer);
      }),
    );
    expect(tally(victims.map((sent) => (sent.at(-1)?.outcome ?? '').replace(/^(200|409 slot_full)$/, 'ok'))), loggedErrors()).toEqual({ ok: victims.length });

    // Nothing half-written: the database's own checks (constraints, the audit chain, every slot's
    // claimed units equal to its claims)…
    if (storage === undefined) throw new Error('no storage');
    const checks = await checkDatabase(storage);
    expect(checks.filter((check) => !check.ok)).toEqual([]);
    // …every record whole (all its rows, its one claim, the slot its answer names), every claim
    // with its record, every remembered key with its answer.
    const rowsPerRecord = booking(citizen(0), MOVES_SURVEY, ROOMY).data.length;
    const records = await query(
      `SELECT r.user_id, (SELECT COUNT(*) FROM survey_results x WHERE x.partition_key = r.partition_key) AS row_count,
         (SELECT COUNT(*) FROM slot_claims c WHERE c.partition_key = r.partition_key) AS claims,
         (SELECT c.slot_id FROM slot_claims c WHERE c.partition_key = r.partition_key) AS claimed,
         (SELECT x.value FROM survey_results x WHERE x.partition_key = r.partition_key AND x.item_key = 'slot') AS answered
       FROM survey_records r WHERE r.survey_id = ?`,
      [MOVES_SURVEY.surveyId],
    );
    for (const record of records) {
      expect(record).toMatchObject({ row_count: rowsPerRecord, claims: 1 });
      expect(record.answered).toBe(record.claimed === ROOMY.slotId ? valueOf(ROOMY) : valueOf(TIGHT));
    }
    expect(await query('SELECT COUNT(*) AS n FROM slot_claims c LEFT JOIN survey_records r ON r.partition_key = c.partition_key WHERE r.partition_key IS NULL')).toEqual([{ n: 0 }]);
    expect(await query('SELECT COUNT(*) AS n FROM survey_records r WHERE NOT EXISTS (SELECT 1 FROM survey_results x WHERE x.partition_key = r.partition_key)')).toEqual([{ n: 0 }]);
    expect(await query("SELECT COUNT(*) AS n FROM idempotency_keys WHERE response_json = ''")).toEqual([{ n: 0 }]);
    // Each citizen holds the slot of their last booking answered 200 (none: no record at all).
    const held = new Map(records.map((record) => [String(record.user_id), record.claimed]));
    results.forEach((sent, i) => {
      const lastBooked = sent.filter((request) => request.outcome === '200').at(-1);
      expect(held.get(users[i]?.userId ?? '')).toBe(lastBooked?.slot.slotId);
    });
    // And the survivors show the tight slot as the claims fill it.
    for (const origin of origins.filter((_, i) => i !== VICTIM)) expect(await leftOn(origin, TIGHT)).toBe(TIGHT.capacity - Number(await claimedUnitsOf(TIGHT)));
  });
});
