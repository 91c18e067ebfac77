import { Button, Loading, Notice, OrderSummary, PageLayout, paymentMethodLabel, ReceiptDocument } from '@city/ui';
import { Link } from 'react-router';
import { LoadFailure } from '../../components/load-failure.js';
import { paths } from '../../config/paths.js';
import { messageForScreen } from '../../lib/api-errors.js';
import { isOrderMissing, isPaidBooking } from '../../lib/orders.js';
import { messages } from '../../messages.js';
import { paymentMessages } from '../../payment-messages.js';
import { useGetOrderQuery } from '../../store/api-slice.js';
import { useAppSelector, useServices } from '../../store/hooks.js';
import { OrderFacts, OrderNotFound } from './completed-payment-page.js';
import { BookingSummaries } from '../../components/booking-summaries.js';
import { useOrderRecord } from './order-booking.js';

const dateTimeFormat = new Intl.DateTimeFormat('ja-JP', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Tokyo' });

/**
 * The receipt of an order (`/receipt?order={id}`), read from the server so it works after the
 * provider's full page return and on a reload: 受付番号, what was booked and bought, the amounts,
 * how and when it was paid, and, once paid, the printable 領収書.
 */
export function OrderReceipt({ orderId }: { orderId: string }) {
  const { now } = useServices();
  const citizen = useAppSelector((state) => state.session.lineUser?.displayName ?? '');
  const { currentData: order, isError, error, refetch } = useGetOrderQuery(orderId, { refetchOnMountOrArgChange: true });
  const record = useOrderRecord(order);
  if (isOrderMissing(error)) return <OrderNotFound />;
  if (isError) {
    return (
      <PageLayout title={paymentMessages.orderReceiptTitle}>
        <LoadFailure message={messageForScreen(error)} onRetry={() => void refetch()} />
      </PageLayout>
    );
  }
  // The booking above the amounts is waited for too: drawn later, it would push the receipt down.
  // Under its heading, which a page load shows at once (the server renders it: issue 31).
  if (order === undefined || !record.settled) {
    return (
      <PageLayout title={paymentMessages.orderReceiptTitle}>
        <Loading label={paymentMessages.orderLoading} />
      </PageLayout>
    );
  }
  // No 領収書 for money being given back (a paid booking cancelled, its refund pending).
  const paid = isPaidBooking(order);
  return (
    <PageLayout title={paymentMessages.orderReceiptTitle}>
      <div className="app-no-print">
        <OrderFacts order={order} />
        <dl className="app-receipt">
          {order.paymentMethod === undefined ? null : (
            <div>
              <dt>{paymentMessages.orderPaymentMethod}</dt>
              <dd>{paymentMethodLabel(order.paymentMethod)}</dd>
            </div>
          )}
          {order.paidAt === undefined ? null : (
            <div>
              <dt>{paymentMessages.orderPaidAt}</dt>
              <dd>{dateTimeFormat.format(order.paidAt)}</dd>
            </div>
          )}
        </dl>
        <BookingSummaries views={record.bookings} />
        <OrderSummary lines={order.lines} total={order.total} />
      </div>
      {paid ? (
        <ReceiptDocument
          recipientName={citizen}
          total={order.total}
          proviso={order.issuer.proviso}
          receiptNumber={order.receiptNumber}
          lines={order.lines}
          paymentMethod={order.paymentMethod}
          paidAt={order.paidAt}
          issuedAt={now()}
          issuer={order.issuer}
        />
      ) : (
        <Notice>{order.refundPending === true ? paymentMessages.receiptRefundPending : order.status === 'refunded' ? paymentMessages.receiptRefunded : paymentMessages.receiptNotIssued}</Notice>
      )}
      <ReceiptActions surveyId={order.surveyId} printable={paid} />
    </PageLayout>
  );
}

/** Under a receipt, never printed: 印刷する (when there is something to print) and the citizen's answers. */
export function ReceiptActions({ surveyId, printable }: { surveyId: string; printable: boolean }) {
  return (
    <div className="app-actions app-no-print">
      {printable ? (
        <Button
          variant="secondary"
          onClick={() => {
            window.print();
          }}
        >
          {messages.print}
        </Button>
      ) : null}
      <Link className="city-button city-button--primary" to={paths.confirmList.to(surveyId)}>
        {messages.seeMyAnswers}
      </Link>
    </div>
  );
}
