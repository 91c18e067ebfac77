// Staff's import of survey results from a CSV file: the earlier platform's result file or this
// product's own export (the same shape: ユーザーID, パーティションキー, #/受付番号, the items, 状態,
// 作成日, 更新日, 管理者メモ). The file is planned against the survey and the database first: every
// bad line is reported with its line, column and reason in Japanese, and every good one with what
// it would do (create, update, leave). A dry run stops there and writes nothing. Applying plans the
// file again inside one transaction and writes all of it, or (any problem, a slot found full)
// none of it. A line without a key gets one from its content, so the same file imported twice
// finds its records the second time and changes nothing. Bookings go through the capacity path:
// an import never fills a slot beyond its capacity.
import type { AnswerValue, CheckStatus, SurveyConfig, SurveySchemaItem } from '@city/survey-core';
import { buildPartitionKey, buildSurveyResultRows, CHECK_STATUSES, isCalendarDate, isClosedCheckStatus, parseReservationValue, reservationCost, validateAnswers } from '@city/survey-core';
import { createHash } from 'node:crypto';
import { unneutralisedCell } from '../exports/csv.js';
import type { StaffActor, SystemActor } from '../../access/actor.js';
import { requireRole } from '../../access/permissions.js';
import type { Store } from '../../db/store.js';
import { HttpError } from '../../http/errors.js';
import { messages, recordImportMessages as m } from '../../messages.js';
import { appendAudit } from '../audit/audit.js';
import { storeClaimChanges } from '../calendars/bookings.js';
import type { SlotClaim } from '../calendars/calendar-repository.js';
import type { ImportProblem } from '../calendars/import/problems.js';
import { ImportRefusedError } from '../calendars/import/problems.js';
import { readImportFile } from '../calendars/import/read-import-file.js';
import type { SurveyResultLine } from '../calendars/import/survey-result-csv.js';
import { SURVEY_RESULT_LEADING } from '../calendars/import/survey-result-csv.js';
import type { StoredSurvey } from '../surveys/survey-repository.js';
import { itemsOfEveryVersion, requireSurvey, requireSurveyOfActor } from '../surveys/surveys.js';
import { orderShown } from './answer-text.js';
import { newReceiptNumber } from './receipt-numbers.js';
import type { RecordAnswers, RecordInfo } from './record-repository.js';
import type { RecordRepositories } from './records.js';
import type { SummaryItems } from './staff-records.js';
import { configOfRecord, summaryFromRead, summaryItems } from './staff-records.js';

export type ImportDeps = { store: Store<RecordRepositories>; now: () => number };

/** What a file did (applied) or would do (a dry run). */
export interface RecordsImportReport {
  /** Data lines read. */
  records: number;
  create: number;
  update: number;
  unchanged: number;
  /** Bookings the file makes or moves. */
  bookings: number;
  /** Every problem, by line and column: a file with any is not applied. */
  problems: ImportProblem[];
  /** Columns read but left to the server (会員番号, 支払い, 申込経路, 作成日, 更新日, products). */
  ignoredColumns: string[];
  applied: boolean;
}

/** Columns of this product's export that hold what the server writes itself. */
const SERVER_COLUMNS = new Set<string>([messages.exportHeaders.memberNumber, messages.exportHeaders.payment, messages.exportHeaders.origin]);
/** Column numbers (1-based) of the fixed columns: 状態 and 管理者メモ come last but three and last. */
const USER_ID_COLUMN = 1;
const KEY_COLUMN = 2;
const RECEIPT_COLUMN = 3;
const LINE_USER_ID = /^U[0-9a-f]{32}$/;
const KEY_TEXT = /^[^\s|]{1,300}$/;
const RECEIPT_TEXT = /^[A-Za-z0-9-]{1,32}$/;
const CATEGORY_PREFIX = 'category#';
/** Records read from the database at a time while planning. */
const PAGE = 500;

/** How a column of the file is used: an item of the survey's current version, or read and left. */
type ColumnUse = { kind: 'item'; item: SurveySchemaItem; column: number; name: string } | { kind: 'ignored'; name: string };

