// Staff's export of a survey's records: the list's own filter and search (so what is exported is
// exactly what is listed), page after page on the reader connection (a long export never holds the
// writer, and citizens keep booking), each record's cells as the list shows them, written as CSV
// (Windows-31J or UTF-8 with its BOM) a chunk at a time. The caller streams the chunks out.
import type { RecordFilter } from '@city/api-client/staff-contract';
import { RecordFilterSchema } from '@city/api-client/staff-contract';
import { Compile } from 'typebox/compile';
import type { StaffActor, SystemActor } from '../../access/actor.js';
import { requireRole } from '../../access/permissions.js';
import { messages } from '../../messages.js';
import { appendAudit } from '../audit/audit.js';
import { UTF8_BOM, csvField, csvLine } from '../exports/csv.js';
import type { ExportColumn, ExportedRecord } from '../exports/result-columns.js';
import { resultColumns } from '../exports/result-columns.js';
import { unencodableCharacters, writeWindows31J } from '../exports/windows-31j.js';
import type { MemberNumber } from '../members/member-number-repository.js';
import type { StoredOrder } from '../orders/order-repository.js';
import type { StoredSurvey } from '../surveys/survey-repository.js';
import { itemsOfEveryVersion, requireSurvey, requireSurveyOfActor } from '../surveys/surveys.js';
import { orderShown } from './answer-text.js';
import type { RecordInfo } from './record-repository.js';
import type { SearchCursor } from './record-search-repository.js';
import type { RecordsDeps } from './records.js';
import type { SummaryItems } from './staff-records.js';
import { configOfRecord, requireVisibleFilter, summaryFromRead, summaryItems, visibleItems } from './staff-records.js';

export type ExportEncoding = 'windows-31j' | 'utf-8';

/** What an export reads with (the records' store, on its reader) and when it runs. */
export type ExportDeps = Pick<RecordsDeps, 'store' | 'now'> & {
  /** Records read per page (PAGE_SIZE); tests make it small to cross many pages. */
  pageSize?: number;
};

export interface ExportRequest {
  filter: RecordFilter;
  /** Every item the staff member may see, or only those of `columns` (the list's shown columns). */
  items: 'all' | 'shown';
  columns?: readonly string[] | undefined;
}

/** What an export writes: its columns, and the matching records, read as they are written. */
export interface RecordsExport {
  survey: StoredSurvey;
  columns: ExportColumn[];
  records: () => AsyncGenerator<ExportedRecord>;
}

const checkFilter = Compile(RecordFilterSchema);

/** The list's filter written as JSON (an export link's query, the command's --filter), or undefined when it is not one. */
export function parseRecordFilter(text: string): RecordFilter | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return checkFilter.Check(value) ? value : undefined;
}

/** Records read per search page: one statement for their keys, then a few for the whole page. */
const PAGE_SIZE = 500;

/** Rows of several records, grouped by record (in the order read). */
function byRecord<Row extends { partitionKey: string }>(rows: readonly Row[]): Map<string, Row[]> {
  const grouped = new Map<string, Row[]>();
  for (const row of rows) {
    const group = grouped.get(row.partitionKey);
    if (group === undefined) grouped.set(row.partitionKey, [row]);
    else group.push(row);
  }
  return grouped;
}

/**
 * The export of `request` for `actor`: 403 without `records.export` (operators), 404 for a survey
 * of another team, 400 for a filter on an item the actor may not see; the server itself (the
 * export command) sees every item of every survey. Reads nothing else yet.
 */
