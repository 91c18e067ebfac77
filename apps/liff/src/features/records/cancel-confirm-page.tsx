import { isClosedCheckStatus } from '@city/survey-core';
import { Button, formatYen, Loading, Notice, PageLayout, SurveyConfirm, useToast } from '@city/ui';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { BookingSummaries } from '../../components/booking-summaries.js';
import { paths } from '../../config/paths.js';
import { messageForScreen } from '../../lib/api-errors.js';
import { answersShown, bookedNothing, isPaidBooking, ordersByRecord } from '../../lib/orders.js';
import { recordsMessages } from '../../records-messages.js';
import { paymentMessages } from '../../payment-messages.js';
import { useCancelRecordMutation, useGetOrdersQuery } from '../../store/api-slice.js';
import { useAppSelector } from '../../store/hooks.js';
import { useBookings } from '../../store/use-bookings.js';
import { NoRecordInHand } from './no-record-in-hand.js';
import { selectValuesForCancel } from './records-slice.js';
import { useRecordInHand } from './use-record-in-hand.js';

/** Cancel confirmation (`/cancelConfirm`, `/cancelConfirm/{id}`): what will be cancelled, then cancel. */
export function CancelConfirmPage() {
  const navigate = useNavigate();
  const showToast = useToast();
  const key = useAppSelector(selectValuesForCancel);
  const { found, loading } = useRecordInHand(key);
  const [cancelRecord, cancellation] = useCancelRecordMutation();
  const shown = useMemo(() => (found === undefined ? [] : [{ config: found.config, answers: found.view.answers }]), [found]);
  const bookings = useBookings(shown);
  // What cancelling does to the record's payment is said before the citizen confirms: a paid
  // booking is refunded, a pending payment given up.
  const orders = useGetOrdersQuery(undefined, { refetchOnMountOrArgChange: true });
  const order = useMemo(() => (key === null ? undefined : ordersByRecord(orders.currentData ?? []).get(key.partitionKey)), [orders.currentData, key]);
  const ordersKnown = orders.currentData !== undefined || orders.isError;

  if (loading) return <Loading />;
  if (found === undefined) return <NoRecordInHand title={recordsMessages.cancelTitle} />;
  const { config, view } = found;
  const { record } = view;
  const closed = isClosedCheckStatus(record.check);
  const cancelError = cancellation.isError ? messageForScreen(cancellation.error) : null;
  const paid = isPaidBooking(order);
  const cancel = async () => {
    const result = await cancelRecord({ surveyId: record.surveyId, partitionKey: record.partitionKey });
    if (result.error === undefined) {
      showToast(paid ? paymentMessages.cancelledRefund : recordsMessages.cancelled);
      void navigate(paths.confirmList.to(record.surveyId), { replace: true });
    }
  };
  return (
    <PageLayout title={recordsMessages.cancelTitle}>
      {closed ? <Notice>{recordsMessages.closedRecord}</Notice> : <p>{recordsMessages.cancelLead}</p>}
      {closed || order === undefined ? null : paid ? (
        <Notice>{paymentMessages.cancelPaidLead(formatYen(order.total))}</Notice>
      ) : order.status === 'pending' ? (
        <Notice>{paymentMessages.cancelPendingLead}</Notice>
      ) : null}
      <BookingSummaries views={[...bookings.views.values()]} check={record.check} notBooked={bookedNothing(order)} />
      <SurveyConfirm config={config} answers={answersShown(config.surveySchema, view.answers, order)} slotLabel={bookings.label} />
      {cancelError !== null ? <Notice tone="error">{cancelError}</Notice> : null}
      <div className="app-actions">
        <Button
          variant="secondary"
          disabled={cancellation.isLoading}
          onClick={() => {
            void navigate(paths.confirmDetails.to(), { replace: true });
          }}
        >
          {recordsMessages.cancelBack}
        </Button>
        <Button variant="danger" disabled={cancellation.isLoading || closed || !ordersKnown} aria-busy={cancellation.isLoading} onClick={() => void cancel()}>
          {cancellation.isLoading ? recordsMessages.cancelling : recordsMessages.cancelDo}
        </Button>
      </div>
    </PageLayout>
  );
}
