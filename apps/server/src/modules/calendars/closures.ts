// Days a calendar is closed by rule rather than by date: weekdays the venue never opens, and
// Japan's public holidays (国民の祝日, 振替休日 and 国民の休日, from @holiday-jp/holiday_jp's table,
// which runs to 2050) when the calendar says so. The dates staff close one by one are stored apart.
import holidayJp from '@holiday-jp/holiday_jp';
import { addDaysToDate, dayOfWeek } from '@city/survey-core';
import type { CalendarClosures, CalendarRepository, StoredCalendar } from './calendar-repository.js';
import type { Awaitable } from '../../db/store.js';

export type { CalendarClosures };

export const NO_CLOSURES: CalendarClosures = { weekdays: [], publicHolidays: false };

const holidays: Readonly<Record<string, { name: string } | undefined>> = holidayJp.holidays;

/** The public holiday on a `YYYY-MM-DD` date (元日, 振替休日, …), if it is one. */
export function publicHolidayOn(date: string): string | undefined {
  return holidays[date]?.name;
}


/** The days a calendar is closed from `from` to `to`: the dates staff closed, and those its rules close. */
export async function closedDaysOf(calendars: Pick<CalendarRepository, 'closedDays'>, calendar: Pick<StoredCalendar, 'calendarId' | 'closures'>, from: string, to: string): Promise<string[]> {
  const dates = new Set(await calendars.closedDays(calendar.calendarId, from, to));
  const { closures } = calendar;
  if (closures.weekdays.length > 0 || closures.publicHolidays) {
    for (let date = from; date <= to; date = addDaysToDate(date, 1)) if (closedByRule(closures, date)) dates.add(date);
  }
  return [...dates].sort();
}

/** Whether the calendar is closed on `date`, by its rules (no query) or by a date staff closed. */
export function isClosedOn(calendars: Pick<CalendarRepository, 'isClosedDay'>, calendar: Pick<StoredCalendar, 'calendarId' | 'closures'>, date: string): Awaitable<boolean> {
  return closedByRule(calendar.closures, date) || calendars.isClosedDay(calendar.calendarId, date);
}

/** Whether the calendar's rules close it on `date`. */
export function closedByRule(closures: CalendarClosures, date: string): boolean {
  return closures.weekdays.includes(dayOfWeek(date)) || (closures.publicHolidays && publicHolidayOn(date) !== undefined);
}
