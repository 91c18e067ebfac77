import type { OrderView } from '@city/api-client';
import { Button, formatYen, Loading, Notice, OrderSummary, PageLayout, PaymentStatus, uiMessages } from '@city/ui';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadFailure } from '../../components/load-failure.js';
import { NothingToShow } from '../../components/nothing-to-show.js';
import { HOME_PATH, paths } from '../../config/paths.js';
import { messageForScreen } from '../../lib/api-errors.js';
import { isOrderMissing, isPaidBooking, moneyTaken, refundMessage } from '../../lib/orders.js';
import { clearPaymentInProgress } from '../../lib/payment-return.js';
import { messages } from '../../messages.js';
import { paymentMessages } from '../../payment-messages.js';
import { useAppDispatch, useServices } from '../../store/hooks.js';
import { startAgainAfterPayment } from './start-again.js';
import { OrderBooking, useOrderRecord } from './order-booking.js';
import { useSettledOrder } from './use-settled-order.js';

/**
 * Where the payment provider returns after a payment (`/completedPayment/{id}`). The return proves
 * nothing: the order is asked for until the server, told by the provider, settles it.
 */
export function CompletedPaymentPage() {
  const { id = '' } = useParams();
  const { storage } = useServices();
  const { order, error, gaveUp, retry } = useSettledOrder(id);
  const settled = order !== undefined && order.status !== 'pending';
  useEffect(() => {
    if (settled) clearPaymentInProgress(storage, id);
  }, [settled, storage, id]);

  if (isOrderMissing(error)) return <OrderNotFound />;
  if (error !== undefined) {
    return (
      <PageLayout title={paymentMessages.paymentCheckingTitle}>
        <LoadFailure message={messageForScreen(error)} onRetry={retry} />
      </PageLayout>
    );
  }
  if (order === undefined || (order.status === 'pending' && !gaveUp)) {
    return (
      <PageLayout title={paymentMessages.paymentCheckingTitle}>
        <p>{paymentMessages.paymentChecking}</p>
        <Loading label={paymentMessages.paymentChecking} />
      </PageLayout>
    );
  }
  if (order.status === 'pending') {
    return (
      <PageLayout title={paymentMessages.paymentCheckingTitle}>
        <Notice>{paymentMessages.paymentStillPending}</Notice>
        <div className="app-actions">
          <Button onClick={retry}>{messages.retry}</Button>
          <Link className="city-button city-button--secondary" to={HOME_PATH}>
            {messages.goHome}
          </Link>
        </div>
      </PageLayout>
    );
  }
  // A paid order with a refund pending belongs to a booking since cancelled.
  if (isPaidBooking(order)) return <Paid order={order} />;
  return <NotBooked order={order} />;
}

/**
 * A payment address naming no order of the citizen's (mistyped, cut short, someone else's): said
 * plainly, with the ways on, never under 「お支払いを確認しています」 nor with a 再読み込み that cannot help.
 */
export function OrderNotFound() {
  return <NothingToShow title={paymentMessages.orderNotFoundTitle} message={paymentMessages.orderNotFound} primary={{ to: paths.confirmList.to(), label: messages.seeMyAnswers }} />;
}

function Paid({ order }: { order: OrderView }) {
  return (
    <PageLayout title={paymentMessages.paidTitle}>
      <p>{paymentMessages.paidLead}</p>
      <OrderFacts order={order} />
      <OrderBooking order={order} />
      <OrderSummary lines={order.lines} total={order.total} />
      <div className="app-actions">
        <Link className="city-button city-button--primary" to={paths.receipt.to(order.orderId)}>
          {paymentMessages.showReceipt}
        </Link>
        <Link className="city-button city-button--secondary" to={paths.confirmList.to(order.surveyId)}>
          {messages.seeMyAnswers}
        </Link>
      </div>
    </PageLayout>
  );
}

/**
 * No booking stands: the payment ended unpaid (expired, failed or cancelled), or its money is
 * being given back (refunded, or `refundPending`): the slot could not be kept when the payment
 * was confirmed, or the citizen cancelled the paid booking since. Which of the two is told by the
 * record, so the screen waits for it.
 */
export function NotBooked({ order, title, message, next }: { order: OrderView; title?: string; message?: string; next?: string }) {
  const { recordClosed } = useOrderRecord(order);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // The record's answers are read first (a moment on a slow line): the button says so meanwhile.
  const [starting, setStarting] = useState(false);
  const startAgain = async () => {
    setStarting(true);
    await dispatch(startAgainAfterPayment(order));
    void navigate(paths.survey.to(order.surveyId));
  };
  const refunding = order.status === 'refunded' || order.refundPending === true;
  if (message === undefined && refunding && recordClosed === undefined) return <Loading label={paymentMessages.orderLoading} />;
  const bookingCancelled = recordClosed === true || order.status === 'paid';
  const refund = refundMessage(order, bookingCancelled);
  const unpaid = order.status === 'expired' || order.status === 'failed' || order.status === 'cancelled' ? paymentMessages.notBooked[order.status] : null;
  const reason = message ?? refund ?? unpaid ?? paymentMessages.refunded;
  const heading = refunding ? (bookingCancelled ? paymentMessages.cancelledBookingTitle : paymentMessages.refundedTitle) : paymentMessages.notBookedTitle;
  return (
    <PageLayout title={title ?? heading}>
      <Notice tone={refunding ? 'warning' : 'info'}>{reason}</Notice>
      {next === undefined ? null : <p>{next}</p>}
      <OrderFacts order={order} />
      <div className="app-actions">
        <Button onClick={() => void startAgain()} disabled={starting} aria-busy={starting}>
          {starting ? paymentMessages.startingAgain : paymentMessages.startAgain}
        </Button>
        <Link className="city-button city-button--secondary" to={HOME_PATH}>
          {messages.goHome}
        </Link>
      </div>
    </PageLayout>
  );
}

/** 受付番号, the survey and the payment state of an order. */
export function OrderFacts({ order }: { order: OrderView }) {
  const { surveyTitle } = useOrderRecord(order);
  return (
    <dl className="app-receipt">
      <div>
        <dt>{messages.receiptNumber}</dt>
        <dd className="app-receipt__number" data-testid="receipt-number">
          {order.receiptNumber}
        </dd>
      </div>
      <div>
        <dt>{messages.receiptSurvey}</dt>
        <dd>{surveyTitle}</dd>
      </div>
      <div>
        <dt>{moneyTaken(order) ? paymentMessages.orderAmount : paymentMessages.appliedAmount}</dt>
        <dd>
          {formatYen(order.total)}（{uiMessages.taxIncluded}）
        </dd>
      </div>
      <div>
        <dt>{paymentMessages.paymentState}</dt>
        <dd>
          <PaymentStatus status={order.status} refundPending={order.refundPending} />
        </dd>
      </div>
    </dl>
  );
}
