import { importMessages } from '../../../messages.js';
import { ID_PATTERN } from './category-csv.js';
import type { CsvRecord } from './csv.js';
import type { ImportProblem } from './problems.js';

/**
 * The columns every survey-result file starts with, and ends with. The third is the earlier
 * platform's `#` or this product's 受付番号 (its export writes the same shape).
 */
export const SURVEY_RESULT_LEADING = ['ユーザーID', 'パーティションキー', '#'] as const;
const RECEIPT_COLUMNS = new Set(['#', '受付番号']);
export const SURVEY_RESULT_TRAILING = ['状態', '作成日', '更新日', '管理者メモ'] as const;
const CATEGORY_PREFIX = 'category#';

/** One record of a survey-result file. */
export interface SurveyResultLine {
  line: number;
  /** '' for a record no citizen has claimed yet. */
  userId: string;
  /** '' for a new record. */
  partitionKey: string;
  /** The `#` / 受付番号 column: '' when not given. */
  receiptNumber: string;
  /** The item columns (between `#` and 状態) by their header, as written. */
  answers: Record<string, string>;
  /** Category ids this record refers to (`category#<id>` cells). */
  categoryIds: string[];
  status: string;
  createdAt: string;
  updatedAt: string;
  adminMemo: string;
}

export interface SurveyResultFile {
  kind: 'surveyResults';
  /** The item columns, in order. */
  itemColumns: string[];
  records: SurveyResultLine[];
}

/** Whether a header row is a survey-result file's. */
export function isSurveyResultHeader(header: readonly string[]): boolean {
  return header[0] === SURVEY_RESULT_LEADING[0] && header[1] === SURVEY_RESULT_LEADING[1] && RECEIPT_COLUMNS.has(header[2] ?? '');
}

/**
 * Reads a survey-result file into records (nothing is imported from it: see the import command).
 * Cells `category#<id>` are the record's calendar category.
 */
export function parseSurveyResultFile(records: readonly CsvRecord[]): { file: SurveyResultFile; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const [header, ...lines] = records;
  const file: SurveyResultFile = { kind: 'surveyResults', itemColumns: [], records: [] };
  if (header === undefined) return { file, problems: [{ message: importMessages.emptyFile }] };
  const names = header.cells.map((cell) => cell.value.trim());
  const trailingStart = names.length - SURVEY_RESULT_TRAILING.length;
  if (!isSurveyResultHeader(names) || trailingStart < SURVEY_RESULT_LEADING.length || SURVEY_RESULT_TRAILING.some((name, index) => names[trailingStart + index] !== name)) {
    return { file, problems: [{ line: header.line, message: importMessages.surveyHeader }] };
  }
  file.itemColumns = names.slice(SURVEY_RESULT_LEADING.length, trailingStart);
  for (const record of lines) {
    if (record.cells.length !== names.length) {
      problems.push({ line: record.line, message: importMessages.columnCount(record.cells.length, names.length) });
      continue;
    }
    const values = record.cells.map((cell) => cell.value);
    const answers: Record<string, string> = {};
    const categoryIds: string[] = [];
    file.itemColumns.forEach((name, offset) => {
      const index = SURVEY_RESULT_LEADING.length + offset;
      const value = values[index] ?? '';
      answers[name] = value;
      if (value.startsWith(CATEGORY_PREFIX)) {
        const categoryId = value.slice(CATEGORY_PREFIX.length);
        if (ID_PATTERN.test(categoryId)) categoryIds.push(categoryId);
        else problems.push({ line: record.line, column: index + 1, message: importMessages.categoryReference });
      }
    });
    const at = (index: number) => values[index] ?? '';
    file.records.push({
      line: record.line,
      userId: at(0),
      partitionKey: at(1),
      receiptNumber: at(2),
      answers,
      categoryIds,
      status: at(trailingStart),
      createdAt: at(trailingStart + 1),
      updatedAt: at(trailingStart + 2),
      adminMemo: at(trailingStart + 3),
    });
  }
  return { file, problems };
}
