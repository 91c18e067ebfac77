import { createHash } from 'node:crypto';
import { importMessages } from '../../../messages.js';
import type { CsvRecord } from './csv.js';
import type { ImportProblem } from './problems.js';

/** The header of the earlier platform's category tree file. */
export const CATEGORY_HEADER = ['カテゴリID', '大分類', '中分類', '小分類', 'カレンダー有無'] as const;

/** A category id as a reservation answer can carry it: no spaces, `#` or `|` (see parseReservationValue). */
export const ID_PATTERN = /^[^|#\s]{1,128}$/;

/** A node of the category tree: its path of up to three names ('' below the deepest level). */
export interface CategoryPath {
  tag1: string;
  tag2: string;
  tag3: string;
}

/** One line of a category tree file. */
export interface CategoryLine extends CategoryPath {
  line: number;
  /** Absent when the file leaves it empty: assigned on import (see {@link derivedCategoryId}). */
  categoryId?: string;
}

export interface CategoryFile {
  kind: 'categories';
  categories: CategoryLine[];
}

/** `大分類 > 中分類 > 小分類`, as staff read a path. */
export function categoryPathText(path: CategoryPath): string {
  return [path.tag1, path.tag2, path.tag3].filter((tag) => tag !== '').join(' > ');
}

const pathKey = (path: CategoryPath) => `${path.tag1}\u0000${path.tag2}\u0000${path.tag3}`;

/**
 * The id a category without one gets: a short hash of its path, so importing the same file again
 * finds the same ids (and changes nothing), whatever else the tree holds.
 */
export function derivedCategoryId(path: CategoryPath): string {
  return `c-${createHash('sha256').update(pathKey(path)).digest('hex').slice(0, 12)}`;
}

/** Reads the lines after the header; every problem is listed, with its line and column. */
export function parseCategoryFile(records: readonly CsvRecord[]): { file: CategoryFile; problems: ImportProblem[] } {
  const [header, ...lines] = records;
  const problems: ImportProblem[] = [];
  if (header === undefined) return { file: { kind: 'categories', categories: [] }, problems: [{ message: importMessages.emptyFile }] };
  if (header.cells.length !== CATEGORY_HEADER.length || header.cells.some((cell, index) => cell.value.trim() !== CATEGORY_HEADER[index])) {
    problems.push({ line: header.line, message: importMessages.categoryHeader });
  }
  const categories: CategoryLine[] = [];
  const lineOfId = new Map<string, number>();
  const lineOfPath = new Map<string, number>();
  for (const record of lines) {
    if (record.cells.length !== CATEGORY_HEADER.length) {
      problems.push({ line: record.line, message: importMessages.columnCount(record.cells.length, CATEGORY_HEADER.length) });
      continue;
    }
    // The calendar flag (カレンダー有無) is not read: a calendar comes with its slot file.
    const [id, tag1, tag2, tag3] = record.cells.map((cell) => cell.value.trim()) as [string, string, string, string];
    const cell = (index: number) => record.cells[index] ?? { line: record.line, column: index + 1 };
    const before = problems.length;
    if (id !== '' && !ID_PATTERN.test(id)) problems.push({ line: record.line, column: cell(0).column, message: importMessages.categoryIdFormat });
    if (tag1 === '') problems.push({ line: record.line, column: cell(1).column, message: importMessages.tag1Required });
    if (tag3 !== '' && tag2 === '') problems.push({ line: record.line, column: cell(2).column, message: importMessages.tag2RequiredForTag3 });
    if (id !== '') {
      const first = lineOfId.get(id);
      if (first !== undefined) problems.push({ line: record.line, column: cell(0).column, message: importMessages.duplicateCategoryId(first) });
      else lineOfId.set(id, record.line);
    }
    const path = { tag1, tag2, tag3 };
    const firstOfPath = lineOfPath.get(pathKey(path));
    if (firstOfPath !== undefined) problems.push({ line: record.line, message: importMessages.duplicateCategoryPath(firstOfPath) });
    else lineOfPath.set(pathKey(path), record.line);
    if (problems.length === before) categories.push({ line: record.line, ...path, ...(id === '' ? {} : { categoryId: id }) });
  }
  return { file: { kind: 'categories', categories }, problems };
}
