// Random interleavings of staff and citizens on one survey's bookings, through the use-cases on the
// suite's engine: citizens book, move and cancel; staff change a status on the version they saw
// (maybe stale), cancel, reopen and change a whole filter at once. Operations run a few at a time,
// concurrently. After every group, by direct SQL:
// - every slot's claimed units are exactly the bookings of the open records naming it, and never
//   above its capacity (the live claims are the capacity's only truth);
// - no update is lost: a record's version is the number of writes that succeeded on it, and no two
//   successful staff changes were made on the same version of a record (a stale one is refused).
import { CLOSED_CHECK_STATUSES, japanTimeToEpochMs, parseReservationValue } from '@city/survey-core';
import type { CheckStatus } from '@city/survey-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StaffActor } from '../src/access/actor.js';
import { citizen as citizenActor } from '../src/access/actor.js';
import { HttpError } from '../src/http/errors.js';
import { cancelRecord } from '../src/modules/records/change-record.js';
import type { RecordsDeps } from '../src/modules/records/records.js';
import { recordRepositories } from '../src/modules/records/repositories.js';
import { bulkChangeStatus, changeStatus } from '../src/modules/records/staff-records.js';
import { submitRecord } from '../src/modules/records/submit-record.js';
import { addCalendar, addCategories, BOOKING_SURVEY, bookingPayload, CHECKUP_CATEGORIES, citizen, DEFAULT_RULES, slotValue } from './calendar-fixtures.js';
import { openTestDatabase } from './engines.js';
import { FullSlotHints } from '../src/modules/records/full-slot-hints.js';

const SLOTS = [
  { date: '2026-12-03', slotId: '1', start: '09:00', end: '10:00', capacity: 1 },
  { date: '2026-12-03', slotId: '2', start: '10:00', end: '11:00', capacity: 2 },
  { date: '2026-12-04', slotId: '1', start: '09:00', end: '10:00', capacity: 2 },
];
const USERS = 5;
const STATUSES: readonly CheckStatus[] = ['未対応', '処理中', '処理済み', '完了', 'キャンセル', '取り消し'];
const STAFF: StaffActor = { kind: 'staff', staffId: 'staff-1', loginId: 'member', role: 'member', teamIds: ['team-a'], ip: '127.0.0.1' };

type Step =
  | { kind: 'book'; user: number; slot: number }
  | { kind: 'cancel'; user: number }
  | { kind: 'staffStatus'; user: number; status: number; stale: boolean }
  | { kind: 'bulk'; status: number; onlyOpen: boolean };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('book' as const), user: fc.nat(USERS - 1), slot: fc.nat(SLOTS.length - 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), user: fc.nat(USERS - 1) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('staffStatus' as const), user: fc.nat(USERS - 1), status: fc.nat(STATUSES.length - 1), stale: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('bulk' as const), status: fc.nat(STATUSES.length - 1), onlyOpen: fc.boolean() }) },
);

async function createWorld() {
  const database = await openTestDatabase();
  await addCategories(database.storage, CHECKUP_CATEGORIES);
  await addCalendar(database.storage, { calendarId: 'cal-central', categoryId: 'checkup-central', slots: SLOTS, rules: { ...DEFAULT_RULES, maxActiveBookingsPerUser: undefined } });
  await database.execute("INSERT INTO teams (team_id, name, created_at) VALUES ('team-a', 'A', 0)");
  const store = database.store(recordRepositories);
  const deps: RecordsDeps = { store, now: () => japanTimeToEpochMs('2026-12-01', '10:00'), fullSlots: new FullSlotHints(), isOwnUpload: async () => true, settleCancelledOrder: async () => undefined };
  return {
    execute: database.execute,
    deps,
    setUp: () =>
      store.transaction(async ({ surveys }) => {
        await surveys.save({ config: BOOKING_SURVEY, lookupItemKeys: [], searchable: false });
        await surveys.setTeams(BOOKING_SURVEY.surveyId, ['team-a']);
      }),
    close: database.close,
  };
}

const keyOf = (user: number) => `${BOOKING_SURVEY.surveyId}#${citizen(user).userId}`;

