// Which payment provider runs, chosen by configuration at start.
import type { ServerConfig } from '../../env.js';
import { ConfigError } from '../../env.js';
import type { PaymentProvider } from './provider.js';

/**
 * The provider the configuration names. The sandbox is made by the caller (it needs the server's
 * database, clock and address) and never in production (readConfig refuses it there).
 */
export function createPaymentProvider(config: ServerConfig, makers: { sandbox: () => PaymentProvider }): PaymentProvider {
  if (config.paymentProvider === 'sandbox') {
    if (config.nodeEnv === 'production') throw new ConfigError('The sandbox payment provider takes no money: it never runs in production.');
    return makers.sandbox();
  }
  // The Stripe adapter (modules/payments/stripe/) is built separately and plugs in here.
  throw new ConfigError('PAYMENT_PROVIDER=stripe: this build of the server has no Stripe adapter; use PAYMENT_PROVIDER=sandbox outside production.');
}
