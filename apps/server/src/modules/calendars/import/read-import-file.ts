import { importMessages } from '../../../messages.js';
import type { CategoryFile } from './category-csv.js';
import { CATEGORY_HEADER, parseCategoryFile } from './category-csv.js';
import { readCsv } from './csv.js';
import { decodeCsvBytes } from './decode.js';
import type { ImportProblem } from './problems.js';
import type { SlotFile } from './slot-csv.js';
import { parseSlotFile } from './slot-csv.js';
import type { SurveyResultFile } from './survey-result-csv.js';
import { isSurveyResultHeader, parseSurveyResultFile } from './survey-result-csv.js';

/** A file of the earlier platform, read whole and checked. */
export type ImportFile = CategoryFile | SlotFile | SurveyResultFile;

/**
 * Decodes, reads and checks a file, telling its kind from its header: `カテゴリID,…` a category
 * tree, `id,…` slots, `ユーザーID,パーティションキー,…` survey results. Either the file, or every
 * problem found (none of it is usable then).
 */
export function readImportFile(bytes: Uint8Array): { file: ImportFile; problems?: never } | { file?: never; problems: ImportProblem[] } {
  const decoded = decodeCsvBytes(bytes);
  if ('problem' in decoded) return { problems: [decoded.problem] };
  const csv = readCsv(decoded.text);
  const header = csv.records[0]?.cells.map((cell) => cell.value.trim());
  if (header === undefined) return { problems: csv.problems.length > 0 ? csv.problems : [{ message: importMessages.emptyFile }] };
  const parsed =
    header[0] === CATEGORY_HEADER[0]
      ? parseCategoryFile(csv.records)
      : header[0] === 'id'
        ? parseSlotFile(csv.records)
        : isSurveyResultHeader(header)
          ? parseSurveyResultFile(csv.records)
          : undefined;
  if (parsed === undefined) return { problems: [...csv.problems, { line: 1, message: importMessages.unknownKind }] };
  const problems = [...csv.problems, ...parsed.problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
  return problems.length > 0 ? { problems } : { file: parsed.file };
}
