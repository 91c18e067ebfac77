// Changing a record's state: cancel (a citizen their own, staff any of their teams'), delete, or
// claim one staff imported.
import type { CheckStatus } from '@city/survey-core';
import { CANCELLED_CHECK_STATUS } from '@city/survey-core';
import type { Actor } from '../../access/actor.js';
import { citizen } from '../../access/actor.js';
import { roleMay } from '../../access/permissions.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import { appendAudit, recordTarget } from '../audit/audit.js';
import { releaseClaims } from '../calendars/bookings.js';
import { cancelOrderOfRecord } from '../orders/orders.js';
import { checkClaimOfMemberRecord, giveNumberTo, requireMembership, retireNumberOf } from '../members/membership-rules.js';
import { requireSurvey } from '../surveys/surveys.js';
import { requireRecordFor } from './record-access.js';
import type { RecordRepositories, RecordsDeps } from './records.js';

/** How staff cancel: キャンセル or 取り消し, why, and the version of the record they saw. */
export interface CancelOptions {
  status?: Extract<CheckStatus, 'キャンセル' | '取り消し'>;
  reason?: string;
  /** The record's version the caller saw: 409 `record_changed` when it has changed since. */
  expectedVersion?: number;
}

/**
 * Cancels a record and settles its payment: the one cancel-and-refund use-case, for the citizen's
 * route and the staff console's alike. The record is cancelled in one transaction (see
 * cancelInStore); then, outside it (the provider is remote), the order cancelled with it has its
 * payment session ended or its payment refunded, once (`settleCancelledOrder`, which the
 * provider's notifications retry if this fails).
 */
export async function cancelRecord(deps: RecordsDeps, actor: Actor, surveyId: string, partitionKey: string, options: CancelOptions = {}): Promise<void> {
  const cancelledOrder = await cancelInStore(deps, actor, surveyId, partitionKey, options);
  if (cancelledOrder !== undefined) await deps.settleCancelledOrder(cancelledOrder);
}

/**
 * Marks the record キャンセル (or, by staff, 取り消し) on every row and frees the slots it booked or
 * holds: a citizen only before each slot's change deadline (409 `change_deadline_passed`), staff
 * until the slot ends. Its order, waiting for its payment or paid, is marked cancelled; answers
 * that order, for cancelRecord to settle. A member survey's registration is withdrawn instead:
 * removed, its number retired. Staff's cancel is refused on a record already closed (409
 * `record_closed`) and is written to the record's history and the audit log.
 */
function cancelInStore(deps: RecordsDeps, actor: Actor, surveyId: string, partitionKey: string, options: CancelOptions): Promise<string | undefined> {
  return deps.store.transaction((repositories) => cancelInTransaction(repositories, deps.now(), actor, surveyId, partitionKey, options));
}

/** cancelInStore's work, inside a transaction the caller opened (a bulk change runs many in one). */
export async function cancelInTransaction(
  { records, calendars, orders, members, surveys, events, audit }: RecordRepositories,
  now: number,
  actor: Actor,
  surveyId: string,
  partitionKey: string,
  options: CancelOptions,
): Promise<string | undefined> {
  const record = await requireRecordFor({ records, surveys }, actor, 'records.cancel', surveyId, partitionKey);
  requireVersion(record.version, options.expectedVersion);
  const byStaff = actor.kind === 'staff';
  if (byStaff && (await records.isClosed(partitionKey))) throw new HttpError(409, 'record_closed', messages.recordAlreadyClosed);
  // Cancelling a paid booking refunds it; staff whose role may not move money leave it to those who may.
  if (byStaff && !roleMay(actor.role, 'records.refund') && (await orders.paidOfRecord(partitionKey)) !== undefined) {
    throw new HttpError(403, 'refund_forbidden', messages.refundForbidden);
  }
  const status = options.status ?? CANCELLED_CHECK_STATUS;
  const reason = options.reason ?? '';
  if ((await requireSurvey(surveys, surveyId)).config.membership !== undefined) {
    // Cancelling a registration is withdrawing: a record kept as キャンセル would stay under the
    // citizen's key and, being closed, refuse their registering again. It goes, its number retired.
    await releaseClaims(calendars, partitionKey, now, 'delete', byStaff);
    await records.delete(partitionKey);
    await retireNumberOf(members, partitionKey, now);
    await appendAudit(audit, actor, { action: 'record.withdraw', target: recordTarget(partitionKey), detail: { reason } }, now);
    return undefined;
  }
  await releaseClaims(calendars, partitionKey, now, 'cancel', byStaff);
  const before = (await records.rowsOf(partitionKey))[0]?.check;
  await records.setCheck(partitionKey, status);
  const cancelledOrder = await cancelOrderOfRecord(orders, partitionKey, now);
  if (actor.kind === 'staff') {
    await events.add({ partitionKey, kind: 'status', status, text: reason, staffId: actor.staffId, at: now });
    const detail = { status: { from: before, to: status }, reason, ...(cancelledOrder === undefined ? {} : { orderCancelled: cancelledOrder }) };
    await appendAudit(audit, actor, { action: 'record.cancel', target: recordTarget(partitionKey), detail }, now);
  }
  return cancelledOrder;
}

