// What the records use-cases need.
import type { FileRef } from '@city/survey-core';
import type { Store } from '../../db/store.js';
import type { CalendarRepository, SlotClaimWithTimes } from '../calendars/calendar-repository.js';
import type { MemberNumberRepository } from '../members/member-number-repository.js';
import type { OrderRepository } from '../orders/order-repository.js';
import type { SurveyRepository } from '../surveys/survey-repository.js';
import type { IdempotencyRepository } from './idempotency-repository.js';
import type { LookupGuardRepository } from './lookup-guard-repository.js';
import type { DraftRepository } from '../drafts/draft-repository.js';
import type { AuditRepository } from '../audit/audit-repository.js';
import type { RecordEventRepository } from './record-event-repository.js';
import type { RecordRepository } from './record-repository.js';
import type { RecordSearchRepository } from './record-search-repository.js';
import type { FullSlotHints } from './full-slot-hints.js';

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
  /** Staff's status changes and memos on records. */
  events: RecordEventRepository;
  /** What staff do is audited in the transaction that does it. */
  audit: AuditRepository;
  /** A citizen's draft of the form (drafts module), gone with the submission that sends it. */
  drafts: DraftRepository;
  /** Staff's filtered lists of a survey's records. */
  search: RecordSearchRepository;
}

/** What a citizen did in the mini-app that a LINE service message confirms (the LINE module sends it). */
export interface CitizenAction {
  kind: 'booked' | 'changed' | 'cancelled';
  surveyId: string;
  partitionKey: string;
  userId: string;
  /** The LIFF access token the mini-app sent with the action (X-Line-Access-Token). */
  liffAccessToken: string;
  /** For a cancellation: the slots the record held before (they are released with it). */
  slotsBefore?: readonly SlotClaimWithTimes[];
  /** A booking held for its payment (its order): confirmed, with a receipt, when the payment is. */
  awaitingPayment?: { orderId: string; total: number };
}

/** The narrow dependencies of the records use-cases. */
export interface RecordsDeps {
  store: Store<RecordRepositories>;
  /** Slots bookings were refused on a moment ago, in this process (full-slot-refusal.ts). */
  fullSlots: FullSlotHints;
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
