import type { Transform } from 'node:stream';
import { pipeline, Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { RecordFilter } from '@city/api-client/staff-contract';
import { staffEndpoints } from '@city/api-client/staff-contract';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import { todayInJapan } from '@city/survey-core';
import { contractRoute } from '../../http/contract-route.js';
import { HttpError } from '../../http/errors.js';
import { messages, recordImportMessages } from '../../messages.js';
import { ImportRefusedError, problemPlace } from '../calendars/import/problems.js';
import { auditView } from '../audit/audit-view.js';
import { bookOnBehalf } from './book-on-behalf.js';
import { importRecords } from './import-records.js';
import { auditExport, auditExportCheck, auditFailedExport, csvChunks, findUnencodableCells, parseRecordFilter, prepareExport, UnencodableCellError } from './export-records.js';
import type { StaffRecordsDeps } from './staff-records.js';
import { addMemo, bulkChangeStatus, changeStatus, listRecords, readRecord } from './staff-records.js';

/** Cells a check lists at most: enough to show staff what to correct, never a million. */
const MOST_UNENCODABLE_SHOWN = 1_000;

/** 409 `unencodable_character`: where the first cell Windows-31J cannot hold is (the check lists them all). */
function unencodableRefusal({ cell }: UnencodableCellError): HttpError {
  return new HttpError(409, 'unencodable_character', messages.unencodableCharacter(cell.line, cell.column, cell.character), { cell });
}

/** The list's filter, from the export link's query: 400 `invalid_filter` unless it is one. */
function filterOf(text: string | undefined): RecordFilter {
  if (text === undefined || text === '') return {};
  const filter = parseRecordFilter(text);
  if (filter === undefined) throw new HttpError(400, 'invalid_filter', messages.invalidFilter);
  return filter;
}

export interface StaffRecordsModuleDeps extends StaffRecordsDeps {
  authenticateStaff: onRequestAsyncHookHandler;
  /** Staff members' display names by id, for the history and audit entries shown. */
  staffNames: () => Promise<Map<string, string>>;
}

/**
 * How an export is compressed for a client accepting it: brotli, else gzip, each at its fastest
 * level (a CSV still shrinks to about a seventh), not the API's levels: compressing a million
 * records at those took the server about as long as writing them (3.8 µs a record at gzip's
 * default level, 1.1 at brotli's first, on this project's 2-core machine).
 */
export function exportCompressionFor(acceptEncoding: string | undefined): { encoding: 'br' | 'gzip'; stream: () => Transform } | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  if (accepted.has('br')) return { encoding: 'br', stream: () => createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }) };
  if (accepted.has('gzip')) return { encoding: 'gzip', stream: () => createGzip({ level: 1 }) };
  return undefined;
}

