// Dates and times where the citizens are. Japan has one time zone, UTC+9 all year (no daylight
// saving), so a fixed offset is exact and needs no time-zone database.
const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Today's date in Japan (`YYYY-MM-DD`), where the citizens are, whatever the machine's time zone:
 * the day a birthday may not pass, the day a daily limit resets.
 *
 * @example
 * ```ts
 * todayInJapan(Date.UTC(2026, 10, 22, 15, 0)); // '2026-11-23' (00:00 in Japan)
 * ```
 */
export function todayInJapan(now: number = Date.now()): string {
  return new Date(now + JAPAN_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whether `value` is a real date written `YYYY-MM-DD` (no 2月30日). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Whether `value` is a time of day written `HH:MM` (00:00 to 24:00). */
export function isTimeOfDay(value: string): boolean {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (match === null) return false;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  return (hours < 24 && minutes < 60) || (hours === 24 && minutes === 0);
}

/**
 * The moment (ms since the epoch) a Japan-time date and time of day (`YYYY-MM-DD`, `HH:MM`) stand for.
 *
 * @example
 * ```ts
 * japanTimeToEpochMs('2026-11-23', '00:00') === Date.UTC(2026, 10, 22, 15, 0); // true
 * ```
 */
export function japanTimeToEpochMs(date: string, time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return Date.parse(`${date}T00:00:00Z`) - JAPAN_OFFSET_MS + (hours * 60 + minutes) * 60_000;
}

/** The date `days` after (or before, when negative) a `YYYY-MM-DD` date. */
export function addDaysToDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** The day of the week of a `YYYY-MM-DD` date, as Japanese writes it in brackets: 月, 火, … 日. */
export function japaneseWeekday(date: string): (typeof WEEKDAYS)[number] {
  return WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? '日';
}
