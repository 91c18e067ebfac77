import type { Answers, CalendarCategory, CalendarDisplaySettings, CalendarRules, SlotRef } from '@city/survey-core';
import { addDaysToDate, buildPartitionKey, formatReservationValue, japaneseWeekday } from '@city/survey-core';
import { HEALTH_CHECKUP } from './surveys.js';

// The demo calendars of the health check-up survey, as plain data computed from a given today
// (Japan time), so that a newcomer always finds bookable slots, one with few left and one full.
// The server seeds it; the Storybook can draw the same calendars.

/** Rules of every demo calendar: booking opens 60 days ahead, closes (like changes) the day before; 3 active bookings per citizen. */
export const DEMO_CALENDAR_RULES: CalendarRules = {
  bookingOpensDaysAhead: 60,
  bookingClosesBefore: { unit: 'days', amount: 1 },
  changeClosesBefore: { unit: 'days', amount: 1 },
  maxActiveBookingsPerUser: 3,
};

/** The demo category tree: 健康診断 > 特定健診 > three venues, each venue with its calendar; and the library's study room. */
export const DEMO_CATEGORIES: readonly CalendarCategory[] = [
  { categoryId: 'health', tag1: '健康診断' },
  { categoryId: 'checkup', tag1: '健康診断', tag2: '特定健診' },
  { categoryId: 'checkup-central', tag1: '健康診断', tag2: '特定健診', tag3: '中央保健センター', calendarId: 'cal-checkup-central' },
  { categoryId: 'checkup-north', tag1: '健康診断', tag2: '特定健診', tag3: '北部公民館', calendarId: 'cal-checkup-north' },
  { categoryId: 'checkup-south', tag1: '健康診断', tag2: '特定健診', tag3: '南部市民センター', calendarId: 'cal-checkup-south' },
  // The members-only study room (STUDY_ROOM books it directly: no picker).
  { categoryId: 'study-room', tag1: '図書館 学習室', calendarId: 'cal-study-room' },
];

/**
 * Names of the demo tree's three levels, for the category picker's headings (「会場を選んでください」
 * rather than the defaults' staff words 大分類 / 中分類 / 小分類). The labels are the server's
 * calendar_display_settings, one set for every calendar.
 */
export const DEMO_CATEGORY_LABELS: CalendarDisplaySettings['categoryLabels'] = { tag1: '種類', tag2: '健診', tag3: '会場' };

/** The slots of every open day: id, start, end (Japan time). */
export const DEMO_SLOT_TIMES = [
  { slotId: '1', start: '09:00', end: '10:00' },
  { slotId: '2', start: '10:00', end: '11:00' },
  { slotId: '3', start: '13:00', end: '14:00' },
  { slotId: '4', start: '14:00', end: '15:00' },
] as const;

/** Units each demo slot holds. */
export const DEMO_SLOT_CAPACITY = 5;
/** Days of slots from today: today to today+27. */
export const DEMO_CALENDAR_DAYS = 28;

/** One slot of a demo calendar. */
export interface DemoSlot {
  /** `YYYY-MM-DD`. */
  date: string;
  slotId: string;
  start: string;
  end: string;
  capacity: number;
}

/** A demo calendar: the venue it hangs off, its rules, closed days and slots. */
export interface DemoCalendar {
  calendarId: string;
  categoryId: string;
  rules: CalendarRules;
  /** Sundays from today to today+27. */
  closedDays: string[];
  /** Every slot of every other day from today to today+27, date by date. */
  slots: DemoSlot[];
}

/** The dates a demo calendar covers: today to today+27. */
export function demoCalendarDates(today: string): string[] {
  return Array.from({ length: DEMO_CALENDAR_DAYS }, (_unused, offset) => addDaysToDate(today, offset));
}

/** The three venues' calendars and the study room's for `today` (`YYYY-MM-DD`, Japan time): Sundays closed, four slots of 5 on every other day. */
export function demoCalendars(today: string): DemoCalendar[] {
  const dates = demoCalendarDates(today);
  const closedDays = dates.filter((date) => japaneseWeekday(date) === '日');
  const openDays = dates.filter((date) => japaneseWeekday(date) !== '日');
  return DEMO_CATEGORIES.flatMap((category) =>
    category.calendarId === undefined
      ? []
      : [
          {
            calendarId: category.calendarId,
            categoryId: category.categoryId,
            rules: DEMO_CALENDAR_RULES,
            closedDays,
            slots: openDays.flatMap((date) => DEMO_SLOT_TIMES.map((time) => ({ date, ...time, capacity: DEMO_SLOT_CAPACITY }))),
          },
        ],
  );
}

/** The date of the demo's few-left and full slots: the first day at least 3 days ahead that is not a Sunday. */
export function demoBusyDate(today: string): string {
  let date = addDaysToDate(today, 3);
  while (japaneseWeekday(date) === '日') date = addDaysToDate(date, 1);
  return date;
}

/** A booking another citizen holds in a demo calendar: a record of the health check-up survey and its claim. */
export interface DemoBooking {
  surveyId: string;
  partitionKey: string;
  userId: string;
  receiptNumber: string;
  answers: Answers;
  /** The survey's reservation item, whose answer names the slot. */
  itemKey: string;
  calendarId: string;
  slot: SlotRef;
  units: number;
}

/** Neighbours booking slot 2 (1 unit left of 5) and slot 3 (full). */
const NEIGHBOURS = [
  { name: '青木 一郎', slotId: '2' },
  { name: '井上 恵子', slotId: '2' },
  { name: '上田 誠', slotId: '2' },
  { name: '江口 由美', slotId: '2' },
  { name: '小野 健', slotId: '3' },
  { name: '加藤 明美', slotId: '3' },
  { name: '木村 拓也', slotId: '3' },
  { name: '工藤 真理', slotId: '3' },
  { name: '小林 修', slotId: '3' },
] as const;
/** The fixed moment in the neighbours' append-mode partition keys, so a key names the same record on every start. */
const NEIGHBOUR_APPENDED_AT = 1_764_000_000_000;

/**
 * Other citizens' bookings (user ids `U-demo-neighbour-1`…) in 中央保健センター on
 * {@link demoBusyDate}: slot `2` keeps 1 unit of 5, slot `3` is full.
 */
export function demoNeighbourBookings(today: string): DemoBooking[] {
  const date = demoBusyDate(today);
  return NEIGHBOURS.map((neighbour, index) => {
    const userId = `U-demo-neighbour-${index + 1}`;
    const slot: SlotRef = { categoryId: 'checkup-central', date, slotId: neighbour.slotId };
    return {
      surveyId: HEALTH_CHECKUP.surveyId,
      partitionKey: buildPartitionKey(HEALTH_CHECKUP.surveyId, userId, NEIGHBOUR_APPENDED_AT),
      userId,
      receiptNumber: `DEMO-HC-${String(index + 1).padStart(4, '0')}`,
      answers: { name: neighbour.name, phone: `090-0000-${String(index + 1).padStart(4, '0')}`, slot: formatReservationValue(slot) },
      itemKey: 'slot',
      calendarId: 'cal-checkup-central',
      slot,
      units: 1,
    };
  });
}
