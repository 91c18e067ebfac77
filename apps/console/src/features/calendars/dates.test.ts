import { addDaysToDate } from '@city/survey-core';
import { describe, expect, it } from 'vitest';
import { addMonths, dateWithWeekday, firstWeekOf, mondayOf, monthGrid, monthLabel, monthOfWeek, monthRange, weekDates, weekdayOf } from './dates.js';

describe('the calendar page’s dates', () => {
  it('writes a date with its weekday', () => {
    expect(dateWithWeekday('2026-12-07')).toBe('2026-12-07（月）');
    expect(weekdayOf('2026-12-13')).toBe(0);
  });

  it('runs weeks from Monday', () => {
    expect(mondayOf('2026-12-07')).toBe('2026-12-07');
    expect(mondayOf('2026-12-13')).toBe('2026-12-07');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
    expect(weekDates('2026-12-28')).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
  });

  it('puts a week in the month of its Thursday, and each week inside that month’s grid', () => {
    expect(monthOfWeek('2026-12-28')).toBe('2026-12');
    expect(monthOfWeek('2026-11-30')).toBe('2026-12');
    expect(firstWeekOf('2027-01')).toBe('2027-01-04');
    expect(firstWeekOf('2026-12')).toBe('2026-11-30');
    for (let week = '2026-01-05'; week < '2028-01-01'; week = addDaysToDate(week, 7)) {
      const grid = monthGrid(monthOfWeek(week));
      expect(week >= grid.from && addDaysToDate(week, 6) <= grid.to).toBe(true);
    }
  });

  it('counts months and their days', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthLabel('2026-04')).toBe('2026年4月');
    // At most six weeks: well within the server's 93 days.
    expect(monthGrid('2026-03')).toEqual({ from: '2026-02-23', to: '2026-04-05' });
  });
});
