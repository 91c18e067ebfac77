// reservation/putItem: store a citizen's submission as one record, in one transaction, once; and
// the checks and storing it shares with reservation/temprary (records/hold-record.ts).
import type { ReservationResult } from '@city/api-client';
import type { SubmissionPayload, SurveyConfig, SurveyResultRow } from '@city/survey-core';
import { buildSurveyResultRows, isCitizenPartitionKey, isClosedCheckStatus, registrationForm } from '@city/survey-core';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import { planClaims, releaseReplacedClaims, storeClaimChanges, storeClaims } from '../calendars/bookings.js';
import type { SlotClaim, SlotClaimWithTimes, WaitlistTakes } from '../calendars/calendar-repository.js';
import type { PlannedMemberNumber } from '../members/membership-rules.js';
import { planMemberNumber, requireMembership, storeMemberNumber, withoutNumberRows } from '../members/membership-rules.js';
import type { StoredOrder } from '../orders/order-repository.js';
import { moveOrderToRecord } from '../orders/orders.js';
import { citizenViewOf, configOfEveryVersion, requireOpenForAnswers, requireSurvey } from '../surveys/surveys.js';
import type { IdempotencyRepository } from './idempotency-repository.js';
import type { RecordOrigin } from './record-repository.js';
import type { RecordRepositories, RecordsDeps } from './records.js';
import { citizen } from '../../access/actor.js';
import { requireRecordFor } from './record-access.js';
import { newReceiptNumber } from './receipt-numbers.js';
import { noteIfSlotFull, refuseOnFullSlot } from './full-slot-refusal.js';
import {
  checkEdit,
  checkFiles,
  itemsKeptOnEdit,
  checkPutItemOrder,
  recordOfRows,
  reservationAnswers,
  reservationItemKeys,
  staffRowsToKeep,
  verifiedAnswers,
} from './submission-rules.js';

/** A request's Idempotency-Key and the hash of its body as sent (see http/idempotency-hash.ts). */
export interface Idempotency {
  key: string;
  bodyHash: string;
}

/**
 * Checks the submission and stores it whole: a new record, or (same key, or `oldPartitionKey`)
 * the replacement of one of the caller's records. Its reservation answers claim their slots in the
 * same transaction (an edit keeping its slot keeps its claim; one picking another slot moves it).
 * An edit of a paid record must buy what was paid for, and its paid order goes with the new
 * record. With an `Idempotency-Key` seen before, answers what it answered then, storing nothing.
 */
export async function submitRecord(
  deps: RecordsDeps,
  userId: string,
  payload: SubmissionPayload,
  idempotency: Idempotency | undefined,
): Promise<ReservationResult> {
  // A slot full a moment ago: a citizen's first booking of it may be refused on one read.
  await refuseOnFullSlot(deps, userId, payload, idempotency, checkSubmission);
  try {
    return await deps.store.transaction(async (repositories) =>
      once(repositories.idempotency, userId, idempotency, 'putItem', async () => {
        const submission = await checkSubmission(deps, repositories, userId, payload);
        checkPutItemOrder(payload, submission.paidOrder);
        await storeSubmission(repositories, submission, deps.now());
        if (submission.paidOrder !== undefined && submission.paidOrder.partitionKey !== submission.partitionKey) {
          await moveOrderToRecord(repositories.orders, submission.paidOrder.orderId, submission.partitionKey, deps.now());
        }
        return { result: 'OK', partitionKey: submission.partitionKey, receiptNumber: submission.receiptNumber };
      }),
    );
  } catch (error) {
    noteIfSlotFull(deps, payload, error);
    throw error;
  }
}

/**
 * Runs `work` once per Idempotency-Key: a key seen before answers what it answered then (422
 * `idempotency_key_reused` when it came with another body, or to another endpoint). Keys older
 * than a day are forgotten by the maintenance job (maintenance.ts), not here.
 */
export async function once<T>(
  idempotencyKeys: IdempotencyRepository,
  userId: string,
  idempotency: Idempotency | undefined,
  endpoint: string,
  work: () => Promise<T>,
): Promise<T> {
  if (idempotency === undefined) return work();
  const requestHash = `${endpoint}:${idempotency.bodyHash}`;
  const seen = await idempotencyKeys.reserve(userId, idempotency.key, requestHash);
  if (seen !== undefined) {
    if (seen.requestHash !== requestHash) throw new HttpError(422, 'idempotency_key_reused', messages.idempotencyKeyReused);
    return seen.response as T;
  }
  const response = await work();
  await idempotencyKeys.remember(userId, idempotency.key, requestHash, response);
  return response;
}

