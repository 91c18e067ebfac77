// 週のパターンから作成: the form's text, checked before sending (as the server's slotsOfPattern
// checks it), and the pattern the server takes.
import { isCalendarDate, isTimeOfDay } from '@city/survey-core';
import { messages } from '../../messages.js';
import { parseCapacity } from './slot-grid.js';

const text = messages.calendarAdmin;

export interface PatternDraft {
  from: string;
  to: string;
  weekdays: number[];
  start: string;
  end: string;
  minutes: string;
  capacity: string;
  skipClosedDays: boolean;
}

export type PatternField = 'from' | 'to' | 'weekdays' | 'start' | 'end' | 'minutes' | 'capacity';

export interface SlotPattern {
  from: string;
  to: string;
  weekdays: number[];
  start: string;
  end: string;
  minutes: number;
  capacity: number;
  skipClosedDays: boolean;
}

/** The pattern, or each field typed wrong with what to do about it. */
export function patternOf(draft: PatternDraft): { pattern: SlotPattern } | { problems: Partial<Record<PatternField, string>> } {
  const problems: Partial<Record<PatternField, string>> = {};
  if (!isCalendarDate(draft.from)) problems.from = text.patternDate;
  if (!isCalendarDate(draft.to)) problems.to = text.patternDate;
  else if (isCalendarDate(draft.from) && draft.from > draft.to) problems.to = text.patternDateOrder;
  if (draft.weekdays.length === 0) problems.weekdays = text.patternWeekdays;
  if (!isTimeOfDay(draft.start)) problems.start = text.patternTime;
  if (!isTimeOfDay(draft.end)) problems.end = text.patternTime;
  else if (isTimeOfDay(draft.start) && draft.start >= draft.end) problems.end = text.patternTimeOrder;
  const minutes = /^\d{1,4}$/.test(draft.minutes.trim()) ? Number(draft.minutes.trim()) : Number.NaN;
  if (!(minutes >= 5 && minutes <= 1440)) problems.minutes = text.patternMinutes;
  const capacity = parseCapacity(draft.capacity);
  if (capacity === undefined) problems.capacity = text.capacityRange;
  if (Object.keys(problems).length > 0 || capacity === undefined) return { problems };
  return {
    pattern: {
      from: draft.from,
      to: draft.to,
      weekdays: [...draft.weekdays].sort((a, b) => a - b),
      start: draft.start,
      end: draft.end,
      minutes,
      capacity,
      skipClosedDays: draft.skipClosedDays,
    },
  };
}

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** How many slots a day gets (`09:00`–`12:00` every 30 minutes: 6), for the form to say before sending. */
export function slotsPerDay(start: string, end: string, minutes: number): number {
  if (!isTimeOfDay(start) || !isTimeOfDay(end) || !(minutes >= 5)) return 0;
  return Math.max(0, Math.floor((toMinutes(end) - toMinutes(start)) / minutes));
}
