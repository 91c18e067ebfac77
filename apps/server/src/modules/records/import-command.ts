// `pnpm --filter @city/server import-results --survey <id> <file> [--apply]`: the console's import
// (import-records.ts) for the server's operator: a dry run unless told --apply, every problem
// printed with its line and column, then what the file does. Audited as the server's own import.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { SystemActor } from '../../access/actor.js';
import type { StorageLocation } from '../../db/storage.js';
import { openStorage } from '../../db/storage.js';
import { HttpError } from '../../http/errors.js';
import { recordImportMessages as text } from '../../messages.js';
import type { ImportProblem } from '../calendars/import/problems.js';
import { formatProblem, ImportRefusedError } from '../calendars/import/problems.js';
import { importRecords } from './import-records.js';
import { recordRepositories } from './repositories.js';

export interface ImportCommandIo {
  database: StorageLocation;
  /** Where a relative file path is (the folder the command was typed in). */
  cwd: string;
  now: () => number;
  out: (line: string) => void;
  err: (line: string) => void;
}

const ACTOR: SystemActor = { kind: 'system', job: 'import-results' };

/** Runs the command; answers its exit code (0 imported or checked clean, 1 problems found or refused, 2 wrong usage). */
export async function runImportCommand(args: readonly string[], io: ImportCommandIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args].filter((arg) => arg !== '--'), options: { survey: { type: 'string' }, apply: { type: 'boolean' } }, allowPositionals: true, strict: true });
  } catch (error) {
    io.err(`${(error as Error).message}\n${text.usage}`);
    return 2;
  }
  const surveyId = parsed.values.survey;
  const [file, ...others] = parsed.positionals;
  if (surveyId === undefined || file === undefined || others.length > 0) {
    io.err(text.usage);
    return 2;
  }
  const bytes = await readFile(path.resolve(io.cwd, file));
  const storage = await openStorage(io.database);
  const printProblems = (problems: readonly ImportProblem[]) => {
    for (const problem of problems) io.err(`  ${formatProblem(problem)}`);
  };
  try {
    const report = await importRecords({ store: storage.store(recordRepositories), now: io.now }, ACTOR, surveyId, bytes, { dryRun: parsed.values.apply !== true });
    if (report.problems.length > 0) {
      io.err(text.problemsFound(report.problems.length));
      printProblems(report.problems);
      return 1;
    }
    io.out(`${report.applied ? text.applied : text.dryRunDone}: ${text.summary(report.create, report.update, report.unchanged)}`);
    if (report.ignoredColumns.length > 0) io.out(text.ignoredColumns(report.ignoredColumns.join('、')));
    return 0;
  } catch (error) {
    if (error instanceof ImportRefusedError) {
      io.err(text.refused(error.problems.length));
      printProblems(error.problems);
      return 1;
    }
    if (error instanceof HttpError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  } finally {
    await storage.close();
  }
}
