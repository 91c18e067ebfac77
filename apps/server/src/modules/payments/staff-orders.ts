// Orders for staff (issue 26): the list of one's teams' orders, a refund from the console, and the
// reconciliation that asks the payment provider about every order of a period. Provider calls run
// outside transactions, as everywhere in payments; each action is audited.
import { addDaysToDate, isCalendarDate, japanTimeToEpochMs } from '@city/survey-core';
import { BOOKING_ERROR_CODES } from '@city/api-client';
import type { OrderDifference, StaffOrder } from '@city/api-client/staff-contract';
import type { Actor, StaffActor } from '../../access/actor.js';
import { requireRole } from '../../access/permissions.js';
import type { Store } from '../../db/store.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import { appendAudit } from '../audit/audit.js';
import type { AuditRepository } from '../audit/audit-repository.js';
import type { OrderRepository, OrderSearch, OrderStatus, StoredOrder } from '../orders/order-repository.js';
import type { RecordRepository } from '../records/record-repository.js';
import type { SurveyRepository } from '../surveys/survey-repository.js';
import type { Payments } from './payments.js';
import type { PaymentProvider, ProviderPayment } from './provider.js';
import { ProviderUnavailable } from './provider.js';

export interface StaffOrdersRepositories {
  orders: OrderRepository;
  surveys: SurveyRepository;
  records: RecordRepository;
  audit: AuditRepository;
}

export interface StaffOrdersDeps {
  store: Store<StaffOrdersRepositories>;
  provider: PaymentProvider;
  payments: Pick<Payments, 'refund' | 'settleWithProvider'>;
  /** Cancels a record as staff do (records' cancelRecord), which refunds its paid order. */
  cancelRecord: (actor: Actor, surveyId: string, partitionKey: string, reason: string) => Promise<void>;
  now: () => number;
  /** Where a provider's failure for one order of a reconciliation is told (the server's log). */
  logError?: (error: unknown, message: string) => void;
}

/** Orders a page of the list shows. */
export const ORDERS_PAGE_SIZE = 50;
/** The most orders one reconciliation asks the provider about: a longer period is refused (ask for a shorter one). */
export const MAX_RECONCILED_ORDERS = 1_000;
/** Provider calls at a time during a reconciliation (Stripe allows 100 a second; its page must stay quick). */
const RECONCILE_CONCURRENCY = 4;

export interface OrderListQuery {
  receiptNumber?: string;
  status?: OrderStatus | 'refundOwed';
  surveyId?: string;
  from?: string;
  to?: string;
  after?: string;
}

/** Money was taken and has not gone back, on a released order (as order-search.ts's REFUND_OWED_SQL). */
export const isRefundOwed = (order: StoredOrder) =>
  order.paymentId !== null && order.refundId === null && (order.status === 'cancelled' || order.status === 'failed' || order.status === 'expired');

/**
 * Where the order and the provider's payment disagree, or undefined when they agree. A pending
 * order whose session is still open agrees; so does a released one whose session ended unpaid.
 */
export function differenceOf(order: StoredOrder, payment: ProviderPayment): OrderDifference | undefined {
  const paid = payment.outcome.kind === 'paid';
  const refundedWhole = payment.refundedYen >= order.totalYen;
  switch (order.status) {
    case 'pending':
      if (paid) return 'paidNotRecorded';
      return payment.outcome.kind === 'open' ? undefined : 'sessionEnded';
    case 'paid':
      if (!paid) return 'notPaidAtProvider';
      return payment.refundedYen > 0 ? 'refundedAtProvider' : undefined;
    case 'refunded':
      if (!paid) return 'notPaidAtProvider';
      return refundedWhole ? undefined : 'refundMissingAtProvider';
    case 'cancelled':
    case 'failed':
    case 'expired':
      if (order.paymentId !== null) {
        if (!paid) return 'notPaidAtProvider';
        return refundedWhole ? 'refundNotRecorded' : 'refundOwed';
      }
      if (paid) return refundedWhole ? undefined : 'paidNotRecorded';
      return payment.outcome.kind === 'open' ? 'sessionStillOpen' : undefined;
  }
}

/** The differences `settleWithProvider` settles: the product's side is behind the provider's. */
const SETTLEABLE: ReadonlySet<OrderDifference> = new Set(['paidNotRecorded', 'sessionEnded', 'sessionStillOpen', 'refundOwed', 'refundNotRecorded']);

/** The start of a Japan date and the start of the day after another (a period, both days included); 400 for a date that does not exist. */
function periodOf(from: string | undefined, to: string | undefined): { createdFrom?: number; createdBefore?: number } {
  for (const date of [from, to]) if (date !== undefined && !isCalendarDate(date)) throw new HttpError(400, 'invalid_period', messages.invalidOrderDate);
  return {
    ...(from === undefined ? {} : { createdFrom: japanTimeToEpochMs(from, '00:00') }),
    ...(to === undefined ? {} : { createdBefore: japanTimeToEpochMs(addDaysToDate(to, 1), '00:00') }),
  };
}

