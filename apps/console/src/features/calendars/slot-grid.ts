// The week grid's data: one row per slot time (start to end) across the week's dates, and the
// capacities staff typed, checked and turned into the slots to save.
import type { AdminSlot } from './calendar-admin-api.js';

/** A slot's key, as the server names it in blockers (`2026-12-07|0900`). */
export const slotKey = (slot: { date: string; slotId: string }) => `${slot.date}|${slot.slotId}`;

export interface GridRow {
  /** `09:00〜09:30`. */
  time: string;
  start: string;
  end: string;
  /** The row's slots on each of the week's dates (usually one; none where that day has no such slot). */
  cells: AdminSlot[][];
}

/** The rows of a week: every slot time any of its dates has, earliest first. */
export function gridRows(slots: readonly AdminSlot[], dates: readonly string[]): GridRow[] {
  const rows = new Map<string, GridRow>();
  const inWeek = slots.filter((slot) => dates.includes(slot.date));
  for (const slot of [...inWeek].sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end) || a.slotId.localeCompare(b.slotId))) {
    const time = `${slot.start}〜${slot.end}`;
    let row = rows.get(time);
    if (row === undefined) {
      row = { time, start: slot.start, end: slot.end, cells: dates.map(() => []) };
      rows.set(time, row);
    }
    row.cells[dates.indexOf(slot.date)]?.push(slot);
  }
  return [...rows.values()];
}

export const MAX_CAPACITY = 100_000;

/** A capacity as typed: a whole number from 0 to 100,000, else undefined. */
export function parseCapacity(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value <= MAX_CAPACITY ? value : undefined;
}

/**
 * The slots whose capacity staff changed, ready for staffPutSlots, and the keys of those typed
 * wrong (nothing is sent while any is). A draft equal to the stored capacity is no change.
 */
export function changedCapacities(slots: readonly AdminSlot[], drafts: Readonly<Record<string, string>>): { changes: AdminSlot[]; invalid: string[] } {
  const changes: AdminSlot[] = [];
  const invalid: string[] = [];
  for (const slot of slots) {
    const draft = drafts[slotKey(slot)];
    if (draft === undefined) continue;
    const capacity = parseCapacity(draft);
    if (capacity === undefined) invalid.push(slotKey(slot));
    else if (capacity !== slot.capacity) changes.push({ ...slot, capacity });
  }
  return { changes, invalid };
}