/** A line planned: the record it writes, or nothing when it is unchanged. */
interface PlannedLine {
  line: number;
  partitionKey: string;
  outcome: 'create' | 'update' | 'unchanged';
  userId: string;
  receiptNumber: string;
  /** The record's answers after the import (every item of the current version). */
  answers: Record<string, AnswerValue>;
  status: CheckStatus;
  /** The status of a record it holds is changed: written into the record's history too. */
  statusChanged: boolean;
  /** A memo to add (the cell's new text). */
  memo: string | undefined;
  /** The record's bookings after the import, and whether they differ from those it holds. */
  claims: SlotClaim[];
  claimsChanged: boolean;
  /** Where each reservation's cell is, for a slot found full. */
  claimColumns: Map<string, number>;
}

/** `2026/12/1` or `2026-12-01` as `2026-12-01`; undefined when it is no date. */
function isoDate(text: string): string | undefined {
  const match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text);
  if (match === null) return undefined;
  const date = `${match[1] ?? ''}-${(match[2] ?? '').padStart(2, '0')}-${(match[3] ?? '').padStart(2, '0')}`;
  return isCalendarDate(date) ? date : undefined;
}

/** A cell as the answer of its item, or the problem with it (files and products are not imported here). */
function answerOfCell(item: SurveySchemaItem, cell: string): { answer: AnswerValue } | { problem: string } {
  const text = cell.trim();
  switch (item.type) {
    case 'date':
    case 'birthday': {
      if (text === '') return { answer: '' };
      const date = isoDate(text);
      return date === undefined ? { problem: m.dateFormat } : { answer: date };
    }
    case 'radio':
    case 'dropdown':
      return text === '' || item.options.includes(text) ? { answer: text } : { problem: m.notAnOption(text) };
    case 'checkboxes': {
      if (text === '') return { answer: [] };
      // This product's export joins the chosen options with 、 (an option holding one is kept whole).
      const chosen = item.options.includes(text) ? [text] : text.split('、').map((part) => part.trim());
      const unknown = chosen.find((option) => !item.options.includes(option));
      return unknown === undefined ? { answer: chosen } : { problem: m.notAnOption(unknown) };
    }
    case 'files':
      return text === '' ? { answer: [] } : { problem: m.filesNotImported };
    case 'reservation': {
      if (text === '') return { answer: '' };
      const slot = parseReservationValue(text.startsWith(CATEGORY_PREFIX) ? text.slice(CATEGORY_PREFIX.length) : text);
      return slot === undefined ? { problem: m.reservationFormat } : { answer: `${slot.categoryId}|${slot.date}|${slot.slotId}` };
    }
    default:
      return { answer: cell };
  }
}

/** The file's columns against the survey: each item column by its title, `title（key）` or key. */
function columnUses(names: readonly string[], current: readonly SurveySchemaItem[], everyVersion: readonly SurveySchemaItem[]): { uses: ColumnUse[]; problems: ImportProblem[] } {
  const byName = new Map<string, SurveySchemaItem>();
  const titles = new Map<string, number>();
  for (const item of current) titles.set(item.title, (titles.get(item.title) ?? 0) + 1);
  for (const item of current) {
    if (item.type === 'guide') continue;
    byName.set(item.itemKey, item);
    byName.set(`${item.title}（${item.itemKey}）`, item);
    if (titles.get(item.title) === 1) byName.set(item.title, item);
  }
  const older = new Set(everyVersion.flatMap((item) => [item.itemKey, item.title, `${item.title}（${item.itemKey}）`]));
  const uses: ColumnUse[] = [];
  const problems: ImportProblem[] = [];
  const seen = new Map<string, number>();
  names.forEach((name, offset) => {
    const column = SURVEY_RESULT_LEADING.length + offset + 1;
    const item = byName.get(name);
    if (item === undefined && (titles.get(name) ?? 0) > 1) {
      problems.push({ line: 1, column, message: m.ambiguousColumn(name) });
      uses.push({ kind: 'ignored', name });
      return;
    }
    if (item === undefined) {
      // What the server writes itself, and items an edit of the survey removed, are read and left.
      if (SERVER_COLUMNS.has(name) || older.has(name)) uses.push({ kind: 'ignored', name });
      else {
        problems.push({ line: 1, column, message: m.unknownColumn(name) });
        uses.push({ kind: 'ignored', name });
      }
      return;
    }
    if (item.type === 'selectProducts') {
      uses.push({ kind: 'ignored', name });
      return;
    }
    const first = seen.get(item.itemKey);
    if (first !== undefined) problems.push({ line: 1, column, message: m.duplicateColumn(name, first) });
    seen.set(item.itemKey, column);
    uses.push({ kind: 'item', item, column, name });
  });
  return { uses, problems };
}

