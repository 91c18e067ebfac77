// Random staff edits of a calendar (capacity, re-timing, deleting and adding slots, closing and
// opening days, applying a slot file) interleaved with citizens booking, changing and cancelling,
// all through the real app. After every step, by direct SQL: no slot holds more units than its
// capacity, every booking points at a slot that exists, and every live booking answer has its claim.
import { buildSubmissionPayload, formatReservationValue, japanTimeToEpochMs } from '@city/survey-core';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { addCalendar, addCategories, BOOKING_SURVEY, CHECKUP_CATEGORIES, saveSurveys } from './calendar-fixtures.js';
import { createTestContext } from './helpers.js';
import { addStaff, addTeams, consoleClient } from './staff-helpers.js';

const NOW = japanTimeToEpochMs('2026-12-01', '10:00');
const DATES = ['2026-12-03', '2026-12-04'] as const;
const SLOT_IDS = ['1', '2', '3'] as const;
const TIMES = { '1': ['09:00', '10:00'], '2': ['10:00', '11:00'], '3': ['13:00', '14:00'] } as const;

type Step =
  | { kind: 'book'; user: number; date: number; slot: number }
  | { kind: 'cancel'; user: number }
  | { kind: 'capacity'; date: number; slot: number; capacity: number }
  | { kind: 'retime'; date: number; slot: number }
  | { kind: 'deleteSlot'; date: number; slot: number }
  | { kind: 'addSlot'; date: number; slot: number; capacity: number }
  | { kind: 'close' | 'open'; date: number }
  | { kind: 'file'; capacities: (number | null)[] };

const index = (max: number) => fc.nat(max - 1);
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('book' as const), user: index(3), date: index(DATES.length), slot: index(SLOT_IDS.length) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), user: index(3) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('capacity' as const), date: index(DATES.length), slot: index(SLOT_IDS.length), capacity: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('retime' as const), date: index(DATES.length), slot: index(SLOT_IDS.length) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteSlot' as const), date: index(DATES.length), slot: index(SLOT_IDS.length) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('addSlot' as const), date: index(DATES.length), slot: index(SLOT_IDS.length), capacity: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('close' as const, 'open' as const), date: index(DATES.length) }) },
  // A slot file over both dates: each slot's capacity, or absent (null) on that date.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('file' as const), capacities: fc.array(fc.option(fc.nat(3), { nil: null, freq: 4 }), { minLength: 6, maxLength: 6 }) }) },
);