export async function prepareExport(deps: ExportDeps, actor: StaffActor | SystemActor, surveyId: string, request: ExportRequest): Promise<RecordsExport> {
  if (actor.kind === 'staff') requireRole(actor, 'records.export');
  const { surveys } = deps.store.read;
  await requireSurveyOfActor(surveys, actor, surveyId);
  const survey = await requireSurvey(surveys, surveyId);
  await requireVisibleFilter(actor, surveys, survey, request.filter);
  const everyItem = visibleItems(actor, { surveySchema: await itemsOfEveryVersion(surveys, survey) });
  const shown = new Set(request.columns ?? []);
  const items = request.items === 'all' ? everyItem : everyItem.filter((item) => shown.has(item.itemKey));
  const payments = everyItem.some((item) => item.type === 'selectProducts');
  const memberNumbers = survey.config.membership !== undefined;
  const columns = resultColumns(items, { memberNumbers, payments });

  // What a summary needs of each survey version the records were answered on, once per export.
  const itemsOfVersion = new Map<number, Promise<SummaryItems>>();
  const itemsOf = (info: RecordInfo) => {
    let found = itemsOfVersion.get(info.surveyVersion);
    if (found === undefined) itemsOfVersion.set(info.surveyVersion, (found = Promise.resolve(configOfRecord(surveys, survey, info)).then((config) => summaryItems(actor, config))));
    return found;
  };

  const pageSize = deps.pageSize ?? PAGE_SIZE;
  /** The matching records, page after page, from one snapshot of the database (closed when done or abandoned). */
  async function* matching(): AsyncGenerator<ExportedRecord> {
    const now = deps.now();
    const snapshot = await deps.store.openSnapshot();
    try {
      const { search, records, calendars, orders, members, events } = snapshot.read;
      let after: SearchCursor | undefined;
      for (;;) {
        const found = await search.page(surveyId, request.filter, after, pageSize);
        const keys = found.map((key) => key.partitionKey);
        // A page in a few statements, whatever its size: its records and answers, then what each
        // table beside them holds for the page.
        const page = await records.answersOfPage(keys);
        const claims = byRecord(await calendars.claimsOfRecords(keys));
        const ordersOf = payments ? byRecord(await orders.ofRecords(keys)) : new Map<string, StoredOrder[]>();
        const numbers = memberNumbers ? byRecord(await members.activeOfRecords(keys)) : new Map<string, MemberNumber[]>();
        const memos = byRecord((await events.ofRecords(keys)).filter((event) => event.kind === 'memo'));
        for (const { record: info, status, rows } of page) {
          const key = info.partitionKey;
          const order = payments ? orderShown(ordersOf.get(key) ?? []) : undefined;
          const summary = await summaryFromRead(calendars, await itemsOf(info), { info, status, rows, claims: claims.get(key) ?? [], order }, now);
          yield {
            info,
            status: summary.status,
            answers: summary.answers,
            memberNumber: numbers.get(key)?.[0]?.memberNumber ?? null,
            order: order === undefined ? undefined : { total: order.totalYen, status: messages.orderStatus[order.status] },
            memos: (memos.get(key) ?? []).map((event) => event.text),
          };
        }
        const last = found.at(-1);
        if (found.length < pageSize || last === undefined) return;
        after = last;
        // SQLite's reads answer at once: without a turn of the event loop between pages, a long
        // export (or its check) would keep every other request waiting until it ends.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      await snapshot.close();
    }
  }
  return { survey, columns, records: matching };
}

/**
 * A cell Windows-31J cannot hold: where it is (the file's line, the header being line 1: a record's
 * line is its row in Excel, as long as no cell above it holds a line break), and what.
 */
export interface UnencodableCell {
  line: number;
  receiptNumber: string;
  column: string;
  character: string;
}

/** Thrown by {@link csvChunks} at the first cell Windows-31J cannot hold: nothing is ever written as '?'. */
export class UnencodableCellError extends Error {
  constructor(readonly cell: UnencodableCell) {
    super(`line ${String(cell.line)}, ${cell.column}: ${cell.character} cannot be written in Windows-31J`);
  }
}

/** The headers Windows-31J cannot hold (line 1). */
function unencodableHeaders(columns: readonly ExportColumn[]): UnencodableCell[] {
  return columns.flatMap((column) => unencodableCharacters(column.header).map(({ character }) => ({ line: 1, receiptNumber: '', column: column.header, character })));
}

/** The cells of `record` Windows-31J cannot hold, at data line `line`. */
function unencodableCellsOf(columns: readonly ExportColumn[], record: ExportedRecord, line: number): UnencodableCell[] {
  return columns.flatMap((column) =>
    unencodableCharacters(csvField(column.cell(record))).map(({ character }) => ({ line, receiptNumber: record.info.receiptNumber, column: column.header, character })),
  );
}

/** Every cell of the export Windows-31J cannot hold (at most `limit`), and how many records it has. */
export async function findUnencodableCells(exported: RecordsExport, limit: number): Promise<{ records: number; cells: UnencodableCell[] }> {
  // The header line (line 1) first: an item's title can hold what Windows-31J cannot, too.
  const cells: UnencodableCell[] = unencodableHeaders(exported.columns).slice(0, limit);
  let line = 0;
  for await (const record of exported.records()) {
    line += 1;
    // The file's own line numbers, as the import reports them (the header is line 1).
    if (cells.length < limit) cells.push(...unencodableCellsOf(exported.columns, record, line + 1).slice(0, limit - cells.length));
  }
  return { records: line, cells };
}

/** Bytes handed on at a time: large enough for few writes, small enough to start at once. */
const CHUNK_BYTES = 64 * 1024;

/**
 * The export as CSV, in chunks of about 64 KiB: the header line, then a line per record as it is
 * read. `counted` hears of every record written. Windows-31J: {@link UnencodableCellError} at the
 * first cell it cannot hold.
 */
export async function* csvChunks(exported: RecordsExport, encoding: ExportEncoding, counted: (records: number) => void = () => {}): AsyncGenerator<Buffer> {
  let buffer = Buffer.allocUnsafe(CHUNK_BYTES * 2);
  let used = 0;
  if (encoding === 'utf-8') used = UTF8_BOM.copy(buffer, 0);
  /** Adds one line; false when a character cannot be written in Windows-31J. */
  const add = (text: string): boolean => {
    // Room for the worst case: two bytes per UTF-16 unit (Windows-31J), three for UTF-8's.
    const room = text.length * 3;
    if (buffer.length - used < room) {
      const grown = Buffer.allocUnsafe(Math.max(buffer.length * 2, used + room));
      buffer.copy(grown, 0, 0, used);
      buffer = grown;
    }
    if (encoding === 'utf-8') {
      used += buffer.write(text, used, 'utf8');
      return true;
    }
    const end = writeWindows31J(text, buffer, used);
    if (end < 0) return false;
    used = end;
    return true;
  };
  /** What is written so far, handed on (a copy: the buffer is reused). */
  const take = () => {
    const chunk = Buffer.from(buffer.subarray(0, used));
    used = 0;
    return chunk;
  };
  if (!add(csvLine(exported.columns.map((column) => column.header)))) {
    const [cell] = unencodableHeaders(exported.columns);
    if (cell === undefined) throw new Error('the header line could not be written, yet each of its headers can');
    throw new UnencodableCellError(cell);
  }
  let line = 0;
  for await (const record of exported.records()) {
    line += 1;
    if (!add(csvLine(exported.columns.map((column) => column.cell(record))))) {
      const [cell] = unencodableCellsOf(exported.columns, record, line + 1);
      if (cell === undefined) throw new Error('a line could not be written, yet each of its cells can');
      throw new UnencodableCellError(cell);
    }
    counted(line);
    if (used >= CHUNK_BYTES) yield take();
  }
  if (used > 0) yield take();
}

/**
 * Audits an export before its first byte leaves: its filter, what it holds (items, the shown
 * columns, the encoding) and how many records match. One that then fails is audited again
 * ({@link auditFailedExport}) with how many records it had written.
 */
export async function auditExport(
  deps: ExportDeps,
  actor: StaffActor | SystemActor,
  surveyId: string,
  what: { filter: RecordFilter; items: 'all' | 'shown'; columns?: readonly string[] | undefined; encoding: ExportEncoding },
): Promise<void> {
  const records = await deps.store.read.search.countMatching(surveyId, what.filter);
  const detail = { ...what, columns: what.columns ?? null, records };
  await deps.store.transaction(({ audit }) => appendAudit(audit, actor, { action: 'records.export', target: `survey:${surveyId}`, detail }, deps.now()));
}

/** An export that stopped part-way: how many records it had written, and why. */
export async function auditFailedExport(deps: ExportDeps, actor: StaffActor | SystemActor, surveyId: string, what: { written: number; reason: string }): Promise<void> {
  await deps.store.transaction(({ audit }) => appendAudit(audit, actor, { action: 'records.exportFailed', target: `survey:${surveyId}`, detail: what }, deps.now()));
}

/** The check before an export: who looked at which cells of which survey's records. */
export async function auditExportCheck(deps: ExportDeps, actor: StaffActor | SystemActor, surveyId: string, what: { filter: RecordFilter; records: number; cells: number }): Promise<void> {
  await deps.store.transaction(({ audit }) => appendAudit(audit, actor, { action: 'records.exportCheck', target: `survey:${surveyId}`, detail: what }, deps.now()));
}
