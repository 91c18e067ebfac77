// Random sequences of book, change, cancel and delete by a few citizens over a few small slots,
// run through the use-cases on a real SQLite file, with failures injected mid-way. After every
// step, by direct SQL: each slot's claimed units are exactly the claims of live records' answers,
// never above capacity, and a step that failed changed nothing.
import type { SurveyConfig } from '@city/survey-core';
import { CLOSED_CHECK_STATUSES, japanTimeToEpochMs, parseReservationValue } from '@city/survey-core';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SqliteDatabase } from '../src/db/database.js';
import { openDatabase } from '../src/db/database.js';
import { connectSqlite, sqliteStore } from '../src/db/sqlite-store.js';
import { HttpError } from '../src/http/errors.js';
import { createSqliteCalendarRepository } from '../src/modules/calendars/sqlite-calendar-repository.js';
import { cancelRecord, deleteRecord } from '../src/modules/records/change-record.js';
import type { RecordRepositories, RecordsDeps } from '../src/modules/records/records.js';
import { createSqliteIdempotencyRepository } from '../src/modules/records/sqlite-idempotency-repository.js';
import { createSqliteLookupGuardRepository } from '../src/modules/records/sqlite-lookup-guard-repository.js';
import { createSqliteRecordRepository } from '../src/modules/records/sqlite-record-repository.js';
import { submitRecord } from '../src/modules/records/submit-record.js';
import { createSqliteSurveyRepository } from '../src/modules/surveys/sqlite-survey-repository.js';
import { APPEND_BOOKING_SURVEY, BOOKING_SURVEY, bookingPayload, CHECKUP_CATEGORIES, citizen, insertCalendar, insertCategories, slotValue } from './calendar-fixtures.js';

/** Append mode, and each booking takes two units. */
const PAIR_SURVEY: SurveyConfig = {
  ...APPEND_BOOKING_SURVEY,
  surveySchema: APPEND_BOOKING_SURVEY.surveySchema.map((item) => (item.type === 'reservation' ? { ...item, cost: 2 } : item)),
};
const SURVEYS = [BOOKING_SURVEY, PAIR_SURVEY] as const;
const COST: Record<string, number> = { [BOOKING_SURVEY.surveyId]: 1, [PAIR_SURVEY.surveyId]: 2 };
const SLOTS = [
  { date: '2026-12-02', slotId: '1', start: '09:00', end: '10:00', capacity: 1 },
  { date: '2026-12-02', slotId: '2', start: '13:00', end: '14:00', capacity: 2 },
  { date: '2026-12-03', slotId: '1', start: '09:00', end: '10:00', capacity: 3 },
];
const START = japanTimeToEpochMs('2026-12-01', '10:00');

/** Repository methods a step may fail right after (their write done): the whole step must roll back. */
const FAULTS = ['addClaim', 'releaseClaimsOfRecord', 'replace', 'setCheck', 'delete'] as const;
type Fault = (typeof FAULTS)[number];

type Step =
  | { kind: 'book' | 'change'; user: number; survey: number; slot: number; record: number; invalid: boolean; fault: Fault | undefined }
  | { kind: 'cancel' | 'delete'; user: number; record: number; fault: Fault | undefined }
  | { kind: 'tick'; hours: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({
    kind: fc.constantFrom('book' as const, 'change' as const),
    user: fc.nat(2),
    survey: fc.nat(1),
    slot: fc.nat(SLOTS.length - 1),
    record: fc.nat(3),
    invalid: fc.nat(9).map((n) => n < 2), // one in five
    fault: fc.option(fc.constantFrom(...FAULTS), { nil: undefined, freq: 3 }),
  }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('cancel' as const, 'delete' as const),
      user: fc.nat(2),
      record: fc.nat(3),
      fault: fc.option(fc.constantFrom(...FAULTS), { nil: undefined, freq: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('tick' as const), hours: fc.integer({ min: 1, max: 8 }) }) },
);

