// What the records use-cases need, and the records a citizen may touch.
import type { FileRef } from '@city/survey-core';
import type { Store } from '../../db/store.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import type { CalendarRepository } from '../calendars/calendar-repository.js';
import type { MemberNumberRepository } from '../members/member-number-repository.js';
import type { OrderRepository } from '../orders/order-repository.js';
import type { SurveyRepository } from '../surveys/survey-repository.js';
import type { IdempotencyRepository } from './idempotency-repository.js';
import type { LookupGuardRepository } from './lookup-guard-repository.js';
import type { RecordInfo, RecordRepository } from './record-repository.js';

/**
 * The repositories a records transaction works with (surveys too: a record is checked against its
 * survey; calendars too: a record's reservation answers claim slots in the same transaction;
 * orders too: a record paid for holds its slots until paid).
 */
export interface RecordRepositories {
  records: RecordRepository;
  idempotency: IdempotencyRepository;
  lookupGuards: LookupGuardRepository;
  surveys: SurveyRepository;
  calendars: CalendarRepository;
  /** A record waiting for its payment has a pending order holding its slots. */
  orders: OrderRepository;
  /** Member numbers: a registration is given one with its record; members-only surveys check them. */
  members: MemberNumberRepository;
}

/** The narrow dependencies of the records use-cases. */
export interface RecordsDeps {
  store: Store<RecordRepositories>;
  /** Whether the file is an upload of this user's, described as it was stored (the files module answers). */
  isOwnUpload: (userId: string, file: FileRef) => Promise<boolean>;
  /** The clock the booking rules are applied at (ms since the epoch). */
  now: () => number;
  /**
   * After a record's order was cancelled with it: ends its payment session, or refunds its payment
   * (the payments module; the provider is remote, so never inside the record's transaction).
   */
  settleCancelledOrder: (orderId: string) => Promise<void>;
}

/** The caller's record in this survey, or 404 (another user's record is "not found" too). */
export async function requireOwnRecord(records: RecordRepository, surveyId: string, partitionKey: string, userId: string): Promise<RecordInfo> {
  const record = await records.find(partitionKey);
  if (record === undefined || record.surveyId !== surveyId || record.userId !== userId) {
    throw new HttpError(404, 'record_not_found', messages.recordNotFound);
  }
  return record;
}
