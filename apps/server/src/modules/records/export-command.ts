// `pnpm --filter @city/server export-results --survey <id>`: a survey's records as the console
// exports them (export-records.ts), written to a file by the server's operator: every item, the
// list's filter as JSON, Windows-31J unless told UTF-8. A cell Windows-31J cannot hold stops it,
// the partial file removed and every such cell listed. Audited as the server's own export.
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { todayInJapan } from '@city/survey-core';
import type { SystemActor } from '../../access/actor.js';
import type { StorageLocation } from '../../db/storage.js';
import { openStorage } from '../../db/storage.js';
import { HttpError } from '../../http/errors.js';
import { exportMessages as text } from '../../messages.js';
import type { ExportEncoding } from './export-records.js';
import { auditExport, auditFailedExport, csvChunks, findUnencodableCells, parseRecordFilter, prepareExport, UnencodableCellError } from './export-records.js';
import { recordRepositories } from './repositories.js';

export interface ExportCommandIo {
  database: StorageLocation;
  /** Where a relative --out is (the folder the command was typed in). */
  cwd: string;
  now: () => number;
  out: (line: string) => void;
  err: (line: string) => void;
}

const ACTOR: SystemActor = { kind: 'system', job: 'export-results' };
const ENCODINGS: readonly ExportEncoding[] = ['windows-31j', 'utf-8'];
/** Cells listed when Windows-31J cannot hold some: enough to find and correct them. */
const MOST_CELLS_LISTED = 100;

/** Runs the command; answers its exit code (0 written, 1 refused, 2 wrong usage). */
export async function runExportCommand(args: readonly string[], io: ExportCommandIo): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args: [...args], options: { survey: { type: 'string' }, filter: { type: 'string' }, encoding: { type: 'string' }, out: { type: 'string' } }, strict: true }));
  } catch (error) {
    io.err(`${(error as Error).message}\n${text.usage}`);
    return 2;
  }
  const surveyId = values.survey;
  const encoding = ENCODINGS.find((name) => name === (values.encoding ?? 'windows-31j'));
  if (surveyId === undefined || encoding === undefined) {
    io.err(text.usage);
    return 2;
  }
  const filter = values.filter === undefined ? {} : parseRecordFilter(values.filter);
  if (filter === undefined) {
    io.err(text.badFilter);
    return 2;
  }
  const file = path.resolve(io.cwd, values.out ?? `${surveyId}-${todayInJapan(io.now())}.csv`);
  const storage = await openStorage(io.database);
  let written = 0;
  try {
    const deps = { store: storage.store(recordRepositories), now: io.now };
    const exported = await prepareExport(deps, ACTOR, surveyId, { filter, items: 'all' });
    await auditExport(deps, ACTOR, surveyId, { filter, items: 'all', encoding });
    try {
      await pipeline(
        Readable.from(
          csvChunks(exported, encoding, (records) => {
            written = records;
          }),
        ),
        // Only its operator may read it: it holds citizens' answers.
        createWriteStream(file, { mode: 0o600 }),
      );
    } catch (error) {
      // Never a partial file left behind, whatever stopped it.
      await rm(file, { force: true });
      await auditFailedExport(deps, ACTOR, surveyId, { written, reason: error instanceof Error ? error.message : String(error) });
      throw error;
    }
    io.out(text.written(written, file));
    return 0;
  } catch (error) {
    if (error instanceof UnencodableCellError) {
      const { cells } = await findUnencodableCells(await prepareExport({ store: storage.store(recordRepositories), now: io.now }, ACTOR, surveyId, { filter, items: 'all' }), MOST_CELLS_LISTED);
      io.err(text.unencodable);
      for (const cell of cells) io.err(text.unencodableCell(cell.line, cell.receiptNumber, cell.column, cell.character));
      return 1;
    }
    if (!(error instanceof HttpError)) throw error;
    io.err(error.message);
    return 1;
  } finally {
    await storage.close();
  }
}
