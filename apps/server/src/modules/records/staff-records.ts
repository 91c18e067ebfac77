// What staff do with a survey's records: list them by filter, read one, change its status (a
// closed status cancels through the citizens' cancel; reopening claims the slot again), add memos,
// and change the status of a whole filtered set. Every call is checked against the permission
// table and the caller's teams (record-access.ts) and audited in its own transaction.
import type { RecordFilter, RecordSummary } from '@city/api-client/staff-contract';
import type { CheckStatus, SelectProductsItem, SurveyConfig, SurveyResultRow } from '@city/survey-core';
import { isClosedCheckStatus } from '@city/survey-core';
import type { StaffActor, SystemActor } from '../../access/actor.js';
import { requireRole, roleMay } from '../../access/permissions.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import { appendAudit, recordTarget } from '../audit/audit.js';
import type { AuditEntry } from '../audit/audit-repository.js';
import type { CalendarRepository, SlotClaimWithTimes } from '../calendars/calendar-repository.js';
import type { StoredOrder } from '../orders/order-repository.js';
import { reclaimBookings } from '../calendars/bookings.js';
import type { StoredSurvey, SurveyRepository } from '../surveys/survey-repository.js';
import { itemsOfEveryVersion, requireSurvey, requireSurveyOfActor } from '../surveys/surveys.js';
import type { CancelOptions } from './change-record.js';
import { cancelInTransaction, requireVersion } from './change-record.js';
import { requireRecordFor } from './record-access.js';
import type { RecordEvent } from './record-event-repository.js';
import type { AnswerRow, RecordInfo } from './record-repository.js';
import type { SearchCursor } from './record-search-repository.js';
import type { RecordRepositories, RecordsDeps } from './records.js';
import { orderShown, productsText, reservationText } from './answer-text.js';
import { reservationAnswers } from './submission-rules.js';

export type StaffRecordsDeps = RecordsDeps;

const DEFAULT_PAGE_SIZE = 50;
/** Records of a bulk change queued at once: their transactions share commits, and citizens' requests queue between chunks. */
const BULK_CHUNK = 500;

/** The items a staff member may see: staff-only ones (管理項目) only with the permission for them. */
export function visibleItems(actor: StaffActor | SystemActor, config: Pick<SurveyConfig, 'surveySchema'>) {
  // The server itself (an operator's export command) sees every item.
  const staffOnly = actor.kind === 'system' || roleMay(actor.role, 'records.readStaffOnly');
  return config.surveySchema.filter((item) => staffOnly || item.isAdminItem !== true);
}

/** What a record's summary is made of, read beforehand: one record's, or each of an export's page. */
export interface RecordRead {
  info: RecordInfo;
  /** Its status (its rows' status; 未対応 without rows). */
  status: CheckStatus | undefined;
  /** Its rows' answers, in the order they were submitted. */
  rows: readonly AnswerRow[];
  claims: readonly SlotClaimWithTimes[];
  /** The order its products answers show (orderShown), when the survey sells any. */
  order: StoredOrder | undefined;
}

/** What a summary needs of a survey version's items, worked out once for all its records. */
export interface SummaryItems {
  /** The items the actor may see. */
  visible: ReadonlySet<string>;
  reservations: ReadonlySet<string>;
  products: readonly SelectProductsItem[];
}

/** {@link SummaryItems} of `config`, for `actor`. */
export function summaryItems(actor: StaffActor | SystemActor, config: Pick<SurveyConfig, 'surveySchema'>): SummaryItems {
  const items = visibleItems(actor, config);
  return {
    visible: new Set(items.map((item) => item.itemKey)),
    reservations: new Set(items.filter((item) => item.type === 'reservation').map((item) => item.itemKey)),
    products: items.filter((item): item is SelectProductsItem => item.type === 'selectProducts'),
  };
}

/**
 * A record as the console lists it: its answers as text by item (the items the actor may see), a
 * booking by its place and time, products by the record's order.
 */
export async function summaryOf(
  { records, calendars, orders }: Pick<RecordRepositories, 'records' | 'calendars' | 'orders'>,
  actor: StaffActor | SystemActor,
  config: SurveyConfig,
  info: RecordInfo,
  now: number,
): Promise<RecordSummary> {
  const rows = await records.rowsOf(info.partitionKey);
  const claims = await calendars.claimsOfRecord(info.partitionKey);
  const items = summaryItems(actor, config);
  const order = items.products.length > 0 ? orderShown(await orders.ofUser(info.userId, info.partitionKey)) : undefined;
  return summaryFromRead(calendars, items, { info, status: rows[0]?.check, rows, claims, order }, now);
}

