import { describe, expect, it } from 'vitest';
import { formatSlotDate, formatSlotLabel, formatSlotTime } from './slot-format.js';

describe('slot formatting', () => {
  it('writes the date with month, day and Japanese weekday, without leading zeros', () => {
    expect(formatSlotDate('2026-12-01')).toBe('12月1日（火）');
    expect(formatSlotDate('2027-01-03')).toBe('1月3日（日）');
    expect(formatSlotDate('2026-11-28')).toBe('11月28日（土）');
  });

  it('writes the time span with a wave dash', () => {
    expect(formatSlotTime('10:00', '11:00')).toBe('10:00〜11:00');
  });

  it('joins date and time into the label the screens show', () => {
    expect(formatSlotLabel({ date: '2026-12-01', start: '10:00', end: '11:00' })).toBe('12月1日（火）10:00〜11:00');
  });
});
