// A citizen changes one of their records: cancels it, deletes it, or claims one staff imported.
import { CANCELLED_CHECK_STATUS } from '@city/survey-core';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import { releaseClaims } from '../calendars/bookings.js';
import { checkClaimOfMemberRecord, giveNumberTo, requireMembership, retireNumberOf } from '../members/membership-rules.js';
import { requireSurvey } from '../surveys/surveys.js';
import type { RecordsDeps } from './records.js';
import { requireOwnRecord } from './records.js';

/**
 * Cancels the caller's record, and settles its payment: the one cancel-and-refund use-case, for
 * every route that cancels (the citizen's today; the staff console's will call it too). The record
 * is cancelled in one transaction (see cancelInStore); then, outside it (the provider is remote),
 * the order cancelled with it has its payment session ended or its payment refunded, once
 * (`settleCancelledOrder`, which the provider's notifications retry if this fails).
 */
export async function cancelRecord(deps: RecordsDeps, surveyId: string, partitionKey: string, userId: string): Promise<void> {
  const cancelledOrder = await cancelInStore(deps, surveyId, partitionKey, userId);
  if (cancelledOrder !== undefined) await deps.settleCancelledOrder(cancelledOrder);
}

/**
 * Marks the caller's record キャンセル (every row of it) and frees the slots it booked or holds:
 * refused (409 `change_deadline_passed`) once a booked slot is past its change deadline. Its order,
 * waiting for its payment or paid, is marked cancelled; answers that order, for cancelRecord to
 * settle. A member survey's registration is withdrawn instead: removed, its number retired.
 */
function cancelInStore(deps: RecordsDeps, surveyId: string, partitionKey: string, userId: string): Promise<string | undefined> {
  return deps.store.transaction(async ({ records, calendars, orders, members, surveys }) => {
    await requireOwnRecord(records, surveyId, partitionKey, userId);
    const now = deps.now();
    if ((await requireSurvey(surveys, surveyId)).config.membership !== undefined) {
      // Cancelling a registration is withdrawing: a record kept as キャンセル would stay under the
      // citizen's key and, being closed, refuse their registering again. It goes, its number retired.
      await releaseClaims(calendars, partitionKey, now, 'delete');
      await records.delete(partitionKey);
      await retireNumberOf(members, partitionKey, now);
      return undefined;
    }
    await releaseClaims(calendars, partitionKey, now, 'cancel');
    await records.setCheck(partitionKey, CANCELLED_CHECK_STATUS);
    const order = (await orders.pendingOfRecord(partitionKey)) ?? (await orders.paidOfRecord(partitionKey));
    if (order === undefined) return undefined;
    await orders.setStatus(order.orderId, 'cancelled', now);
    return order.orderId;
  });
}

/**
 * Removes the caller's record, its rows and its claims on slots: refused (409
 * `change_deadline_passed`) while a booked slot is past its change deadline but has not ended,
 * (409 `order_pending`) while its order waits for a payment, which would find nothing to
 * confirm or refund, and (409 `order_paid`) while it is paid for: the citizen cancels first. A
 * member survey's registration deleted is withdrawn: its number is retired.
 */
export function deleteRecord(deps: RecordsDeps, surveyId: string, partitionKey: string, userId: string): Promise<void> {
  return deps.store.transaction(async ({ records, calendars, orders, members }) => {
    await requireOwnRecord(records, surveyId, partitionKey, userId);
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
