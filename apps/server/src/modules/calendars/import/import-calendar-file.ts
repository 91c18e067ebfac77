// The import use case: one file, one transaction. The file is checked against what the database
// holds first; any problem refuses it whole (the transaction is rolled back), so a file is either
// imported entirely or not at all. Writes happen only where something differs, so importing the
// same file again changes nothing.
import type { CalendarRules } from '@city/survey-core';
import type { Store } from '../../../db/store.js';
import { importMessages } from '../../../messages.js';
import type { CalendarImportRepository, StoredCategory } from './calendar-import-repository.js';
import type { CategoryFile, CategoryPath } from './category-csv.js';
import { categoryPathText, derivedCategoryId } from './category-csv.js';
import type { ImportProblem } from './problems.js';
import { ImportRefusedError } from './problems.js';
import type { ImportFile } from './read-import-file.js';
import type { SlotDefinition, SlotFile } from './slot-csv.js';
import type { SurveyResultFile } from './survey-result-csv.js';

/** The rules of a calendar the import creates: booking opens 60 days ahead and closes, like changes, the day before; no limit per citizen. */
export const DEFAULT_IMPORTED_CALENDAR_RULES: CalendarRules = {
  bookingOpensDaysAhead: 60,
  bookingClosesBefore: { unit: 'days', amount: 1 },
  changeClosesBefore: { unit: 'days', amount: 1 },
};

/** A calendar id: plain, so it reads well in addresses (`/calendar/<id>`). */
const CALENDAR_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export interface ImportOptions {
  /** The calendar a slot file goes into. */
  calendarId?: string | undefined;
  /** The category a new calendar hangs off. */
  categoryId?: string | undefined;
  /** Check and report only: the transaction is rolled back, nothing is written (a preview). */
  dryRun?: boolean;
}

/** Rolls a dry run's transaction back, carrying its report out. */
class DryRun extends Error {
  constructor(readonly report: unknown) {
    super('dry run');
  }
}

export type CategoryOutcome = 'added' | 'changed' | 'unchanged';

export interface CategoryImportReport {
  kind: 'categories';
  /** Every category of the file, and every level above them, in display order. */
  categories: { categoryId: string; path: CategoryPath; outcome: CategoryOutcome }[];
  changed: boolean;
}

export interface SlotImportReport {
  kind: 'slots';
  calendarId: string;
  categoryId: string;
  calendarCreated: boolean;
  /** What the file holds. */
  dates: string[];
  closedDays: string[];
  slotCount: number;
  /** What changed in the database. */
  slots: { added: number; changed: number; removed: number; unchanged: number };
  closedDayChanges: { added: number; removed: number };
  /** What changes, date by date (only dates with a change). */
  dateChanges: DateChange[];
  changed: boolean;
}

type SlotTimes = Pick<SlotDefinition, 'slotId' | 'start' | 'end' | 'capacity'>;

/** One date's changes, as a preview shows them before the file is applied. */
export interface DateChange {
  date: string;
  added: SlotTimes[];
  changed: { from: SlotTimes; to: SlotTimes }[];
  removed: SlotTimes[];
  closed: 'added' | 'removed' | null;
}

/** A survey-result file is read and described, never written. */
export interface SurveyResultReport {
  kind: 'surveyResults';
  file: SurveyResultFile;
  changed: false;
}

export type ImportReport = CategoryImportReport | SlotImportReport | SurveyResultReport;

/**
 * Imports one checked file in one transaction. Throws {@link ImportRefusedError} listing every
 * problem (a category id taken, a capacity below what is booked, a booked slot moved or removed,
 * a booked date closed, …); nothing is written then.
 */
export async function importCalendarFile(
  store: Store<{ calendarImport: CalendarImportRepository }>,
  file: ImportFile,
  options: ImportOptions = {},
): Promise<ImportReport> {
  if (file.kind === 'surveyResults') return { kind: 'surveyResults', file, changed: false };
  return inTransactionOrDryRun(store, options.dryRun === true, ({ calendarImport }) => importFileInTransaction(calendarImport, file, options));
}

/** importCalendarFile's work inside the caller's transaction (staff's import also audits in it). */
export function importFileInTransaction(calendarImport: CalendarImportRepository, file: CategoryFile | SlotFile, options: ImportOptions): Promise<CategoryImportReport | SlotImportReport> {
  if (file.kind === 'categories' && (options.calendarId !== undefined || options.categoryId !== undefined)) {
    throw new ImportRefusedError([{ message: importMessages.optionsNotForCategories }]);
  }
  return file.kind === 'categories' ? importCategories(calendarImport, file) : importSlots(calendarImport, file, options);
}

/** Runs `work` in a transaction; a dry run answers what it would do and rolls everything back. */
export async function inTransactionOrDryRun<Repositories, Report>(store: Store<Repositories>, dryRun: boolean, work: (repositories: Repositories) => Promise<Report>): Promise<Report> {
  try {
    return await store.transaction(async (repositories) => {
      const report = await work(repositories);
      if (dryRun) throw new DryRun(report);
      return report;
    });
  } catch (error) {
    if (error instanceof DryRun) return error.report as Report;
    throw error;
  }
}

