// reservation/putItem: the server checks a submission itself before storing it, because the rows
// come from the citizen's device. Nothing here trusts the client's userId, keys or statuses.
import { createHash, randomInt } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { ReservationResult } from '@city/api-client';
import type { AnswerValue, FileRef, SubmissionPayload } from '@city/survey-core';
import { answersFromRows, buildSurveyResultRows, validateAnswers } from '@city/survey-core';
import type { RouteDeps } from './app.js';
import { HttpError } from './errors.js';
import { messages } from './messages.js';
import { fileIdOfUrl } from './routes/files.js';
import { citizenView, requireOwnRecord, requireSurvey } from './routes/shared.js';

/** Idempotency keys are kept a day: clients retry within a minute. */
const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60_000;

export function storeSubmission(
  deps: RouteDeps,
  userId: string,
  payload: SubmissionPayload,
  idempotencyKey: string | undefined,
): ReservationResult {
  const requestHash = createHash('sha256').update(JSON.stringify(payload)).digest('hex');
  if (idempotencyKey !== undefined) {
    const seen = deps.idempotency.find(userId, idempotencyKey);
    if (seen !== undefined) {
      if (seen.requestHash !== requestHash) {
        throw new HttpError(422, 'idempotency_key_reused', messages.idempotencyKeyReused);
      }
      return seen.response as ReservationResult;
    }
  }

  // Orders and calendar slots need payments and slot accounting, which are not built yet: refuse
  // them rather than store something that looks booked or paid.
  if (payload.order !== undefined && payload.order.items.length > 0) {
    throw new HttpError(400, 'payments_not_available', messages.paymentsNotAvailable);
  }
  const rows = payload.data;
  const [first] = rows;
  if (first === undefined) throw new HttpError(400, 'invalid_request', messages.invalidRequest);
  if (rows.some((row) => row.userId !== userId)) throw new HttpError(403, 'forbidden', messages.notYourUser);
  if (rows.some((row) => row.surveyId !== first.surveyId || row.partitionKey !== first.partitionKey)) {
    throw new HttpError(400, 'invalid_partition_key', messages.invalidPartitionKey);
  }
  const survey = requireSurvey(deps, first.surveyId);
  const { surveyId } = survey.config;
  const partitionKey = first.partitionKey;

  // The key must be one this caller may write: their update-mode key, an append-mode key of
  // theirs, or a record they already own (one claimed after a look-up, say).
  const existing = deps.results.record(partitionKey);
  if (existing !== undefined && (existing.userId !== userId || existing.surveyId !== surveyId)) {
    throw new HttpError(404, 'record_not_found', messages.recordNotFound);
  }
  const appending = survey.config.isAppending?.value === true;
  const allowedForm = appending
    ? new RegExp(`^${escapeRegExp(`${surveyId}#${userId}#`)}\\d{1,16}$`).test(partitionKey)
    : partitionKey === `${surveyId}#${userId}`;
  if (!allowedForm && existing === undefined) {
    throw new HttpError(400, 'invalid_partition_key', messages.invalidPartitionKey);
  }
  const replaced =
    payload.oldPartitionKey !== undefined && payload.oldPartitionKey !== partitionKey
      ? requireOwnRecord(deps, surveyId, payload.oldPartitionKey, userId)
      : undefined;

  // Read the answers back out of the rows, check them, and rebuild the rows from them: what is
  // stored is exactly what @city/survey-core makes of those answers, or nothing.
  const citizenSurvey = citizenView(survey.config);
  const answers = answersFromRows(citizenSurvey.surveySchema, rows);
  const reservationItems = citizenSurvey.surveySchema.filter((item) => item.type === 'reservation');
  if (reservationItems.some((item) => Object.hasOwn(answers, item.itemKey))) {
    throw new HttpError(400, 'reservations_not_available', messages.reservationsNotAvailable);
  }
  const problems = validateAnswers(citizenSurvey.surveySchema, answers);
  if (Object.keys(problems).length > 0) {
    throw new HttpError(400, 'invalid_answers', messages.invalidAnswers, { fields: problems });
  }
  const rebuilt = buildSurveyResultRows({
    config: citizenSurvey,
    userId,
    answers,
    existingResults: [first],
    updateExist: true,
    isLiffMode: first.isLiffMode,
  });
  // Both sides are plain JSON-shaped objects (optional fields absent, never undefined).
  if (!isDeepStrictEqual(rebuilt, rows)) {
    throw new HttpError(400, 'rows_mismatch', messages.rowsMismatch);
  }

  // An edit: a closed record stays closed, items marked not editable keep their answers, and
  // staff-only answers stay with the record (under the new status every row gets).
  const previous = replaced ?? existing;
  const previousRows = previous === undefined ? [] : deps.results.rowsOfRecord(previous.partitionKey);
  if (previousRows.some((row) => row.check === 'キャンセル' || row.check === '取り消し')) {
    throw new HttpError(409, 'record_closed', messages.recordClosed);
  }
  if (previous !== undefined) {
    const before = answersFromRows(citizenSurvey.surveySchema, previousRows);
    const changed = citizenSurvey.surveySchema.filter(
      (item) => item.isNotEditable && !isDeepStrictEqual(before[item.itemKey], answers[item.itemKey]),
    );
    if (changed.length > 0) {
      throw new HttpError(400, 'not_editable', messages.notEditable, {
        fields: Object.fromEntries(changed.map((item) => [item.itemKey, messages.notEditable])),
      });
    }
  }
  // Files: each one an upload of this caller's, described as it was stored.
  const badFiles = citizenSurvey.surveySchema.filter(
    (item) => item.type === 'files' && filesOf(answers[item.itemKey]).some((file) => !isOwnUpload(deps, userId, file)),
  );
  if (badFiles.length > 0) {
    throw new HttpError(400, 'invalid_file', messages.invalidFile, {
      fields: Object.fromEntries(badFiles.map((item) => [item.itemKey, messages.invalidFile])),
    });
  }
  const adminKeys = new Set(survey.config.surveySchema.filter((item) => item.isAdminItem).map((item) => item.itemKey));
  const keptAdminRows = previousRows
    .filter((row) => adminKeys.has(row.itemKey))
    .map((row) => ({ ...row, partitionKey, userId, check: first.check }));

  const receiptNumber = previous?.receiptNumber ?? newReceiptNumber(deps);
  const result: ReservationResult = { result: 'OK', partitionKey, receiptNumber };
  try {
    deps.results.replaceRecord({
      rows: [...rebuilt, ...keptAdminRows],
      receiptNumber,
      removePartitionKeys: [...new Set([partitionKey, ...(replaced === undefined ? [] : [replaced.partitionKey])])],
      beforeCommit: () => {
        if (idempotencyKey === undefined) return;
        deps.idempotency.forgetOlderThan(IDEMPOTENCY_KEY_LIFETIME_MS);
        deps.idempotency.remember(userId, idempotencyKey, requestHash, result);
      },
    });
  } catch (error) {
    // Another server process stored the same submission first: answer what it answered.
    const seen = idempotencyKey === undefined ? undefined : deps.idempotency.find(userId, idempotencyKey);
    if (seen?.requestHash === requestHash) return seen.response as ReservationResult;
    throw error;
  }
  return result;
}

function filesOf(answer: AnswerValue | undefined): FileRef[] {
  return Array.isArray(answer) ? answer.filter((value): value is FileRef => typeof value === 'object') : [];
}

/** The file is an upload of this user's, with the name, type and size it was stored with. */
function isOwnUpload(deps: RouteDeps, userId: string, file: FileRef): boolean {
  const fileId = fileIdOfUrl(file.url);
  const stored = fileId === undefined ? undefined : deps.uploads.describe(fileId);
  return (
    stored !== undefined &&
    stored.userId === userId &&
    stored.name === file.name &&
    stored.contentType === file.contentType &&
    stored.size === file.size
  );
}

// No 0/O, 1/I/L: a receipt number is read aloud over the phone and typed by hand.
const RECEIPT_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A 受付番号 like `K7Q-4M2X`: short, unambiguous, unique among records. */
function newReceiptNumber(deps: RouteDeps): string {
  for (;;) {
    const chars = Array.from({ length: 7 }, () => RECEIPT_ALPHABET[randomInt(RECEIPT_ALPHABET.length)]).join('');
    const candidate = `${chars.slice(0, 3)}-${chars.slice(3)}`;
    if (!deps.results.isReceiptNumberTaken(candidate)) return candidate;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