/** {@link summaryOf} of a record read beforehand. */
export async function summaryFromRead(
  calendars: Pick<CalendarRepository, 'findCategory' | 'findSlot'>,
  items: SummaryItems,
  { info, status, rows, claims, order }: RecordRead,
  now: number,
): Promise<RecordSummary> {
  const answers: Record<string, string> = {};
  for (const row of rows) {
    if (!items.visible.has(row.itemKey)) continue;
    let text = row.files !== undefined ? row.files.map((file) => file.name).join('、') : row.value;
    if (text !== '' && items.reservations.has(row.itemKey)) {
      text = await reservationText(calendars, text, claims.find((claim) => claim.itemKey === row.itemKey), now);
    }
    // A choice item stores one row per option, '' for those not chosen: only the chosen are shown.
    if (text === '') {
      answers[row.itemKey] ??= '';
      continue;
    }
    const before = answers[row.itemKey];
    answers[row.itemKey] = before === undefined || before === '' ? text : `${before}、${text}`;
  }
  for (const item of items.products) answers[item.itemKey] = productsText(order, item);
  return {
    partitionKey: info.partitionKey,
    receiptNumber: info.receiptNumber,
    status: status ?? '未対応',
    origin: info.origin,
    hasOwner: info.userId !== '',
    version: info.version,
    createdAt: info.createdAt,
    updatedAt: info.updatedAt,
    answers,
    bookings: claims
      .filter((claim) => items.visible.has(claim.itemKey))
      .map((claim) => ({
        itemKey: claim.itemKey,
        calendarId: claim.calendarId,
        date: claim.date,
        slotId: claim.slotId,
        start: claim.start,
        end: claim.end,
        units: claim.units,
        held: claim.holdExpiresAt !== undefined,
      })),
  };
}

/** The items a record is read with: those of the survey version it was answered on. */
export async function configOfRecord(surveys: SurveyRepository, survey: StoredSurvey, info: RecordInfo): Promise<SurveyConfig> {
  if (info.surveyVersion === survey.version) return survey.config;
  return (await surveys.configOfVersion(info.surveyId, info.surveyVersion)) ?? survey.config;
}

/**
 * 400 `invalid_filter` for a filter on an item the actor may not see (or that the survey does not
 * have): an operator must not learn a staff-only answer by filtering on it.
 */
export async function requireVisibleFilter(actor: StaffActor | SystemActor, surveys: SurveyRepository, survey: StoredSurvey, filter: RecordFilter): Promise<void> {
  if ((filter.items ?? []).length === 0) return;
  // Any version's items: a column stays filterable when an edit removes its item.
  const visible = new Set(visibleItems(actor, { surveySchema: await itemsOfEveryVersion(surveys, survey) }).map((item) => item.itemKey));
  if ((filter.items ?? []).some((item) => !visible.has(item.itemKey))) throw new HttpError(400, 'invalid_filter', messages.invalidFilter);
}

const encodeCursor = (cursor: SearchCursor) => Buffer.from(JSON.stringify([cursor.createdAt, cursor.partitionKey])).toString('base64url');

function decodeCursor(text: string | undefined): SearchCursor | undefined {
  if (text === undefined) return undefined;
  try {
    const [createdAt, partitionKey] = JSON.parse(Buffer.from(text, 'base64url').toString()) as unknown[];
    if (typeof createdAt === 'number' && typeof partitionKey === 'string') return { createdAt, partitionKey };
  } catch {
    // Not one of ours: refused below.
  }
  throw new HttpError(400, 'invalid_cursor', messages.invalidRequest);
}

/** A page of the survey's records matching the filter, newest first, with the three counts. */
export async function listRecords(
  deps: StaffRecordsDeps,
  actor: StaffActor,
  surveyId: string,
  request: { filter: RecordFilter; after?: string | undefined; limit?: number | undefined },
): Promise<{ data: RecordSummary[]; counts: { all: number; matching: number; shown: number }; nextCursor: string | null }> {
  requireRole(actor, 'records.read');
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const after = decodeCursor(request.after);
  return deps.store.transaction(async (repositories) => {
    const { surveys, records, audit, search } = repositories;
    await requireSurveyOfActor(surveys, actor, surveyId);
    const survey = await requireSurvey(surveys, surveyId);
    await requireVisibleFilter(actor, surveys, survey, request.filter);
    const keys = await search.page(surveyId, request.filter, after, limit + 1);
    const now = deps.now();
    const page = keys.slice(0, limit);
    const data: RecordSummary[] = [];
    for (const { partitionKey } of page) {
      const info = await records.find(partitionKey);
      if (info !== undefined) data.push(await summaryOf(repositories, actor, await configOfRecord(surveys, survey, info), info, now));
    }
    const counts = { all: await search.countAll(surveyId), matching: await search.countMatching(surveyId, request.filter), shown: data.length };
    // A list shows citizens' answers: who looked, at what, is audited like a record's page.
    await appendAudit(audit, actor, { action: 'records.list', target: `survey:${surveyId}`, detail: { filter: request.filter, shown: data.map((record) => record.partitionKey) } }, now);
    const last = page.at(-1);
    return { data, counts, nextCursor: keys.length > limit && last !== undefined ? encodeCursor(last) : null };
  });
}

