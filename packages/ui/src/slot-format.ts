import { japaneseWeekday } from '@city/survey-core';

/**
 * A slot's date as Japanese calendars print it: month, day and weekday, no year (a booking is at
 * most a few weeks ahead, so the year only adds noise on a phone).
 *
 * @example
 * ```ts
 * formatSlotDate('2026-12-01'); // '12月1日（火）'
 * ```
 */
export function formatSlotDate(date: string): string {
  const [, month = '', day = ''] = date.split('-');
  return `${Number(month)}月${Number(day)}日（${japaneseWeekday(date)}）`;
}

/**
 * A slot's time span, with the wave dash Japanese uses for ranges.
 *
 * @example
 * ```ts
 * formatSlotTime('10:00', '11:00'); // '10:00〜11:00'
 * ```
 */
export function formatSlotTime(start: string, end: string): string {
  return `${start}〜${end}`;
}

/**
 * A slot as the form, confirm, receipt and details screens name it.
 *
 * @example
 * ```ts
 * formatSlotLabel({ date: '2026-12-01', start: '10:00', end: '11:00' }); // '12月1日（火）10:00〜11:00'
 * ```
 */
export function formatSlotLabel(slot: { date: string; start: string; end: string }): string {
  return `${formatSlotDate(slot.date)}${formatSlotTime(slot.start, slot.end)}`;
}
