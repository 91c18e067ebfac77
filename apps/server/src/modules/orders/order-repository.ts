import type { PricedOrderLine } from '@city/survey-core';

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
  partitionKey: string;
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
}

/** Orders (migration 4). Written only inside the records use-cases' transactions. */
export interface OrderRepository {
  insert(order: StoredOrder): Promise<void>;
  find(orderId: string): Promise<StoredOrder | undefined>;
  /** The record's pending order, if any (there is at most one). */
  pendingOfRecord(partitionKey: string): Promise<StoredOrder | undefined>;
  setStatus(orderId: string, status: OrderStatus, now: number): Promise<void>;
}