export interface RecordPage {
  record: RecordSummary;
  enteredBy: string | null;
  memberNumber: string | null;
  orders: { orderId: string; status: string; total: number; paidAt: number | null; refundedAt: number | null }[];
  history: RecordEvent[];
  audit: AuditEntry[];
}

/** One record's page: answers, bookings, orders, member number, history and audit entries (the view itself audited first). */
export async function readRecord(deps: StaffRecordsDeps, actor: StaffActor, surveyId: string, partitionKey: string): Promise<RecordPage> {
  return deps.store.transaction(async (repositories) => {
    const { records, surveys, orders, members, events, audit } = repositories;
    const info = await requireRecordFor({ records, surveys }, actor, 'records.read', surveyId, partitionKey);
    const survey = await requireSurvey(surveys, surveyId);
    const now = deps.now();
    await appendAudit(audit, actor, { action: 'record.view', target: recordTarget(partitionKey) }, now);
    const paid = await orders.ofUser(info.userId, partitionKey);
    return {
      record: await summaryOf(repositories, actor, await configOfRecord(surveys, survey, info), info, now),
      enteredBy: info.enteredBy,
      memberNumber: (await members.activeOfRecord(partitionKey))?.memberNumber ?? null,
      orders: paid.map((order) => ({ orderId: order.orderId, status: order.status, total: order.totalYen, paidAt: order.paidAt, refundedAt: order.refundedAt })),
      history: await events.ofRecord(partitionKey),
      // Who else looked, with their addresses: for city staff, not for an outside operator or a guest.
      audit: roleMay(actor.role, 'audit.readRecord') ? await audit.find({ target: recordTarget(partitionKey), limit: 500 }) : [],
    };
  });
}

/**
 * Sets a record's status with a reason, on the version the caller saw (409 `record_changed`
 * otherwise). A closed status on an open record cancels it (the slot freed, a paid order
 * refunded after the commit); an open status on a closed one reopens it, claiming its slots
 * again (409 when one is taken meanwhile, or the order was refunded). Answers the new version.
 */
export async function changeStatus(
  deps: StaffRecordsDeps,
  actor: StaffActor,
  surveyId: string,
  partitionKey: string,
  change: { status: CheckStatus; reason?: string | undefined; version: number },
): Promise<number> {
  const { version, cancelledOrder } = await deps.store.transaction((repositories) => changeStatusInTransaction(repositories, deps.now(), actor, surveyId, partitionKey, change));
  if (cancelledOrder !== undefined) await deps.settleCancelledOrder(cancelledOrder);
  return version;
}

async function changeStatusInTransaction(
  repositories: RecordRepositories,
  now: number,
  actor: StaffActor,
  surveyId: string,
  partitionKey: string,
  change: { status: CheckStatus; reason?: string | undefined; version: number },
): Promise<{ version: number; cancelledOrder: string | undefined }> {
  const { records, surveys, calendars, orders, events, audit } = repositories;
  const reason = change.reason ?? '';
  const closing = isClosedCheckStatus(change.status);
  if (closing) requireReasonToClose(change.status, change.reason);
  const record = await requireRecordFor({ records, surveys }, actor, closing ? 'records.cancel' : 'records.changeStatus', surveyId, partitionKey);
  requireVersion(record.version, change.version);
  const wasClosed = await records.isClosed(partitionKey);
  if (closing && !wasClosed) {
    const options: CancelOptions = { status: change.status as CancelOptions['status'] & string, reason, expectedVersion: change.version };
    const cancelledOrder = await cancelInTransaction(repositories, now, actor, surveyId, partitionKey, options);
    return { version: (await records.find(partitionKey))?.version ?? record.version + 1, cancelledOrder };
  }
  const before = (await records.rowsOf(partitionKey))[0]?.check;
  if (!closing && wasClosed) {
    requireRole(actor, 'records.cancel');
    if ((await orders.ofUser(record.userId, partitionKey)).some((order) => order.status === 'cancelled' || order.status === 'refunded')) {
      throw new HttpError(409, 'reopen_after_refund', messages.reopenAfterRefund);
    }
    const survey = await requireSurvey(surveys, surveyId);
    await reclaimBookings(calendars, { partitionKey, userId: record.userId, answers: reservationAnswers(survey.config, answersOf(await records.rowsOf(partitionKey))), now });
  }
  if (!(await records.setCheck(partitionKey, change.status, change.version))) throw new HttpError(409, 'record_changed', messages.recordChanged);
  await events.add({ partitionKey, kind: 'status', status: change.status, text: reason, staffId: actor.staffId, at: now });
  const action = !closing && wasClosed ? 'record.reopen' : 'record.changeStatus';
  await appendAudit(audit, actor, { action, target: recordTarget(partitionKey), detail: { status: { from: before, to: change.status }, reason } }, now);
  return { version: change.version + 1, cancelledOrder: undefined };
}

