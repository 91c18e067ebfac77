import { describe, expect, it } from 'vitest';
import type { AdminSlot } from './calendar-admin-api.js';
import { changedCapacities, gridRows, parseCapacity } from './slot-grid.js';

const slot = (date: string, start: string, end: string, capacity = 3, booked = 0): AdminSlot => ({ date, slotId: start.replace(':', ''), start, end, capacity, booked });
const week = ['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12', '2026-12-13'];

describe('the week grid', () => {
  it('has a row per slot time, earliest first, and each day’s slot in its column', () => {
    const rows = gridRows([slot('2026-12-08', '10:00', '10:30'), slot('2026-12-07', '09:00', '09:30'), slot('2026-12-08', '09:00', '09:30'), slot('2026-12-14', '08:00', '08:30')], week);
    expect(rows.map((row) => row.time)).toEqual(['09:00〜09:30', '10:00〜10:30']);
    expect(rows[0]?.cells.map((cell) => cell.length)).toEqual([1, 1, 0, 0, 0, 0, 0]);
    expect(rows[1]?.cells[1]?.[0]?.slotId).toBe('1000');
  });

  it('reads a capacity as a whole number from 0 to 100,000', () => {
    expect(parseCapacity(' 3 ')).toBe(3);
    expect(parseCapacity('0')).toBe(0);
    expect(parseCapacity('100000')).toBe(100_000);
    expect(parseCapacity('100001')).toBeUndefined();
    expect(parseCapacity('2.5')).toBeUndefined();
    expect(parseCapacity('-1')).toBeUndefined();
    expect(parseCapacity('')).toBeUndefined();
  });

  it('sends only the capacities changed, and none while one is typed wrong', () => {
    const slots = [slot('2026-12-07', '09:00', '09:30', 3, 2), slot('2026-12-07', '09:30', '10:00'), slot('2026-12-07', '10:00', '10:30')];
    expect(changedCapacities(slots, { '2026-12-07|0900': '1', '2026-12-07|0930': '3' })).toEqual({ changes: [{ ...slots[0], capacity: 1 }], invalid: [] });
    expect(changedCapacities(slots, { '2026-12-07|0900': '1', '2026-12-07|1000': 'x' }).invalid).toEqual(['2026-12-07|1000']);
  });
});
