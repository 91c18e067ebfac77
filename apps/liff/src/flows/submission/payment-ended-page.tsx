import { Loading, Notice, PageLayout } from '@city/ui';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { LoadFailure } from '../../components/load-failure.js';
import { HOME_PATH, paths } from '../../config/paths.js';
import { messageForScreen } from '../../lib/api-errors.js';
import { isOrderMissing } from '../../lib/orders.js';
import { clearPaymentInProgress, readPaymentInProgress } from '../../lib/payment-return.js';
import { messages } from '../../messages.js';
import { paymentMessages } from '../../payment-messages.js';
import { useCancelOrderMutation } from '../../store/api-slice.js';
import { useServices } from '../../store/hooks.js';
import { NotBooked, OrderNotFound } from './completed-payment-page.js';

/**
 * Where the provider returns when the citizen cancelled, or the payment could not be completed
 * (`?order={id}`). The order is cancelled at once, which frees its slots for others rather than
 * holding them until the hold lapses. If the payment won the race (paid, or refunded, or a refund
 * under way), the payment result screen shows that instead.
 */
function PaymentEndedPage({ title, message, next }: { title: string; message: string; next: string }) {
  const [search] = useSearchParams();
  const { storage } = useServices();
  const orderId = search.get('order') ?? readPaymentInProgress(storage)?.orderId ?? null;
  const [cancelOrder, result] = useCancelOrderMutation();
  // Once per order, even when React runs effects twice in development.
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (orderId === null || asked.current === orderId) return;
    asked.current = orderId;
    void cancelOrder(orderId).then(() => {
      clearPaymentInProgress(storage, orderId);
    });
  }, [cancelOrder, orderId, storage]);

  if (orderId === null) {
    return (
      <PageLayout title={title}>
        <Notice>{paymentMessages.noOrder}</Notice>
        <Link to={HOME_PATH}>{messages.goHome}</Link>
      </PageLayout>
    );
  }
  const order = result.data;
  if (isOrderMissing(result.error)) return <OrderNotFound />;
  if (result.isError) {
    return (
      <PageLayout title={title}>
        <LoadFailure
          message={messageForScreen(result.error)}
          onRetry={() => {
            void cancelOrder(orderId);
          }}
        />
      </PageLayout>
    );
  }
  if (order === undefined) return <Loading label={paymentMessages.endingPayment} />;
  if (order.status === 'paid' || order.status === 'refunded' || order.status === 'pending' || order.refundPending === true) {
    return <Navigate to={paths.completedPayment.to(order.orderId)} replace />;
  }
  return <NotBooked order={order} title={title} message={message} next={next} />;
}

/** `/canceledPayment?order={id}`: the citizen cancelled on the provider's page. */
export function CanceledPaymentPage() {
  return <PaymentEndedPage title={paymentMessages.canceledPaymentTitle} message={paymentMessages.canceledPayment} next={paymentMessages.canceledPaymentNext} />;
}

/** `/errorPayment?order={id}`: the payment could not be completed. */
export function ErrorPaymentPage() {
  return <PaymentEndedPage title={paymentMessages.errorPaymentTitle} message={paymentMessages.errorPayment} next={paymentMessages.errorPaymentNext} />;
}
