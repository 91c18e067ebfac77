// What happens to a pending order when its payment ends: paid (the holds become bookings, exactly
// once) or not (the holds are freed). The payment providers (next step) call these on a verified
// notification or a status fetched from the provider; nothing here trusts the citizen's return.
import type { Store } from '../../db/store.js';
import { confirmHolds, releaseHolds } from '../calendars/bookings.js';
import type { CalendarRepository } from '../calendars/calendar-repository.js';
import type { OrderReleaseStatus, OrderRepository, OrderStatus } from './order-repository.js';

/** The repositories settling an order works with, in one transaction. */
export interface OrdersDeps {
  store: Store<{ calendars: CalendarRepository; orders: OrderRepository }>;
}

/**
 * What a payment for the order comes to: `confirmed`, its slots are booked; `refund`, they could
 * not be (the hold lapsed and the slot filled, or the order was released before the payment): the
 * money must go back.
 */
export type ConfirmOutcome = 'confirmed' | 'refund';

/** A lapsed hold's slot was taken meanwhile: undo the whole confirmation. */
class SlotTakenMeanwhile extends Error {}

/**
 * Turns the order's holds into bookings and marks it paid, exactly once: an order already paid
 * answers `confirmed` and one no longer pending answers `refund`, changing nothing. A hold that
 * lapsed is claimed again under the capacity rule; when its slot filled meanwhile, nothing is
 * booked, the order's other holds are freed and it is marked `expired` (the payment step refunds
 * and marks it `refunded`), answering `refund`.
 */
export async function confirmOrder(deps: OrdersDeps, orderId: string, now: number): Promise<ConfirmOutcome> {
  try {
    return await deps.store.transaction(async ({ calendars, orders }) => {
      const order = await requireOrder(orders, orderId);
      if (order.status === 'paid') return 'confirmed';
      if (order.status !== 'pending') return 'refund';
      if (!(await confirmHolds(calendars, order, now))) throw new SlotTakenMeanwhile();
      await orders.setStatus(orderId, 'paid', now);
      return 'confirmed';
    });
  } catch (error) {
    if (!(error instanceof SlotTakenMeanwhile)) throw error;
  }
  // The transaction above was rolled back whole; this one frees what is left, unless another
  // call settled the order in between.
  return deps.store.transaction(async ({ calendars, orders }) => {
    const order = await requireOrder(orders, orderId);
    if (order.status === 'paid') return 'confirmed';
    if (order.status === 'pending') {
      await releaseHolds(calendars, order.partitionKey);
      await orders.setStatus(orderId, 'expired', now);
    }
    return 'refund';
  });
}

/**
 * Frees a pending order's holds and marks it `status` (the citizen cancelled at the provider, the
 * payment failed, or the session expired). An order no longer pending is left as it is. Answers
 * the order's status afterwards.
 */
export function releaseOrder(deps: OrdersDeps, orderId: string, status: OrderReleaseStatus, now: number): Promise<OrderStatus> {
  return deps.store.transaction(async ({ calendars, orders }) => {
    const order = await requireOrder(orders, orderId);
    if (order.status !== 'pending') return order.status;
    await releaseHolds(calendars, order.partitionKey);
    await orders.setStatus(orderId, status, now);
    return status;
  });
}

async function requireOrder(orders: OrderRepository, orderId: string) {
  const order = await orders.find(orderId);
  // Order ids come from the server's own sessions, never from a citizen: a missing one is a bug.
  if (order === undefined) throw new Error(`order ${orderId} not found`);
  return order;
}
