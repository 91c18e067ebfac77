// 和暦 (Japanese era) conversion for birthdays. Citizens often know their birth date by era
// (昭和50年), forms in Japan show both, and the era changes mid-year (平成31年4月30日 is followed by
// 令和元年5月1日), so conversion goes by exact start dates, never by year alone.

/** The eras a living citizen may have been born in, newest first (明治 for 1912 before 大正). */
export const JAPANESE_ERAS = [
  { name: '令和', start: '2019-05-01' },
  { name: '平成', start: '1989-01-08' },
  { name: '昭和', start: '1926-12-25' },
  { name: '大正', start: '1912-07-30' },
  { name: '明治', start: '1868-10-23' },
] as const;

export type JapaneseEraName = (typeof JAPANESE_ERAS)[number]['name'];

/** A date in 和暦: era, year of the era (1 is 元年), month, day. */
export interface WarekiDate {
  era: JapaneseEraName;
  year: number;
  month: number;
  day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` as its parts, when it names a day that exists. */
function parseIsoDate(value: string): { year: number; month: number; day: number } | undefined {
  const match = ISO_DATE.exec(value);
  if (match === null) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? { year, month, day }
    : undefined;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The 和暦 of a `YYYY-MM-DD` date; undefined before 明治 or for a date that does not exist. */
export function toWareki(isoDate: string): WarekiDate | undefined {
  const parts = parseIsoDate(isoDate);
  if (parts === undefined) return undefined;
  const era = JAPANESE_ERAS.find((candidate) => isoDate >= candidate.start);
  if (era === undefined) return undefined;
  const eraStartYear = Number(era.start.slice(0, 4));
  return { era: era.name, year: parts.year - eraStartYear + 1, month: parts.month, day: parts.day };
}

/**
 * The `YYYY-MM-DD` date of a 和暦 date; undefined when that era has no such day (平成32年,
 * 令和元年4月1日, 2月30日).
 */
export function fromWareki(date: WarekiDate): string | undefined {
  const index = JAPANESE_ERAS.findIndex((era) => era.name === date.era);
  const era = JAPANESE_ERAS[index];
  if (era === undefined || !Number.isInteger(date.year) || date.year < 1) return undefined;
  const year = Number(era.start.slice(0, 4)) + date.year - 1;
  const iso = `${pad(year, 4)}-${pad(date.month)}-${pad(date.day)}`;
  if (parseIsoDate(iso) === undefined || iso < era.start) return undefined;
  const next = JAPANESE_ERAS[index - 1];
  return next === undefined || iso < next.start ? iso : undefined;
}

/** `令和元年5月1日`: the first year of an era is 元年. */
export function formatWareki(isoDate: string): string | undefined {
  const date = toWareki(isoDate);
  if (date === undefined) return undefined;
  return `${date.era}${date.year === 1 ? '元' : String(date.year)}年${date.month}月${date.day}日`;
}

/** `2019年5月1日` (西暦). */
export function formatSeireki(isoDate: string): string | undefined {
  const parts = parseIsoDate(isoDate);
  return parts === undefined ? undefined : `${parts.year}年${parts.month}月${parts.day}日`;
}
