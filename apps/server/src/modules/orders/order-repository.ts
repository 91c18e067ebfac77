import type { PricedOrderLine } from '@city/survey-core';
import type { Awaitable } from '../../db/store.js';

export type OrderStatus = 'pending' | 'paid' | 'cancelled' | 'failed' | 'expired' | 'refunded';

/** What releases a pending order's holds without a payment. */
export type OrderReleaseStatus = 'cancelled' | 'failed' | 'expired';

/** A slot an order holds for one reservation item of its record. */
export interface HeldClaim {
  itemKey: string;
  calendarId: string;
  date: string;
  slotId: string;
  units: number;
}

export interface StoredOrder {
  orderId: string;
  /** The record paid for (the order outlives it: an edit replaces the record, a deletion removes it). */
  partitionKey: string;
  surveyId: string;
  /** 受付番号 of the record when the order was made. */
  receiptNumber: string;
  userId: string;
  status: OrderStatus;
  /** Yen, tax included: the sum of the lines' subtotals. */
  totalYen: number;
  lines: PricedOrderLine[];
  /** The slots held for the order when it was made, to claim again if a hold lapsed. */
  heldClaims: HeldClaim[];
  provider: string;
  providerSessionId: string | null;
  holdExpiresAt: number;
  createdAt: number;
  updatedAt: number;
  /** The provider's page for the citizen, once a session was made. */
  paymentUrl: string | null;
  /** The provider's id of the payment (what a refund names), once paid. */
  paymentId: string | null;
  paymentMethod: string | null;
  paidAt: number | null;
  /** Set once, when the money went back. */
  refundId: string | null;
  refundedAt: number | null;
}

/** An order as it is first stored: no session, no payment yet. */
export type NewOrder = Omit<StoredOrder, 'paymentUrl' | 'paymentId' | 'paymentMethod' | 'paidAt' | 'refundId' | 'refundedAt'>;

/** Which orders the staff console lists (every condition holds): newest first, `limit` after `after`. */
export interface OrderSearch {
  /** The surveys of the staff member's teams: never empty (no survey, no orders). */
  surveyIds: readonly string[];
  /** 受付番号, exactly. */
  receiptNumber?: string;
  /** Any of these states, or (with `refundOwed`) an order whose refund is owed. */
  statuses?: readonly OrderStatus[];
  /** Money taken on an order no longer paid for, not given back yet (a refund the provider did not take). */
  refundOwed?: boolean;
  createdFrom?: number;
  createdBefore?: number;
  /** Only orders whose payment session this provider made. */
  provider?: string;
  after?: { createdAt: number; orderId: string };
  limit: number;
}

/** Orders (migrations 4 and 5). Written only inside transactions of the records and payments use-cases. */
export interface OrderRepository {
  insert(order: NewOrder): Awaitable<void>;
  find(orderId: string): Awaitable<StoredOrder | undefined>;
  /** The record's pending order, if any (there is at most one). */
  pendingOfRecord(partitionKey: string): Awaitable<StoredOrder | undefined>;
  /** The record's pending and paid orders (at most one of each), read together. */
  openOfRecord(partitionKey: string): Awaitable<{ pending: StoredOrder | undefined; paid: StoredOrder | undefined }>;
  /** The record's paid order, if any (a record is paid for at most once). */
  paidOfRecord(partitionKey: string): Awaitable<StoredOrder | undefined>;
  setStatus(orderId: string, status: OrderStatus, now: number): Awaitable<void>;
  /** The order now pays for this record (an edit replaced the one it was made for). */
  moveToRecord(orderId: string, partitionKey: string, now: number): Awaitable<void>;
  /** The order a provider's session was made for. */
  findBySession(provider: string, sessionId: string): Awaitable<StoredOrder | undefined>;
  /** The products any order of the survey holds (paid, waiting or refunded): they are answers the editor must not orphan. */
  productIdsOrdered(surveyId: string): Awaitable<Set<string>>;
  /** The user's orders, newest first; only one record's when `partitionKey` is given. */
  ofUser(userId: string, partitionKey?: string): Awaitable<StoredOrder[]>;
  /** The orders of these records (a page of an export), whoever made them: by record, newest first. */
  ofRecords(partitionKeys: readonly string[]): Awaitable<StoredOrder[]>;
  /** The staff console's orders list (see OrderSearch). */
  search(search: OrderSearch): Awaitable<StoredOrder[]>;
  /**
   * Stores the order's payment session, unless it has one already or is no longer pending (answers
   * whether it was stored).
   */
  setSession(orderId: string, session: { provider: string; sessionId: string; url: string }, now: number): Awaitable<boolean>;
  /** Stores what the provider said of the payment, unless it was stored already. */
  setPayment(orderId: string, payment: { paymentId: string; method: string; paidAt: number }, now: number): Awaitable<void>;
  /** Marks the order refunded with this refund, unless it was marked already (answers whether it was). */
  markRefunded(orderId: string, refundId: string, now: number): Awaitable<boolean>;
  /**
   * A tester's tool (the sandbox's 保留期限を過ぎたことにする): the order's holds lapse at `now`, as if
   * the citizen had been away past the hold's lifetime.
   */
  lapseHolds(orderId: string, now: number): Awaitable<void>;
}
