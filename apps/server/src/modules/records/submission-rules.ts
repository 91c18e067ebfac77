// The rules a submission (reservation/putItem) must pass before anything is stored, because the
// rows come from the citizen's device: nothing here trusts the client's userId, keys or statuses.
// Each rule answers the HttpError a citizen's app can act on.
import type { Answers, AnswerValue, FileRef, Order, OrderLine, SubmissionPayload, SurveyConfig, SurveyResultRow } from '@city/survey-core';
import { answersFromRows, buildSurveyResultRows, isStaffOnlyItem, validateAnswers } from '@city/survey-core';
import { isDeepStrictEqual } from 'node:util';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import type { ReservationAnswer } from '../calendars/bookings.js';
import type { Awaitable } from '../../db/store.js';

/**
 * putItem stores nothing that must be paid for: an order goes through temprary and a payment. The
 * one exception is an edit of a paid record that buys exactly what was paid for (`paid`): its
 * payment carries over (a change of date keeps the fee paid).
 */
export function checkPutItemOrder(payload: SubmissionPayload, paid: { lines: readonly OrderLine[] } | undefined): void {
  const items = payload.order?.items ?? [];
  if (paid !== undefined) {
    if (!sameItems(items, paid.lines)) throw new HttpError(409, 'order_paid', messages.orderPaid);
  } else if (items.length > 0) {
    throw new HttpError(400, 'payments_not_available', messages.paymentsNotAvailable);
  }
}

/** The same products in the same quantities, in any order. */
function sameItems(a: readonly OrderLine[], b: readonly OrderLine[]): boolean {
  const quantities = (lines: readonly OrderLine[]) => new Map(lines.map((line) => [line.productId, line.quantity]));
  const [left, right] = [quantities(a), quantities(b)];
  return a.length === left.size && b.length === right.size && left.size === right.size && [...left].every(([id, quantity]) => right.get(id) === quantity);
}

/** The one record the rows make: all of this user, all with one survey and one partitionKey. */
export function recordOfRows(rows: readonly SurveyResultRow[], userId: string): SurveyResultRow {
  const [first] = rows;
  if (first === undefined) throw new HttpError(400, 'invalid_request', messages.invalidRequest);
  if (rows.some((row) => row.userId !== userId)) throw new HttpError(403, 'forbidden', messages.notYourUser);
  if (rows.some((row) => row.surveyId !== first.surveyId || row.partitionKey !== first.partitionKey)) {
    throw new HttpError(400, 'invalid_partition_key', messages.invalidPartitionKey);
  }
  return first;
}

/**
 * The answers the rows hold, once checked: read back out of the rows, validated, and the rows
 * rebuilt from them must be the rows sent. What is stored is exactly what @city/survey-core makes
 * of those answers, or nothing. `survey` is the citizen's view (no staff-only items); `first` is
 * the record's first row (see {@link recordOfRows}).
 */
export function verifiedAnswers(
  survey: SurveyConfig,
  rows: readonly SurveyResultRow[],
  first: SurveyResultRow,
  userId: string,
  order?: Order,
): Answers {
  // A selectProducts answer is carried by the order, not by rows: a required one (a fee) is
  // answered when the order buys one of its products.
  const answers = { ...answersFromRows(survey.surveySchema, rows), ...productAnswers(survey, order) };
  const problems = validateAnswers(survey.surveySchema, answers);
  if (Object.keys(problems).length > 0) {
    throw new HttpError(400, 'invalid_answers', messages.invalidAnswers, { fields: problems });
  }
  const rebuilt = buildSurveyResultRows({
    config: survey,
    userId,
    answers,
    existingResults: [first],
    updateExist: true,
    isLiffMode: first.isLiffMode,
  });
  if (!sameRows(rebuilt, rows)) {
    throw new HttpError(400, 'rows_mismatch', messages.rowsMismatch);
  }
  return answers;
}

/** Each selectProducts item's answer: the ids of its products the order buys. */
function productAnswers(survey: SurveyConfig, order: Order | undefined): Record<string, string[]> {
  const bought = new Set((order?.items ?? []).map((line) => line.productId));
  const answers: Record<string, string[]> = {};
  for (const item of survey.surveySchema) {
    if (item.type !== 'selectProducts') continue;
    const ids = item.products.map((product) => product.productId).filter((id) => bought.has(id));
    if (ids.length > 0) answers[item.itemKey] = ids;
  }
  return answers;
}

/**
 * Whether two lists of rows are equal, field by field: what isDeepStrictEqual answers for these
 * plain JSON-shaped objects (optional fields absent, never undefined), without its general
 * machinery for each of the twenty-odd rows of every submission.
 */
