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
    refund: async () => down(),
    endSession: async () => down(),
  };
}
