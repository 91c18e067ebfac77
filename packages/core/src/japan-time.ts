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
  // Date counts whole milliseconds, cut toward zero.
  const epochDay = Math.floor(Math.trunc(now + JAPAN_OFFSET_MS) / DAY_MS);
  // Date's own for moments beyond four-digit years (and NaN, which it refuses).
  if (!(epochDay >= MIN_EPOCH_DAY && epochDay <= MAX_EPOCH_DAY)) return new Date(now + JAPAN_OFFSET_MS).toISOString().slice(0, 10);
  return dateOfEpochDay(epochDay);
}

/** Whether `value` is a real date written `YYYY-MM-DD` (no 2月30日). */
export function isCalendarDate(value: string): boolean {
  return epochDayOfDate(value) !== undefined;
}

// Calendar arithmetic on the proleptic Gregorian calendar, as Date counts it, without a Date: these
// run several times for every booking a server checks (windows, deadlines), where parsing and
// formatting ISO strings was most of their cost. Days are counted from 1970-01-01 (H. Hinnant's
// days_from_civil and civil_from_days).

/** The value of the `length` ASCII digits of `text` from `start`, or -1 when one is not a digit. */
function digitsAt(text: string, start: number, length: number): number {
  let value = 0;
  for (let i = start; i < start + length; i++) {
    const digit = text.charCodeAt(i) - 48; // '0'
    if (!(digit >= 0 && digit <= 9)) return -1;
    value = value * 10 + digit;
  }
  return value;
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function epochDayOf(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function dateOfEpochDay(epochDay: number): string {
  const z = epochDay + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Days since 1970-01-01 of a real `YYYY-MM-DD` date; undefined for anything else (the callers then do as Date would). */
function epochDayOfDate(date: string): number | undefined {
  // Read digit by digit rather than by a pattern: no match arrays, no parts object (see above).
  if (date.length !== 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) return undefined; // '-'
  const year = digitsAt(date, 0, 4);
  const month = digitsAt(date, 5, 2);
  const day = digitsAt(date, 8, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return epochDayOf(year, month, day);
}

/** `HH:MM` as digits (any value): read without splitting. */
const isTimeShape = (value: string) => value.length === 5 && value.charCodeAt(2) === 58 && digitsAt(value, 0, 2) >= 0 && digitsAt(value, 3, 2) >= 0; // ':'

/** Whether `value` is a time of day written `HH:MM` (00:00 to 24:00). */
export function isTimeOfDay(value: string): boolean {
  if (!isTimeShape(value)) return false;
  const [hours, minutes] = [digitsAt(value, 0, 2), digitsAt(value, 3, 2)];
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
  const [hours = 0, minutes = 0] = isTimeShape(time) ? [digitsAt(time, 0, 2), digitsAt(time, 3, 2)] : time.split(':').map(Number); // anything else as before
  const epochDay = epochDayOfDate(date);
  const midnight = epochDay === undefined ? Date.parse(`${date}T00:00:00Z`) : epochDay * DAY_MS;
  return midnight - JAPAN_OFFSET_MS + (hours * 60 + minutes) * 60_000;
}

/** The date `days` after (or before, when negative) a `YYYY-MM-DD` date. */
export function addDaysToDate(date: string, days: number): string {
  const epochDay = epochDayOfDate(date);
  const result = epochDay === undefined || !Number.isInteger(days) ? undefined : epochDay + days;
  // Outside years 0000-9999 (and for anything but a real date) as Date writes it.
  if (result === undefined || result < MIN_EPOCH_DAY || result > MAX_EPOCH_DAY) return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
  return dateOfEpochDay(result);
}

/** 0000-01-01 and 9999-12-31: the years ISO dates write with four digits. */
const MIN_EPOCH_DAY = epochDayOf(0, 1, 1);
const MAX_EPOCH_DAY = epochDayOf(9999, 12, 31);

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** The day of the week of a `YYYY-MM-DD` date, as Japanese writes it in brackets: 月, 火, … 日. */
export function japaneseWeekday(date: string): (typeof WEEKDAYS)[number] {
  return WEEKDAYS[dayOfWeek(date)] ?? '日';
}

/**
 * The day of the week of a `YYYY-MM-DD` date, 0 (Sunday) to 6 (Saturday), as `Date#getUTCDay`
 * numbers them; NaN for anything but a date, as Date answers. For rules such as "closed on Mondays".
 */
export function dayOfWeek(date: string): number {
  const epochDay = epochDayOfDate(date);
  // 1970-01-01 was a Thursday (4). Outside real dates, as Date reads them.
  return epochDay === undefined ? new Date(`${date}T00:00:00Z`).getUTCDay() : (((epochDay + 4) % 7) + 7) % 7;
}
