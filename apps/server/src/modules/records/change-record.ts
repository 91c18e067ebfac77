// A citizen changes one of their records: cancels it, deletes it, or claims one staff imported.
import { CANCELLED_CHECK_STATUS } from '@city/survey-core';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import type { RecordsDeps } from './records.js';
import { requireOwnRecord } from './records.js';

/** Marks the caller's record キャンセル (every row of it). */
export function cancelRecord(deps: RecordsDeps, surveyId: string, partitionKey: string, userId: string): Promise<void> {
  return deps.store.transaction(async ({ records }) => {
    await requireOwnRecord(records, surveyId, partitionKey, userId);
    await records.setCheck(partitionKey, CANCELLED_CHECK_STATUS);
  });
}

/** Removes the caller's record and its rows. */
export function deleteRecord(deps: RecordsDeps, surveyId: string, partitionKey: string, userId: string): Promise<void> {
  return deps.store.transaction(async ({ records }) => {
    await requireOwnRecord(records, surveyId, partitionKey, userId);
    await records.delete(partitionKey);
  });
}

/**
 * Makes an unclaimed record the caller's (putUserId): only one they just found by look-up, since
 * partition keys are not secrets. Their own record answers OK as it is.
 */
export function claimRecord(deps: RecordsDeps, surveyId: string, partitionKey: string, userId: string): Promise<void> {
  return deps.store.transaction(async ({ records, lookupGuards }) => {
    const record = await records.find(partitionKey);
    const notFound = new HttpError(404, 'record_not_found', messages.recordNotFound);
    if (record === undefined || record.surveyId !== surveyId) throw notFound;
    if (record.userId === userId) return;
    if (record.userId !== '' || !(await lookupGuards.isGranted(userId, partitionKey))) throw notFound;
    if (!(await records.claim(partitionKey, userId))) throw notFound;
  });
}
