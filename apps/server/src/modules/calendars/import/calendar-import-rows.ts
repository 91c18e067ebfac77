// The rows the calendar administration reads and writes, the same on both engines
// (sqlite-calendar-import-repository.ts, postgres-calendar-import-repository.ts).
import type { CalendarRules } from '@city/survey-core';
import type { CalendarClosures } from '../closures.js';
import type { SlotWithClaims } from './calendar-import-repository.js';

export interface SlotRow {
  date: string;
  slot_id: string;
  start_time: string;
  end_time: string;
  capacity: number;
  claimed: number;
}

export const slotOf = (row: SlotRow): SlotWithClaims => ({
  date: row.date,
  slotId: row.slot_id,
  start: row.start_time,
  end: row.end_time,
  capacity: row.capacity,
  claimed: row.claimed,
});

/** A calendar's columns by name, as both engines' statements bind them. */
export const calendarParams = (calendarId: string, rules: CalendarRules, closures: CalendarClosures) => ({
  calendarId,
  opens: rules.bookingOpensDaysAhead,
  closesUnit: rules.bookingClosesBefore.unit,
  closesAmount: rules.bookingClosesBefore.amount,
  changeUnit: rules.changeClosesBefore.unit,
  changeAmount: rules.changeClosesBefore.amount,
  maxActive: rules.maxActiveBookingsPerUser ?? null,
  stopped: rules.bookingStopped === true ? 1 : 0,
  weekdays: JSON.stringify([...closures.weekdays].sort()),
  holidays: closures.publicHolidays ? 1 : 0,
  now: Date.now(),
});
