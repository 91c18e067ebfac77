// Reservation answers as the screens show them. An answer names a slot
// (`<categoryId>|<YYYY-MM-DD>|<slotId>`, @city/survey-core); its times, place and rules are server
// data (store/api-slice.ts: getBookedSlots). These helpers are pure.
import type {
  Answers,
  BookingDeadline,
  CalendarCategory,
  CalendarRules,
  CalendarSlot,
  ReservationItem,
  SlotRef,
  SurveyConfig,
} from '@city/survey-core';
import { addDaysToDate, parseReservationValue } from '@city/survey-core';
import { messages } from '../messages.js';

/** A reservation answer with what the server says of its slot (absent: no longer there). */
export interface BookedSlot extends SlotRef {
  /** The answer as stored. */
  value: string;
  category?: CalendarCategory;
  slot?: CalendarSlot;
  /** The rules of the slot's calendar (change deadline). */
  rules?: CalendarRules;
}

/** One reservation item of a survey and the slot its answer names. */
export interface ReservationAnswer {
  item: ReservationItem;
  value: string;
  slot: SlotRef;
}

/** The survey's reservation items. */
export function reservationItemsOf(config: SurveyConfig): ReservationItem[] {
  return config.surveySchema.filter((item): item is ReservationItem => item.type === 'reservation');
}

/** The reservation answers among `answers` that name a slot, in the survey's order. */
export function reservationAnswersOf(config: SurveyConfig, answers: Answers): ReservationAnswer[] {
  return reservationItemsOf(config).flatMap((item) => {
    const value = answers[item.itemKey];
    const slot = typeof value === 'string' ? parseReservationValue(value) : undefined;
    return typeof value === 'string' && slot !== undefined ? [{ item, value, slot }] : [];
  });
}

/** A category's names from the top level down: 健康診断, 特定健診, 中央保健センター. */
export function categoryNames(category: CalendarCategory): string[] {
  return [category.tag1, category.tag2, category.tag3].filter((name): name is string => name !== undefined && name !== '');
}

/**
 * Where a booking is, as the citizen reads it: the category's names below the category the
 * survey item books in (the survey already says that much), or its own name when the item names
 * the bookable category itself. With the demo, 中央保健センター rather than 健康診断 特定健診 中央保健センター.
 */
export function placeOf(category: CalendarCategory, categories: readonly CalendarCategory[], rootCategoryId: string | undefined): string {
  const names = categoryNames(category);
  const root = rootCategoryId === undefined ? undefined : categories.find((candidate) => candidate.categoryId === rootCategoryId);
  const below = names.slice(root === undefined ? 0 : categoryNames(root).length);
  return (below.length > 0 ? below : names.slice(-1)).join(' ');
}

/** The seven dates of the `week`-th week from `today` (week 0 starts today). */
export function weekDates(today: string, week: number): string[] {
  return Array.from({ length: 7 }, (_, day) => addDaysToDate(today, week * 7 + day));
}

/**
 * What the week screen asks the slots call for, the `week`-th week from `anchor` (this device's
 * today in Japan, or the server's when it rendered the screen): from the day before to the day
 * after the week, so a device a day off the server still gets the server's week in one call.
 */
export function weekRange(anchor: string, week: number): { from: string; to: string } {
  return { from: addDaysToDate(anchor, week * 7 - 1), to: addDaysToDate(anchor, week * 7 + 7) };
}

/** The week (counted from the one starting `today`) that shows `date`; never before this week. */
export function weekOf(today: string, date: string): number {
  const days = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  return Math.max(0, Math.floor(days / 7));
}

/** How long before a slot its changes close, as Japanese reads it: 予約日の前日まで, 予約の開始3時間前まで. */
export function deadlineRule(before: BookingDeadline): string {
  if (before.amount === 0) return messages.untilSlotStarts;
  if (before.unit === 'hours') return messages.untilHoursBefore(before.amount);
  return before.amount === 1 ? messages.untilDayBefore : messages.untilDaysBefore(before.amount);
}
