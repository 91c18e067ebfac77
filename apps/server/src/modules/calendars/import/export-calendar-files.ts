// The earlier platform's files written back from the database: a calendar's slots and closed days,
// and the category tree. Read back by the import, they give the same state (test/calendar-files).
// UTF-8 with a BOM, which Excel opens as Japanese and the import reads.
import { CATEGORY_HEADER } from './category-csv.js';
import type { CategoryPath } from './category-csv.js';
import type { SlotDefinition } from './slot-csv.js';
import { CLOSED_DAYS_LABEL } from './slot-csv.js';

const BOM = '\uFEFF';

/** One CSV line; a cell with a comma, a quote or a line break is quoted. */
function csvLine(cells: readonly string[]): string {
  return cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(',');
}

/** `2026-12-03` as the earlier platform writes it: `2026/12/3`. */
const platformDate = (date: string) => `${date.slice(0, 4)}/${String(Number(date.slice(5, 7)))}/${String(Number(date.slice(8, 10)))}`;

/**
 * The slot file of `dates`: one line per slot id with its times and its capacity on each date
 * (empty where the date does not hold it), after the 休日 line. Answers the slot ids whose times
 * differ between dates instead, which one line cannot say.
 */
export function slotFileText(dates: readonly string[], slots: readonly SlotDefinition[], closedDays: ReadonlySet<string>): { text: string } | { mixedTimes: string[] } {
  const rows = new Map<string, { start: string; end: string; capacity: Map<string, number> }>();
  const mixed = new Set<string>();
  for (const slot of slots) {
    const row = rows.get(slot.slotId);
    if (row === undefined) rows.set(slot.slotId, { start: slot.start, end: slot.end, capacity: new Map([[slot.date, slot.capacity]]) });
    else if (row.start !== slot.start || row.end !== slot.end) mixed.add(slot.slotId);
    else row.capacity.set(slot.date, slot.capacity);
  }
  if (mixed.size > 0) return { mixedTimes: [...mixed] };
  const ordered = [...rows.entries()].sort(([idA, a], [idB, b]) => a.start.localeCompare(b.start) || idA.localeCompare(idB));
  const lines = [
    csvLine(['id', '____', '____', ...dates.map(platformDate)]),
    csvLine([CLOSED_DAYS_LABEL, '0', '0', ...dates.map((date) => (closedDays.has(date) ? '1' : '0'))]),
    ...ordered.map(([slotId, row]) => csvLine([slotId, row.start, row.end, ...dates.map((date) => String(row.capacity.get(date) ?? ''))])),
  ];
  return { text: `${BOM}${lines.join('\r\n')}\r\n` };
}

/** The category tree file: every category with its id, its path, and 1 where it has a calendar. */
export function categoryFileText(categories: readonly (CategoryPath & { categoryId: string; hasCalendar: boolean })[]): string {
  const lines = [csvLine([...CATEGORY_HEADER]), ...categories.map((category) => csvLine([category.categoryId, category.tag1, category.tag2, category.tag3, category.hasCalendar ? '1' : '']))];
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
