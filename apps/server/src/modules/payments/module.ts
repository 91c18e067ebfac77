// The payments module, wired: the provider the configuration names (the sandbox with its page
// outside production), the payments use-cases over their store, and the routes.
import type { PaymentReturn } from '@city/api-client';
import { PAYMENT_NOTIFICATIONS_PATH, SANDBOX_PAYMENT_PATH } from '@city/api-client/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Storage } from '../../db/storage.js';
import type { StoredOrder } from '../orders/order-repository.js';
import { repositories } from '../../db/storage.js';
import { calendarRepository } from '../calendars/repositories.js';
import { orderRepository } from '../orders/repositories.js';
import { settingsRepository } from '../settings/repositories.js';
import { surveyRepository } from '../surveys/repositories.js';
import { paymentEventRepository, sandboxSessionRepository } from './repositories.js';
import type { ServerConfig } from '../../env.js';
import { createPaymentProvider } from './create-provider.js';
import type { Payments } from './payments.js';
import { createPayments } from './payments.js';
import type { PaymentProvider } from './provider.js';
import { returnBaseOf, returnUrlsOf } from './return-urls.js';
import { paymentNotificationsModule, paymentsModule } from './routes.js';
import { sandboxPage } from './sandbox/sandbox-page.js';
import type { SandboxProvider } from './sandbox/sandbox-provider.js';
import { createSandboxProvider } from './sandbox/sandbox-provider.js';

export interface PaymentsModule {
  routes: { plugin: FastifyPluginAsync; prefix?: string }[];
  provider: PaymentProvider;
  /** The sandbox provider when it is the one running (outside production only), for its page and tests. */
  sandbox: SandboxProvider | undefined;
  /** Refunds and settling with the provider, for the staff's orders (staff-orders-module.ts). */
  payments: Pick<Payments, 'refund' | 'settleWithProvider'>;
  /** Ends the payment session of a cancelled record's order, or refunds it. */
  settleCancelledOrder: (orderId: string) => Promise<void>;
  /** Starts paying for a held order: the provider's page, which sends the citizen back as `returnTo` asks. */
  startCheckout: (orderId: string, request: FastifyRequest, returnTo: PaymentReturn | undefined) => Promise<string>;
}

export async function createPaymentsModule(input: {
  storage: Storage;
  config: ServerConfig;
  now: () => number;
  authenticate: onRequestAsyncHookHandler;
  /** Tests may bring their own provider. */
  provider: PaymentProvider | undefined;
  /** Where this server reaches itself (the sandbox's notification, its page outside production). */
  selfUrl: () => string;
  log: FastifyInstance['log'];
  /** See PaymentsDeps.onOrderPaid. */
  onOrderPaid?: (order: StoredOrder) => Promise<void>;
}): Promise<PaymentsModule> {
  const { config, storage, now } = input;
  let sandbox: SandboxProvider | undefined;
  const provider =
    input.provider ??
    (await createPaymentProvider(config, {
      sandbox: () => (sandbox = createSandboxProvider({ store: storage.store(sandboxSessionRepository), now, pageOrigin: () => config.publicBaseUrl ?? input.selfUrl() })),
      now,
    }));
  const store = storage.store(
    repositories({ orders: orderRepository, calendars: calendarRepository, surveys: surveyRepository, paymentEvents: paymentEventRepository, settings: settingsRepository }),
  );
  const payments = createPayments({
    store,
    provider,
    now,
    issuer: config.receiptIssuer,
    logError: (error, message) => {
      input.log.error({ err: error }, message);
    },
    ...(input.onOrderPaid === undefined ? {} : { onOrderPaid: input.onOrderPaid }),
  });
  // Where the provider sends the citizen back: the public origin, or outside production the
  // origin the request came to (a phone on the LAN, a test server's port).
  const publicOrigin = (request: FastifyRequest) => {
    if (config.publicBaseUrl !== undefined) return config.publicBaseUrl;
    if (config.nodeEnv === 'production') throw new Error('PUBLIC_BASE_URL is required in production');
    return `${request.protocol}://${request.host}`;
  };
  const routes: PaymentsModule['routes'] = [
    { plugin: paymentsModule({ authenticate: input.authenticate, payments }) },
    { plugin: paymentNotificationsModule({ providerName: provider.name, payments }) },
  ];
  if (sandbox !== undefined && config.nodeEnv !== 'production') {
    const sandboxProvider = sandbox;
    routes.push({
      plugin: sandboxPage({
        sandbox: sandboxProvider,
        now,
        notificationUrl: () => `${input.selfUrl()}${PAYMENT_NOTIFICATIONS_PATH}/${sandboxProvider.name}`,
        lapseHolds: (orderId) => store.transaction(({ orders }) => orders.lapseHolds(orderId, now())),
      }),
      prefix: SANDBOX_PAYMENT_PATH,
    });
  }
  return {
    routes,
    provider,
    sandbox,
    payments,
    settleCancelledOrder: payments.settleCancelledOrder,
    startCheckout: (orderId, request, returnTo) => payments.startCheckout(orderId, returnUrlsOf(orderId, returnBaseOf(returnTo, config.liffId, publicOrigin(request)))),
  };
}
