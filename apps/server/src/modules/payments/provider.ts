// One interface for every payment provider (the sandbox, Stripe Checkout). The payments module
// talks only to this; which provider runs is chosen by configuration at start.
import type { PricedOrderLine } from '@city/survey-core';

/** What the citizen is asked to pay for one order. */
export interface CheckoutRequest {
  orderId: string;
  /** Yen, tax included, priced by the server: what the provider's page lists. */
  lines: PricedOrderLine[];
  totalYen: number;
  /** The session must end by then (ms since the epoch): before the order's hold lapses. */
  expiresAt: number;
  /** Where the provider sends the citizen back. */
  successUrl: string;
  cancelUrl: string;
  errorUrl: string;
  /**
   * The order holds calendar slots: only ways to pay that finish inside the session are offered
   * (no "pay later at a konbini", whose payment could arrive days after the hold lapsed).
   */
  holdsSlots: boolean;
}

/** A payment session the citizen is sent to. */
export interface CheckoutSession {
  /** The provider's id of the session (Stripe: `cs_...`). */
  sessionId: string;
  /** The provider's page for the citizen. */
  url: string;
}

/** How a session's payment stands, as the provider says. */
export type PaymentOutcome =
  /** Paid: the money is taken. `paymentId` is what a refund names (Stripe: the PaymentIntent). */
  | { kind: 'paid'; paymentId: string; method: string }
  /** Not yet: the session is open, or the citizen chose to pay later (a konbini voucher). */
  | { kind: 'open' }
  /** The citizen left without paying (the session was ended). */
  | { kind: 'cancelled' }
  /** The payment was declined or a pay-later payment was never made. */
  | { kind: 'failed' }
  /** The session expired unpaid. */
  | { kind: 'expired' };

/** A session's payment as the provider keeps it: how it stands, and how much of it went back. */
export interface ProviderPayment {
  outcome: PaymentOutcome;
  /** Yen refunded so far (0 when nothing was, or nothing was paid). */
  refundedYen: number;
}

/** A notification whose signature checked out, about one session. */
export interface PaymentNotification {
  /** The provider's id of this event: notifications are handled once per (provider, eventId). */
  eventId: string;
  sessionId: string;
  /** When the provider says it happened (ms since the epoch). */
  occurredAt: number;
  outcome: PaymentOutcome;
}

/** The notification's signature is missing, wrong, or too old: answered 400, nothing done. */
export class NotificationRejected extends Error {
  override readonly name = 'NotificationRejected';
}

/** The provider could not be reached or refused the call: the caller may try again later. */
export class ProviderUnavailable extends Error {
  override readonly name = 'ProviderUnavailable';
}

export interface PaymentProvider {
  /** `sandbox` or `stripe`: stored with each order and in the notification path. */
  readonly name: string;
  createSession(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Checks a notification's signature over its raw body (and its age against `now`) and reads it.
   * Throws NotificationRejected when it does not check out; answers null for a genuine event that
   * is not about a payment session's outcome (acknowledged and ignored).
   */
  verifyNotification(rawBody: Buffer, headers: Readonly<Record<string, string | string[] | undefined>>, now: number): PaymentNotification | null;
  /** Asks the provider how the session's payment stands. */
  fetchStatus(sessionId: string): Promise<PaymentOutcome>;
  /** Asks the provider how the session's payment stands and what was refunded (the staff's reconciliation). */
  fetchPayment(sessionId: string): Promise<ProviderPayment>;
  /**
   * Gives the whole amount of a paid session back. `idempotencyKey` is the same for every attempt
   * at the same refund, so the provider refunds once however often it is asked.
   */
  refund(request: { sessionId: string; paymentId: string; amountYen: number; idempotencyKey: string }): Promise<{ refundId: string }>;
  /**
   * Ends an open session so it can no longer be paid, and answers how it stands afterwards: a
   * session paid meanwhile answers `paid` (the caller confirms it instead of releasing).
   */
  endSession(sessionId: string): Promise<PaymentOutcome>;
}
