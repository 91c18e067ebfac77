// An order's row and what it is read as, on both engines.
import type { OrderStatus, StoredOrder } from './order-repository.js';

export interface OrderRow {
  order_id: string;
  partition_key: string;
  survey_id: string;
  receipt_number: string;
  user_id: string;
  status: OrderStatus;
  total_yen: number;
  lines_json: string;
  held_claims_json: string;
  provider: string;
  provider_session_id: string | null;
  hold_expires_at: number;
  created_at: number;
  updated_at: number;
  payment_url: string | null;
  payment_id: string | null;
  payment_method: string | null;
  paid_at: number | null;
  refund_id: string | null;
  refunded_at: number | null;
}

export const toOrder = (row: OrderRow): StoredOrder => ({
  orderId: row.order_id,
  partitionKey: row.partition_key,
  surveyId: row.survey_id,
  receiptNumber: row.receipt_number,
  userId: row.user_id,
  status: row.status,
  totalYen: row.total_yen,
  lines: JSON.parse(row.lines_json) as StoredOrder['lines'],
  heldClaims: JSON.parse(row.held_claims_json) as StoredOrder['heldClaims'],
  provider: row.provider,
  providerSessionId: row.provider_session_id,
  holdExpiresAt: row.hold_expires_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  paymentUrl: row.payment_url,
  paymentId: row.payment_id,
  paymentMethod: row.payment_method,
  paidAt: row.paid_at,
  refundId: row.refund_id,
  refundedAt: row.refunded_at,
});
