// Days a calendar is closed by rule rather than by date: weekdays the venue never opens, and
// Japan's public holidays (国民の祝日, 振替休日 and 国民の休日, from @holiday-jp/holiday_jp's table,
// which runs to 2050) when the calendar says so. The dates staff close one by one are stored apart.
import holidayJp from '@holiday-jp/holiday_jp';

export interface CalendarClosures {
  /** 0 (Sunday) to 6 (Saturday). */
  weekdays: readonly number[];
  publicHolidays: boolean;
}

export const NO_CLOSURES: CalendarClosures = { weekdays: [], publicHolidays: false };

const holidays: Readonly<Record<string, { name: string } | undefined>> = holidayJp.holidays;

/** The public holiday on a `YYYY-MM-DD` date (元日, 振替休日, …), if it is one. */
export function publicHolidayOn(date: string): string | undefined {
  return holidays[date]?.name;
}

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** Whether the calendar's rules close it on `date`. */
export function closedByRule(closures: CalendarClosures, date: string): boolean {
  return closures.weekdays.includes(weekdayOf(date)) || (closures.publicHolidays && publicHolidayOn(date) !== undefined);
}