/** The key of a line without one: the citizen's own key (a survey of one record each), else one from the line's content. */
function keyOfLine(config: SurveyConfig, line: SurveyResultLine, cells: readonly string[]): string {
  if (line.userId !== '' && config.isAppending?.value !== true) return buildPartitionKey(config.surveyId, line.userId);
  const digest = createHash('sha256').update(config.surveyId).update('\u0000').update(cells.join('\u0000')).digest('hex');
  return `${config.surveyId}#import-${digest.slice(0, 24)}`;
}

/**
 * Plans every line of the file against `read` (the store's reads for a dry run, the transaction's
 * when applying). Answers the plan and every problem found.
 */
async function planImport(
  read: RecordRepositories,
  actor: StaffActor | SystemActor,
  survey: StoredSurvey,
  bytes: Uint8Array,
  now: number,
): Promise<{ lines: PlannedLine[]; records: number; problems: ImportProblem[]; ignoredColumns: string[] }> {
  const parsed = readImportFile(bytes);
  if (parsed.problems !== undefined) return { lines: [], records: 0, problems: parsed.problems, ignoredColumns: [] };
  if (parsed.file.kind !== 'surveyResults') return { lines: [], records: 0, problems: [{ line: 1, message: m.notResultsFile }], ignoredColumns: [] };
  const file = parsed.file;
  const config = survey.config;
  const current = config.surveySchema;
  const { uses, problems } = columnUses(file.itemColumns, current, await itemsOfEveryVersion(read.surveys, survey));
  const ignoredColumns = uses.flatMap((use) => (use.kind === 'ignored' ? [use.name] : []));
  const statusColumn = SURVEY_RESULT_LEADING.length + file.itemColumns.length + 1;
  const lines: PlannedLine[] = [];
  const keys = new Map<string, number>();
  const receipts = new Map<string, number>();
  const categories = new Map<string, Promise<{ calendarId?: string | undefined } | undefined>>();
  const categoryOf = (categoryId: string) => {
    let found = categories.get(categoryId);
    if (found === undefined) categories.set(categoryId, (found = Promise.resolve(read.calendars.findCategory(categoryId))));
    return found;
  };
  // What a summary needs of each survey version the file's records were answered on, once.
  const itemsOfVersion = new Map<number, Promise<SummaryItems>>();
  const itemsOf = (info: RecordInfo) => {
    let found = itemsOfVersion.get(info.surveyVersion);
    if (found === undefined) itemsOfVersion.set(info.surveyVersion, (found = Promise.resolve(configOfRecord(read.surveys, survey, info)).then((version) => summaryItems(actor, version))));
    return found;
  };
  // Units each slot would give this file, over what it has left (checked in file order).
  const demand = new Map<string, number>();

  for (let first = 0; first < file.records.length; first += PAGE) {
    const page = file.records.slice(first, first + PAGE).map((line) => {
      const cells = [line.userId, line.partitionKey, line.receiptNumber, ...file.itemColumns.map((name) => line.answers[name] ?? ''), line.status, line.createdAt, line.updatedAt, line.adminMemo];
      return { line, partitionKey: line.partitionKey === '' ? keyOfLine(config, line, cells) : line.partitionKey };
    });
    const stored = new Map<string, RecordAnswers>((await read.records.answersOfPage(page.map(({ partitionKey }) => partitionKey))).map((record) => [record.record.partitionKey, record]));
    const heldClaims = await read.calendars.claimsOfRecords([...stored.keys()]);
    const memos = await read.events.ofRecords([...stored.keys()]);
    const ordersOf = await read.orders.ofRecords([...stored.keys()]);
    for (const { line, partitionKey } of page) {
      const at = (column: number, message: string) => {
        problems.push({ line: line.line, column, message });
      };
      const before = problems.length;
      if (line.userId !== '' && !LINE_USER_ID.test(line.userId)) at(USER_ID_COLUMN, m.userIdFormat);
      if (!KEY_TEXT.test(partitionKey)) at(KEY_COLUMN, m.partitionKeyFormat);
      else if (!partitionKey.startsWith(`${config.surveyId}#`)) at(KEY_COLUMN, m.partitionKeyOfOtherSurvey);
      else if (!stored.has(partitionKey) && !keyFitsOwner(config.surveyId, partitionKey, line.userId)) at(KEY_COLUMN, m.partitionKeyOfOtherUser);
      const firstLine = keys.get(partitionKey);
      if (firstLine !== undefined) at(line.partitionKey === '' ? 1 : KEY_COLUMN, m.duplicateLine(firstLine));
      keys.set(partitionKey, line.line);
      const status = line.status.trim();
      if (status !== '' && !(CHECK_STATUSES as readonly string[]).includes(status)) at(statusColumn, m.status(CHECK_STATUSES.join('、')));

      const existing = stored.get(partitionKey);
      if (existing !== undefined && existing.record.surveyId !== config.surveyId) at(KEY_COLUMN, m.partitionKeyOfOtherSurvey);
      if (existing !== undefined && line.userId !== '' && line.userId !== existing.record.userId) at(USER_ID_COLUMN, m.userIdChanged);
      const receiptNumber = line.receiptNumber.trim();
      if (existing !== undefined && receiptNumber !== '' && receiptNumber !== existing.record.receiptNumber) at(RECEIPT_COLUMN, m.receiptNumberChanged);
      if (existing === undefined && receiptNumber !== '') {
        const firstWithNumber = receipts.get(receiptNumber);
        if (!RECEIPT_TEXT.test(receiptNumber)) at(RECEIPT_COLUMN, m.receiptNumberFormat);
        else if (firstWithNumber !== undefined) at(RECEIPT_COLUMN, m.duplicateLine(firstWithNumber));
        else if (await read.records.isReceiptNumberTaken(receiptNumber)) at(RECEIPT_COLUMN, m.receiptNumberTaken);
        receipts.set(receiptNumber, line.line);
      }

      // The record as an export shows it: a cell equal to what it shows is no change.
      const held = existing === undefined ? [] : heldClaims.filter((claim) => claim.partitionKey === partitionKey);
      const shown =
        existing === undefined
          ? undefined
          : await summaryFromRead(
              read.calendars,
              await itemsOf(existing.record),
              { info: existing.record, status: existing.status, rows: existing.rows, claims: held, order: orderShown(ordersOf.filter((order) => order.partitionKey === partitionKey)) },
              now,
            );
      const stored_answers: Record<string, AnswerValue> = existing === undefined ? {} : answersOfStoredRows(current, existing.rows);
      const answers: Record<string, AnswerValue> = { ...stored_answers };
      let changed = existing === undefined;
      // The items this line changes (a new record's: all of them): only those are checked again.
      const changedItems = new Set<string>();
      const claimColumns = new Map<string, number>();
      // Items whose cell could not be read: said once, not again as a missing answer.
      const unreadable = new Set<string>();
      for (const use of uses) {
        if (use.kind !== 'item') continue;
        // An export puts ' before a cell Excel would run as a formula: the answer is what follows.
        const cell = formulaCellAnswer(line.answers[use.name] ?? '');
        if (use.item.type === 'reservation') claimColumns.set(use.item.itemKey, use.column);
        if (shown !== undefined && cell === (shown.answers[use.item.itemKey] ?? '')) continue;
        const answer = answerOfCell(use.item, cell);
        if ('problem' in answer) {
          at(use.column, answer.problem);
          unreadable.add(use.item.itemKey);
          continue;
        }
        // A category named in any cell (the earlier platform's 分類) must be one of ours.
        const referenced = cell.trim().startsWith(CATEGORY_PREFIX) ? cell.trim().slice(CATEGORY_PREFIX.length).split('|')[0] : undefined;
        if (referenced !== undefined && (await categoryOf(referenced)) === undefined) at(use.column, m.unknownCategory(referenced));
        // The same answer written another way (2026/12/1 for 2026-12-01) is no change either.
        if (existing !== undefined && sameAnswer(stored_answers[use.item.itemKey], answer.answer)) continue;
        answers[use.item.itemKey] = answer.answer;
        changedItems.add(use.item.itemKey);
        changed = true;
      }
      const newStatus = (status === '' ? (existing?.status ?? '未対応') : status) as CheckStatus;
      const statusChanged = existing !== undefined && newStatus !== (existing.status ?? '未対応');
      if (statusChanged) changed = true;
      // Cancelling frees bookings and refunds payments: that is the record's own page's to do.
      if (statusChanged && isClosedCheckStatus(newStatus) && !isClosedCheckStatus(existing.status ?? '未対応')) at(statusColumn, m.closeOnRecordPage);
      if (statusChanged && !isClosedCheckStatus(newStatus) && isClosedCheckStatus(existing.status ?? '未対応')) at(statusColumn, m.reopenOnRecordPage);
      if (existing === undefined && config.membership !== undefined) at(1, m.memberRegistration);
      const memosNow = memos.filter((event) => event.partitionKey === partitionKey && event.kind === 'memo').map((event) => event.text).join('\n');
      const memoCell = line.adminMemo.trim();
      const memo = memoCell === '' || memoCell === memosNow ? undefined : memoCell.startsWith(`${memosNow}\n`) && memosNow !== '' ? memoCell.slice(memosNow.length + 1) : memoCell;
      if (memo !== undefined) changed = true;

      // The answers as a whole, as a citizen's are checked (a staff import may fill staff-only items).
      if (changed) {
        for (const [itemKey, message] of Object.entries(validateAnswers(current, answers))) {
          if (unreadable.has(itemKey) || (existing !== undefined && !changedItems.has(itemKey))) continue;
          const item = current.find((candidate) => candidate.itemKey === itemKey);
          const use = uses.find((candidate) => candidate.kind === 'item' && candidate.item.itemKey === itemKey);
          if (use?.kind === 'item') at(use.column, message);
          else problems.push({ line: line.line, message: m.invalidAnswer(item?.title ?? itemKey, message) });
        }
      }

      // Its bookings after the import: none for a closed record.
      const claims: SlotClaim[] = [];
      if (!isClosedCheckStatus(newStatus)) {
        for (const item of current) {
          if (item.type !== 'reservation') continue;
          const slot = typeof answers[item.itemKey] === 'string' ? parseReservationValue(answers[item.itemKey] as string) : undefined;
          if (slot === undefined) continue;
          const column = claimColumns.get(item.itemKey) ?? 1;
          const category = await categoryOf(slot.categoryId);
          if (category === undefined) {
            at(column, m.unknownCategory(slot.categoryId));
            continue;
          }
          if (category.calendarId === undefined) {
            at(column, m.categoryWithoutCalendar(slot.categoryId));
            continue;
          }
          const userId = existing?.record.userId ?? line.userId;
          claims.push({ partitionKey, itemKey: item.itemKey, calendarId: category.calendarId, date: slot.date, slotId: slot.slotId, userId, units: reservationCost(item), createdAt: now });
        }
      }
      // A booking of an item the current version no longer has stays with the record, as it does
      // when the citizen edits it.
      const reservationKeys = new Set(current.filter((item) => item.type === 'reservation').map((item) => item.itemKey));
      if (!isClosedCheckStatus(newStatus)) claims.push(...held.filter((claim) => !reservationKeys.has(claim.itemKey)));
      const claimsChanged = !sameClaims(held, claims);
      if (claimsChanged) changed = true;
      // Capacity, read: what the file adds to each slot against what it has left (a slot the record
      // already holds gives its units back first).
      if (claimsChanged) {
        for (const claim of claims) {
          if (held.some((mine) => mine.itemKey === claim.itemKey && mine.calendarId === claim.calendarId && mine.date === claim.date && mine.slotId === claim.slotId)) continue;
          const slot = await read.calendars.findSlot(claim.calendarId, claim.date, claim.slotId, now);
          const column = claimColumns.get(claim.itemKey) ?? 1;
          if (slot === undefined) {
            at(column, m.slotNotFound(claim.date, claim.slotId));
            continue;
          }
          const slotKey = `${claim.calendarId}|${claim.date}|${claim.slotId}`;
          const wanted = (demand.get(slotKey) ?? 0) + claim.units;
          if (wanted > slot.left) at(column, m.slotFull(claim.date, slot.start, slot.end, Math.max(0, slot.left - (demand.get(slotKey) ?? 0))));
          else demand.set(slotKey, wanted);
        }
      }
      if (problems.length > before) continue;
      lines.push({
        line: line.line,
        partitionKey,
        outcome: existing === undefined ? 'create' : changed ? 'update' : 'unchanged',
        userId: existing?.record.userId ?? line.userId,
        receiptNumber: existing?.record.receiptNumber ?? receiptNumber,
        answers,
        status: newStatus,
        statusChanged,
        memo,
        claims,
        claimsChanged,
        claimColumns,
      });
    }
  }
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
  return { lines, records: file.records.length, problems, ignoredColumns };
}

