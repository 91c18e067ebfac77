import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDaysToDate, isCalendarDate, isTimeOfDay, japaneseWeekday, japanTimeToEpochMs } from './japan-time.js';
import {
  bookingWindowState,
  canChangeBooking,
  deadlineBefore,
  formatReservationValue,
  parseReservationValue,
  reservationCost,
  slotMark,
} from './reservation.js';
import type { CalendarRules } from './types.js';
import { validateAnswers } from './validate.js';

/** A moment given in Japan time. */
const jst = (date: string, time: string) => japanTimeToEpochMs(date, time);
const MINUTE = 60_000;

describe('reservation answers', () => {
  it('name a slot as categoryId|date|slotId, and read back', () => {
    const slot = { categoryId: 'c-health-a', date: '2026-12-01', slotId: '10' };
    expect(formatReservationValue(slot)).toBe('c-health-a|2026-12-01|10');
    expect(parseReservationValue('c-health-a|2026-12-01|10')).toEqual(slot);
  });

  it.each([
    ['', 'empty'],
    ['c1|2026-12-01', 'two parts'],
    ['c1|2026-12-01|10|x', 'four parts'],
    ['c1|2026-02-30|10', 'a day that does not exist'],
    ['c1|20261201|10', 'a date without hyphens'],
    ['c#1|2026-12-01|10', 'a # in the category'],
    ['c1|2026-12-01| 10', 'a space'],
    ['|2026-12-01|10', 'an empty part'],
  ])('are refused when %j (%s)', (value) => {
    expect(parseReservationValue(value)).toBeUndefined();
  });

  it('are read as splitting on | read them, whatever the string', () => {
    const PART = /^[^|#\s]{1,128}$/;
    const viaSplit = (value: string) => {
      const parts = value.split('|');
      if (parts.length !== 3) return undefined;
      const [categoryId = '', date = '', slotId = ''] = parts;
      return PART.test(categoryId) && PART.test(slotId) && isCalendarDate(date) ? { categoryId, date, slotId } : undefined;
    };
    const piece = fc.oneof(fc.constantFrom('c1', '2026-12-01', '10', '', ' ', '#', '2026-02-30'), fc.string({ maxLength: 6 }));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 5 }), (pieces) => {
        const value = pieces.join('|');
        expect(parseReservationValue(value)).toEqual(viaSplit(value));
      }),
    );
  });

  it('are checked by validateAnswers, with a message that says what to do', () => {
    const schema = [{ itemKey: 'slot', type: 'reservation', title: '予約日時', required: true } as const];
    expect(validateAnswers(schema, { slot: 'c1|2026-12-01|10' })).toEqual({});
    expect(validateAnswers(schema, { slot: 'tomorrow' })).toEqual({ slot: '予約日時をカレンダーから選んでください' });
    expect(validateAnswers(schema, {})).toEqual({ slot: '必須項目です' });
  });

  it('cost one unit unless the item says otherwise', () => {
    expect(reservationCost({})).toBe(1);
    expect(reservationCost({ cost: 3 })).toBe(3);
  });
});

describe('slotMark', () => {
  it('shows × when fewer units are left than a booking costs', () => {
    expect(slotMark(0, 10, 1)).toBe('full');
    expect(slotMark(1, 10, 2)).toBe('full');
  });

  it('shows △ when at most a fifth of the capacity is left, and ○ above that', () => {
    expect(slotMark(2, 10, 1)).toBe('few');
    expect(slotMark(3, 10, 1)).toBe('free');
    expect(slotMark(1, 2, 1)).toBe('few');
    expect(slotMark(2, 2, 1)).toBe('free');
  });

  it('shows △ for the last booking of a costly slot, and never for more than three bookings', () => {
    expect(slotMark(2, 4, 2)).toBe('few');
    expect(slotMark(20, 100, 1)).toBe('free');
    expect(slotMark(3, 100, 1)).toBe('few');
  });
});

describe('Japan time', () => {
  it('turns a Japan date and time into the instant, whatever the machine zone', () => {
    expect(jst('2026-11-23', '00:00')).toBe(Date.UTC(2026, 10, 22, 15, 0));
    expect(jst('2026-11-23', '09:30')).toBe(Date.UTC(2026, 10, 23, 0, 30));
  });

  it('adds days across months and years, and names the weekday', () => {
    expect(addDaysToDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysToDate('2026-03-01', -1)).toBe('2026-02-28');
    expect(japaneseWeekday('2026-11-23')).toBe('月');
    expect(japaneseWeekday('2026-11-29')).toBe('日');
  });

  it('knows a time of day', () => {
    expect(['00:00', '09:30', '23:59', '24:00'].every(isTimeOfDay)).toBe(true);
    expect(['9:30', '24:01', '12:60', ''].some(isTimeOfDay)).toBe(false);
  });
});

describe('calendar rules at the exact minute (Japan time)', () => {
  const rules: CalendarRules = {
    bookingOpensDaysAhead: 30,
    bookingClosesBefore: { unit: 'days', amount: 1 },
    changeClosesBefore: { unit: 'hours', amount: 3 },
  };
  const slot = { date: '2026-12-24', start: '10:00' };

  it('opens booking at 00:00 the given number of days before the slot', () => {
    expect(bookingWindowState(slot, rules, jst('2026-11-23', '23:59'))).toBe('notOpenYet');
    expect(bookingWindowState(slot, rules, jst('2026-11-24', '00:00'))).toBe('open');
  });

  it('closes booking "1 day before" at the end of the day before (前日まで)', () => {
    expect(deadlineBefore(slot.date, slot.start, rules.bookingClosesBefore)).toBe(jst('2026-12-24', '00:00'));
    expect(bookingWindowState(slot, rules, jst('2026-12-23', '23:59'))).toBe('open');
    expect(bookingWindowState(slot, rules, jst('2026-12-24', '00:00'))).toBe('closed');
  });

  it('closes "0 days before" when the slot starts, and "N hours before" N hours before it', () => {
    expect(deadlineBefore(slot.date, slot.start, { unit: 'days', amount: 0 })).toBe(jst('2026-12-24', '10:00'));
    expect(canChangeBooking(slot, rules, jst('2026-12-24', '06:59'))).toBe(true);
    expect(canChangeBooking(slot, rules, jst('2026-12-24', '07:00'))).toBe(false);
    expect(canChangeBooking(slot, rules, jst('2026-12-24', '07:00') - MINUTE)).toBe(true);
  });

  it('counts days before across a month boundary', () => {
    const early = { date: '2027-01-01', start: '09:00' };
    expect(deadlineBefore(early.date, early.start, { unit: 'days', amount: 3 })).toBe(jst('2026-12-30', '00:00'));
  });
});
