import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDaysToDate, dayOfWeek, isCalendarDate, isTimeOfDay, japaneseWeekday, japanTimeToEpochMs, todayInJapan } from './japan-time.js';

describe('todayInJapan', () => {
  it('turns the day at midnight in Japan (15:00 UTC), whatever the machine says', () => {
    expect(todayInJapan(Date.UTC(2026, 10, 22, 14, 59, 59))).toBe('2026-11-22');
    expect(todayInJapan(Date.UTC(2026, 10, 22, 15, 0, 0))).toBe('2026-11-23');
    expect(todayInJapan(Date.UTC(2026, 11, 31, 15, 0, 0))).toBe('2027-01-01');
  });

  it('defaults to now', () => {
    expect(todayInJapan()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('calendar arithmetic without Date', () => {
  // What Date answers, the way these functions were first written: the reference they must match.
  const viaDate = {
    isCalendarDate: (value: string) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    },
    addDaysToDate: (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10),
    japanTimeToEpochMs: (date: string, time: string) => {
      const [hours = 0, minutes = 0] = time.split(':').map(Number);
      return Date.parse(`${date}T00:00:00Z`) - 9 * 3_600_000 + (hours * 60 + minutes) * 60_000;
    },
  };
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  // Any YYYY-MM-DD shape, real dates or not (2月30日, month 13, day 00).
  const dateShaped = fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 })).map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);
  const realDate = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

  it('agree with Date on which strings are real dates', () => {
    fc.assert(fc.property(dateShaped, (value) => isCalendarDate(value) === viaDate.isCalendarDate(value)));
    for (const value of ['2024-02-29', '2100-02-29', '2000-02-29', '2026-04-31', '2026-1-01', '', '20261201']) expect(isCalendarDate(value)).toBe(viaDate.isCalendarDate(value));
  });

  it('add days and turn a Japan time into a moment as Date does', () => {
    fc.assert(
      fc.property(realDate, fc.integer({ min: -100_000, max: 100_000 }), fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 59 }), (date, days, hours, minutes) => {
        expect(addDaysToDate(date, days)).toBe(viaDate.addDaysToDate(date, days));
        const time = `${pad(hours, 2)}:${pad(minutes, 2)}`;
        expect(japanTimeToEpochMs(date, time)).toBe(viaDate.japanTimeToEpochMs(date, time));
      }),
    );
    fc.assert(fc.property(fc.oneof(fc.integer({ min: -62_000_000_000_000, max: 250_000_000_000_000 }), fc.double({ min: -1e9, max: 1e9, noNaN: true })), (now) => todayInJapan(now) === new Date(now + 9 * 3_600_000).toISOString().slice(0, 10)));
    expect(todayInJapan(-9 * 3_600_000 - 0.5)).toBe(new Date(-0.5).toISOString().slice(0, 10));
    // The edges of four-digit years, and beyond them, as Date writes them.
    expect(addDaysToDate('0000-01-01', -1)).toBe(viaDate.addDaysToDate('0000-01-01', -1));
    expect(addDaysToDate('9999-12-31', 1)).toBe(viaDate.addDaysToDate('9999-12-31', 1));
  });

  it('name the day of the week as Date does, for any date-shaped string', () => {
    fc.assert(
      fc.property(fc.oneof(realDate, dateShaped), (date) => {
        expect(dayOfWeek(date)).toBe(new Date(`${date}T00:00:00Z`).getUTCDay());
      }),
    );
    expect(dayOfWeek('1969-12-31')).toBe(3);
    expect(japaneseWeekday('2026-11-26')).toBe('木');
    expect(dayOfWeek('not a date')).toBeNaN();
  });

  it('read times digit by digit as the patterns and splits before them did, whatever the string', () => {
    const viaPattern = (value: string) => {
      const match = /^(\d{2}):(\d{2})$/.exec(value);
      if (match === null) return false;
      const [hours, minutes] = [Number(match[1]), Number(match[2])];
      return (hours < 24 && minutes < 60) || (hours === 24 && minutes === 0);
    };
    const timeLike = fc.oneof(
      fc.tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 })).map(([h, m]) => `${pad(h, 2)}:${pad(m, 2)}`),
      fc.string({ unit: fc.constantFrom('0', '1', '2', '4', '9', ':', ' ', '-', '٣', 'a'), maxLength: 7 }),
    );
    fc.assert(
      fc.property(timeLike, realDate, (time, date) => {
        expect(isTimeOfDay(time)).toBe(viaPattern(time));
        expect(japanTimeToEpochMs(date, time)).toBe(viaDate.japanTimeToEpochMs(date, time));
      }),
    );
  });
});
