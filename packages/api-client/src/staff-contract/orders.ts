// Orders in the staff console (issue 26): the orders of one's teams' surveys by 受付番号 and state,
// a refund (once, audited), and the reconciliation against the payment provider.
import { Type } from 'typebox';
import { closed, Key, PartitionKey } from '../contract/schemas.js';
import { Data, DateText, Millis, STAFF_API_PREFIX } from './shared.js';

const ORDERS = `${STAFF_API_PREFIX}/orders`;

/** An order's states, as the citizen API names them. */
export const ORDER_STATUSES = ['pending', 'paid', 'cancelled', 'failed', 'expired', 'refunded'] as const;
const OrderStatus = Type.Enum(ORDER_STATUSES);

/** An order as staff see it in the list. */
export const StaffOrderSchema = Type.Object(
  {
    orderId: Key,
    surveyId: Key,
    surveyTitle: Type.String(),
    partitionKey: PartitionKey,
    receiptNumber: Type.String(),
    status: OrderStatus,
    total: Type.Integer({ minimum: 0 }),
    /** `商品名 × 数量`, one per line. */
    lines: Type.Array(Type.String()),
    paymentMethod: Type.Union([Type.String(), Type.Null()]),
    createdAt: Millis,
    paidAt: Type.Union([Millis, Type.Null()]),
    refundedAt: Type.Union([Millis, Type.Null()]),
    /** Money was taken on an order no longer paid for and has not gone back yet (返金待ち). */
    refundOwed: Type.Boolean(),
  },
  closed,
);

/**
 * Where an order and the provider disagree. `paidNotRecorded`: the provider took the money, the
 * order does not know (a lost notification); `notPaidAtProvider`: the order says paid or refunded,
 * the provider has no payment; `sessionEnded`: waiting for a payment whose session the provider
 * ended; `sessionStillOpen`: released, but the provider's page can still be paid; `refundOwed`: the
 * money should have gone back and has not; `refundNotRecorded`: the provider refunded, the order
 * does not know; `refundedAtProvider`: refunded at the provider while the order says paid;
 * `refundMissingAtProvider`: the order says refunded, the provider gave back less (a refund that
 * failed there); `unreachable`: the provider did not answer for it.
 */
export const ORDER_DIFFERENCES = [
  'paidNotRecorded',
  'notPaidAtProvider',
  'sessionEnded',
  'sessionStillOpen',
  'refundOwed',
  'refundNotRecorded',
  'refundedAtProvider',
  'refundMissingAtProvider',
  'unreachable',
] as const;

export const OrderReconciliationSchema = Type.Object(
  {
    provider: Type.String(),
    /** Orders with a payment session in the period. */
    checked: Type.Integer({ minimum: 0 }),
    differences: Type.Array(
      Type.Object(
        {
          order: StaffOrderSchema,
          difference: Type.Enum(ORDER_DIFFERENCES),
          /** How the provider has it: `paid`, `open`, `expired`…, or null when it did not answer. */
          providerStatus: Type.Union([Type.String(), Type.Null()]),
          providerRefundedYen: Type.Integer({ minimum: 0 }),
          /** Whether 決済サービスに合わせる can settle it (the product's own side is behind). */
          settleable: Type.Boolean(),
        },
        closed,
      ),
    ),
  },
  closed,
);

const OrderPath = Type.Object({ orderId: Key }, closed);

export const orderEndpoints = {
  /**
   * The orders of the caller's teams' surveys, newest first, 50 a page (`after`: the last one's
   * `next`). `status=refundOwed` lists the orders whose refund is owed.
   */
  staffOrders: {
    method: 'GET',
    path: ORDERS,
    query: Type.Object(
      {
        receiptNumber: Type.Optional(Type.String({ maxLength: 100 })),
        status: Type.Optional(Type.Union([OrderStatus, Type.Literal('refundOwed')])),
        surveyId: Type.Optional(Key),
        from: Type.Optional(DateText),
        to: Type.Optional(DateText),
        after: Type.Optional(Type.String({ maxLength: 200 })),
      },
      closed,
    ),
    response: Data(Type.Object({ orders: Type.Array(StaffOrderSchema), next: Type.Union([Type.String(), Type.Null()]) }, closed)),
  },
  /**
   * Gives an order's money back, once (`records.refund`): a paid order's record is cancelled with
   * the reason (which refunds it, as cancelling does); an order whose refund is owed is refunded.
   * A booking whose time has passed stays, and the money goes back alone. 400 `reason_required`;
   * 409 `already_refunded`, `order_pending` (its payment still being confirmed: settle it first),
   * `order_not_paid`; 503 `payment_unavailable` (the order stays owed).
   */
  staffRefundOrder: {
    method: 'POST',
    path: `${ORDERS}/:orderId/refund`,
    params: OrderPath,
    body: Type.Object({ reason: Type.String({ minLength: 1, maxLength: 1000 }) }, closed),
    response: Data(StaffOrderSchema),
  },
  /**
   * Every order with a payment session created in the period (Japan dates, both included, at most
   * 1,000 orders: 400 `too_many_orders`), asked of the provider; answers those that differ
   * (`orders.reconcile`, audited).
   */
  staffReconcileOrders: {
    method: 'POST',
    path: `${ORDERS}/reconciliation`,
    body: Type.Object({ from: DateText, to: DateText }, closed),
    response: Data(OrderReconciliationSchema),
  },
  /**
   * 決済サービスに合わせる: settles one order the way the provider has it (see `settleable`), audited;
   * 409 `nothing_to_settle` for an order there is nothing to settle for (paid or refunded here).
   */
  staffSettleOrder: {
    method: 'POST',
    path: `${ORDERS}/:orderId/settle`,
    params: OrderPath,
    body: Type.Object({}, closed),
    response: Data(StaffOrderSchema),
  },
} as const;