class InjectedFailure extends Error {}

/** A world: a fresh SQLite file with the calendar and surveys, the use-cases' deps, a clock and a fault switch. */
async function createWorld() {
  const dir = mkdtempSync(path.join(tmpdir(), 'city-bookings-property-'));
  const db = openDatabase(path.join(dir, 'city.sqlite'));
  insertCategories(db, CHECKUP_CATEGORIES);
  insertCalendar(db, { calendarId: 'cal-central', categoryId: 'checkup-central', slots: SLOTS, rules: { maxActiveBookingsPerUser: 2 } });
  const connections = connectSqlite(db);
  const world = { clock: START, fault: undefined as Fault | undefined, fired: false };
  // Each repository method named by the armed fault does its work, then throws.
  const failAfter = <T extends object>(repository: T): T =>
    new Proxy(repository, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function' || property !== world.fault) return value;
        return async (...args: unknown[]) => {
          await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          world.fired = true;
          throw new InjectedFailure(`injected after ${property}`);
        };
      },
    });
  const store = sqliteStore<RecordRepositories>(connections, (connection) => ({
    records: failAfter(createSqliteRecordRepository(connection)),
    idempotency: createSqliteIdempotencyRepository(connection),
    lookupGuards: createSqliteLookupGuardRepository(connection),
    surveys: createSqliteSurveyRepository(connection),
    calendars: failAfter(createSqliteCalendarRepository(connection)),
  }));
  await store.transaction(async ({ surveys }) => {
    for (const config of SURVEYS) await surveys.save({ config, lookupItemKeys: [], searchable: false });
  });
  const deps: RecordsDeps = { store, isOwnUpload: async () => true, now: () => world.clock };
  const close = () => {
    if (connections.reader !== db) connections.reader.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  };
  // Read through a call: whether the fault fired is decided inside the step.
  const fired = () => world.fired;
  return { db, deps, world, fired, close };
}

/** Everything a step may change. */
function snapshot(db: SqliteDatabase): unknown {
  return [
    db.prepare('SELECT * FROM survey_records ORDER BY partition_key').all(),
    db.prepare('SELECT partition_key, sort_key, value, check_status FROM survey_results ORDER BY partition_key, sort_key').all(),
    db.prepare('SELECT * FROM slot_claims ORDER BY partition_key, item_key').all(),
  ];
}

/** The invariants, by direct SQL. */
function checkInvariants(db: SqliteDatabase): void {
  const closed = CLOSED_CHECK_STATUSES.map((status) => `'${status}'`).join(', ');
  // The claims the live, open records' answers call for: one per answer, of the survey's cost.
  const answers = db
    .prepare(
      `SELECT r.partition_key, r.survey_id, r.user_id, s.value FROM survey_records r JOIN survey_results s ON s.partition_key = r.partition_key
       WHERE s.item_key = 'slot' AND r.survey_id IN (?, ?)
         AND NOT EXISTS (SELECT 1 FROM survey_results c WHERE c.partition_key = r.partition_key AND c.check_status IN (${closed}))`,
    )
    .all(BOOKING_SURVEY.surveyId, PAIR_SURVEY.surveyId) as { partition_key: string; survey_id: string; user_id: string; value: string }[];
  const expected = answers
    .map((answer) => {
      const slot = parseReservationValue(answer.value)!;
      return `${answer.partition_key} slot cal-central ${slot.date} ${slot.slotId} ${answer.user_id} ${COST[answer.survey_id]}`;
    })
    .sort();
  const claims = (
    db.prepare('SELECT partition_key, item_key, calendar_id, date, slot_id, user_id, units FROM slot_claims').all() as Record<string, unknown>[]
  )
    .map((claim) => Object.values(claim).join(' '))
    .sort();
  expect(claims).toEqual(expected);

  // What a slot shows left is capacity minus the claims, never below zero.
  const slots = db
    .prepare(
      `SELECT s.capacity, COALESCE((SELECT SUM(units) FROM slot_claims c WHERE c.calendar_id = s.calendar_id AND c.date = s.date AND c.slot_id = s.slot_id), 0) AS claimed
       FROM calendar_slots s`,
    )
    .all() as { capacity: number; claimed: number }[];
  for (const slot of slots) expect(slot.claimed).toBeLessThanOrEqual(slot.capacity);
}

