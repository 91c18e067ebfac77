// The rows of calendars, slots and claims, and what they are read as: the same on both engines
// (sqlite-calendar-repository.ts, postgres-calendar-repository.ts).
import type { CalendarCategory, CalendarRules } from '@city/survey-core';
import type { SlotClaim, SlotClaimWithTimes, StoredCalendar, StoredSlot } from './calendar-repository.js';

/** The columns of a claim a move may change, with the field each holds. */
export const CLAIM_COLUMNS = [
  ['calendar_id', 'calendarId'],
  ['date', 'date'],
  ['slot_id', 'slotId'],
  ['user_id', 'userId'],
  ['units', 'units'],
  ['created_at', 'createdAt'],
  ['hold_expires_at', 'holdExpiresAt'],
] as const satisfies readonly (readonly [string, keyof SlotClaim])[];

/** The columns a claim's move sets: those whose value changed, with the new value. */
export const changedClaimColumns = (before: SlotClaim, claim: SlotClaim) =>
  CLAIM_COLUMNS.filter(([, field]) => (before[field] ?? null) !== (claim[field] ?? null)).map(([column, field]) => [column, claim[field] ?? null] as const);

export interface CategoryRow {
  category_id: string;
  tag1: string;
  tag2: string;
  tag3: string;
  calendar_id: string | null;
}

export interface CalendarRow {
  calendar_id: string;
  category_id: string;
  booking_opens_days_ahead: number;
  booking_closes_unit: 'days' | 'hours';
  booking_closes_amount: number;
  change_closes_unit: 'days' | 'hours';
  change_closes_amount: number;
  max_active_bookings_per_user: number | null;
  booking_stopped: number;
  closed_weekdays: string;
  closed_on_public_holidays: number;
  lottery_closes_at: number | string | null;
}

export interface SlotRow {
  calendar_id: string;
  date: string;
  slot_id: string;
  start_time: string;
  end_time: string;
  capacity: number;
  waitlist_units: number;
  left_units: number;
}

/** A claim deleted: the units to give back to its slot. */
export interface FreedClaim {
  calendar_id: string;
  date: string;
  slot_id: string;
  units: number;
}

export interface ClaimRow {
  partition_key: string;
  item_key: string;
  calendar_id: string;
  date: string;
  slot_id: string;
  user_id: string;
  units: number;
  created_at: number;
  hold_expires_at: number | null;
  start_time: string;
  end_time: string;
}

export const toCategory = (row: CategoryRow): CalendarCategory => ({
  categoryId: row.category_id,
  tag1: row.tag1,
  ...(row.tag2 === '' ? {} : { tag2: row.tag2 }),
  ...(row.tag3 === '' ? {} : { tag3: row.tag3 }),
  ...(row.calendar_id === null ? {} : { calendarId: row.calendar_id }),
});

export const toCalendar = (row: CalendarRow): StoredCalendar => {
  const rules: CalendarRules = {
    bookingOpensDaysAhead: row.booking_opens_days_ahead,
    bookingClosesBefore: { unit: row.booking_closes_unit, amount: row.booking_closes_amount },
    changeClosesBefore: { unit: row.change_closes_unit, amount: row.change_closes_amount },
    ...(row.max_active_bookings_per_user === null ? {} : { maxActiveBookingsPerUser: row.max_active_bookings_per_user }),
    ...(row.booking_stopped === 1 ? { bookingStopped: true } : {}),
  };
  const closures = { weekdays: JSON.parse(row.closed_weekdays) as number[], publicHolidays: row.closed_on_public_holidays === 1 };
  return {
    calendarId: row.calendar_id,
    categoryId: row.category_id,
    rules,
    closures,
    ...(row.lottery_closes_at === null ? {} : { lotteryClosesAt: Number(row.lottery_closes_at) }),
  };
};

export const toSlot = (row: SlotRow): StoredSlot => ({
  calendarId: row.calendar_id,
  date: row.date,
  slotId: row.slot_id,
  start: row.start_time,
  end: row.end_time,
  capacity: row.capacity,
  left: row.left_units,
  ...(row.waitlist_units > 0 ? { waitlistUnits: row.waitlist_units } : {}),
});

export const toClaim = (row: ClaimRow): SlotClaimWithTimes => ({
  partitionKey: row.partition_key,
  itemKey: row.item_key,
  calendarId: row.calendar_id,
  date: row.date,
  slotId: row.slot_id,
  userId: row.user_id,
  units: row.units,
  createdAt: row.created_at,
  ...(row.hold_expires_at === null ? {} : { holdExpiresAt: row.hold_expires_at }),
  start: row.start_time,
  end: row.end_time,
});

