// Calendar reservations as survey answers: how a `reservation` item's answer names a slot, what a
// booking costs, what a slot shows, and the deadlines of a calendar's rules. Pure, so the client
// explains exactly what the server enforces.
import { addDaysToDate, isCalendarDate, japanTimeToEpochMs, todayInJapan } from './japan-time.js';
import type { BookingDeadline, CalendarRules, ReservationItem } from './types.js';

/** Separates the parts of a reservation answer. Never part of a category id, date or slot id. */
export const RESERVATION_VALUE_SEPARATOR = '|';

/** The units a booking takes when the item says nothing (spec section 9, `reservationItemCost`). */
export const DEFAULT_RESERVATION_COST = 1;

/**
 * One slot of one calendar, as a reservation answer names it. A slot is identified by its
 * calendar's category, its date and its id within that date (the earlier platform's 枠ID: the
 * same id on every date for the same time of day).
 */
export interface SlotRef {
  /** The bookable category whose calendar holds the slot (a leaf of the category tree). */
  categoryId: string;
  /** `YYYY-MM-DD`, Japan time. */
  date: string;
  slotId: string;
}

const PART = /^[^|#\s]{1,128}$/;

/**
 * The answer of a `reservation` item: `<categoryId>|<YYYY-MM-DD>|<slotId>`, for example
 * `c-health-a|2026-12-01|10`. It is the row's `value`, so the sortKey is `itemKey#<value>` and
 * staff can search and export bookings like any other answer.
 *
 * @example
 * ```ts
 * formatReservationValue({ categoryId: 'c-health-a', date: '2026-12-01', slotId: '10' });
 * // 'c-health-a|2026-12-01|10'
 * ```
 */
export function formatReservationValue(slot: SlotRef): string {
  return [slot.categoryId, slot.date, slot.slotId].join(RESERVATION_VALUE_SEPARATOR);
}

/**
 * The slot a reservation answer names, or `undefined` when the text is not one (wrong number of
 * parts, an impossible date, a part with `#`, `|` or spaces).
 */
export function parseReservationValue(value: string): SlotRef | undefined {
  // Found by position rather than split into an array: every booking parses its answer twice.
  const first = value.indexOf(RESERVATION_VALUE_SEPARATOR);
  const second = first < 0 ? -1 : value.indexOf(RESERVATION_VALUE_SEPARATOR, first + 1);
  if (second < 0 || value.includes(RESERVATION_VALUE_SEPARATOR, second + 1)) return undefined;
  const categoryId = value.slice(0, first);
  const date = value.slice(first + 1, second);
  const slotId = value.slice(second + 1);
  if (!PART.test(categoryId) || !PART.test(slotId) || !isCalendarDate(date)) return undefined;
  return { categoryId, date, slotId };
}

/** The units one booking through this item takes (`cost`, default 1). */
export function reservationCost(item: Pick<ReservationItem, 'cost'>): number {
  return item.cost ?? DEFAULT_RESERVATION_COST;
}

/** What a slot shows: ○ free, △ few left, × not enough left for the cost. */
export type SlotMark = 'free' | 'few' | 'full';

/** The symbol of each {@link SlotMark}, as Japanese calendars print them. */
export const SLOT_MARK_SYMBOLS: Readonly<Record<SlotMark, string>> = { free: '○', few: '△', full: '×' };

/**
 * ○, △ or × for a slot with `left` of `capacity` units, for a booking of `cost` units: × when
 * fewer than `cost` are left; △ when at most a fifth of the capacity is left (and never more than
 * three bookings' worth); else ○.
 *
 * @example
 * ```ts
 * slotMark(10, 10, 1); // 'free'
 * slotMark(2, 10, 1); // 'few'
 * slotMark(1, 10, 2); // 'full'
 * ```
 */
export function slotMark(left: number, capacity: number, cost: number = DEFAULT_RESERVATION_COST): SlotMark {
  if (left < cost) return 'full';
  return left <= Math.min(Math.max(cost, Math.floor(capacity / 5)), 3 * cost) ? 'few' : 'free';
}

/**
 * The moment (ms since the epoch) a deadline `before` a slot passes: `{ unit: 'hours', amount }`
 * is that many hours before the slot starts; `{ unit: 'days', amount }` is the end of the day that
 * many days before the slot's date (1 day: until 23:59 the day before, 前日まで; 0: until the slot
 * starts), in Japan time. Never later than the slot's start.
 */
export function deadlineBefore(date: string, start: string, before: BookingDeadline): number {
  const startsAt = japanTimeToEpochMs(date, start);
  if (before.unit === 'hours') return startsAt - before.amount * 60 * 60_000;
  return Math.min(startsAt, japanTimeToEpochMs(addDaysToDate(date, 1 - before.amount), '00:00'));
}

/** Where a slot stands in its calendar's booking window at a moment (see {@link bookingWindowState}). */
export type BookingWindowState = 'notOpenYet' | 'open' | 'closed';

/**
 * Whether a slot may be booked `now`: it opens at 00:00 (Japan time) `bookingOpensDaysAhead` days
 * before its date and closes at the `bookingClosesBefore` deadline; every slot is closed while
 * staff stop the calendar's bookings (`bookingStopped`).
 */
export function bookingWindowState(
  slot: { date: string; start: string },
  rules: Pick<CalendarRules, 'bookingOpensDaysAhead' | 'bookingClosesBefore' | 'bookingStopped'>,
  now: number,
): BookingWindowState {
  if (rules.bookingStopped === true) return 'closed';
  if (slot.date > addDaysToDate(todayInJapan(now), rules.bookingOpensDaysAhead)) return 'notOpenYet';
  return now < deadlineBefore(slot.date, slot.start, rules.bookingClosesBefore) ? 'open' : 'closed';
}

/** Whether a booking of this slot may still be changed or cancelled `now`. */
export function canChangeBooking(slot: { date: string; start: string }, rules: Pick<CalendarRules, 'changeClosesBefore'>, now: number): boolean {
  return now < deadlineBefore(slot.date, slot.start, rules.changeClosesBefore);
}
