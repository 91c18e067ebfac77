// What payment tests share: a production payment configuration, and a provider that cannot be reached.
import type { PaymentProvider } from '../src/modules/payments/provider.js';
import { ProviderUnavailable } from '../src/modules/payments/provider.js';

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
