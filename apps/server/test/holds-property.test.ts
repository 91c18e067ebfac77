// Random sequences of holds, bookings, time passing, confirmations, releases and cancellations by
// a few citizens over a few small slots, through the use-cases on the suite's engine. After every
// step, by direct SQL at the step's clock: every slot's counted units (confirmed bookings plus
// holds not yet expired) are within capacity, `left` is capacity minus them, only a pending
// order's record holds anything, and a paid order's slots are booked.
import { recordRepositories } from '../src/modules/records/repositories.js';
import { citizen as citizenActor } from '../src/access/actor.js';
import { CLOSED_CHECK_STATUSES, japanTimeToEpochMs } from '@city/survey-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../src/http/errors.js';
import type { CalendarRepository } from '../src/modules/calendars/calendar-repository.js';
import { HOLD_LIFETIME_MS } from '../src/modules/orders/holds.js';
import type { OrderReleaseStatus } from '../src/modules/orders/order-repository.js';
import { confirmOrder, releaseOrder } from '../src/modules/orders/settle-order.js';
import { cancelRecord } from '../src/modules/records/change-record.js';
import { holdRecord } from '../src/modules/records/hold-record.js';
import type { RecordsDeps } from '../src/modules/records/records.js';
import { submitRecord } from '../src/modules/records/submit-record.js';
import { addCalendar, addCategories, APPEND_BOOKING_SURVEY, bookingPayload, PAID_APPEND_BOOKING_SURVEY, CHECKUP_CATEGORIES, citizen, slotValue } from './calendar-fixtures.js';
import type { SqlExecutor } from './engines.js';
import { openTestDatabase, suiteRuns } from './engines.js';
import { FullSlotHints } from '../src/modules/records/full-slot-hints.js';

const SLOTS = [
  { date: '2026-12-05', slotId: '1', start: '09:00', end: '10:00', capacity: 1 },
  { date: '2026-12-05', slotId: '2', start: '13:00', end: '14:00', capacity: 2 },
  { date: '2026-12-06', slotId: '1', start: '09:00', end: '10:00', capacity: 3 },
];
const START = japanTimeToEpochMs('2026-12-01', '10:00');

