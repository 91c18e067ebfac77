import type { OrderView } from '@city/api-client';
import { PAYMENT_ERROR_CODES } from '@city/api-client';
import type { SerializedError } from '@reduxjs/toolkit';
import type { CallFailure } from './api-errors.js';
import { isCallFailure } from './api-errors.js';
import type { Answers, SurveySchemaItem } from '@city/survey-core';
import { DEFAULT_CHECK_STATUS } from '@city/survey-core';
import { paymentMessages } from '../payment-messages.js';
import { answersWithProducts } from '../store/survey-slice.js';

/**
 * Each record's order, by partition key: the newest when a record has several (a payment given up,
 * then tried again). `orders` come newest first, as getOrders answers them.
 */
export function ordersByRecord(orders: readonly OrderView[]): Map<string, OrderView> {
  const byRecord = new Map<string, OrderView>();
  for (const order of orders) if (!byRecord.has(order.partitionKey)) byRecord.set(order.partitionKey, order);
  return byRecord;
}

/**
 * Paid, and the money kept: the booking stands. The server refuses to change or delete such a
 * record (409 order_paid); cancelling it refunds the payment. The server marks a cancelled paid
 * booking's order `cancelled` (then `refunded`); a `paid` one with `refundPending` is read the same
 * way, should it ever come, so it is never shown as a booking standing.
 */
export function isPaidBooking(order: OrderView | undefined): boolean {
  return order?.status === 'paid' && order.refundPending !== true;
}

/**
 * The record's newest order booked nothing, or gave its booking up: its payment ended unpaid
 * (cancelled, failed, expired) or the money is going back (refunded, or a refund pending). Its
 * slot is not held, though the record stays open. (A record changed afterwards without buying
 * anything would keep that old order: no such survey exists, every paid item is required.)
 */
export function bookedNothing(order: OrderView | undefined): boolean {
  if (order === undefined) return false;
  return order.refundPending === true || (order.status !== 'paid' && order.status !== 'pending');
}

/**
 * Money was taken for the order: paid, even if it is now going back (refunded, a refund pending).
 * Otherwise its amount is only what was applied for (pending, or ended unpaid).
 */
export function moneyTaken(order: OrderView): boolean {
  return order.status === 'paid' || order.status === 'refunded' || order.refundPending === true || order.paidAt !== undefined;
}

/**
 * Whether the record's status (状況) is worth showing: not for a record whose payment booked
 * nothing while the office has not touched it (未対応 would read as if the office still had to act
 * on a booking that does not exist). A status set since (by staff, or キャンセル) still shows.
 */
export function showsCheckStatus(check: string, order: OrderView | undefined): boolean {
  return !(check === DEFAULT_CHECK_STATUS && bookedNothing(order));
}

/**
 * While pending, the time to pay by: the provider's page closes then (`payBy`, a few minutes
 * before the hold lapses). An older server without it: the hold's end.
 */
export function payByOf(order: OrderView): number {
  return order.payBy ?? order.holdExpiresAt;
}

/**
 * What to tell the citizen about money that came in but is being given back, or null when none is.
 * `bookingCancelled`: the record was cancelled (a paid booking cancelled, hence refunded), rather
 * than never booked (the slot could not be kept when the payment was confirmed). A paid order with
 * a refund pending is always the former.
 */
export function refundMessage(order: OrderView, bookingCancelled: boolean): string | null {
  const pending = order.refundPending === true;
  if (!pending && order.status !== 'refunded') return null;
  if (bookingCancelled || order.status === 'paid') {
    return pending ? `${paymentMessages.cancelledBookingRefundPending}${paymentMessages.refundPending}` : paymentMessages.cancelledBookingRefunded;
  }
  return pending ? `${paymentMessages.refundPendingNotBooked}${paymentMessages.refundPending}` : paymentMessages.refunded;
}

/**
 * A record's answers as the look-up screens show them: products make no rows, so its
 * `selectProducts` items come from its order's lines (what the answers bought, or asked to buy when
 * the payment did not go through). Without an order they read as not answered.
 */
export function answersShown(schema: readonly SurveySchemaItem[], answers: Answers, order: OrderView | undefined): Answers {
  return order === undefined ? answers : answersWithProducts(schema, answers, order.lines);
}

/**
 * The order named in the address is none of the citizen's: not theirs or unknown (404
 * `order_not_found`), or not an order id at all (400 `invalid_request`: the server checks its
 * shape, the only thing these calls are sent). Either way there is nothing to check or try again,
 * only a way on.
 */
export function isOrderMissing(failure: CallFailure | SerializedError | undefined): boolean {
  return isCallFailure(failure) && (failure.code === PAYMENT_ERROR_CODES.orderNotFound || (failure.status === 400 && failure.code === 'invalid_request'));
}
