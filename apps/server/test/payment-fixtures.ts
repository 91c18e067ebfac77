// What payment tests share: the check-up's products and a booking survey that sells them, a
// production payment configuration, and a provider that cannot be reached.
import type { SurveyConfig } from '@city/survey-core';
import type { PaymentProvider } from '../src/modules/payments/provider.js';
import { ProviderUnavailable } from '../src/modules/payments/provider.js';
import { BOOKING_SURVEY } from './calendar-fixtures.js';

/** The demo check-up's fee and its optional extra, as in @city/demo-data. */
export const FEE = { productId: 'checkup-fee', name: '特定健診 受診料', unitPrice: 1500, maxQuantity: 1 };
export const BLOOD = { productId: 'blood-test', name: '追加血液検査', unitPrice: 800, maxQuantity: 1 };

/** The booking survey with the fee to pay (required) and the extra (optional). */
export const PAID_SURVEY: SurveyConfig = {
  ...BOOKING_SURVEY,
  surveyId: 'checkup-paid',
  surveySchema: [
    ...BOOKING_SURVEY.surveySchema,
    { itemKey: 'fee', type: 'selectProducts', title: '受診料', required: true, products: [FEE] },
    { itemKey: 'options', type: 'selectProducts', title: '追加の検査', products: [BLOOD] },
  ],
};

/** The payment settings a production start needs (Stripe's are placeholders: nothing calls Stripe). */
export const PRODUCTION_PAYMENT_ENV = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  PUBLIC_BASE_URL: 'https://city.example.jp',
  RECEIPT_ISSUER_NAME: '○○市 保健福祉課',
  RECEIPT_REGISTRATION_NUMBER: 'T1234567890123',
} as const;

/** A provider whose every call fails as an unreachable one does; counts the sessions asked for. */
export function unreachableProvider(name: string): PaymentProvider & { sessionsAsked: number } {
  const down = () => {
    throw new ProviderUnavailable(`${name} is unreachable`);
  };
  return {
    name,
    sessionsAsked: 0,
    async createSession() {
      this.sessionsAsked += 1;
      return down();
    },
    verifyNotification: down,
    fetchStatus: async () => down(),
    fetchPayment: async () => down(),
    refund: async () => down(),
    endSession: async () => down(),
  };
}

/**
 * An order whose money the sandbox took, written behind the API's back (the states a payment can
 * be left in when a provider or a notification fails): `paid`, or `cancelled` with its payment
 * kept and no refund (a refund owed). Its sandbox session is paid. Answers the order's id.
 */
export async function addSandboxPaidOrder(
  query: (sql: string, values?: unknown[]) => Promise<unknown>,
  order: { orderId: string; surveyId: string; partitionKey: string; receiptNumber: string; status: 'paid' | 'cancelled'; totalYen?: number; createdAt: number },
): Promise<string> {
  const totalYen = order.totalYen ?? FEE.unitPrice;
  const lines = JSON.stringify([{ productId: FEE.productId, name: FEE.name, unitPrice: totalYen, quantity: 1, subtotal: totalYen }]);
  const sessionId = `sbcs_${order.orderId}`;
  await query(
    `INSERT INTO sandbox_sessions (session_id, order_id, lines_json, total_yen, expires_at, success_url, cancel_url, error_url, status, payment_id, payment_method, created_at)
     VALUES (?, ?, ?, ?, ?, 'https://example.jp/ok', 'https://example.jp/cancel', 'https://example.jp/error', 'paid', ?, 'card', ?)`,
    [sessionId, order.orderId, lines, totalYen, order.createdAt + 3_600_000, `sbpay_${order.orderId}`, order.createdAt],
  );
  await query(
    `INSERT INTO orders (order_id, partition_key, survey_id, receipt_number, user_id, status, total_yen, lines_json, held_claims_json, provider,
       provider_session_id, hold_expires_at, created_at, updated_at, payment_url, payment_id, payment_method, paid_at)
     VALUES (?, ?, ?, ?, 'U-test', ?, ?, ?, '[]', 'sandbox', ?, ?, ?, ?, NULL, ?, 'card', ?)`,
    [order.orderId, order.partitionKey, order.surveyId, order.receiptNumber, order.status, totalYen, lines, sessionId, order.createdAt + 2_400_000, order.createdAt, order.createdAt, `sbpay_${order.orderId}`, order.createdAt + 60_000],
  );
  return order.orderId;
}
