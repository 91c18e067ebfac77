// The orders module owns every change of an order's state: placed (pending, holding slots) when a
// citizen starts paying, moved with its record when an edit replaces it, cancelled with its record,
// confirmed or released when its payment ends (settle-order.ts). Other modules call these, never
// the repository's writes (lint enforces it); payments records what the provider said through
// the repository's payment fields only.
import type { PricedOrderLine } from '@city/survey-core';
import { randomBytes } from 'node:crypto';
import type { HeldClaim, OrderRepository } from './order-repository.js';

/** The provider of an order no payment session was made for yet: the payment step sets the real one. */
const NO_PROVIDER_YET = 'none';

/** Places a pending order for a record whose slots are held until `holdExpiresAt`; answers its id. */
export async function placeOrder(
  orders: OrderRepository,
  input: { partitionKey: string; surveyId: string; receiptNumber: string; userId: string; totalYen: number; lines: PricedOrderLine[]; heldClaims: HeldClaim[]; holdExpiresAt: number; now: number },
): Promise<string> {
  const orderId = randomBytes(16).toString('hex');
  const { now, ...order } = input;
  await orders.insert({ ...order, orderId, status: 'pending', provider: NO_PROVIDER_YET, providerSessionId: null, createdAt: now, updatedAt: now });
  return orderId;
}

/** The order now pays for the record that replaced the one it was made for (an edit under a new key). */
export async function moveOrderToRecord(orders: OrderRepository, orderId: string, partitionKey: string, now: number): Promise<void> {
  await orders.moveToRecord(orderId, partitionKey, now);
}

/**
 * Cancels the record's order, waiting for its payment or paid, with the record; answers it (for
 * its payment to be settled after the transaction), or undefined when the record has none.
 */
export async function cancelOrderOfRecord(orders: OrderRepository, partitionKey: string, now: number): Promise<string | undefined> {
  const order = (await orders.pendingOfRecord(partitionKey)) ?? (await orders.paidOfRecord(partitionKey));
  if (order === undefined) return undefined;
  await orders.setStatus(order.orderId, 'cancelled', now);
  return order.orderId;
}