/** A cell as the answer it holds: this product's export puts ' before one Excel would run as a formula (csv.ts). */
const formulaCellAnswer = (cell: string) => unneutralisedCell(cell);

/** Whether two answers are the same (an option list in any order counts as the same). */
function sameAnswer(stored: AnswerValue | undefined, parsed: AnswerValue): boolean {
  const list = (value: AnswerValue | undefined) => (Array.isArray(value) ? value.map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).sort() : undefined);
  const storedList = list(stored);
  const parsedList = list(parsed);
  if (storedList !== undefined || parsedList !== undefined) return JSON.stringify(storedList ?? (stored === '' || stored === undefined ? [] : [stored])) === JSON.stringify(parsedList ?? (parsed === '' ? [] : [parsed]));
  return (stored ?? '') === parsed;
}

/**
 * Whether a new record may have this key: one naming a LINE user (`survey#U…`, a citizen's own key)
 * only with that user as its owner, so that no file takes a citizen's place in a survey.
 */
function keyFitsOwner(surveyId: string, partitionKey: string, userId: string): boolean {
  const named = /^U[0-9a-f]{32}/.exec(partitionKey.slice(surveyId.length + 1))?.[0];
  return named === undefined || named === userId;
}

/** A record's answers from its stored rows, by the current version's items. */
function answersOfStoredRows(items: readonly SurveySchemaItem[], rows: readonly { itemKey: string; value: string; files?: readonly unknown[] | undefined }[]): Record<string, AnswerValue> {
  const answers: Record<string, AnswerValue> = {};
  for (const item of items) {
    const chosen = rows.filter((row) => row.itemKey === item.itemKey && row.value !== '').map((row) => row.value);
    if (item.type === 'checkboxes') answers[item.itemKey] = chosen;
    else if (item.type === 'files') answers[item.itemKey] = (rows.find((row) => row.itemKey === item.itemKey)?.files ?? []) as AnswerValue;
    else if (chosen.length > 0) answers[item.itemKey] = chosen.length === 1 ? (chosen[0] ?? '') : chosen;
  }
  return answers;
}

