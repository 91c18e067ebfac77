const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000; // JST is UTC+9 all year (no daylight saving).

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