const pathKey = (path: CategoryPath) => `${path.tag1}\u0000${path.tag2}\u0000${path.tag3}`;

/** The levels above a path that the tree needs as nodes of their own: 大分類, then 中分類. */
function ancestorsOf(path: CategoryPath): CategoryPath[] {
  const ancestors: CategoryPath[] = [];
  if (path.tag2 !== '') ancestors.push({ tag1: path.tag1, tag2: '', tag3: '' });
  if (path.tag3 !== '') ancestors.push({ tag1: path.tag1, tag2: path.tag2, tag3: '' });
  return ancestors;
}

async function importCategories(repository: CalendarImportRepository, file: CategoryFile): Promise<CategoryImportReport> {
  const stored = await repository.categories();
  const byId = new Map(stored.map((category) => [category.categoryId, category]));
  const byPath = new Map(stored.map((category) => [pathKey(category), category]));
  const problems: ImportProblem[] = [];
  // Every node in display order: each line's missing upper levels just before it.
  const explicit = new Map(file.categories.map((line) => [pathKey(line), line]));
  const nodes: { path: CategoryPath; categoryId?: string; line?: number }[] = [];
  const seen = new Set<string>();
  for (const line of file.categories) {
    for (const ancestor of ancestorsOf(line)) {
      const key = pathKey(ancestor);
      if (seen.has(key) || explicit.has(key)) continue;
      seen.add(key);
      nodes.push({ path: ancestor });
    }
    seen.add(pathKey(line));
    nodes.push({ path: { tag1: line.tag1, tag2: line.tag2, tag3: line.tag3 }, line: line.line, ...(line.categoryId === undefined ? {} : { categoryId: line.categoryId }) });
  }

  const planned: { categoryId: string; path: CategoryPath; outcome: CategoryOutcome }[] = [];
  const idsTaken = new Set<string>();
  for (const node of nodes) {
    const atPath = byPath.get(pathKey(node.path));
    const at = node.line === undefined ? {} : { line: node.line };
    let categoryId = node.categoryId;
    let outcome: CategoryOutcome;
    if (categoryId === undefined) {
      // No id in the file: the node keeps the id it has, or gets one derived from its path.
      categoryId = atPath?.categoryId ?? derivedCategoryId(node.path);
      const holder = byId.get(categoryId);
      if (atPath === undefined && holder !== undefined) {
        problems.push({ ...at, message: importMessages.categoryIdTaken(categoryId, categoryPathText(holder)) });
        continue;
      }
      outcome = atPath === undefined ? 'added' : 'unchanged';
    } else {
      const withId = byId.get(categoryId);
      if (atPath !== undefined && atPath.categoryId !== categoryId) {
        problems.push({ ...at, column: 1, message: importMessages.categoryPathTaken(categoryPathText(node.path), atPath.categoryId) });
        continue;
      }
      outcome = withId === undefined ? 'added' : pathKey(withId) === pathKey(node.path) ? 'unchanged' : 'changed';
    }
    if (idsTaken.has(categoryId)) {
      problems.push({ ...at, message: importMessages.categoryIdTaken(categoryId, categoryPathText(node.path)) });
      continue;
    }
    idsTaken.add(categoryId);
    planned.push({ categoryId, path: node.path, outcome });
  }
  if (problems.length > 0) throw new ImportRefusedError(problems);

  let position = Math.max(0, ...stored.map((category) => category.position + 1));
  for (const category of planned) {
    if (category.outcome === 'added') {
      const row: StoredCategory = { categoryId: category.categoryId, ...category.path, position };
      position += 1;
      await repository.insertCategory(row);
    } else if (category.outcome === 'changed') {
      await repository.renameCategory(category.categoryId, category.path);
    }
  }
  return { kind: 'categories', categories: planned, changed: planned.some((category) => category.outcome !== 'unchanged') };
}

