import { importMessages } from '../../../messages.js';

/** Something wrong with a file, at a line (and column, 1-based) of it; `message` is Japanese. */
export interface ImportProblem {
  line?: number;
  column?: number;
  message: string;
}

/** `3行目 5列目: 定員は…`, or the message alone when it belongs to no place in the file. */
export function formatProblem(problem: ImportProblem): string {
  return problem.line === undefined ? problem.message : `${importMessages.at(problem.line, problem.column)}: ${problem.message}`;
}

/** Where a problem is, for a report staff read: `3行目 5列目`, or the whole file. */
export function problemPlace(problem: Pick<ImportProblem, 'line' | 'column'>): string {
  return problem.line === undefined ? importMessages.wholeFile : importMessages.at(problem.line, problem.column);
}

/** A file refused whole: nothing of it was written. */
export class ImportRefusedError extends Error {
  override readonly name = 'ImportRefusedError';
  constructor(readonly problems: readonly ImportProblem[]) {
    super(problems.map(formatProblem).join('\n'));
  }
}