const sameClaims = (held: readonly SlotClaim[], planned: readonly SlotClaim[]) =>
  held.length === planned.length &&
  planned.every((claim) => held.some((mine) => mine.itemKey === claim.itemKey && mine.calendarId === claim.calendarId && mine.date === claim.date && mine.slotId === claim.slotId && mine.units === claim.units && mine.holdExpiresAt === undefined));

/** The counts of a plan. */
function reportOf(plan: { lines: PlannedLine[]; records: number; problems: ImportProblem[]; ignoredColumns: string[] }, applied: boolean): RecordsImportReport {
  const count = (outcome: PlannedLine['outcome']) => plan.lines.filter((line) => line.outcome === outcome).length;
  return {
    records: plan.records,
    create: count('create'),
    update: count('update'),
    unchanged: count('unchanged'),
    bookings: plan.lines.filter((line) => line.outcome !== 'unchanged' && line.claimsChanged).reduce((sum, line) => sum + line.claims.length, 0),
    problems: plan.problems,
    ignoredColumns: plan.ignoredColumns,
    applied,
  };
}

/**
 * Imports (or, dry run, plans) a file of results into the survey. Staff need `records.import`
 * (403) and the survey's team (404). A dry run answers the report and writes nothing; applying
 * refuses a file with any problem whole ({@link ImportRefusedError}), else writes every line in
 * one transaction, audited once.
 */
