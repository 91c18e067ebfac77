// The payments use cases over one PaymentProvider: start a checkout for a pending order, act on a
// verified notification (or a status fetched from the provider), show and cancel a citizen's
// orders. What a payment does to the slots is the orders module's (confirmOrder, releaseOrder).
// Provider calls never run inside a SQLite transaction: the writer is never held over the network.
import type { OrderView } from '@city/api-client';
import type { Store } from '../../db/store.js';
import type { ReceiptIssuerConfig } from '../../env.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import type { CalendarRepository } from '../calendars/calendar-repository.js';
import type { OrderRepository, StoredOrder } from '../orders/order-repository.js';
import { confirmOrder, releaseOrder } from '../orders/settle-order.js';
import type { SurveyRepository } from '../surveys/survey-repository.js';
import type { PaymentEventRepository } from './payment-event-repository.js';
import type { PaymentOutcome, PaymentProvider } from './provider.js';
import { ProviderUnavailable } from './provider.js';
import type { ReturnUrls } from './return-urls.js';
import { receiptIssuerOf } from '../settings/receipt-issuer.js';
import type { SettingsRepository } from '../settings/settings-repository.js';

/** The repositories the payments use cases work with. */
export interface PaymentRepositories {
  orders: OrderRepository;
  calendars: CalendarRepository;
  surveys: SurveyRepository;
  paymentEvents: PaymentEventRepository;
  settings: SettingsRepository;
}

export interface PaymentsDeps {
  store: Store<PaymentRepositories>;
  provider: PaymentProvider;
  now: () => number;
  /** The receipt's issuer until staff save one in the console (the environment's). */
  issuer: ReceiptIssuerConfig;
  /** Where failures that are not the caller's are told (a refund the provider refused, say). */
  logError?: (error: unknown, message: string) => void;
  /**
   * After an order was confirmed paid (its holds are bookings now), on whichever path the payment
   * was learnt: the LINE message confirming a booking paid for in the mini-app goes out then. Told
   * again for an order confirmed before; a failure here is logged, the payment stands.
   */
  onOrderPaid?: (order: StoredOrder) => Promise<void>;
}

/**
 * A payment session ends this long before the order's hold lapses, so a payment finished inside
 * the session always finds its slot held, even when its notification comes a little late.
 */
export const SESSION_MARGIN_MS = 5 * 60_000;

/** The refund of an order has one idempotency key, whoever asks for it and however often. */
export const refundKeyOf = (orderId: string) => `refund-${orderId}`;

export type Payments = ReturnType<typeof createPayments>;

