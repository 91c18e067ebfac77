import { describe, expect, it } from 'vitest';
import type { PatternDraft } from './pattern.js';
import { patternOf, slotsPerDay } from './pattern.js';

const weekdays: PatternDraft = { from: '2026-12-07', to: '2026-12-13', weekdays: [5, 1, 2, 3, 4], start: '09:00', end: '12:00', minutes: '30', capacity: '3', skipClosedDays: true };

describe('a weekly pattern', () => {
  it('is sent as the server takes it: 平日 9:00〜12:00, every 30 minutes, 3 each', () => {
    expect(patternOf(weekdays)).toEqual({ pattern: { ...weekdays, weekdays: [1, 2, 3, 4, 5], minutes: 30, capacity: 3 } });
    expect(slotsPerDay('09:00', '12:00', 30)).toBe(6);
    expect(slotsPerDay('09:00', '09:20', 30)).toBe(0);
  });

  it('names each field typed wrong', () => {
    const checked = patternOf({ ...weekdays, to: '2026-12-01', weekdays: [], end: '08:00', minutes: '2', capacity: 'x' });
    expect(Object.keys('problems' in checked ? checked.problems : {}).sort()).toEqual(['capacity', 'end', 'minutes', 'to', 'weekdays']);
  });
});
