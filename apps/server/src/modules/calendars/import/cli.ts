// The import command (scripts/import-calendar.ts): reads one file, imports it, and prints a
// Japanese summary for the staff member who ran it. Returns the exit code: 0 imported (or
// described), 1 refused, 2 wrong usage.
import type { CalendarDisplaySettings } from '@city/survey-core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { StorageLocation } from '../../../db/storage.js';
import { openStorage, repositories } from '../../../db/storage.js';
import type { Store } from '../../../db/store.js';
import { importMessages as m } from '../../../messages.js';
import type { ImportOptions, ImportReport } from './import-calendar-file.js';
import { importCalendarFile } from './import-calendar-file.js';
import { categoryPathText } from './category-csv.js';
import type { ImportProblem } from './problems.js';
import { formatProblem, ImportRefusedError } from './problems.js';
import { readImportFile } from './read-import-file.js';
import type { CalendarImportRepository } from './calendar-import-repository.js';
import { calendarImportRepository } from '../repositories.js';

export interface ImportCommandDeps {
  /** The server's database (DATABASE_URL, else the SQLite file at DATABASE_PATH). */
  database: StorageLocation;
  /** Where the command was typed: the file's path is relative to it. */
  cwd: string;
  out: (line: string) => void;
  err: (line: string) => void;
}

type CategoryLabels = CalendarDisplaySettings['categoryLabels'];

interface ParsedArguments {
  file: string | undefined;
  options: ImportOptions;
  /** `--labels 種類,健診,会場`: the names of the three category levels. */
  labels: CategoryLabels | undefined;
}

/** Three names, comma-separated, none blank or longer than 20 characters. */
function parseLabels(value: string): CategoryLabels | undefined {
  const names = value.split(/[,、]/).map((name) => name.trim());
  if (names.length !== 3 || names.some((name) => name === '' || name.length > 20)) return undefined;
  const [tag1 = '', tag2 = '', tag3 = ''] = names;
  return { tag1, tag2, tag3 };
}

/** `[<file>] [--calendar <id>] [--category <id>] [--labels <a,b,c>]` (also `--calendar=<id>`): a file, labels, or both. */
function parseArguments(args: readonly string[]): ParsedArguments | { problem: string } {
  const files: string[] = [];
  const options: ImportOptions = {};
  let labels: CategoryLabels | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (arg === '--') continue; // pnpm passes it through when given
    const match = /^--(calendar|category|labels)(?:=(.*))?$/.exec(arg);
    if (match === null) {
      if (arg.startsWith('--')) return { problem: m.unknownOption(arg) };
      files.push(arg);
      continue;
    }
    const value = match[2] ?? args[(index += 1)];
    if (value === undefined || value === '') return { problem: m.usage };
    if (match[1] === 'labels') {
      labels = parseLabels(value);
      if (labels === undefined) return { problem: m.badLabels(value) };
    } else if (match[1] === 'calendar') options.calendarId = value;
    else options.categoryId = value;
  }
  const [file, ...others] = files;
  if ((file === undefined && labels === undefined) || others.length > 0) return { problem: m.usage };
  return { file, options, labels };
}

/** Opens the server's database for one piece of work and closes it again. */
async function withDatabase<T>(database: StorageLocation, work: (store: Store<{ calendarImport: CalendarImportRepository }>) => Promise<T>): Promise<T> {
  const storage = await openStorage(database);
  try {
    return await work(storage.store(repositories({ calendarImport: calendarImportRepository })));
  } finally {
    await storage.close();
  }
}

export async function runImportCommand(args: readonly string[], deps: ImportCommandDeps): Promise<number> {
  const parsed = parseArguments(args);
  if ('problem' in parsed) {
    deps.err(parsed.problem);
    if (parsed.problem !== m.usage) deps.err(m.usage);
    return 2;
  }
  const { labels, file } = parsed;
  // The file first: labels are set only when it is not refused (a refused command changes nothing).
  const imported = file === undefined ? 0 : await importFile(file, parsed.options, deps);
  if (imported !== 0 || labels === undefined) return imported;
  await withDatabase(deps.database, (store) => store.transaction(({ calendarImport }) => calendarImport.setCategoryLabels(labels)));
  deps.out(m.labelsSet(labels.tag1, labels.tag2, labels.tag3));
  return 0;
}

async function importFile(file: string, options: ImportOptions, deps: ImportCommandDeps): Promise<number> {

  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path.resolve(deps.cwd, file));
  } catch {
    deps.err(m.fileNotFound(file));
    return 1;
  }
  const read = readImportFile(bytes);
  if (read.problems !== undefined) return refuse(read.problems, deps);

  // A survey-result file is only described: the database is not even opened.
  if (read.file.kind === 'surveyResults') {
    printReport({ kind: 'surveyResults', file: read.file, changed: false }, file, deps);
    return 0;
  }
  const calendarFile = read.file;
  try {
    const report = await withDatabase(deps.database, (store) => importCalendarFile(store, calendarFile, options));
    printReport(report, file, deps);
    return 0;
  } catch (error) {
    if (error instanceof ImportRefusedError) return refuse(error.problems, deps);
    throw error;
  }
}

function refuse(problems: readonly ImportProblem[], deps: ImportCommandDeps): number {
  deps.err(m.refused(problems.length));
  for (const problem of problems) deps.err(`  ${formatProblem(problem)}`);
  return 1;
}

function printReport(report: ImportReport, file: string, deps: ImportCommandDeps): void {
  const { out } = deps;
  switch (report.kind) {
    case 'surveyResults': {
      out(m.surveyFile(report.file.records.length));
      out(m.surveyColumns(report.file.itemColumns.join('、')));
      const references = new Map<string, number>();
      for (const record of report.file.records) {
        for (const categoryId of record.categoryIds) references.set(categoryId, (references.get(categoryId) ?? 0) + 1);
      }
      out(m.surveyCategories([...references].map(([categoryId, records]) => m.surveyReference(categoryId, records)).join('、')));
      return;
    }
    case 'categories': {
      out(m.categoriesFile(file));
      const count = (outcome: string) => report.categories.filter((category) => category.outcome === outcome).length;
      out(m.categoriesSummary(count('added'), count('changed'), count('unchanged')));
      if (!report.changed) {
        out(m.unchanged);
        return;
      }
      for (const category of report.categories) {
        out(`  ${m.outcome[category.outcome]}  ${category.categoryId}  ${categoryPathText(category.path)}`);
      }
      return;
    }
    case 'slots': {
      out(m.slotsSummary(report.calendarId, report.calendarCreated));
      const [first = '', last = ''] = [report.dates[0], report.dates.at(-1)];
      out(m.slotFileHolds(report.dates.length, first, last, report.slotCount, report.closedDays.length));
      if (!report.changed) {
        out(m.unchanged);
        return;
      }
      out(m.slotCounts(report.slots.added, report.slots.changed, report.slots.removed, report.slots.unchanged));
      out(m.closedDayCounts(report.closedDayChanges.added, report.closedDayChanges.removed));
    }
  }
}