/** A submission that passed every check, ready to store (see {@link storeSubmission}). */
export interface CheckedSubmission {
  survey: SurveyConfig;
  /** The survey version answered (the current one): the record is read with its items. */
  surveyVersion: number;
  partitionKey: string;
  receiptNumber: string;
  /** The rows to store: the submitted ones and the staff-only rows the edited record keeps. */
  rows: SurveyResultRow[];
  /** The records the submission replaces, the one it edits (oldPartitionKey) first. */
  removePartitionKeys: string[];
  /** The claims the stored record will hold. */
  claims: SlotClaim[];
  /** The claims the replaced records hold now. */
  heldClaims: SlotClaimWithTimes[];
  /** The citizen's waitlist places the claims take or end (see planClaims). */
  waitlist: WaitlistTakes;
  /**
   * The edit of a record that keeps its key: stored in place, writing only what changed (its rows
   * before are `previousRows`). Otherwise the replaced records go and the new one comes whole.
   */
  inPlace: boolean;
  previousRows: SurveyResultRow[];
  /** The survey version the edited record answered (undefined for a new record). */
  previousSurveyVersion: number | undefined;
  /** The paid order of the record edited, if it was paid for. */
  paidOrder: StoredOrder | undefined;
  /** A member survey's registration: the number its record holds (new, or kept by an edit). */
  memberNumber: PlannedMemberNumber | undefined;
}

/**
 * Checks a submission as putItem and temprary both must: the rows are the caller's, the key one
 * they may write, the answers valid, the edit allowed, the files theirs, the record edited not
 * waiting for a payment (409 `order_pending`), and every reservation answer bookable at `now`.
 * Stores nothing. `formOf` is the form the answers are checked against: the citizen's view of the
 * survey (staff-only items left out), unless staff fill it (their view, see book-on-behalf.ts).
 */
export async function checkSubmission(
  deps: RecordsDeps,
  { records, surveys, calendars, orders, members }: RecordRepositories,
  userId: string,
  payload: SubmissionPayload,
  formOf: (config: SurveyConfig) => SurveyConfig = citizenViewOf,
): Promise<CheckedSubmission> {
  const first = recordOfRows(payload.data, userId);
  const survey = await requireSurvey(surveys, first.surveyId);
  requireOpenForAnswers(survey);
  // Members only: the caller must hold the required membership's number.
  await requireMembership({ members, surveys }, survey.config, userId);
  // A member number is the server's to write: any row the client sent for it is dropped here, and
  // the answers are checked against the form without that item.
  const rows = withoutNumberRows(survey.config, payload.data);
  const { surveyId } = survey.config;
  const { partitionKey } = first;

  // The key must be one this caller may write: their update-mode key, an append-mode key of
  // theirs, or a record they already own (one claimed after a look-up, say).
  // The record under this key and its rows, read once: what an edit of it checks and compares.
  const stored = await records.findWithRows(partitionKey);
  const existing = stored?.record;
  if (existing !== undefined && (existing.userId !== userId || existing.surveyId !== surveyId)) {
    throw new HttpError(404, 'record_not_found', messages.recordNotFound);
  }
  if (existing === undefined && !isCitizenPartitionKey(partitionKey, survey.config, userId)) {
    throw new HttpError(400, 'invalid_partition_key', messages.invalidPartitionKey);
  }
  const replaced =
    payload.oldPartitionKey !== undefined && payload.oldPartitionKey !== partitionKey
      ? await requireRecordFor({ records, surveys }, citizen(userId), 'records.read', surveyId, payload.oldPartitionKey)
      : undefined;

  // The records this submission replaces, the one it edits (oldPartitionKey) first, then the one
  // under its key if there is one: their claims are the ones an edit keeps or moves. A key with no
  // record is not among them: deleting it "in case" would delete a record another transaction
  // created there meanwhile (PostgreSQL, two instances), its claims with it; the insert instead
  // meets that record's key, and the transaction runs again as an edit of it (db/postgres-store.ts).
  const removePartitionKeys = [...new Set([...(replaced === undefined ? [] : [replaced.partitionKey]), ...(existing === undefined ? [] : [partitionKey])])];
  // A record waiting for its payment holds its slots as holds: an edit would turn them into
  // bookings nobody paid for, or drop them under the payment. It is paid, or cancelled, first.
  // A paid record may be edited only keeping what it paid for (putItem checks, temprary refuses).
  let paidOrder: StoredOrder | undefined;
  for (const key of removePartitionKeys) {
    // The record under this key was read with whether it has an order (none when it is new).
    if (key === partitionKey && stored?.hasOpenOrder !== true) continue;
    const open = await orders.openOfRecord(key);
    if (open.pending !== undefined) throw new HttpError(409, 'order_pending', messages.orderPending);
    paidOrder ??= open.paid;
  }

  const citizenSurvey = registrationForm(formOf(survey.config));
  const answers = verifiedAnswers(citizenSurvey, rows, first, userId, payload.order);
  const previous = replaced ?? existing;
  // Staff-only rows of items an edit of the survey removed stay with the record too.
  const everyVersion = previous === undefined ? survey.config : await configOfEveryVersion(surveys, survey);
  // The record edited is read once: whether it is closed, the rows it keeps, and (kept in place)
  // which rows changed all come from its rows.
  const previousRows = previous === undefined ? [] : previous === existing ? (stored?.rows ?? []) : await records.rowsOf(previous.partitionKey);
  const keptItems = new Set(itemsKeptOnEdit(everyVersion));
  const keptRows = previousRows.filter((row) => keptItems.has(row.itemKey));
  if (previous !== undefined) checkEdit(citizenSurvey, previousRows.some((row) => isClosedCheckStatus(row.check)), keptRows, answers);
  await checkFiles(citizenSurvey, answers, (file) => deps.isOwnUpload(userId, file));

  const inPlace = existing !== undefined && removePartitionKeys.length === 1;
  const plan = await planClaims(calendars, {
    userId,
    partitionKey,
    answers: reservationAnswers(citizenSurvey, answers),
    itemKeys: reservationItemKeys(citizenSurvey),
    replacedKeys: removePartitionKeys,
    keepsKey: inPlace,
    now: deps.now(),
  });

  const memberNumber = await planMemberNumber(members, survey.config, userId, previous?.partitionKey);
  // The number's row is built exactly as core builds a text answer's (sortKey, userSearchKey), so
  // look-ups and staff exports find it like any other answer.
  const recordRows =
    memberNumber === undefined
      ? rows
      : buildSurveyResultRows({
          config: citizenViewOf(survey.config),
          userId,
          answers: { ...answers, [memberNumber.itemKey]: memberNumber.memberNumber },
          existingResults: [first],
          updateExist: true,
          isLiffMode: first.isLiffMode,
        });

  return {
    survey: survey.config,
    surveyVersion: survey.version,
    partitionKey,
    receiptNumber: previous?.receiptNumber ?? (await newReceiptNumber(records)),
    rows: [...recordRows, ...staffRowsToKeep(everyVersion, keptRows, first)],
    removePartitionKeys,
    claims: plan.claims,
    heldClaims: plan.held,
    waitlist: plan.waitlist,
    inPlace,
    previousRows,
    previousSurveyVersion: previous?.surveyVersion,
    paidOrder,
    memberNumber,
  };
}

