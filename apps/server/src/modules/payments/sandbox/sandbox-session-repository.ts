import type { CheckoutRequest } from '../provider.js';

export type SandboxSessionStatus = 'open' | 'paid' | 'cancelled' | 'failed';

/** A checkout session of the sandbox: what it was asked to collect, and what became of it. */
export interface SandboxSession extends Pick<CheckoutRequest, 'orderId' | 'lines' | 'totalYen' | 'expiresAt' | 'successUrl' | 'cancelUrl' | 'errorUrl'> {
  sessionId: string;
  status: SandboxSessionStatus;
  paymentId: string | null;
  paymentMethod: string | null;
  /** The refunds made for the session (a tester sees them on the page). */
  refundedYen: number;
}

/** The sandbox provider's sessions and refunds (migration 5), for the sandbox alone. */
export interface SandboxSessionRepository {
  /** Stores a new session, open. */
  create(session: Omit<SandboxSession, 'status' | 'paymentId' | 'paymentMethod' | 'refundedYen'>, now: number): Promise<void>;
  find(sessionId: string): Promise<SandboxSession | undefined>;
  /** Ends an open session as `status`; false when it was no longer open. */
  settle(sessionId: string, status: Exclude<SandboxSessionStatus, 'open'>, paymentId: string | null, paymentMethod: string | null): Promise<boolean>;
  /**
   * Holds the session's row until the transaction ends, so that refunds of one session run one
   * at a time (on SQLite, where one writer runs every transaction in turn, nothing to do).
   */
  lockForRefund(sessionId: string): Promise<void>;
  /** The refund made under an idempotency key, if any. */
  findRefund(idempotencyKey: string): Promise<{ refundId: string; sessionId: string } | undefined>;
  addRefund(refund: { idempotencyKey: string; refundId: string; sessionId: string; amountYen: number }, now: number): Promise<void>;
}