export const CATEGORY_SELECT = `SELECT c.category_id, c.tag1, c.tag2, c.tag3, k.calendar_id
  FROM calendar_categories c LEFT JOIN calendars k ON k.category_id = c.category_id`;

// What is left: the capacity less the units the slot's claims hold (claimed_units, see migration
// 11) and the units owed to its waitlist (migration 18), holds that lapsed by now given back (they
// stay counted there until swept). Below 0 when more citizens wait than units are free (citizens
// are shown 0). Now is the first parameter (`?` on SQLite, `$1` on PostgreSQL).
const leftUnits = (now: string) => `s.capacity - s.claimed_units - s.waitlist_units + COALESCE((SELECT SUM(units) FROM slot_claims c
      WHERE c.calendar_id = s.calendar_id AND c.date = s.date AND c.slot_id = s.slot_id AND c.hold_expires_at <= ${now}), 0)`;

export const slotSelect = (now: string) => `SELECT s.calendar_id, s.date, s.slot_id, s.start_time, s.end_time, s.capacity, s.waitlist_units,
    ${leftUnits(now)} AS left_units
  FROM calendar_slots s`;

/**
 * A calendar's slots from one date to another as ONE JSON text, `[[date, slotId, start, end,
 * capacity, left], …]` in date, time and id order. The range a citizen reloads has up to a few
 * hundred slots: read as rows, turning each of their values into JavaScript was most of the
 * request's cost (455 µs for 200 slots, against 9 µs for SQLite to find them); one text and
 * JSON.parse are a fraction of it. `json` names the engine's JSON functions: `array` builds one
 * slot's array, `aggregate(items)` the text of the ordered list. Parameters: now, calendar, from, to.
 */
export const slotsAsJson = (parameters: [string, string, string, string], json: { array: string; aggregate: (items: string) => string }) =>
  `SELECT ${json.aggregate(`${json.array}(s.date, s.slot_id, s.start_time, s.end_time, s.capacity, ${leftUnits(parameters[0])}) ORDER BY s.date, s.start_time, s.slot_id`)} AS slots
   FROM calendar_slots s WHERE s.calendar_id = ${parameters[1]} AND s.date BETWEEN ${parameters[2]} AND ${parameters[3]}`;

/** The slots {@link slotsAsJson} read (null: none). */
export function slotsOfJson(calendarId: string, json: string | null): StoredSlot[] {
  const slots = JSON.parse(json ?? '[]') as [string, string, string, string, number, number][];
  return slots.map(([date, slotId, start, end, capacity, left]) => ({ calendarId, date, slotId, start, end, capacity, left }));
}

/** The row of {@link newBookingFactsSelect}. */
export interface NewBookingFactsRow extends SlotRow {
  key_seen: number | boolean;
  record_exists: number | boolean;
  claims_in_calendar: number | boolean;
}

/**
 * One statement for a slot and what a citizen's first booking of it depends on. Parameters in
 * order: now, user, Idempotency-Key, partition key, user, calendar, date, slot (`p(n)` writes the
 * engine's n-th parameter: `?` on SQLite, `$n` on PostgreSQL).
 */
export const newBookingFactsSelect = (p: (n: number) => string) => `${slotSelect(p(1)).replace(
  'AS left_units',
  `AS left_units,
    EXISTS (SELECT 1 FROM idempotency_keys WHERE user_id = ${p(2)} AND idempotency_key = ${p(3)}) AS key_seen,
    EXISTS (SELECT 1 FROM survey_records WHERE partition_key = ${p(4)}) AS record_exists,
    EXISTS (SELECT 1 FROM slot_claims c WHERE c.calendar_id = s.calendar_id AND c.user_id = ${p(5)}) AS claims_in_calendar`,
)} WHERE s.calendar_id = ${p(6)} AND s.date = ${p(7)} AND s.slot_id = ${p(8)}`;

export const toNewBookingFacts = (row: NewBookingFactsRow) => ({
  slot: toSlot(row),
  keySeen: Boolean(row.key_seen),
  recordExists: Boolean(row.record_exists),
  claimsInCalendar: Boolean(row.claims_in_calendar),
});

export const CLAIM_SELECT = `SELECT c.partition_key, c.item_key, c.calendar_id, c.date, c.slot_id, c.user_id, c.units, c.created_at, c.hold_expires_at,
    s.start_time, s.end_time
  FROM slot_claims c JOIN calendar_slots s ON s.calendar_id = c.calendar_id AND s.date = c.date AND s.slot_id = c.slot_id`;
