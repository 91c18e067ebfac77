// Dates and times as staff read them: Japan time, whatever the browser's zone.
import { japaneseWeekday } from '@city/survey-core';

const dateTime = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** `2025/04/01 09:05` (Japan time) for ms since the epoch. */
export function formatDateTime(ms: number): string {
  return dateTime.format(new Date(ms));
}

/** `2025/04/01（火）` for a `YYYY-MM-DD` date. */
export function formatDate(date: string): string {
  return `${date.replaceAll('-', '/')}（${japaneseWeekday(date)}）`;
}
