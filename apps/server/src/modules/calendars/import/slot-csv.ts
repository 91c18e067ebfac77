import { isCalendarDate, isTimeOfDay } from '@city/survey-core';
import { importMessages } from '../../../messages.js';
import { ID_PATTERN } from './category-csv.js';
import type { CsvRecord } from './csv.js';
import type { ImportProblem } from './problems.js';

/** One slot of one date, as a slot file defines it. */
export interface SlotDefinition {
  /** `YYYY-MM-DD`. */
  date: string;
  slotId: string;
  /** `HH:MM`. */
  start: string;
  end: string;
  capacity: number;
}

export interface SlotFile {
  kind: 'slots';
  /** Every date of the file, in its order (`YYYY-MM-DD`). */
  dates: string[];
  /** The dates marked 1 in the `休日` line. */
  closedDays: string[];
  /** Every slot of every date (closed days included: the file defines them), date by date, with its capacity's cell. */
  slots: (SlotDefinition & { line: number; column: number })[];
}

/** The first cell of the line of closed days. */
export const CLOSED_DAYS_LABEL = '休日';
/** Columns before the dates: slot id, start, end. */
const LEADING_COLUMNS = 3;
/** Far above any venue; a typo such as 1000000 is refused rather than stored. */
const MAX_CAPACITY = 100_000;

/** `2021/4/5` (or `2021-04-05`) as `2021-04-05`, or undefined when it is no real date. */
function readDate(text: string): string | undefined {
  const match = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(text);
  if (match === null) return undefined;
  const date = `${match[1] ?? ''}-${(match[2] ?? '').padStart(2, '0')}-${(match[3] ?? '').padStart(2, '0')}`;
  return isCalendarDate(date) ? date : undefined;
}

/** `9:00` or `09:00` as `09:00`, or undefined. */
function readTime(text: string): string | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (match === null) return undefined;
  const time = `${(match[1] ?? '').padStart(2, '0')}:${match[2] ?? ''}`;
  return isTimeOfDay(time) ? time : undefined;
}

/**
 * Reads a slot file: the header `id,____,____,<dates>`, an optional `休日` line of 0/1 per date,
 * then one line per slot id: start, end, and its capacity on each date (empty: no such slot that
 * date).
 */
export function parseSlotFile(records: readonly CsvRecord[]): { file: SlotFile; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const file: SlotFile = { kind: 'slots', dates: [], closedDays: [], slots: [] };
  const [header, ...lines] = records;
  if (header === undefined) return { file, problems: [{ message: importMessages.emptyFile }] };
  if (header.cells.length <= LEADING_COLUMNS || header.cells[0]?.value.trim() !== 'id') {
    return { file, problems: [{ line: header.line, message: importMessages.slotHeader }] };
  }
  const columnOfDate = new Map<string, number>();
  for (const cell of header.cells.slice(LEADING_COLUMNS)) {
    const date = readDate(cell.value.trim());
    if (date === undefined) {
      problems.push({ line: cell.line, column: cell.column, message: importMessages.dateFormat });
      continue;
    }
    const first = columnOfDate.get(date);
    if (first !== undefined) problems.push({ line: cell.line, column: cell.column, message: importMessages.duplicateDate(first) });
    else columnOfDate.set(date, cell.column);
  }
  // Dates by column, so each capacity is matched with its date (undefined: a date already refused).
  const dateOfColumn = new Map([...columnOfDate].map(([date, column]) => [column, date]));
  file.dates = [...columnOfDate.keys()];
  const columns = header.cells.length;

  const lineOfSlotId = new Map<string, number>();
  let sawSlotLine = false;
  for (const [index, record] of lines.entries()) {
    if (record.cells.length !== columns) {
      problems.push({ line: record.line, message: importMessages.columnCount(record.cells.length, columns) });
      continue;
    }
    const [idCell, startCell, endCell] = record.cells as [(typeof record.cells)[0], (typeof record.cells)[0], (typeof record.cells)[0]];
    const valueCells = record.cells.slice(LEADING_COLUMNS);
    if (index === 0 && idCell.value.trim() === CLOSED_DAYS_LABEL) {
      // The two cells under ____ carry nothing on this line.
      for (const cell of valueCells) {
        const flag = cell.value.trim();
        if (flag !== '0' && flag !== '1') problems.push({ line: cell.line, column: cell.column, message: importMessages.closedDayFlag });
        const date = dateOfColumn.get(cell.column);
        if (flag === '1' && date !== undefined) file.closedDays.push(date);
      }
      continue;
    }
    sawSlotLine = true;
    const slotId = idCell.value.trim();
    if (!ID_PATTERN.test(slotId)) {
      problems.push({ line: idCell.line, column: idCell.column, message: importMessages.slotIdFormat });
    } else {
      const first = lineOfSlotId.get(slotId);
      if (first !== undefined) problems.push({ line: idCell.line, column: idCell.column, message: importMessages.duplicateSlotId(first) });
      else lineOfSlotId.set(slotId, record.line);
    }
    const start = readTime(startCell.value.trim());
    const end = readTime(endCell.value.trim());
    if (start === undefined) problems.push({ line: startCell.line, column: startCell.column, message: importMessages.timeFormat });
    if (end === undefined) problems.push({ line: endCell.line, column: endCell.column, message: importMessages.timeFormat });
    if (start !== undefined && end !== undefined && start >= end) {
      problems.push({ line: endCell.line, column: endCell.column, message: importMessages.endAfterStart });
    }
    for (const cell of valueCells) {
      const text = cell.value.trim();
      // An empty cell: this slot is not held on that date (what an export writes for a date
      // without it). The earlier platform's files always fill every cell.
      if (text === '') continue;
      const capacity = Number(text);
      if (!/^\d+$/.test(text) || capacity > MAX_CAPACITY) {
        problems.push({ line: cell.line, column: cell.column, message: importMessages.capacityFormat });
        continue;
      }
      const date = dateOfColumn.get(cell.column);
      if (date !== undefined && start !== undefined && end !== undefined) file.slots.push({ date, slotId, start, end, capacity, line: cell.line, column: cell.column });
    }
  }
  if (!sawSlotLine && problems.length === 0) problems.push({ line: header.line, message: importMessages.noSlots });
  // Date by date, then slot by start time: the order a calendar shows them in.
  const order = new Map(file.dates.map((date, position) => [date, position]));
  file.slots.sort((a, b) => (order.get(a.date) ?? 0) - (order.get(b.date) ?? 0) || a.start.localeCompare(b.start) || a.slotId.localeCompare(b.slotId));
  return { file, problems };
}