describe('staff and citizens interleaved', () => {
  it('lose no update and keep every slot at its live claims', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(stepArbitrary, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 12 }), async (groups) => {
        const world = await createWorld();
        const { execute, deps } = world;
        const versionOf = async (user: number) => ((await execute('SELECT version FROM survey_records WHERE partition_key = ?', [keyOf(user)])) as { version: number }[])[0]?.version;
        /** Successful writes per record (its creation included), and the versions staff changes were made on. */
        const changes = new Map<string, number>();
        const staffBases = new Set<string>();
        const counted = (key: string) => changes.set(key, (changes.get(key) ?? 0) + 1);
        /** Versions as a page opened one group earlier showed them (a stale page). */
        let seenEarlier = new Map<number, number | undefined>();
        let op = 0;
        try {
          await world.setUp();
          for (const group of groups) {
            const seenNow = new Map<number, number | undefined>();
            for (let user = 0; user < USERS; user += 1) seenNow.set(user, await versionOf(user));
            const runs = group.map(async (step) => {
              op += 1;
              const reason = `op-${op}`;
              try {
                switch (step.kind) {
                  case 'book': {
                    const user = citizen(step.user);
                    const slot = SLOTS[step.slot]!;
                    await submitRecord(deps, user.userId, bookingPayload(user.userId, slotValue('checkup-central', slot.date, slot.slotId)), undefined);
                    // Creating the record (version 1) or editing it (one more): either way, one write.
                    counted(keyOf(step.user));
                    return;
                  }
                  case 'cancel':
                    await cancelRecord(deps, citizenActor(citizen(step.user).userId), BOOKING_SURVEY.surveyId, keyOf(step.user));
                    counted(keyOf(step.user));
                    return;
                  case 'staffStatus': {
                    const version = (step.stale ? seenEarlier : seenNow).get(step.user);
                    if (version === undefined) return;
                    await changeStatus(deps, STAFF, BOOKING_SURVEY.surveyId, keyOf(step.user), { status: STATUSES[step.status]!, reason, version });
                    const base = `${keyOf(step.user)}@${version}`;
                    expect(staffBases.has(base), `two staff changes on ${base}`).toBe(false);
                    staffBases.add(base);
                    counted(keyOf(step.user));
                    return;
                  }
                  case 'bulk': {
                    const filter = step.onlyOpen ? { statuses: STATUSES.filter((status) => !(CLOSED_CHECK_STATUSES as readonly string[]).includes(status)) } : {};
                    // The count the staff member confirmed; a citizen's change in between makes it 409.
                    const expectedCount = (await deps.store.read.search.allMatching(BOOKING_SURVEY.surveyId, filter)).length;
                    await bulkChangeStatus(deps, STAFF, BOOKING_SURVEY.surveyId, { filter, status: STATUSES[step.status]!, reason, expectedCount });
                    // Which records it changed: its history entries carry this operation's reason.
                    const changed = (await execute('SELECT partition_key FROM record_events WHERE text = ?', [reason])) as { partition_key: string }[];
                    for (const { partition_key: key } of changed) counted(key);
                    return;
                  }
                }
              } catch (error) {
                if (!(error instanceof HttpError)) throw error;
              }
            });
            await Promise.all(runs);
            seenEarlier = seenNow;

            // Capacity: claimed units are exactly the open records' bookings, never above capacity.
            const claimedRows = (await execute('SELECT date, slot_id, SUM(units) AS units FROM slot_claims GROUP BY date, slot_id')) as { date: string; slot_id: string; units: number }[];
            const claimed = new Map(claimedRows.map((row) => [`${row.date}|${row.slot_id}`, row.units]));
            const expected = new Map<string, number>();
            const open = (await execute(`SELECT r.value FROM survey_results r WHERE r.item_key = 'slot' AND r.check_status NOT IN ('キャンセル', '取り消し')`)) as { value: string }[];
            for (const { value } of open) {
              const ref = parseReservationValue(value)!;
              expected.set(`${ref.date}|${ref.slotId}`, (expected.get(`${ref.date}|${ref.slotId}`) ?? 0) + 1);
            }
            expect(claimed).toEqual(expected);
            for (const slot of SLOTS) expect(claimed.get(`${slot.date}|${slot.slotId}`) ?? 0).toBeLessThanOrEqual(slot.capacity);

            // No update lost: every successful write raised the version exactly once.
            for (let user = 0; user < USERS; user += 1) {
              const version = await versionOf(user);
              if (version !== undefined) expect(version, `version of ${keyOf(user)}`).toBe(changes.get(keyOf(user)) ?? 0);
            }
          }
        } finally {
          await world.close();
        }
      }),
      { numRuns: 60 },
    );
  });
});
