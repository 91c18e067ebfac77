// Which payment provider runs, chosen by configuration at start.
import type { ServerConfig } from '../../env.js';
import { ConfigError } from '../../env.js';
import type { PaymentProvider } from './provider.js';

/**
 * The provider the configuration names. The sandbox is made by the caller (it needs the server's
 * database, clock and address) and never in production (readConfig refuses it there). The Stripe
 * adapter, and with it the Stripe SDK (about 85 ms to load), is loaded only when it is the one.
 */
export async function createPaymentProvider(
  config: ServerConfig,
  makers: { sandbox: () => PaymentProvider; now: () => number },
): Promise<PaymentProvider> {
  if (config.paymentProvider === 'sandbox') {
    if (config.nodeEnv === 'production') throw new ConfigError('The sandbox payment provider takes no money: it never runs in production.');
    return makers.sandbox();
  }
  // readConfig sets `stripe` exactly when the provider is Stripe, with both secrets checked.
  if (config.stripe === undefined) throw new ConfigError('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.');
  const { createStripeProvider } = await import('./stripe/stripe-provider.js');
  return createStripeProvider({ ...config.stripe, now: makers.now });
}