/**
 * Stores a checked submission: an edit keeping its key in place (only the rows and claims that
 * changed are written); otherwise the replaced records' claims are freed, the record stored whole
 * and its slots claimed.
 */
export async function storeSubmission(
  { records, calendars, members, drafts }: RecordRepositories,
  submission: CheckedSubmission,
  now: number,
  entry?: { origin: RecordOrigin; enteredBy: string | null },
): Promise<void> {
  const { rows, receiptNumber, removePartitionKeys } = submission;
  // The slots are locked just before their units first change, not earlier: on PostgreSQL every
  // other booking of a slot waits from then until this transaction commits, so the record's own
  // writes go before it.
  const lockSlots = () => calendars.lockSlots([...submission.heldClaims, ...submission.claims]);
  if (submission.inPlace) {
    await records.update({
      partitionKey: submission.partitionKey,
      rows,
      previousRows: submission.previousRows,
      surveyVersion: submission.surveyVersion,
      previousSurveyVersion: submission.previousSurveyVersion ?? submission.surveyVersion,
    });
    await lockSlots();
    await storeClaimChanges(calendars, submission.heldClaims, submission.claims, now, submission.waitlist);
  } else {
    // Old claims go first, so a kept or re-picked slot has their units back (and a record holding
    // a claim cannot be deleted).
    const releasing = removePartitionKeys.length > 0;
    if (releasing) {
      await lockSlots();
      await releaseReplacedClaims(calendars, removePartitionKeys);
    }
    const origin = entry?.origin ?? (rows[0]?.isLiffMode === true ? 'line' : 'web');
    await records.replace({ rows, receiptNumber, removePartitionKeys, origin, enteredBy: entry?.enteredBy ?? null, surveyVersion: submission.surveyVersion });
    if (!releasing) await lockSlots();
    await storeClaims(calendars, submission.claims, now, submission.waitlist);
  }
  const [first] = rows;
  if (submission.memberNumber !== undefined && first !== undefined) {
    await storeMemberNumber(members, submission.memberNumber, submission.partitionKey, first.userId, now);
  }
  // The form is sent: the citizen's draft of it goes with the same transaction.
  if (first !== undefined && first.userId !== '') await drafts.remove(first.userId, submission.survey.surveyId);
}
