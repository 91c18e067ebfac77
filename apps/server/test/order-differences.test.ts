// The reconciliation's judgement, order state by provider state: what agrees, and what each
// disagreement is called (payments/staff-orders.ts, differenceOf).
import { describe, expect, it } from 'vitest';
import type { OrderStatus, StoredOrder } from '../src/modules/orders/order-repository.js';
import type { PaymentOutcome } from '../src/modules/payments/provider.js';
import { differenceOf } from '../src/modules/payments/staff-orders.js';

const order = (status: OrderStatus, paid: boolean, refunded = false): StoredOrder => ({
  orderId: 'o1',
  partitionKey: 's#k',
  surveyId: 's',
  receiptNumber: 'R1',
  userId: 'U1',
  status,
  totalYen: 1500,
  lines: [],
  heldClaims: [],
  provider: 'sandbox',
  providerSessionId: 'sbcs_1',
  holdExpiresAt: 0,
  createdAt: 0,
  updatedAt: 0,
  paymentUrl: null,
  paymentId: paid ? 'pay_1' : null,
  paymentMethod: paid ? 'card' : null,
  paidAt: paid ? 1 : null,
  refundId: refunded ? 're_1' : null,
  refundedAt: refunded ? 2 : null,
});
const PAID: PaymentOutcome = { kind: 'paid', paymentId: 'pay_1', method: 'card' };

describe('differenceOf', () => {
  it.each([
    // [order, provider outcome, refunded yen, difference]
    ['pending', false, false, { kind: 'open' }, 0, undefined],
    ['pending', false, false, PAID, 0, 'paidNotRecorded'],
    ['pending', false, false, { kind: 'expired' }, 0, 'sessionEnded'],
    ['paid', true, false, PAID, 0, undefined],
    ['paid', true, false, PAID, 1500, 'refundedAtProvider'],
    ['paid', true, false, PAID, 500, 'refundedAtProvider'],
    ['paid', true, false, { kind: 'expired' }, 0, 'notPaidAtProvider'],
    ['refunded', true, true, PAID, 1500, undefined],
    ['refunded', true, true, PAID, 0, 'refundMissingAtProvider'],
    ['refunded', true, true, { kind: 'failed' }, 0, 'notPaidAtProvider'],
    ['cancelled', false, false, { kind: 'cancelled' }, 0, undefined],
    ['cancelled', false, false, { kind: 'open' }, 0, 'sessionStillOpen'],
    ['expired', false, false, PAID, 0, 'paidNotRecorded'],
    ['failed', false, false, PAID, 1500, undefined],
    ['cancelled', true, false, PAID, 0, 'refundOwed'],
    ['cancelled', true, false, PAID, 1500, 'refundNotRecorded'],
    ['cancelled', true, false, { kind: 'failed' }, 0, 'notPaidAtProvider'],
  ] as const)('an order %s (paid %s, refunded %s) against %j refunded %i: %s', (status, paid, refunded, outcome, refundedYen, expected) => {
    expect(differenceOf(order(status, paid, refunded), { outcome, refundedYen })).toBe(expected);
  });
});