/** 400 `reason_required`: cancelling (a closed status) frees a booking and refunds a payment, so staff say why. */
function requireReasonToClose(status: CheckStatus, reason: string | undefined): void {
  if (isClosedCheckStatus(status) && (reason ?? '').trim() === '') throw new HttpError(400, 'reason_required', messages.reasonRequired);
}

/** A record's answers by item, as reservationAnswers reads them (one value per item). */
function answersOf(rows: readonly SurveyResultRow[]): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const row of rows) answers[row.itemKey] ??= row.value;
  return answers;
}

/** Adds a memo to the record's history. */
export async function addMemo(deps: StaffRecordsDeps, actor: StaffActor, surveyId: string, partitionKey: string, text: string): Promise<void> {
  await deps.store.transaction(async ({ records, surveys, events, audit }) => {
    await requireRecordFor({ records, surveys }, actor, 'records.addMemo', surveyId, partitionKey);
    const now = deps.now();
    await events.add({ partitionKey, kind: 'memo', status: null, text, staffId: actor.staffId, at: now });
    await appendAudit(audit, actor, { action: 'record.memo', target: recordTarget(partitionKey), detail: { text } }, now);
  });
}

/** A record of a bulk change was refused: its transaction rolls back, the report says why. */
class RefusedInBulk extends Error {}

export interface BulkChangeReport {
  changed: number;
  refused: { partitionKey: string; receiptNumber: string; code: string; message: string }[];
}

/**
 * Sets the status of every record the filter matches (the whole set, not a page), each checked as
 * a single change is, on the version it has when its turn comes, so a citizen's edit in between
 * is never overwritten. A record refused (already in that status, a slot taken, a deadline) is
 * listed with the reason; the others change. One audit entry per record changed.
 */
export async function bulkChangeStatus(
  deps: StaffRecordsDeps,
  actor: StaffActor,
  surveyId: string,
  request: { filter: RecordFilter; status: CheckStatus; reason?: string | undefined; expectedCount: number },
): Promise<BulkChangeReport> {
  requireRole(actor, 'records.bulkChange');
  await requireSurveyOfActor(deps.store.read.surveys, actor, surveyId);
  await requireVisibleFilter(actor, deps.store.read.surveys, await requireSurvey(deps.store.read.surveys, surveyId), request.filter);
  requireReasonToClose(request.status, request.reason);
  const keys = await deps.store.read.search.allMatching(surveyId, request.filter);
  // The staff member confirmed a number: records added or changed since would change unseen.
  if (keys.length !== request.expectedCount) throw new HttpError(409, 'bulk_count_changed', messages.bulkCountChanged(request.expectedCount, keys.length));
  const report: BulkChangeReport = { changed: 0, refused: [] };
  const toSettle: string[] = [];
  // One transaction per record, all or nothing each (a refused reopen leaves no claim behind);
  // queued a chunk at a time, they share commits (see connectSqlite's group commit).
  const changeOne = (partitionKey: string) =>
    deps.store.transaction(async (repositories) => {
      const info = await repositories.records.find(partitionKey);
      if (info === undefined) return; // deleted meanwhile: nothing to change
      const current = (await repositories.records.rowsOf(partitionKey))[0]?.check;
      if (current === request.status) {
        report.refused.push({ partitionKey, receiptNumber: info.receiptNumber, code: 'same_status', message: messages.sameStatus });
        return;
      }
      try {
        const outcome = await changeStatusInTransaction(repositories, deps.now(), actor, surveyId, partitionKey, { status: request.status, reason: request.reason, version: info.version });
        if (outcome.cancelledOrder !== undefined) toSettle.push(outcome.cancelledOrder);
        report.changed += 1;
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        report.refused.push({ partitionKey, receiptNumber: info.receiptNumber, code: error.code, message: error.message });
        // Rolled back to this record's savepoint: whatever the change wrote before it was refused goes.
        throw new RefusedInBulk();
      }
    }).catch((error: unknown) => {
      if (!(error instanceof RefusedInBulk)) throw error;
    });
  for (let start = 0; start < keys.length; start += BULK_CHUNK) {
    await Promise.all(keys.slice(start, start + BULK_CHUNK).map(changeOne));
  }
  for (const orderId of toSettle) await deps.settleCancelledOrder(orderId);
  return report;
}