async function runStep(world: Awaited<ReturnType<typeof createWorld>>, step: Step, appendCounter: { n: number }): Promise<void> {
  const { db, deps } = world;
  if (step.kind === 'tick') {
    world.world.clock += step.hours * 60 * 60_000;
    return;
  }
  const user = citizen(step.user + 1);
  const ownRecords = (db.prepare('SELECT partition_key, survey_id FROM survey_records WHERE user_id = ? ORDER BY partition_key').all(user.userId) as {
    partition_key: string;
    survey_id: string;
  }[]);
  const chosen = ownRecords.length === 0 ? undefined : ownRecords[step.record % ownRecords.length];
  if (step.kind !== 'book' && step.kind !== 'change') {
    const target = chosen ?? { partition_key: `${BOOKING_SURVEY.surveyId}#${user.userId}`, survey_id: BOOKING_SURVEY.surveyId };
    const run = step.kind === 'cancel' ? cancelRecord : deleteRecord;
    await run(deps, target.survey_id, target.partition_key, user.userId);
    return;
  }
  const slot = SLOTS[step.slot]!;
  const value = slotValue('checkup-central', slot.date, slot.slotId);
  const name = step.invalid ? 'あ'.repeat(21) : '市民'; // over the name's maxLength: validation fails
  let config: SurveyConfig = SURVEYS[step.survey]!;
  let oldPartitionKey: string | undefined;
  if (step.kind === 'change' && chosen !== undefined) {
    config = SURVEYS.find((survey) => survey.surveyId === chosen.survey_id)!;
    if (config.isAppending?.value === true) oldPartitionKey = chosen.partition_key;
  }
  appendCounter.n += 1;
  const payload = bookingPayload(user.userId, value, { config, name, now: appendCounter.n, ...(oldPartitionKey === undefined ? {} : { oldPartitionKey }) });
  await submitRecord(deps, user.userId, payload, undefined);
}

describe('bookings, property', () => {
  it('keeps claims equal to live answers and within capacity after every step; a failed step changes nothing', async () => {
    const outcomes = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 20 }), async (steps) => {
        const world = await createWorld();
        const appendCounter = { n: 0 };
        try {
          for (const step of steps) {
            const before = snapshot(world.db);
            world.world.fault = 'fault' in step ? step.fault : undefined;
            world.world.fired = false;
            let outcome = 'ok';
            try {
              await runStep(world, step, appendCounter);
            } catch (error) {
              if (error instanceof InjectedFailure) outcome = 'injected';
              else if (error instanceof HttpError) outcome = error.code;
              else throw error;
            } finally {
              world.world.fault = undefined;
            }
            outcomes.set(`${step.kind} ${outcome}`, (outcomes.get(`${step.kind} ${outcome}`) ?? 0) + 1);
            if (outcome !== 'ok') expect(snapshot(world.db)).toEqual(before);
            if (world.fired()) expect(outcome).toBe('injected');
            checkInvariants(world.db);
          }
        } finally {
          world.close();
        }
      }),
      { numRuns: 100 },
    );
    // The runs did reach what they are meant to test.
    for (const seen of ['book ok', 'book slot_full', 'book injected', 'change ok', 'cancel ok', 'delete ok', 'book invalid_answers']) {
      expect(outcomes.get(seen) ?? 0, seen).toBeGreaterThan(0);
    }
    console.info(Object.fromEntries([...outcomes].sort()));
  }, 120_000);
});