const cursorOf = (order: StoredOrder) => `${order.createdAt}.${order.orderId}`;
function afterOf(cursor: string | undefined): OrderSearch['after'] {
  if (cursor === undefined) return undefined;
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{1,100})$/.exec(cursor);
  if (match === null) throw new HttpError(400, 'invalid_request', messages.invalidRequest);
  return { createdAt: Number(match[1]), orderId: match[2] as string };
}

export function createStaffOrders(deps: StaffOrdersDeps) {
  const { store, now } = deps;
  const notFound = () => new HttpError(404, 'order_not_found', messages.orderNotFound);

  /** The surveys of the caller's teams, by id, with their titles. */
  async function teamSurveys(actor: StaffActor): Promise<Map<string, string>> {
    const surveys = await store.read.surveys.ofTeams(actor.teamIds);
    return new Map(surveys.map((survey) => [survey.config.surveyId, survey.config.surveyTitle ?? survey.config.surveyId]));
  }

  function viewOf(order: StoredOrder, titles: ReadonlyMap<string, string>): StaffOrder {
    return {
      orderId: order.orderId,
      surveyId: order.surveyId,
      surveyTitle: titles.get(order.surveyId) ?? order.surveyId,
      partitionKey: order.partitionKey,
      receiptNumber: order.receiptNumber,
      status: order.status,
      total: order.totalYen,
      lines: order.lines.map((line) => messages.orderLine(line.name, line.quantity)),
      paymentMethod: order.paymentMethod,
      createdAt: order.createdAt,
      paidAt: order.paidAt,
      refundedAt: order.refundedAt,
      refundOwed: isRefundOwed(order),
    };
  }

  /** The caller's team's order, or 404 `order_not_found` (another team's order is not revealed). */
  async function teamOrder(actor: StaffActor, orderId: string): Promise<{ order: StoredOrder; titles: Map<string, string> }> {
    const [order, titles] = await Promise.all([store.read.orders.find(orderId), teamSurveys(actor)]);
    if (order === undefined || !titles.has(order.surveyId)) throw notFound();
    return { order, titles };
  }

  const mustFind = async (orderId: string) => {
    const order = await store.read.orders.find(orderId);
    if (order === undefined) throw new Error(`order ${orderId} not found`);
    return order;
  };

  return {
    async list(actor: StaffActor, query: OrderListQuery): Promise<{ orders: StaffOrder[]; next: string | null }> {
      requireRole(actor, 'records.read');
      const titles = await teamSurveys(actor);
      const surveyIds = query.surveyId === undefined ? [...titles.keys()] : titles.has(query.surveyId) ? [query.surveyId] : [];
      const after = afterOf(query.after);
      const found = await store.read.orders.search({
        surveyIds,
        ...(query.receiptNumber === undefined || query.receiptNumber.trim() === '' ? {} : { receiptNumber: query.receiptNumber.trim() }),
        ...(query.status === 'refundOwed' ? { refundOwed: true } : query.status === undefined ? {} : { statuses: [query.status] }),
        ...periodOf(query.from, query.to),
        ...(after === undefined ? {} : { after }),
        limit: ORDERS_PAGE_SIZE + 1,
      });
      const page = found.slice(0, ORDERS_PAGE_SIZE);
      const last = page.at(-1);
      return { orders: page.map((order) => viewOf(order, titles)), next: found.length > ORDERS_PAGE_SIZE && last !== undefined ? cursorOf(last) : null };
    },

    /**
     * Gives the order's money back, once. A paid order's record is cancelled with the reason (the
     * one cancel-and-refund path: its slots are freed, the refund made); an order whose refund is
     * owed is refunded. Audited as `order.refund` whether the provider took it or not.
     */
    async refund(actor: StaffActor, orderId: string, reasonGiven: string): Promise<StaffOrder> {
      requireRole(actor, 'records.refund');
      const reason = reasonGiven.trim();
      if (reason === '') throw new HttpError(400, 'reason_required', messages.refundReasonRequired);
      const { order, titles } = await teamOrder(actor, orderId);
      if (order.refundId !== null) throw new HttpError(409, 'already_refunded', messages.orderAlreadyRefunded);
      // A payment still being confirmed is settled first (the reconciliation), never refunded under it.
      if (order.status === 'pending') throw new HttpError(409, 'order_pending', messages.orderStillPending);
      if (order.paymentId === null) throw new HttpError(409, 'order_not_paid', messages.orderNotPaid);
      let recordCancelled = order.status === 'paid' && (await store.read.records.find(order.partitionKey)) !== undefined && !(await store.read.records.isClosed(order.partitionKey));
      if (recordCancelled) {
        // Cancelling refunds (settleCancelledOrder); an unreachable provider leaves the refund owed.
        try {
          await deps.cancelRecord(actor, order.surveyId, order.partitionKey, reason);
        } catch (error) {
          // A booking whose time has passed stays (the citizen came, say): the money goes back alone.
          if (!(error instanceof HttpError && error.code === BOOKING_ERROR_CODES.changeDeadlinePassed)) throw error;
          recordCancelled = false;
        }
      }
      if (!recordCancelled) {
        // Paid for a record already closed or gone (the recount's drift), past its booking, or a refund owed: the money alone.
        try {
          await deps.payments.refund(orderId);
        } catch (error) {
          if (!(error instanceof ProviderUnavailable)) throw error;
        }
      }
      const after = await mustFind(orderId);
      const refunded = after.refundId !== null;
      await store.transaction(({ audit }) =>
        appendAudit(
          audit,
          actor,
          { action: 'order.refund', target: `order:${orderId}`, detail: { receiptNumber: order.receiptNumber, amount: order.totalYen, reason, recordCancelled, refunded } },
          now(),
        ),
      );
      // The provider did not take it: the order stays 返金待ち (its booking cancelled, when it had one).
      if (!refunded) throw new HttpError(503, 'payment_unavailable', recordCancelled ? messages.refundAfterCancelUnavailable : messages.refundProviderUnavailable);
      return viewOf(after, titles);
    },

    /** Asks the provider about every order of the period with a session of its making; answers those that differ. */
    async reconcile(actor: StaffActor, period: { from: string; to: string }) {
      requireRole(actor, 'orders.reconcile');
      if (period.to < period.from) throw new HttpError(400, 'invalid_period', messages.invalidPeriod);
      const titles = await teamSurveys(actor);
      const orders = await store.read.orders.search({ surveyIds: [...titles.keys()], provider: deps.provider.name, ...periodOf(period.from, period.to), limit: MAX_RECONCILED_ORDERS + 1 });
      if (orders.length > MAX_RECONCILED_ORDERS) throw new HttpError(400, 'too_many_orders', messages.tooManyOrdersToReconcile(MAX_RECONCILED_ORDERS));
      const differences: { order: StaffOrder; difference: OrderDifference; providerStatus: string | null; providerRefundedYen: number; settleable: boolean }[] = [];
      let next = 0;
      const worker = async () => {
        while (next < orders.length) {
          const order = orders[next++] as StoredOrder;
          let payment: ProviderPayment;
          try {
            payment = await deps.provider.fetchPayment(order.providerSessionId as string);
          } catch (error) {
            // One order the provider cannot answer for (unreachable, or a session it does not know)
            // is listed as such; the others are still compared.
            deps.logError?.(error, `payment provider could not answer for order ${order.orderId}`);
            differences.push({ order: viewOf(order, titles), difference: 'unreachable', providerStatus: null, providerRefundedYen: 0, settleable: false });
            continue;
          }
          const difference = differenceOf(order, payment);
          if (difference !== undefined) {
            differences.push({ order: viewOf(order, titles), difference, providerStatus: payment.outcome.kind, providerRefundedYen: payment.refundedYen, settleable: SETTLEABLE.has(difference) });
          }
        }
      };
      await Promise.all(Array.from({ length: RECONCILE_CONCURRENCY }, worker));
      // Newest first, as the list: the workers finish in any order.
      differences.sort((a, b) => b.order.createdAt - a.order.createdAt || (a.order.orderId < b.order.orderId ? 1 : -1));
      await store.transaction(({ audit }) =>
        appendAudit(audit, actor, { action: 'orders.reconcile', target: 'orders', detail: { from: period.from, to: period.to, checked: orders.length, differing: differences.length } }, now()),
      );
      return { provider: deps.provider.name, checked: orders.length, differences };
    },

    /** 決済サービスに合わせる: the order settled the way the provider has it (payments' settleWithProvider), audited. */
    async settle(actor: StaffActor, orderId: string): Promise<StaffOrder> {
      requireRole(actor, 'orders.reconcile');
      const { order, titles } = await teamOrder(actor, orderId);
      let settled: boolean;
      try {
        settled = await deps.payments.settleWithProvider(orderId);
      } catch (error) {
        if (error instanceof ProviderUnavailable) throw new HttpError(503, 'payment_unavailable', messages.providerUnreachable);
        throw error;
      }
      if (!settled) throw new HttpError(409, 'nothing_to_settle', messages.nothingToSettle);
      const after = await mustFind(orderId);
      await store.transaction(({ audit }) =>
        appendAudit(audit, actor, { action: 'order.settle', target: `order:${orderId}`, detail: { receiptNumber: order.receiptNumber, status: { from: order.status, to: after.status } } }, now()),
      );
      return viewOf(after, titles);
    },
  };
}

export type StaffOrders = ReturnType<typeof createStaffOrders>;
