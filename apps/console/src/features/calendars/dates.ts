// The calendar page's dates: weeks from Monday, and the month a week belongs to. A week belongs
// to the month of its Thursday, so each week is in exactly one month and always inside that
// month's grid (Monday on or before the 1st to Sunday on or after the last day: at most 42 days,
// well within the server's 93-day view).
import { addDaysToDate, japaneseWeekday } from '@city/survey-core';

/** `2026-12-07（月）`: a date as staff read it on these screens. */
export const dateWithWeekday = (date: string) => `${date}（${japaneseWeekday(date)}）`;

/** 0 (Sunday) … 6 (Saturday), as the server counts weekdays. */
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** Weekdays Monday first, as the week grid runs (0 is Sunday, as the server counts). */
export const WEEKDAYS_FROM_MONDAY = [1, 2, 3, 4, 5, 6, 0] as const;

/** The Monday of the week a date is in. */
export const mondayOf = (date: string) => addDaysToDate(date, -((weekdayOf(date) + 6) % 7));

/** The seven dates of the week starting on a Monday. */
export const weekDates = (monday: string) => Array.from({ length: 7 }, (_unused, offset) => addDaysToDate(monday, offset));

/** `YYYY-MM` of the month a week (by its Monday) belongs to: its Thursday's. */
export const monthOfWeek = (monday: string) => addDaysToDate(monday, 3).slice(0, 7);

/** `2026年12月`. */
export const monthLabel = (month: string) => `${month.slice(0, 4)}年${String(Number(month.slice(5, 7)))}月`;

/** The first and last day of a month (`YYYY-MM`). */
export function monthRange(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  const nextMonth = addMonths(month, 1);
  return { from, to: addDaysToDate(`${nextMonth}-01`, -1) };
}

/** The month `count` months after (or before) a `YYYY-MM` month. */
export function addMonths(month: string, count: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The Monday of a month's first week (the first week whose Thursday is in the month). */
export function firstWeekOf(month: string): string {
  const monday = mondayOf(`${month}-01`);
  return monthOfWeek(monday) === month ? monday : addDaysToDate(monday, 7);
}

/** The dates the page reads for a month: its weeks, Monday to Sunday. */
export function monthGrid(month: string): { from: string; to: string } {
  const { from, to } = monthRange(month);
  return { from: mondayOf(from), to: addDaysToDate(mondayOf(to), 6) };
}
