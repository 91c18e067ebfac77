// reservation/putItem: store a citizen's submission as one record, in one transaction, once.
import type { ReservationResult } from '@city/api-client';
import type { SubmissionPayload } from '@city/survey-core';
import { isCitizenPartitionKey } from '@city/survey-core';
import { createHash } from 'node:crypto';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import { planClaims, storeClaims } from '../calendars/bookings.js';
import { citizenViewOf, requireSurvey } from '../surveys/surveys.js';
import type { RecordsDeps } from './records.js';
import { requireOwnRecord } from './records.js';
import { newReceiptNumber } from './receipt-numbers.js';
import {
  checkEdit,
  checkFiles,
  itemsKeptOnEdit,
  recordOfRows,
  refuseOrders,
  reservationAnswers,
  reservationItemKeys,
  staffRowsToKeep,
  verifiedAnswers,
} from './submission-rules.js';

/** Idempotency keys are kept a day: clients retry within a minute. */
const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60_000;

/**
 * Checks the submission and stores it whole: a new record, or (same key, or `oldPartitionKey`)
 * the replacement of one of the caller's records. Its reservation answers claim their slots in the
 * same transaction (an edit keeping its slot keeps its claim; one picking another slot moves it).
 * With an `Idempotency-Key` seen before, answers what it answered then, storing nothing.
 */
export async function submitRecord(
  deps: RecordsDeps,
  userId: string,
  payload: SubmissionPayload,
  idempotencyKey: string | undefined,
): Promise<ReservationResult> {
  const requestHash = createHash('sha256').update(JSON.stringify(payload)).digest('hex');
  return deps.store.transaction(async ({ records, idempotency, surveys, calendars }) => {
    if (idempotencyKey !== undefined) {
      const seen = await idempotency.find(userId, idempotencyKey);
      if (seen !== undefined) {
        if (seen.requestHash !== requestHash) throw new HttpError(422, 'idempotency_key_reused', messages.idempotencyKeyReused);
        return seen.response as ReservationResult;
      }
    }

    refuseOrders(payload);
    const rows = payload.data;
    const first = recordOfRows(rows, userId);
    const survey = await requireSurvey(surveys, first.surveyId);
    const { surveyId } = survey.config;
    const { partitionKey } = first;

    // The key must be one this caller may write: their update-mode key, an append-mode key of
    // theirs, or a record they already own (one claimed after a look-up, say).
    const existing = await records.find(partitionKey);
    if (existing !== undefined && (existing.userId !== userId || existing.surveyId !== surveyId)) {
      throw new HttpError(404, 'record_not_found', messages.recordNotFound);
    }
    if (existing === undefined && !isCitizenPartitionKey(partitionKey, survey.config, userId)) {
      throw new HttpError(400, 'invalid_partition_key', messages.invalidPartitionKey);
    }
    const replaced =
      payload.oldPartitionKey !== undefined && payload.oldPartitionKey !== partitionKey
        ? await requireOwnRecord(records, surveyId, payload.oldPartitionKey, userId)
        : undefined;

    const citizenSurvey = citizenViewOf(survey.config);
    const answers = verifiedAnswers(citizenSurvey, rows, first, userId);
    const previous = replaced ?? existing;
    const keptRows = previous === undefined ? [] : await records.rowsOfItems(previous.partitionKey, itemsKeptOnEdit(survey.config));
    if (previous !== undefined) checkEdit(citizenSurvey, await records.isClosed(previous.partitionKey), keptRows, answers);
    await checkFiles(citizenSurvey, answers, (file) => deps.isOwnUpload(userId, file));

    // The records this submission replaces, the one it edits (oldPartitionKey) first: their claims
    // are the ones an edit keeps or moves.
    const removePartitionKeys = [...new Set([...(replaced === undefined ? [] : [replaced.partitionKey]), partitionKey])];
    const claims = await planClaims(calendars, {
      userId,
      partitionKey,
      answers: reservationAnswers(citizenSurvey, answers),
      itemKeys: reservationItemKeys(citizenSurvey),
      replacedKeys: removePartitionKeys,
      now: deps.now(),
    });

    const receiptNumber = previous?.receiptNumber ?? (await newReceiptNumber(records));
    const result: ReservationResult = { result: 'OK', partitionKey, receiptNumber };
    // Old claims go first, so a kept or re-picked slot has their units back.
    for (const key of removePartitionKeys) await calendars.releaseClaimsOfRecord(key);
    await records.replace({ rows: [...rows, ...staffRowsToKeep(survey.config, keptRows, first)], receiptNumber, removePartitionKeys });
    await storeClaims(calendars, claims);
    if (idempotencyKey !== undefined) {
      await idempotency.forgetOlderThan(IDEMPOTENCY_KEY_LIFETIME_MS);
      await idempotency.remember(userId, idempotencyKey, requestHash, result);
    }
    return result;
  });
}