async function importSlots(repository: CalendarImportRepository, file: SlotFile, options: ImportOptions): Promise<SlotImportReport> {
  const { calendarId, categoryId: wantedCategoryId } = options;
  if (calendarId === undefined) throw new ImportRefusedError([{ message: importMessages.calendarRequired }]);
  if (!CALENDAR_ID_PATTERN.test(calendarId)) throw new ImportRefusedError([{ message: importMessages.calendarIdFormat }]);

  const calendar = await repository.findCalendar(calendarId);
  let categoryId: string;
  if (calendar === undefined) {
    if (wantedCategoryId === undefined) throw new ImportRefusedError([{ message: importMessages.categoryRequiredForNewCalendar(calendarId) }]);
    categoryId = wantedCategoryId;
    const categories = await repository.categories();
    const category = categories.find((candidate) => candidate.categoryId === categoryId);
    if (category === undefined) throw new ImportRefusedError([{ message: importMessages.categoryNotFound(categoryId) }]);
    const below = (candidate: StoredCategory) =>
      candidate.tag1 === category.tag1 &&
      (category.tag2 === '' ? candidate.tag2 !== '' : candidate.tag2 === category.tag2 && category.tag3 === '' && candidate.tag3 !== '');
    if (categories.some(below)) throw new ImportRefusedError([{ message: importMessages.categoryHasChildren(categoryId) }]);
    const other = await repository.calendarOfCategory(categoryId);
    if (other !== undefined) throw new ImportRefusedError([{ message: importMessages.categoryHasCalendar(categoryId, other) }]);
    await repository.insertCalendar({ calendarId, categoryId, rules: DEFAULT_IMPORTED_CALENDAR_RULES });
  } else {
    categoryId = calendar.categoryId;
    if (wantedCategoryId !== undefined && wantedCategoryId !== categoryId) {
      throw new ImportRefusedError([{ message: importMessages.calendarOnOtherCategory(calendarId, categoryId) }]);
    }
  }

  const slotKey = (slot: { date: string; slotId: string }) => `${slot.date}|${slot.slotId}`;
  const stored = new Map((await repository.slotsOn(calendarId, file.dates)).map((slot) => [slotKey(slot), slot]));
  const inFile = new Set(file.slots.map(slotKey));
  const problems: ImportProblem[] = [];
  const counts = { added: 0, changed: 0, removed: 0, unchanged: 0 };
  const writes: (() => Promise<void>)[] = [];
  const byDate = new Map<string, DateChange>();
  const changeOf = (date: string) => {
    let change = byDate.get(date);
    if (change === undefined) {
      change = { date, added: [], changed: [], removed: [], closed: null };
      byDate.set(date, change);
    }
    return change;
  };
  const times = (slot: SlotTimes): SlotTimes => ({ slotId: slot.slotId, start: slot.start, end: slot.end, capacity: slot.capacity });
  for (const slot of file.slots) {
    const { line, column, ...definition } = slot;
    const before = stored.get(slotKey(slot));
    if (before === undefined) {
      counts.added += 1;
      changeOf(slot.date).added.push(times(slot));
    } else if (before.start === slot.start && before.end === slot.end && before.capacity === slot.capacity) {
      counts.unchanged += 1;
      continue;
    } else {
      // A booked slot keeps its times: the citizens who booked it were told them.
      if (before.claimed > 0 && (before.start !== slot.start || before.end !== slot.end)) {
        problems.push({ line, column, message: importMessages.claimedSlotRetimed(slot.date, before.start, before.end, before.claimed, slot.start, slot.end) });
      }
      if (slot.capacity < before.claimed) {
        problems.push({ line, column, message: importMessages.capacityBelowClaims(slot.date, slot.start, slot.end, before.claimed, slot.capacity) });
      }
      counts.changed += 1;
      changeOf(slot.date).changed.push({ from: times(before), to: times(slot) });
    }
    writes.push(() => repository.putSlot(calendarId, definition));
  }
  // A slot the file no longer has, on a date it covers, goes (unless someone booked it).
  for (const slot of stored.values()) {
    if (inFile.has(slotKey(slot))) continue;
    if (slot.claimed > 0) problems.push({ message: importMessages.claimedSlotRemoved(slot.date, slot.start, slot.end, slot.claimed) });
    counts.removed += 1;
    changeOf(slot.date).removed.push(times(slot));
    writes.push(() => repository.deleteSlot(calendarId, slot.date, slot.slotId));
  }

  const closedBefore = new Set(await repository.closedDaysOn(calendarId, file.dates));
  const closedNow = new Set(file.closedDays);
  // A date the file newly closes must have no bookings: they would stand on a day shown closed.
  const claimedOn = new Map<string, number>();
  for (const slot of stored.values()) claimedOn.set(slot.date, (claimedOn.get(slot.date) ?? 0) + slot.claimed);
  for (const date of closedNow) {
    const claimed = claimedOn.get(date) ?? 0;
    if (!closedBefore.has(date) && claimed > 0) problems.push({ message: importMessages.bookedDayClosed(date, claimed) });
  }
  if (problems.length > 0) throw new ImportRefusedError(problems);

  const closedDayChanges = { added: 0, removed: 0 };
  for (const date of closedNow) {
    if (closedBefore.has(date)) continue;
    closedDayChanges.added += 1;
    changeOf(date).closed = 'added';
    writes.push(async () => {
      await repository.addClosedDay(calendarId, date);
    });
  }
  for (const date of closedBefore) {
    if (closedNow.has(date)) continue;
    closedDayChanges.removed += 1;
    changeOf(date).closed = 'removed';
    writes.push(() => repository.removeClosedDay(calendarId, date));
  }
  for (const write of writes) await write();
  const calendarCreated = calendar === undefined;
  const changed = calendarCreated || writes.length > 0;
  if (writes.length > 0 && !calendarCreated) await repository.touchCalendar(calendarId);
  return {
    kind: 'slots',
    calendarId,
    categoryId,
    calendarCreated,
    dates: file.dates,
    closedDays: file.closedDays,
    slotCount: file.slots.length,
    slots: counts,
    closedDayChanges,
    dateChanges: [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date)),
    changed,
  };
}
