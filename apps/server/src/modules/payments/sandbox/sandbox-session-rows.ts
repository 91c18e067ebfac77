// A sandbox session's row and what it is read as, on both engines.
import type { PricedOrderLine } from '@city/survey-core';
import type { SandboxSession, SandboxSessionStatus } from './sandbox-session-repository.js';

export interface SandboxSessionRow {
  session_id: string;
  order_id: string;
  lines_json: string;
  total_yen: number;
  expires_at: number;
  success_url: string;
  cancel_url: string;
  error_url: string;
  status: SandboxSessionStatus;
  payment_id: string | null;
  payment_method: string | null;
  refunded_yen: number;
}

export const toSession = (row: SandboxSessionRow): SandboxSession => ({
  sessionId: row.session_id,
  orderId: row.order_id,
  lines: JSON.parse(row.lines_json) as PricedOrderLine[],
  totalYen: row.total_yen,
  expiresAt: row.expires_at,
  successUrl: row.success_url,
  cancelUrl: row.cancel_url,
  errorUrl: row.error_url,
  status: row.status,
  paymentId: row.payment_id,
  paymentMethod: row.payment_method,
  refundedYen: row.refunded_yen,
});