it('keeps every slot within capacity and every booking on a slot that exists, whatever staff and citizens do', { timeout: 120_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(stepArbitrary, { minLength: 5, maxLength: 25 }), async (steps) => {
      const ctx = await createTestContext({}, {}, { now: () => NOW });
      try {
        await addCategories(ctx.app.storage, CHECKUP_CATEGORIES);
        await addCalendar(ctx.app.storage, { calendarId: 'cal-central', categoryId: 'checkup-central', slots: DATES.flatMap((date) => SLOT_IDS.map((slotId) => ({ date, slotId, start: TIMES[slotId][0], end: TIMES[slotId][1], capacity: 1 }))) });
        await saveSurveys(ctx, BOOKING_SURVEY);
        await addTeams(ctx);
        const admin = consoleClient(ctx);
        expect((await admin.signIn(await addStaff(ctx, 'admin', ['team-a']))).status).toBe(200);
        const slot = (date: number, slotIndex: number) => ({ date: DATES[date] ?? DATES[0], slotId: SLOT_IDS[slotIndex] ?? '1' });

        for (const step of steps) {
          let status: number;
          switch (step.kind) {
            case 'book': {
              const user = ctx.users[step.user]!;
              const value = formatReservationValue({ categoryId: 'checkup-central', ...slot(step.date, step.slot) });
              status = (await ctx.call(user, 'putReservation', { body: buildSubmissionPayload({ config: BOOKING_SURVEY, userId: user.userId, answers: { name: user.displayName, slot: value }, now: NOW }) })).status;
              break;
            }
            case 'cancel': {
              const user = ctx.users[step.user]!;
              status = (await ctx.call(user, 'cancelReservation', { body: { surveyId: BOOKING_SURVEY.surveyId, partitionKey: `${BOOKING_SURVEY.surveyId}#${user.userId}`, userId: user.userId } })).status;
              break;
            }
            case 'capacity':
            case 'addSlot': {
              const { date, slotId } = slot(step.date, step.slot);
              const [start, end] = TIMES[slotId];
              status = (await admin.call('staffPutSlots', { params: { calendarId: 'cal-central' }, body: { slots: [{ date, slotId, start, end, capacity: step.capacity }] } })).status;
              break;
            }
            case 'retime': {
              const { date, slotId } = slot(step.date, step.slot);
              status = (await admin.call('staffPutSlots', { params: { calendarId: 'cal-central' }, body: { slots: [{ date, slotId, start: '16:00', end: '17:00', capacity: 3 }] } })).status;
              break;
            }
            case 'deleteSlot':
              status = (await admin.call('staffDeleteSlots', { params: { calendarId: 'cal-central' }, body: { slots: [slot(step.date, step.slot)] } })).status;
              break;
            case 'close':
            case 'open': {
              const date = DATES[step.date] ?? DATES[0];
              status = (await admin.call('staffSetClosedDays', { params: { calendarId: 'cal-central' }, body: step.kind === 'close' ? { close: [date], open: [] } : { close: [], open: [date] } })).status;
              break;
            }
            case 'file': {
              const lines = SLOT_IDS.map((slotId, row) => [slotId, ...TIMES[slotId], ...DATES.map((_date, column) => String(step.capacities[row * DATES.length + column] ?? ''))].join(','));
              const text = ['id,____,____,2026/12/3,2026/12/4', ...lines].join('\r\n');
              const body = { fileName: 'slots.csv', contentBase64: Buffer.from(text, 'utf8').toString('base64'), calendarId: 'cal-central' };
              status = (await admin.call('staffApplyCalendarFile', { body })).status;
              break;
            }
          }
          // Refusals are expected (a full slot, a booked slot, nothing to cancel); anything else is a defect.
          expect(step.kind === 'cancel' ? [200, 404, 409] : [200, 400, 409], `${JSON.stringify(step)} answered ${String(status)}`).toContain(status);

          const overbooked = await ctx.query(
            `SELECT s.date, s.slot_id, s.capacity, SUM(c.units) AS claimed FROM calendar_slots s JOIN slot_claims c
               ON c.calendar_id = s.calendar_id AND c.date = s.date AND c.slot_id = s.slot_id
             GROUP BY s.calendar_id, s.date, s.slot_id, s.capacity HAVING SUM(c.units) > s.capacity`,
          );
          expect(overbooked, `after ${JSON.stringify(step)}`).toEqual([]);
          const orphans = await ctx.query('SELECT c.* FROM slot_claims c LEFT JOIN calendar_slots s ON s.calendar_id = c.calendar_id AND s.date = c.date AND s.slot_id = c.slot_id WHERE s.slot_id IS NULL');
          expect(orphans, `after ${JSON.stringify(step)}`).toEqual([]);
          // Every live booking answer holds its claim (a cancelled one none).
          const unclaimed = await ctx.query(
            `SELECT r.partition_key FROM survey_results r
             WHERE r.item_key = 'slot' AND r.value <> '' AND r.check_status NOT IN ('キャンセル', '取り消し')
               AND NOT EXISTS (SELECT 1 FROM slot_claims c WHERE c.partition_key = r.partition_key AND c.item_key = 'slot')`,
          );
          expect(unclaimed, `after ${JSON.stringify(step)}`).toEqual([]);
        }
      } finally {
        await ctx.close();
      }
    }),
    { numRuns: 40 },
  );
});