export function createPayments(deps: PaymentsDeps) {
  const { store, provider, now } = deps;
  // A retried temprary racing its first attempt must not make a second session: one creation per
  // order at a time (the server is one process; the stored session answers every later call).
  const sessionsBeingMade = new Map<string, Promise<string>>();

  const find = (orderId: string) => store.read.orders.find(orderId);
  const mustFind = async (orderId: string) => {
    const order = await find(orderId);
    if (order === undefined) throw new Error(`order ${orderId} not found`);
    return order;
  };
  const unavailable = () => new HttpError(503, 'payment_unavailable', messages.paymentUnavailable);
  const closed = () => new HttpError(409, 'order_closed', messages.orderClosed);

  /** The citizen's own order, or 404 `order_not_found` (another citizen's order is "not found" too). */
  async function ownOrder(userId: string, orderId: string): Promise<StoredOrder> {
    const order = await find(orderId);
    if (order === undefined || order.userId !== userId) throw new HttpError(404, 'order_not_found', messages.orderNotFound);
    return order;
  }

  /**
   * The provider's page for a pending order: made once, then the stored one (a retried temprary
   * answers the same page). When the provider cannot be reached the order is released as `failed`
   * (nothing stays held) and 503 `payment_unavailable` is answered. An order whose payment ended
   * (a temprary sent again after paying, cancelling or failing) is 409 `order_closed`: its page
   * can no longer be paid.
   */
  async function startCheckout(orderId: string, urls: ReturnUrls): Promise<string> {
    const order = await mustFind(orderId);
    if (order.status !== 'pending') throw closed();
    if (order.paymentUrl !== null) return order.paymentUrl;
    const inFlight = sessionsBeingMade.get(orderId);
    if (inFlight !== undefined) return inFlight;
    const making = makeSession(order, urls).finally(() => sessionsBeingMade.delete(orderId));
    sessionsBeingMade.set(orderId, making);
    return making;
  }

  async function makeSession(order: StoredOrder, urls: ReturnUrls): Promise<string> {
    let session;
    try {
      session = await provider.createSession({
        orderId: order.orderId,
        lines: order.lines,
        totalYen: order.totalYen,
        expiresAt: order.holdExpiresAt - SESSION_MARGIN_MS,
        ...urls,
        holdsSlots: order.heldClaims.length > 0,
      });
    } catch (error) {
      await releaseOrder({ store }, order.orderId, 'failed', now());
      if (error instanceof ProviderUnavailable) throw unavailable();
      throw error;
    }
    const stored = await store.transaction(({ orders }) =>
      orders.setSession(order.orderId, { provider: provider.name, sessionId: session.sessionId, url: session.url }, now()),
    );
    if (stored) return session.url;
    // Another instance stored its session first (the same temprary, retried there at once), or the
    // order was cancelled (or otherwise settled) meanwhile: this session must not be paid. Ending
    // it is best effort; a payment that still gets through is refunded.
    await provider.endSession(session.sessionId).catch((error: unknown) => deps.logError?.(error, `could not end session ${session.sessionId}`));
    const current = await mustFind(order.orderId);
    if (current.status === 'pending' && current.paymentUrl !== null) return current.paymentUrl;
    throw closed();
  }

  /**
   * Gives a late payment back, once: the provider refunds once per key, and only the first
   * transaction to mark the order stores its refund.
   */
  async function refund(orderId: string): Promise<void> {
    const order = await mustFind(orderId);
    if (order.refundId !== null) return;
    if (order.paymentId === null || order.providerSessionId === null) throw new Error(`order ${orderId} has no payment to refund`);
    const { refundId } = await provider.refund({
      sessionId: order.providerSessionId,
      paymentId: order.paymentId,
      amountYen: order.totalYen,
      idempotencyKey: refundKeyOf(orderId),
    });
    await store.transaction(({ orders }) => orders.markRefunded(orderId, refundId, now()));
  }

  /**
   * Applies what the provider says of an order's payment. Safe to repeat and to receive in any
   * order: a paid order stays paid (a later `expired` changes nothing); a payment that comes after
   * the order was released, or after its hold lapsed and the slot filled, is refunded.
   */
  async function applyOutcome(order: StoredOrder, outcome: PaymentOutcome, at: number): Promise<void> {
    switch (outcome.kind) {
      case 'open':
        return;
      case 'cancelled':
      case 'failed':
      case 'expired':
        await releaseOrder({ store }, order.orderId, outcome.kind, now());
        return;
      case 'paid': {
        // What was paid is stored first: a refund needs it, whatever happens next.
        await store.transaction(({ orders }) => orders.setPayment(order.orderId, { paymentId: outcome.paymentId, method: outcome.method, paidAt: at }, now()));
        if ((await confirmOrder({ store }, order.orderId, now())) === 'refund') {
          await refund(order.orderId);
          return;
        }
        await deps.onOrderPaid?.(order).catch((error: unknown) => {
          deps.logError?.(error, `After order ${order.orderId} was paid, its LINE confirmation could not be released`);
        });
        return;
      }
    }
  }

  /**
   * A notification to `${PAYMENT_NOTIFICATIONS_PATH}/{providerName}`: checked by the provider
   * (throws NotificationRejected, nothing done), handled once per event id. An event is remembered
   * only after it was handled, so one whose handling failed (a refund the provider did not take)
   * is handled again when the provider sends it again.
   */
  async function handleNotification(rawBody: Buffer, headers: Readonly<Record<string, string | string[] | undefined>>): Promise<void> {
    const notification = provider.verifyNotification(rawBody, headers, now());
    if (notification === null) return;
    if (await store.read.paymentEvents.has(provider.name, notification.eventId)) return;
    const order = await store.read.orders.findBySession(provider.name, notification.sessionId);
    if (order !== undefined) await applyOutcome(order, notification.outcome, notification.occurredAt);
    await store.transaction(({ paymentEvents }) =>
      paymentEvents.remember({ provider: provider.name, eventId: notification.eventId, sessionId: notification.sessionId, outcome: notification.outcome.kind }, now()),
    );
  }

  /**
   * Brings a stored order up to date with the provider: a pending order's status is fetched (a
   * lost notification must not leave the citizen waiting), and a late payment whose refund failed
   * before is refunded. An unreachable provider leaves the order as stored.
   */
  async function refresh(order: StoredOrder): Promise<StoredOrder> {
    try {
      if (order.status === 'pending' && order.providerSessionId !== null && order.provider === provider.name) {
        await applyOutcome(order, await provider.fetchStatus(order.providerSessionId), now());
      } else if (order.status !== 'paid' && order.status !== 'refunded' && order.paymentId !== null) {
        await refund(order.orderId);
      } else {
        return order;
      }
    } catch (error) {
      if (!(error instanceof ProviderUnavailable)) throw error;
      deps.logError?.(error, `payment provider unreachable while refreshing order ${order.orderId}`);
    }
    return mustFind(order.orderId);
  }

  /**
   * After a record was cancelled with its order (cancelItem): a pending payment's session is ended
   * (a payment made there meanwhile is refunded), a paid one refunded. An unreachable provider is
   * logged and tried again when the order is next read (the citizen sees `refundPending`).
   */
  async function settleCancelledOrder(orderId: string): Promise<void> {
    const order = await mustFind(orderId);
    if (order.status !== 'cancelled') return;
    try {
      if (order.paymentId !== null) {
        await refund(orderId);
      } else if (order.providerSessionId !== null && order.provider === provider.name) {
        const outcome = await provider.endSession(order.providerSessionId);
        if (outcome.kind === 'paid') await applyOutcome(order, outcome, now());
      }
    } catch (error) {
      if (!(error instanceof ProviderUnavailable)) throw error;
      deps.logError?.(error, `payment provider unreachable while settling cancelled order ${orderId}`);
    }
  }

  /**
   * Brings an order whose payment ended here into line with the provider (the staff's
   * reconciliation): a pending order takes the provider's outcome; one released without a payment
   * has its session ended, or a payment made there anyway confirmed or refunded; one whose refund
   * is owed is refunded. A paid or refunded order is left as it is: a difference there (a refund
   * made in the provider's dashboard) is for staff to look into. Answers whether it asked the
   * provider at all (false: nothing here to settle). Throws ProviderUnavailable.
   */
  async function settleWithProvider(orderId: string): Promise<boolean> {
    const order = await mustFind(orderId);
    if (order.providerSessionId === null || order.provider !== provider.name) return false;
    if (order.status === 'pending') {
      await applyOutcome(order, await provider.fetchStatus(order.providerSessionId), now());
      return true;
    }
    if (order.status === 'cancelled' || order.status === 'failed' || order.status === 'expired') {
      if (order.paymentId !== null) {
        await refund(orderId);
      } else {
        const outcome = await provider.endSession(order.providerSessionId);
        if (outcome.kind === 'paid') await applyOutcome(order, outcome, now());
      }
      return true;
    }
    return false;
  }

  async function viewOf(order: StoredOrder): Promise<OrderView> {
    const survey = await store.read.surveys.find(order.surveyId);
    return {
      orderId: order.orderId,
      surveyId: order.surveyId,
      partitionKey: order.partitionKey,
      receiptNumber: order.receiptNumber,
      status: order.status,
      total: order.totalYen,
      lines: order.lines,
      holdExpiresAt: order.holdExpiresAt,
      ...(order.status === 'pending' && order.paymentUrl !== null ? { paymentUrl: order.paymentUrl } : {}),
      ...(order.status === 'pending' ? { payBy: order.holdExpiresAt - SESSION_MARGIN_MS } : {}),
      ...(order.paidAt !== null && order.refundId === null && order.status !== 'paid' ? { refundPending: true } : {}),
      ...(order.paymentMethod === null ? {} : { paymentMethod: order.paymentMethod }),
      ...(order.paidAt === null ? {} : { paidAt: order.paidAt }),
      ...(order.refundedAt === null ? {} : { refundedAt: order.refundedAt }),
      createdAt: order.createdAt,
      issuer: { ...(await receiptIssuerOf(store.read.settings, deps.issuer)), proviso: messages.receiptProviso(survey?.config.surveyTitle) },
    };
  }

  return {
    startCheckout,
    handleNotification,
    settleCancelledOrder,
    settleWithProvider,
    /** Gives a paid order's money back, once (its idempotency key); throws ProviderUnavailable. */
    refund,

    async getOrder(userId: string, orderId: string): Promise<OrderView> {
      return viewOf(await refresh(await ownOrder(userId, orderId)));
    },

    async getOrders(userId: string, partitionKey?: string): Promise<OrderView[]> {
      const orders = await store.read.orders.ofUser(userId, partitionKey);
      const views: OrderView[] = [];
      for (const order of orders) views.push(await viewOf(await refresh(order)));
      return views;
    },

    /**
     * Gives up paying: the provider's session is ended first (so it can no longer be paid), then
     * the slots are freed; a session paid meanwhile is confirmed instead. A settled order is
     * answered as it stands.
     */
    async cancelOrder(userId: string, orderId: string): Promise<OrderView> {
      const order = await ownOrder(userId, orderId);
      if (order.status === 'pending') {
        if (order.providerSessionId !== null && order.provider === provider.name) {
          let outcome: PaymentOutcome;
          try {
            outcome = await provider.endSession(order.providerSessionId);
          } catch (error) {
            if (error instanceof ProviderUnavailable) throw unavailable();
            throw error;
          }
          if (outcome.kind === 'paid') await applyOutcome(order, outcome, now());
        }
        await releaseOrder({ store }, orderId, 'cancelled', now());
      }
      return viewOf(await mustFind(orderId));
    },
  };
}
