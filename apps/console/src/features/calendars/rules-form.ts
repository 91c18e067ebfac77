// A calendar's rules and closures as the form holds them (text as typed), and back, checked as the
// server checks them (apps/server's requireValidRules), so a typo is named beside its field.
import type { CalendarClosures, CalendarRules } from './calendar-admin-api.js';

export type DeadlineUnit = 'days' | 'hours';

export interface RulesDraft {
  opensDaysAhead: string;
  closesAmount: string;
  closesUnit: DeadlineUnit;
  changeAmount: string;
  changeUnit: DeadlineUnit;
  /** '' for no limit. */
  maxActive: string;
  weekdays: number[];
  publicHolidays: boolean;
}

export type RulesField = 'opensDaysAhead' | 'closesAmount' | 'changeAmount' | 'maxActive';

/** What a new calendar starts with: booking opens 60 days ahead, closes (like changes) the day before. */
export const DEFAULT_RULES: CalendarRules = {
  bookingOpensDaysAhead: 60,
  bookingClosesBefore: { unit: 'days', amount: 1 },
  changeClosesBefore: { unit: 'days', amount: 1 },
};
export const NO_CLOSURES: CalendarClosures = { weekdays: [], publicHolidays: false };

export function draftOf(rules: CalendarRules, closures: CalendarClosures): RulesDraft {
  return {
    opensDaysAhead: String(rules.bookingOpensDaysAhead),
    closesAmount: String(rules.bookingClosesBefore.amount),
    closesUnit: rules.bookingClosesBefore.unit,
    changeAmount: String(rules.changeClosesBefore.amount),
    changeUnit: rules.changeClosesBefore.unit,
    maxActive: rules.maxActiveBookingsPerUser === undefined ? '' : String(rules.maxActiveBookingsPerUser),
    weekdays: [...closures.weekdays].sort((a, b) => a - b),
    publicHolidays: closures.publicHolidays,
  };
}

const wholeNumber = (text: string, min: number, max: number): number | undefined => {
  const trimmed = text.trim();
  if (!/^\d{1,5}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : undefined;
};

/**
 * The rules and closures a draft stands for, keeping `bookingStopped` as it is (the page stops and
 * resumes bookings with a button of its own); or the fields typed wrong.
 */
export function rulesOf(
  draft: RulesDraft,
  bookingStopped: boolean | undefined,
): { rules: CalendarRules; closures: CalendarClosures } | { invalid: RulesField[] } {
  const opens = wholeNumber(draft.opensDaysAhead, 0, 3650);
  const closes = wholeNumber(draft.closesAmount, 0, 3650);
  const change = wholeNumber(draft.changeAmount, 0, 3650);
  const maxActive = draft.maxActive.trim() === '' ? null : wholeNumber(draft.maxActive, 1, 10_000);
  const invalid: RulesField[] = [];
  if (opens === undefined) invalid.push('opensDaysAhead');
  if (closes === undefined) invalid.push('closesAmount');
  if (change === undefined) invalid.push('changeAmount');
  if (maxActive === undefined) invalid.push('maxActive');
  if (opens === undefined || closes === undefined || change === undefined || maxActive === undefined) return { invalid };
  return {
    rules: {
      bookingOpensDaysAhead: opens,
      bookingClosesBefore: { unit: draft.closesUnit, amount: closes },
      changeClosesBefore: { unit: draft.changeUnit, amount: change },
      ...(maxActive === null ? {} : { maxActiveBookingsPerUser: maxActive }),
      ...(bookingStopped === undefined ? {} : { bookingStopped }),
    },
    closures: { weekdays: [...draft.weekdays].sort((a, b) => a - b), publicHolidays: draft.publicHolidays },
  };
}
