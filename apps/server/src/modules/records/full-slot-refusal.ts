// A booking on a slot that is full, answered without a transaction. In a slot-opening surge most
// bookings are refused (48,000 of 50,000 in `pnpm bench:surge`), and refusing one in a transaction
// costs its BEGIN, the Idempotency-Key reserved, the reads, and a ROLLBACK: on PostgreSQL six round
// trips and a write undone, for an answer one read can give.
//
// When a booking on a slot was refused `slot_full` here a moment ago, the next citizen's booking
// of it is first checked against one read (CalendarRepository.newBookingFacts, one statement, so
// one snapshot): the slot, whether the citizen sent this key before, has a record under this key,
// or holds anything in the calendar. Only a citizen's first booking there (none of the three) is
// answered here: then `checkSubmission`, the transaction's own checks in their order, runs on the
// read repositories with those facts standing in for the reads it would make (the record under the
// key: none; the slot: as read; the citizen's claims in the calendar: none). If it refuses with
// `slot_full`, that is the answer the transaction would have given at that read: nothing would have
// been stored, and the key is no more remembered than after a rolled-back refusal. Any other outcome
// (the slot free, another refusal, a fact that does not hold) goes the usual way, in a transaction.
import type { SubmissionPayload } from '@city/survey-core';
import { parseReservationValue } from '@city/survey-core';
import { BOOKING_ERROR_CODES } from '@city/api-client';
import { HttpError } from '../../http/errors.js';
import type { NewBookingFacts } from '../calendars/calendar-repository.js';
import type { RecordRepositories, RecordsDeps } from './records.js';
import type { Awaitable } from '../../db/store.js';

/** The one reservation answer of a submission (`<categoryId>|<date>|<slotId>`), if it has exactly one. */
function onlyReservation(payload: SubmissionPayload): { categoryId: string; date: string; slotId: string; key: string } | undefined {
  let found: { categoryId: string; date: string; slotId: string; key: string } | undefined;
  for (const row of payload.data) {
    const ref = parseReservationValue(row.value);
    if (ref === undefined) continue;
    if (found !== undefined) return undefined;
    found = { ...ref, key: row.value };
  }
  return found;
}

const isSlotFull = (error: unknown) => error instanceof HttpError && error.code === BOOKING_ERROR_CODES.slotFull;

/** The transaction's own checks (submit-record.ts's checkSubmission), passed in: that module calls this one. */
type SubmissionCheck = (deps: RecordsDeps, repositories: RecordRepositories, userId: string, payload: SubmissionPayload) => Promise<unknown>;

/**
 * Throws the `slot_full` refusal the transaction would give, when the facts allow answering it
 * without one (see the file's header); returns otherwise, for the usual path.
 */
export function refuseOnFullSlot(
  deps: RecordsDeps,
  userId: string,
  payload: SubmissionPayload,
  idempotency: { key: string } | undefined,
  check: SubmissionCheck,
): Awaitable<void> {
  // No slot refused lately in this process (a quiet day): not even the answers are looked at, and
  // the answer comes at once (no async function's promise on every booking).
  const now = deps.now();
  if (!deps.fullSlots.anyRecent(now)) return;
  return refuseIfLikelyFull(deps, userId, payload, idempotency, check, now);
}

async function refuseIfLikelyFull(
  deps: RecordsDeps,
  userId: string,
  payload: SubmissionPayload,
  idempotency: { key: string } | undefined,
  check: SubmissionCheck,
  now: number,
): Promise<void> {
  const reservation = onlyReservation(payload);
  const [first] = payload.data;
  if (reservation === undefined || first === undefined || payload.oldPartitionKey !== undefined || !deps.fullSlots.likelyFull(reservation.key, now)) return;
  const read = deps.store.read;
  const calendarId = (await read.calendars.findCategory(reservation.categoryId))?.calendarId;
  if (calendarId === undefined) return;
  const facts = await read.calendars.newBookingFacts(
    { calendarId, date: reservation.date, slotId: reservation.slotId },
    { userId, partitionKey: first.partitionKey, idempotencyKey: idempotency?.key },
    now,
  );
  if (facts === undefined || facts.keySeen || facts.recordExists || facts.claimsInCalendar || facts.slot.left > 0) return;
  try {
    await check({ ...deps, now: () => now }, withFacts(read, facts, { userId, partitionKey: first.partitionKey }), userId, payload);
  } catch (error) {
    if (isSlotFull(error)) throw error;
  }
}

/** The read repositories, with the facts read standing in for the reads they answer. */
function withFacts(read: RecordRepositories, facts: NewBookingFacts, citizen: { userId: string; partitionKey: string }): RecordRepositories {
  const { slot } = facts;
  const { userId } = citizen;
  return {
    ...read,
    records: { ...read.records, findWithRows: async (partitionKey) => (partitionKey === citizen.partitionKey ? undefined : read.records.findWithRows(partitionKey)) },
    calendars: {
      ...read.calendars,
      findSlot: async (calendarId, date, slotId, now) =>
        calendarId === slot.calendarId && date === slot.date && slotId === slot.slotId ? slot : read.calendars.findSlot(calendarId, date, slotId, now),
      claimsOfUser: async (calendarId, user) => (calendarId === slot.calendarId && user === userId ? [] : read.calendars.claimsOfUser(calendarId, user)),
    },
  };
}

/** Notes the refusal of the submission's slot when `error` is `slot_full` (then rethrown by the caller). */
export function noteIfSlotFull(deps: RecordsDeps, payload: SubmissionPayload, error: unknown): void {
  const reservation = onlyReservation(payload);
  if (reservation !== undefined && isSlotFull(error)) deps.fullSlots.noteRefused(reservation.key, deps.now());
}