function sameRows(a: readonly SurveyResultRow[], b: readonly SurveyResultRow[]): boolean {
  return a.length === b.length && a.every((row, i) => b[i] !== undefined && sameFields(row, b[i]));
}

function sameFields(a: object, b: object): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(b, key)) return false;
    const x: unknown = a[key as keyof typeof a];
    const y: unknown = b[key as keyof typeof b];
    // Only `files` holds an object; it is compared in full.
    if (x !== y && (typeof x !== 'object' || typeof y !== 'object' || !isDeepStrictEqual(x, y))) return false;
  }
  return true;
}

/**
 * The items whose stored answers an edit needs: staff-only answers, which stay with the record,
 * and answers that may not change. An edit reads only these rows of the stored record.
 */
export function itemsKeptOnEdit(config: SurveyConfig): string[] {
  return config.surveySchema.filter((item) => isStaffOnlyItem(item) || item.isNotEditable).map((item) => item.itemKey);
}

/**
 * An edit of a stored record: a closed record stays closed, and items marked not editable keep
 * their answers. `survey` is the citizen's view; `keptRows` the stored rows of
 * {@link itemsKeptOnEdit}.
 */
export function checkEdit(survey: SurveyConfig, closed: boolean, keptRows: readonly SurveyResultRow[], answers: Answers): void {
  if (closed) throw new HttpError(409, 'record_closed', messages.recordClosed);
  const notEditable = survey.surveySchema.filter((item) => item.isNotEditable);
  if (notEditable.length === 0) return;
  const before = answersFromRows(notEditable, keptRows);
  const changed = notEditable.filter((item) => !isDeepStrictEqual(before[item.itemKey], answers[item.itemKey]));
  if (changed.length > 0) {
    throw new HttpError(400, 'not_editable', messages.notEditable, {
      fields: Object.fromEntries(changed.map((item) => [item.itemKey, messages.notEditable])),
    });
  }
}

/** Files: each one an upload of this caller's, described as it was stored. `survey` is the citizen's view. */
export function checkFiles(survey: SurveyConfig, answers: Answers, isOwnUpload: (file: FileRef) => Promise<boolean>): Awaitable<void> {
  // No file answered (most submissions): nothing to ask, answered at once.
  const answered = survey.surveySchema.some((item) => {
    const answer = item.type === 'files' ? answers[item.itemKey] : undefined;
    return Array.isArray(answer) && answer.length > 0;
  });
  if (!answered) return;
  return checkUploads(survey, answers, isOwnUpload);
}

async function checkUploads(survey: SurveyConfig, answers: Answers, isOwnUpload: (file: FileRef) => Promise<boolean>): Promise<void> {
  const badItems: string[] = [];
  for (const item of survey.surveySchema) {
    if (item.type !== 'files') continue;
    for (const file of filesOf(answers[item.itemKey])) {
      if (!(await isOwnUpload(file))) {
        badItems.push(item.itemKey);
        break;
      }
    }
  }
  if (badItems.length > 0) {
    throw new HttpError(400, 'invalid_file', messages.invalidFile, {
      fields: Object.fromEntries(badItems.map((itemKey) => [itemKey, messages.invalidFile])),
    });
  }
}

/** Staff-only answers stay with the record a citizen edits, under the new key, owner and status. */
export function staffRowsToKeep(
  config: SurveyConfig,
  previousRows: readonly SurveyResultRow[],
  next: Pick<SurveyResultRow, 'partitionKey' | 'userId' | 'check'>,
): SurveyResultRow[] {
  const staffOnly = new Set(config.surveySchema.filter(isStaffOnlyItem).map((item) => item.itemKey));
  return previousRows
    .filter((row) => staffOnly.has(row.itemKey))
    .map((row) => ({ ...row, partitionKey: next.partitionKey, userId: next.userId, check: next.check }));
}

/** The keys of the survey's reservation items. */
export function reservationItemKeys(survey: SurveyConfig): string[] {
  return survey.surveySchema.filter((item) => item.type === 'reservation').map((item) => item.itemKey);
}

/** The survey's reservation items answered, with their answers (validated: slot references). `survey` is the citizen's view. */
export function reservationAnswers(survey: SurveyConfig, answers: Answers): ReservationAnswer[] {
  const found: ReservationAnswer[] = [];
  for (const item of survey.surveySchema) {
    const value = answers[item.itemKey];
    if (item.type === 'reservation' && typeof value === 'string' && value !== '') found.push({ item, value });
  }
  return found;
}

function filesOf(answer: AnswerValue | undefined): FileRef[] {
  return Array.isArray(answer) ? answer.filter((value): value is FileRef => typeof value === 'object') : [];
}