/** 409 `record_changed` when the record is no longer at the version the caller saw. */
export function requireVersion(version: number, expected: number | undefined): void {
  if (expected !== undefined && expected !== version) throw new HttpError(409, 'record_changed', messages.recordChanged);
}

/**
 * Removes the caller's record, its rows and its claims on slots: refused (409
 * `change_deadline_passed`) while a booked slot is past its change deadline but has not ended,
 * (409 `order_pending`) while its order waits for a payment, which would find nothing to
 * confirm or refund, and (409 `order_paid`) while it is paid for: the citizen cancels first. A
 * member survey's registration deleted is withdrawn: its number is retired.
 */
export function deleteRecord(deps: RecordsDeps, surveyId: string, partitionKey: string, userId: string): Promise<void> {
  return deps.store.transaction(async ({ records, surveys, calendars, orders, members }) => {
    await requireRecordFor({ records, surveys }, citizen(userId), 'records.cancel', surveyId, partitionKey);
    if ((await orders.pendingOfRecord(partitionKey)) !== undefined) throw new HttpError(409, 'order_pending', messages.orderPending);
    // A paid record is kept (its receipt stays with it) unless cancelled, which refunds it.
    if ((await orders.paidOfRecord(partitionKey)) !== undefined) throw new HttpError(409, 'order_paid', messages.orderPaid);
    // The foreign key would free the claims with the record; freeing them here applies the deadline.
    await releaseClaims(calendars, partitionKey, deps.now(), 'delete');
    await records.delete(partitionKey);
    // Deleting a registration is withdrawing: its number is retired, never issued again.
    await retireNumberOf(members, partitionKey, deps.now());
  });
}

/**
 * Makes an unclaimed record the caller's (putUserId): only one they just found by look-up, since
 * partition keys are not secrets. Their own record answers OK as it is.
 */
export function claimRecord(deps: RecordsDeps, surveyId: string, partitionKey: string, userId: string): Promise<void> {
  return deps.store.transaction(async ({ records, lookupGuards, surveys, members }) => {
    const record = await records.find(partitionKey);
    const notFound = new HttpError(404, 'record_not_found', messages.recordNotFound);
    if (record === undefined || record.surveyId !== surveyId) throw notFound;
    if (record.userId === userId) return;
    if (record.userId !== '' || !(await lookupGuards.isGranted(userId, partitionKey))) throw notFound;
    // A paper card is a membership: one per citizen, and its number becomes the claimer's. A record
    // of a members-only survey is the members' to claim, as it is theirs to send.
    const survey = await requireSurvey(surveys, surveyId);
    await requireMembership({ members, surveys }, survey.config, userId);
    await checkClaimOfMemberRecord(members, survey.config, userId);
    if (!(await records.claim(partitionKey, userId))) throw notFound;
    await giveNumberTo(members, partitionKey, userId);
  });
}
