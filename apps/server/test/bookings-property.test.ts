// Random sequences of book, change, cancel and delete by a few citizens over a few small slots,
// run through the use-cases on the suite's engine, with failures injected mid-way. After every
// step, by direct SQL: each slot's claimed units are exactly the claims of live records' answers,
// never above capacity, a step that failed changed nothing, and a step that succeeded freed no
// booking past its change deadline (except deleting a record whose slot has ended).
import { recordRepositories } from '../src/modules/records/repositories.js';
import { citizen as citizenActor } from '../src/access/actor.js';
import type { SurveyConfig } from '@city/survey-core';
import { canChangeBooking, CLOSED_CHECK_STATUSES, japanTimeToEpochMs, parseReservationValue } from '@city/survey-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RepositoryFactory } from '../src/db/storage.js';
import { HttpError } from '../src/http/errors.js';
import { cancelRecord, deleteRecord } from '../src/modules/records/change-record.js';
import type { RecordRepositories, RecordsDeps } from '../src/modules/records/records.js';
import { submitRecord } from '../src/modules/records/submit-record.js';
import {
  addCalendar,
  addCategories,
  APPEND_BOOKING_SURVEY,
  BOOKING_SURVEY,
  bookingPayload,
  CHECKUP_CATEGORIES,
  citizen,
  DEFAULT_RULES,
  slotValue,
} from './calendar-fixtures.js';
import type { SqlExecutor } from './engines.js';
import { openTestDatabase, suiteRuns } from './engines.js';
import { FullSlotHints } from '../src/modules/records/full-slot-hints.js';

/** Append mode, and each booking takes two units. */
const PAIR_SURVEY: SurveyConfig = {
  ...APPEND_BOOKING_SURVEY,
  surveySchema: APPEND_BOOKING_SURVEY.surveySchema.map((item) => (item.type === 'reservation' ? { ...item, cost: 2 } : item)),
};
// Append mode at cost 1 too, so a citizen often holds two append-mode bookings an edit can replace at once.
const SURVEYS = [BOOKING_SURVEY, PAIR_SURVEY, APPEND_BOOKING_SURVEY] as const;
const COST: Record<string, number> = { [BOOKING_SURVEY.surveyId]: 1, [PAIR_SURVEY.surveyId]: 2, [APPEND_BOOKING_SURVEY.surveyId]: 1 };
const SLOTS = [
  { date: '2026-12-02', slotId: '1', start: '09:00', end: '10:00', capacity: 1 },
  { date: '2026-12-02', slotId: '2', start: '13:00', end: '14:00', capacity: 2 },
  { date: '2026-12-03', slotId: '1', start: '09:00', end: '10:00', capacity: 3 },
];
const START = japanTimeToEpochMs('2026-12-01', '10:00');
const RULES = { ...DEFAULT_RULES, maxActiveBookingsPerUser: 2 };

/** Repository methods a step may fail right after (their write done): the whole step must roll back. */
const FAULTS = ['addClaim', 'moveClaim', 'giveBackUnits', 'releaseClaim', 'releaseClaimsOfRecord', 'replace', 'update', 'setCheck', 'delete'] as const;
type Fault = (typeof FAULTS)[number];