/** The console's records: list by filter, a record's page, status changes, memos, bulk changes, exports and imports. */
export function staffRecordsModule(deps: StaffRecordsModuleDeps): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', deps.authenticateStaff);

    contractRoute(app, staffEndpoints.staffRecords, {}, async (request) => listRecords(deps, request.staff, request.params.surveyId, request.body));

    contractRoute(app, staffEndpoints.staffRecord, {}, async (request) => {
      const page = await readRecord(deps, request.staff, request.params.surveyId, request.params.partitionKey);
      const names = await deps.staffNames();
      const nameOf = (staffId: string) => names.get(staffId) ?? staffId;
      return {
        data: {
          ...page,
          enteredBy: page.enteredBy === null ? null : nameOf(page.enteredBy),
          history: page.history.map(({ kind, status, text, staffId, at }) => ({ kind, status, text, staffId, staffName: nameOf(staffId), at })),
          audit: page.audit.map((entry) => auditView(entry, nameOf)),
        },
      };
    });

    contractRoute(app, staffEndpoints.staffChangeStatus, {}, async (request) => {
      const { surveyId, partitionKey } = request.params;
      return { data: { version: await changeStatus(deps, request.staff, surveyId, partitionKey, request.body) } };
    });

    contractRoute(app, staffEndpoints.staffAddMemo, {}, async (request) => {
      await addMemo(deps, request.staff, request.params.surveyId, request.params.partitionKey, request.body.text);
      return { result: 'OK' as const };
    });

    contractRoute(app, staffEndpoints.staffBookOnBehalf, { successStatus: 201 }, async (request) => ({
      data: await bookOnBehalf(deps, request.staff, request.params.surveyId, request.body),
    }));

    contractRoute(app, staffEndpoints.staffCheckExport, {}, async (request) => {
      const { surveyId } = request.params;
      const exported = await prepareExport(deps, request.staff, surveyId, request.body);
      const { records, cells } = await findUnencodableCells(exported, MOST_UNENCODABLE_SHOWN);
      await auditExportCheck(deps, request.staff, surveyId, { filter: request.body.filter, records, cells: cells.length });
      return { data: { records, unencodable: cells } };
    });

    // Streamed as it is read: the first bytes leave at once, memory stays flat for any number of
    // records. Audited once it has ended, with how many records it held and whether it was whole.
    contractRoute(app, staffEndpoints.staffExportRecords, {}, async (request, reply) => {
      const { surveyId } = request.params;
      const { encoding, items } = request.query;
      const filter = filterOf(request.query.filter);
      const columns = request.query.columns?.split(',').filter((key) => key !== '');
      const exported = await prepareExport(deps, request.staff, surveyId, { filter, items, columns });
      let written = 0;
      const chunks = csvChunks(exported, encoding, (records) => {
        written = records;
      });
      // The first chunk before any header goes out: a refusal in it (a character Windows-31J cannot
      // hold) is still an answer staff can read, not a failed download. Audited before the first byte.
      const first = await chunks.next().catch((error: unknown) => {
        throw error instanceof UnencodableCellError ? unencodableRefusal(error) : error;
      });
      // Whatever ends the answer (done, failed, the browser gone before or after the first byte),
      // the export's snapshot is closed: its generators' `finally` runs on return().
      reply.raw.once('close', () => {
        void chunks.return(undefined);
      });
      try {
        await auditExport(deps, request.staff, surveyId, { filter, items, columns, encoding });
      } catch (error) {
        await chunks.return(undefined);
        throw error;
      }
      const body = async function* () {
        let stopped: string | undefined = 'the download was stopped';
        try {
          if (first.done !== true) yield first.value;
          yield* chunks;
          stopped = undefined;
        } catch (error) {
          stopped = error instanceof Error ? error.message : String(error);
          throw error;
        } finally {
          if (stopped !== undefined) await auditFailedExport(deps, request.staff, surveyId, { written, reason: stopped });
        }
      };
      const name = `${surveyId}-${todayInJapan(deps.now())}.csv`;
      const csv = Readable.from(body());
      const compression = exportCompressionFor(request.headers['accept-encoding']);
      reply
        .type(encoding === 'utf-8' ? 'text/csv; charset=utf-8' : 'text/csv; charset=Shift_JIS')
        .header('content-disposition', `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('vary', 'accept-encoding');
      if (compression === undefined) return reply.send(csv);
      // pipeline, not pipe: a failure part-way (the database, a character found late) ends the
      // download as failed, and a download stopped by the browser stops the export too.
      const compressed = pipeline(csv, compression.stream(), () => {});
      return reply.header('content-encoding', compression.encoding).send(compressed);
    });

    // A file of up to about 50 MB (100,000 lines of a 20-item survey are 36 MB), as base64.
    contractRoute(app, staffEndpoints.staffImportRecords, { bodyLimit: 72 * 1024 * 1024 }, async (request) => {
      const { surveyId } = request.params;
      try {
        const report = await importRecords(deps, request.staff, surveyId, Buffer.from(request.body.contentBase64, 'base64'), { dryRun: request.body.dryRun });
        return { data: { ...report, problems: report.problems.map((problem) => ({ at: problemPlace(problem), message: problem.message })) } };
      } catch (error) {
        if (!(error instanceof ImportRefusedError)) throw error;
        const problems = error.problems.map((problem) => ({ at: problemPlace(problem), message: problem.message }));
        throw new HttpError(409, 'file_refused', recordImportMessages.refused(problems.length), { problems });
      }
    });

    contractRoute(app, staffEndpoints.staffBulkStatus, {}, async (request) => ({
      data: await bulkChangeStatus(deps, request.staff, request.params.surveyId, request.body),
    }));
  };
}
