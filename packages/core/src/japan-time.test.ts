import { describe, expect, it } from 'vitest';
import { todayInJapan } from './japan-time.js';

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