type Step =
  | {
      kind: 'book' | 'change';
      user: number;
      survey: number;
      slot: number;
      record: number;
      /**
       * A change of an append-mode record (oldPartitionKey) whose rows are keyed another record of
       * the citizen's in that survey: the edit replaces both, and gives up or keeps both claims.
       */
      written: number | undefined;
      invalid: boolean;
      fault: Fault | undefined;
    }
  | { kind: 'cancel' | 'delete'; user: number; record: number; fault: Fault | undefined }
  | { kind: 'tick'; hours: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({
    kind: fc.constantFrom('book' as const, 'change' as const),
    user: fc.nat(2),
    survey: fc.nat(SURVEYS.length - 1),
    slot: fc.nat(SLOTS.length - 1),
    record: fc.nat(3),
    written: fc.option(fc.nat(3), { nil: undefined, freq: 2 }),
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

/** A world: a fresh database with the calendar and surveys, the use-cases' deps, a clock and a fault switch. */
async function createWorld(start = START) {
  const database = await openTestDatabase();
  await addCategories(database.storage, CHECKUP_CATEGORIES);
  await addCalendar(database.storage, { calendarId: 'cal-central', categoryId: 'checkup-central', slots: SLOTS, rules: RULES });
  const world = { clock: start, fault: undefined as Fault | undefined, fired: false };
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
  const withFaults = (set: RecordRepositories): RecordRepositories => ({ ...set, records: failAfter(set.records), calendars: failAfter(set.calendars) });
  const faulty: RepositoryFactory<RecordRepositories> = {
    sqlite: (db, configuration) => withFaults(recordRepositories.sqlite(db, configuration)),
    postgres: (db, configuration) => withFaults(recordRepositories.postgres(db, configuration)),
  };
  const store = database.store(faulty);
  await store.transaction(async ({ surveys }) => {
    for (const config of SURVEYS) await surveys.save({ config, lookupItemKeys: [], searchable: false });
  });
  // Nothing here is paid for: no order is ever settled.
  const deps: RecordsDeps = { store, fullSlots: new FullSlotHints(), isOwnUpload: async () => true, now: () => world.clock, settleCancelledOrder: async () => undefined };
  // Read through a call: whether the fault fired is decided inside the step.
  const fired = () => world.fired;
  return { execute: database.execute, deps, world, fired, close: database.close };
}

/** Everything a step may change. */
async function snapshot(execute: SqlExecutor): Promise<unknown> {
  return [
    await execute('SELECT * FROM survey_records ORDER BY partition_key'),
    await execute('SELECT partition_key, sort_key, value, check_status FROM survey_results ORDER BY partition_key, sort_key'),
    await execute('SELECT * FROM slot_claims ORDER BY partition_key, item_key'),
  ];
}

/** The invariants, by direct SQL. */
async function checkInvariants(execute: SqlExecutor): Promise<void> {
  const closed = CLOSED_CHECK_STATUSES.map((status) => `'${status}'`).join(', ');
  // The claims the live, open records' answers call for: one per answer, of the survey's cost.
  const answers = (await execute(
    `SELECT r.partition_key, r.survey_id, r.user_id, s.value FROM survey_records r JOIN survey_results s ON s.partition_key = r.partition_key
     WHERE s.item_key = 'slot' AND r.survey_id IN (?, ?, ?)
       AND NOT EXISTS (SELECT 1 FROM survey_results c WHERE c.partition_key = r.partition_key AND c.check_status IN (${closed}))`,
    SURVEYS.map((survey) => survey.surveyId),
  )) as { partition_key: string; survey_id: string; user_id: string; value: string }[];
  const expected = answers
    .map((answer) => {
      const slot = parseReservationValue(answer.value)!;
      return `${answer.partition_key} slot cal-central ${slot.date} ${slot.slotId} ${answer.user_id} ${COST[answer.survey_id]}`;
    })
    .sort();
  const claims = (await execute('SELECT partition_key, item_key, calendar_id, date, slot_id, user_id, units FROM slot_claims'))
    .map((claim) => Object.values(claim).join(' '))
    .sort();
  expect(claims).toEqual(expected);

  // What a slot shows left is capacity minus the claims, never below zero; its stored count is
  // exactly its claims' units.
  const slots = (await execute(
    `SELECT s.capacity, s.claimed_units, COALESCE((SELECT SUM(units) FROM slot_claims c WHERE c.calendar_id = s.calendar_id AND c.date = s.date AND c.slot_id = s.slot_id), 0) AS claimed
     FROM calendar_slots s`,
  )) as { capacity: number; claimed_units: number; claimed: number }[];
  for (const slot of slots) {
    expect(slot.claimed).toBeLessThanOrEqual(slot.capacity);
    expect(slot.claimed_units).toBe(slot.claimed);
  }
}

/** The bookings past their change deadline at `now` (`user date slot units`), and whether each slot has ended. */
async function lockedClaims(execute: SqlExecutor, now: number): Promise<{ claim: string; ended: boolean }[]> {
  const rows = (await execute(
    `SELECT c.user_id, c.date, c.slot_id, c.units, s.start_time, s.end_time FROM slot_claims c
     JOIN calendar_slots s ON s.calendar_id = c.calendar_id AND s.date = c.date AND s.slot_id = c.slot_id`,
  )) as { user_id: string; date: string; slot_id: string; units: number; start_time: string; end_time: string }[];
  return rows
    .filter((row) => !canChangeBooking({ date: row.date, start: row.start_time }, RULES, now))
    .map((row) => ({ claim: `${row.user_id} ${row.date} ${row.slot_id} ${row.units}`, ended: now >= japanTimeToEpochMs(row.date, row.end_time) }));
}

/** Every booking locked before a step is still held after it (by its record or the one an edit wrote). */
async function expectLockedKept(execute: SqlExecutor, locked: readonly { claim: string; ended: boolean }[], now: number, step: Step): Promise<void> {
  const after = (await lockedClaims(execute, now)).map((row) => row.claim);
  for (const { claim, ended } of locked) {
    if (step.kind === 'delete' && ended) continue; // deleting a record whose slot has ended is allowed
    const index = after.indexOf(claim);
    expect(index, `${step.kind} freed ${claim} past its change deadline`).toBeGreaterThanOrEqual(0);
    after.splice(index, 1);
  }
}

/**
 * What the step does, as a call to make, and what it is for the tally of outcomes (an edit of two
 * records has its own).
 */
async function prepareStep(world: Awaited<ReturnType<typeof createWorld>>, step: Step, appendCounter: { n: number }): Promise<{ kind: string; run: () => Promise<unknown> }> {
  const { execute, deps } = world;
  if (step.kind === 'tick') {
    return {
      kind: step.kind,
      run: async () => {
        world.world.clock += step.hours * 60 * 60_000;
      },
    };
  }
  const user = citizen(step.user + 1);
  const ownRecords = (await execute('SELECT partition_key, survey_id FROM survey_records WHERE user_id = ? ORDER BY partition_key', [user.userId])) as {
    partition_key: string;
    survey_id: string;
  }[];
  const chosen = ownRecords.length === 0 ? undefined : ownRecords[step.record % ownRecords.length];
  if (step.kind !== 'book' && step.kind !== 'change') {
    const target = chosen ?? { partition_key: `${BOOKING_SURVEY.surveyId}#${user.userId}`, survey_id: BOOKING_SURVEY.surveyId };
    return {
      kind: step.kind,
      run: () =>
        step.kind === 'cancel'
          ? cancelRecord(deps, citizenActor(user.userId), target.survey_id, target.partition_key)
          : deleteRecord(deps, target.survey_id, target.partition_key, user.userId),
    };
  }
  const slot = SLOTS[step.slot]!;
  const value = slotValue('checkup-central', slot.date, slot.slotId);
  const name = step.invalid ? 'あ'.repeat(21) : '市民'; // over the name's maxLength: validation fails
  appendCounter.n += 1;
  const answer = (config: SurveyConfig, oldPartitionKey?: string) =>
    bookingPayload(user.userId, value, { config, name, now: appendCounter.n, ...(oldPartitionKey === undefined ? {} : { oldPartitionKey }) });
  const surveyOf = (record: { survey_id: string }) => SURVEYS.find((survey) => survey.surveyId === record.survey_id)!;

  // An edit of two records: rows keyed one append-mode record, oldPartitionKey another of the
  // same survey. Picked among the citizen's records that have such a sibling, so it comes up often.
  const siblingsOf = (record: { partition_key: string; survey_id: string }) =>
    ownRecords.filter((other) => other !== record && other.survey_id === record.survey_id && surveyOf(record).isAppending?.value === true);
  const pairable = ownRecords.filter((record) => siblingsOf(record).length > 0);
  if (step.kind === 'change' && step.written !== undefined && pairable.length > 0) {
    const replaced = pairable[step.record % pairable.length]!;
    const siblings = siblingsOf(replaced);
    const written = siblings[step.written % siblings.length]!.partition_key;
    const payload = answer(surveyOf(replaced), replaced.partition_key);
    const rows = payload.data.map((row) => ({ ...row, partitionKey: written }));
    return { kind: 'change two records', run: () => submitRecord(deps, user.userId, { ...payload, data: rows }, undefined) };
  }

  let config: SurveyConfig = SURVEYS[step.survey]!;
  let oldPartitionKey: string | undefined;
  if (step.kind === 'change' && chosen !== undefined) {
    config = surveyOf(chosen);
    if (config.isAppending?.value === true) oldPartitionKey = chosen.partition_key;
  }
  const payload = answer(config, oldPartitionKey);
  return { kind: step.kind, run: () => submitRecord(deps, user.userId, payload, undefined) };
}

/** Runs the steps in a fresh world, checking the invariants after each; tallies `kind outcome`. */
async function runSequence(steps: readonly Step[], outcomes: Map<string, number>, start = START): Promise<void> {
  const world = await createWorld(start);
  const appendCounter = { n: 0 };
  try {
    for (const step of steps) {
      const before = await snapshot(world.execute);
      const locked = await lockedClaims(world.execute, world.world.clock);
      world.world.fault = 'fault' in step ? step.fault : undefined;
      world.world.fired = false;
      let outcome = 'ok';
      const { kind, run } = await prepareStep(world, step, appendCounter);
      try {
        await run();
      } catch (error) {
        if (error instanceof InjectedFailure) outcome = 'injected';
        else if (error instanceof HttpError) outcome = error.code;
        else throw error;
      } finally {
        world.world.fault = undefined;
      }
      outcomes.set(`${kind} ${outcome}`, (outcomes.get(`${kind} ${outcome}`) ?? 0) + 1);
      if (outcome !== 'ok') expect(await snapshot(world.execute)).toEqual(before);
      else await expectLockedKept(world.execute, locked, world.world.clock, step);
      if (world.fired()) expect(outcome).toBe('injected');
      await checkInvariants(world.execute);
    }
  } finally {
    await world.close();
  }
}

/**
 * One citizen's append-mode bookings, edits of two records at once, and time passing: the steps
 * that reach an edit giving up two claims, one of them past its change deadline, within a few runs.
 * They start two hours before the first slots' change deadline (00:00 on 12-02), so the first tick
 * passes it.
 */
const TWO_RECORD_START = japanTimeToEpochMs('2026-12-01', '22:00');
const twoRecordStepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom('book' as const, 'change' as const),
      user: fc.constant(0),
      survey: fc.constant(SURVEYS.indexOf(APPEND_BOOKING_SURVEY)),
      slot: fc.nat(SLOTS.length - 1),
      record: fc.nat(3),
      written: fc.nat(3),
      invalid: fc.constant(false),
      fault: fc.constant(undefined), // the other property injects failures
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('tick' as const), hours: fc.integer({ min: 2, max: 8 }) }) },
);

describe('bookings, property', () => {
  it('keeps claims equal to live answers and within capacity after every step; a failed step changes nothing', async () => {
    const outcomes = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 20 }), (steps) => runSequence(steps, outcomes)),
      { numRuns: suiteRuns(100) },
    );
    // The runs did reach what they are meant to test.
    for (const seen of ['book ok', 'book slot_full', 'book injected', 'change ok', 'cancel ok', 'delete ok', 'book invalid_answers']) {
      expect(outcomes.get(seen) ?? 0, seen).toBeGreaterThan(0);
    }
    console.info(Object.fromEntries([...outcomes].sort()));
  }, 120_000);

  it('frees no booking past its change deadline through an edit replacing two records', async () => {
    const outcomes = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(twoRecordStepArbitrary, { minLength: 1, maxLength: 12 }), (steps) => runSequence(steps, outcomes, TWO_RECORD_START)),
      { numRuns: suiteRuns(200) },
    );
    for (const seen of ['change two records ok', 'change two records change_deadline_passed']) {
      expect(outcomes.get(seen) ?? 0, seen).toBeGreaterThan(0);
    }
    console.info(Object.fromEntries([...outcomes].sort()));
  }, 120_000);
});