export async function importRecords(deps: ImportDeps, actor: StaffActor | SystemActor, surveyId: string, bytes: Uint8Array, options: { dryRun: boolean }): Promise<RecordsImportReport> {
  if (actor.kind === 'staff') requireRole(actor, 'records.import');
  await requireSurveyOfActor(deps.store.read.surveys, actor, surveyId);
  const now = deps.now();
  if (options.dryRun) return reportOf(await planImport(deps.store.read, actor, await requireSurvey(deps.store.read.surveys, surveyId), bytes, now), false);
  return deps.store.transaction(async (repositories) => {
    const survey = await requireSurvey(repositories.surveys, surveyId);
    const plan = await planImport(repositories, actor, survey, bytes, now);
    if (plan.problems.length > 0) throw new ImportRefusedError(plan.problems);
    const refused: ImportProblem[] = [];
    for (const line of plan.lines) {
      if (line.outcome === 'unchanged') continue;
      const previousRows = line.outcome === 'update' ? await repositories.records.rowsOf(line.partitionKey) : [];
      const currentKeys = new Set(survey.config.surveySchema.map((item) => item.itemKey));
      const rows = [
        ...buildSurveyResultRows({ config: survey.config, userId: line.userId, answers: line.answers, existingResults: [{ partitionKey: line.partitionKey } as never], updateExist: true }),
        // Answers to items an edit of the survey removed stay with the record.
        ...previousRows.filter((row) => !currentKeys.has(row.itemKey)),
      ].map((row) => ({ ...row, userId: line.userId, check: line.status }));
      const held = line.outcome === 'update' ? await repositories.calendars.claimsOfRecord(line.partitionKey) : [];
      if (line.outcome === 'create') {
        const receiptNumber = line.receiptNumber === '' ? await newReceiptNumber(repositories.records) : line.receiptNumber;
        await repositories.records.replace({ rows, receiptNumber, removePartitionKeys: [], origin: 'import', enteredBy: actor.kind === 'staff' ? actor.staffId : null, surveyVersion: survey.version });
      } else {
        const previous = await repositories.records.find(line.partitionKey);
        await repositories.records.update({ partitionKey: line.partitionKey, rows, previousRows, surveyVersion: survey.version, previousSurveyVersion: previous?.surveyVersion ?? survey.version });
      }
      if (line.claimsChanged) {
        await repositories.calendars.lockSlots([...held, ...line.claims]);
        try {
          // The capacity path: a slot found full refuses the whole file.
          await storeClaimChanges(repositories.calendars, held, line.claims, now);
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          refused.push({ line: line.line, column: [...line.claimColumns.values()][0] ?? 1, message: error.message });
        }
      }
      const staffId = actor.kind === 'staff' ? actor.staffId : `system:${actor.job}`;
      if (line.statusChanged) await repositories.events.add({ partitionKey: line.partitionKey, kind: 'status', status: line.status, text: m.statusReason, staffId, at: now });
      if (line.memo !== undefined) {
        await repositories.events.add({ partitionKey: line.partitionKey, kind: 'memo', status: null, text: line.memo, staffId, at: now });
      }
    }
    if (refused.length > 0) throw new ImportRefusedError(refused);
    const report = reportOf(plan, true);
    await appendAudit(
      repositories.audit,
      actor,
      { action: 'records.import', target: `survey:${surveyId}`, detail: { records: report.records, create: report.create, update: report.update, unchanged: report.unchanged, bookings: report.bookings } },
      now,
    );
    return report;
  });
}