type Step =
  | { kind: 'hold' | 'book'; user: number; slot: number }
  | { kind: 'confirm' | 'cancel'; order: number }
  | { kind: 'release'; order: number; status: OrderReleaseStatus }
  // Minutes: holds lapse within a few ticks, sometimes at the exact millisecond.
  | { kind: 'tick'; ms: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  // The one-unit slot half the time: a lapsed hold's units are often taken before its payment.
  { weight: 4, arbitrary: fc.record({ kind: fc.constantFrom('hold' as const, 'book' as const), user: fc.nat(4), slot: fc.oneof(fc.constant(0), fc.nat(SLOTS.length - 1)) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('confirm' as const, 'cancel' as const), order: fc.nat(9) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('release' as const), order: fc.nat(9), status: fc.constantFrom('cancelled' as const, 'failed' as const, 'expired' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('tick' as const), ms: fc.oneof(fc.constant(HOLD_LIFETIME_MS), fc.integer({ min: 1, max: 20 * 60_000 })) }) },
);

async function createWorld() {
  const database = await openTestDatabase();
  await addCategories(database.storage, CHECKUP_CATEGORIES);
  await addCalendar(database.storage, { calendarId: 'cal-central', categoryId: 'checkup-central', slots: SLOTS, rules: { maxActiveBookingsPerUser: undefined } });
  const clock = { now: START };
  // The provider is out of this test's reach: a cancelled order's payment is left as the record leaves it.
  const deps: RecordsDeps = { store: database.store(recordRepositories), fullSlots: new FullSlotHints(), isOwnUpload: async () => true, now: () => clock.now, settleCancelledOrder: async () => undefined };
  return { execute: database.execute, deps, clock, close: database.close };
}

/** The invariants at `now`, by direct SQL and through the repository's `left`. */
async function checkInvariants(execute: SqlExecutor, calendars: CalendarRepository, now: number): Promise<void> {
  for (const slot of SLOTS) {
    const [sums] = (await execute(
      `SELECT COALESCE(SUM(CASE WHEN hold_expires_at IS NULL OR hold_expires_at > ? THEN units END), 0) AS counted,
              COALESCE(SUM(units), 0) AS rows
       FROM slot_claims WHERE calendar_id = 'cal-central' AND date = ? AND slot_id = ?`,
      [now, slot.date, slot.slotId],
    )) as { counted: number; rows: number }[];
    const { counted, rows } = sums!;
    expect(counted).toBeLessThanOrEqual(slot.capacity);
    // The slot's stored count is every row's units, lapsed holds too (until swept), within capacity.
    expect(rows).toBeLessThanOrEqual(slot.capacity);
    expect(await execute("SELECT claimed_units FROM calendar_slots WHERE calendar_id = 'cal-central' AND date = ? AND slot_id = ?", [slot.date, slot.slotId])).toEqual([{ claimed_units: rows }]);
    expect((await calendars.findSlot('cal-central', slot.date, slot.slotId, now))?.left).toBe(slot.capacity - counted);
  }
  // A hold belongs to a record whose order is pending; a paid order's record holds no hold.
  const [strayHolds] = (await execute(
    `SELECT COUNT(*) AS n FROM slot_claims c WHERE c.hold_expires_at IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.partition_key = c.partition_key AND o.status = 'pending')`,
  )) as { n: number }[];
  expect(strayHolds?.n).toBe(0);
  // A paid order's slots are booked, until its record is cancelled (then the money goes back by hand).
  // The claims it paid for are counted here, not in SQL: SQLite and PostgreSQL read JSON differently.
  const closed = CLOSED_CHECK_STATUSES.map((status) => `'${status}'`).join(', ');
  const paid = (await execute(
    `SELECT o.held_claims_json, (SELECT COUNT(*) FROM slot_claims c WHERE c.partition_key = o.partition_key AND c.hold_expires_at IS NULL) AS booked
     FROM orders o WHERE o.status = 'paid'
       AND NOT EXISTS (SELECT 1 FROM survey_results r WHERE r.partition_key = o.partition_key AND r.check_status IN (${closed}))`,
  )) as { held_claims_json: string; booked: number }[];
  const unbooked = paid.filter((order) => (JSON.parse(order.held_claims_json) as unknown[]).length > order.booked);
  expect(unbooked.length).toBe(0);
}

describe('holds, expiry, confirmation and release', () => {
  it('keep every slot within capacity, counting confirmed bookings and unexpired holds, and left exact', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 30 }), async (steps) => {
        const { execute, deps, clock, close } = await createWorld();
        try {
          await deps.store.transaction(async ({ surveys }) => {
            for (const config of [APPEND_BOOKING_SURVEY, PAID_APPEND_BOOKING_SURVEY]) await surveys.save({ config, lookupItemKeys: [], searchable: false });
          });
          const orders = { store: deps.store };
          let submissions = 0;
          for (const step of steps) {
            const orderIds = ((await execute('SELECT order_id FROM orders ORDER BY created_at, order_id')) as { order_id: string }[]).map((row) => row.order_id);
            const orderId = 'order' in step ? orderIds[step.order % Math.max(orderIds.length, 1)] : undefined;
            try {
              switch (step.kind) {
                case 'tick':
                  clock.now += step.ms;
                  break;
                case 'hold':
                case 'book': {
                  const user = citizen(step.user + 1);
                  const slot = SLOTS[step.slot]!;
                  submissions += 1;
                  const value = slotValue('checkup-central', slot.date, slot.slotId);
                  // A distinct `now` per submission: each append-mode submission is a record of its own.
                  if (step.kind === 'book') {
                    await submitRecord(deps, user.userId, bookingPayload(user.userId, value, { config: APPEND_BOOKING_SURVEY, now: submissions }), undefined);
                  } else {
                    const payload = { ...bookingPayload(user.userId, value, { config: PAID_APPEND_BOOKING_SURVEY, now: submissions }), order: { items: [{ productId: 'fee', quantity: 1 }] } };
                    await holdRecord(deps, user.userId, payload, undefined, async () => '');
                  }
                  break;
                }
                case 'confirm':
                  if (orderId !== undefined) {
                    const first = await confirmOrder(orders, orderId, clock.now);
                    // Exactly once: asking again answers the same.
                    expect(await confirmOrder(orders, orderId, clock.now)).toBe(first);
                  }
                  break;
                case 'release':
                  if (orderId !== undefined) await releaseOrder(orders, orderId, step.status, clock.now);
                  break;
                case 'cancel':
                  if (orderId !== undefined) {
                    const [order] = (await execute('SELECT partition_key, user_id FROM orders WHERE order_id = ?', [orderId])) as { partition_key: string; user_id: string }[];
                    await cancelRecord(deps, citizenActor(order!.user_id), PAID_APPEND_BOOKING_SURVEY.surveyId, order!.partition_key);
                  }
                  break;
              }
            } catch (error) {
              // Refusals (a full slot, a record already cancelled) are answers; anything else is a bug.
              if (!(error instanceof HttpError)) throw error;
            }
            await checkInvariants(execute, deps.store.read.calendars, clock.now);
          }
        } finally {
          await close();
        }
      }),
      { numRuns: suiteRuns(200) },
    );
  }, 120_000);
});
