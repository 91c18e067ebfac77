import type { OrderView } from '@city/api-client';
import { canChangeBooking, isClosedCheckStatus } from '@city/survey-core';
import { Button, Loading, Notice, PageLayout, PaymentStatus, SurveyConfirm } from '@city/ui';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { BookingSummaries } from '../../components/booking-summaries.js';
import { paths } from '../../config/paths.js';
import { messageForScreen } from '../../lib/api-errors.js';
import { deadlineRule } from '../../lib/bookings.js';
import { answersShown, bookedNothing, isPaidBooking, ordersByRecord, payByOf, refundMessage, showsCheckStatus } from '../../lib/orders.js';
import { messages } from '../../messages.js';
import { recordsMessages } from '../../records-messages.js';
import { paymentMessages } from '../../payment-messages.js';
import { useCancelOrderMutation, useGetOrdersQuery } from '../../store/api-slice.js';
import { openCalendar } from '../../store/calendar-thunks.js';
import { useAppDispatch, useAppSelector, useServices } from '../../store/hooks.js';
import { answersWithProducts } from '../../store/survey-slice.js';
import { startEdit } from '../../store/survey-thunks.js';
import { useBookings } from '../../store/use-bookings.js';
import { NoRecordInHand } from './no-record-in-hand.js';
import { cancelChosen, selectSelectedRecordKey } from './records-slice.js';
import { useRecordInHand } from './use-record-in-hand.js';

const holdEndFormat = new Intl.DateTimeFormat('ja-JP', { month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Tokyo' });

/**
 * One record in full (`/confirmDetails`), with the way to change or cancel it. A booking can be
 * moved to another slot (予約日時を変更する, through the calendar and the edit flow) or cancelled
 * until its calendar's change deadline; after it, the screen says why it cannot.
 */
export function DetailsPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { now, navigateAway } = useServices();
  const key = useAppSelector(selectSelectedRecordKey);
  const { found, loading } = useRecordInHand(key);
  const shown = useMemo(() => (found === undefined ? [] : [{ config: found.config, answers: found.view.answers }]), [found]);
  const bookings = useBookings(shown);
  // The record's order (the list asked for them all; asked again here so the state is current).
  const orders = useGetOrdersQuery(undefined, { refetchOnMountOrArgChange: true });
  const [cancelOrder, cancelling] = useCancelOrderMutation();
  const order = useMemo(() => (key === null ? undefined : ordersByRecord(orders.currentData ?? []).get(key.partitionKey)), [orders.currentData, key]);
  // Until the orders are known, nothing is offered that a payment forbids (if they fail, the
  // server still refuses to change a paid record, with its message).
  const ordersKnown = orders.currentData !== undefined || orders.isError;

  if (loading) return <Loading />;
  if (key === null || found === undefined) return <NoRecordInHand title={recordsMessages.detailsTitle} />;
  const { config, view } = found;
  const { record } = view;
  const closed = isClosedCheckStatus(record.check);
  const booked = [...bookings.views.values()];
  // The change deadline of each booking, by its calendar's rules (the server enforces the same).
  const pastDeadline = booked.filter((booking) => booking.start !== undefined && booking.rules !== undefined && !canChangeBooking({ date: booking.date, start: booking.start }, booking.rules, now()));
  // A paid booking is changed keeping its payment: the edit is given what the order bought.
  const paid = isPaidBooking(order);
  const paidProducts = paid ? order?.lines : undefined;
  const answers = paidProducts === undefined ? view.answers : answersWithProducts(config.surveySchema, view.answers, paidProducts);
  // A payment that booked nothing leaves no slot to move.
  const notBooked = bookedNothing(order);
  const changeable = closed || notBooked || !ordersKnown ? [] : booked.filter((booking) => booking.calendarId !== undefined && booking.rules !== undefined && !pastDeadline.includes(booking));
  const changeSlot = async (booking: (typeof booked)[number]) => {
    await dispatch(startEdit({ config, record, paidProducts }));
    const opened = await dispatch(openCalendar({ surveyId: record.surveyId, item: booking.item, answers, ...(booking.calendarId === undefined ? {} : { calendarId: booking.calendarId }) }));
    if (openCalendar.fulfilled.match(opened)) void navigate(opened.payload);
  };
  return (
    <PageLayout title={recordsMessages.detailsTitle}>
      {showsCheckStatus(record.check, order) ? (
        <p className="app-record__status" data-status={record.check}>
          {recordsMessages.status}: {record.check}
        </p>
      ) : null}
      {order === undefined ? null : (
        <p className="app-record__payment">
          <PaymentStatus status={order.status} refundPending={order.refundPending} />
        </p>
      )}
      {record.receiptNumber === undefined ? null : (
        <dl className="app-receipt">
          <div>
            <dt>{messages.receiptNumber}</dt>
            <dd className="app-receipt__number">{record.receiptNumber}</dd>
          </div>
        </dl>
      )}
      <BookingSummaries views={booked} check={record.check} notBooked={notBooked} />
      {order?.status === 'pending' ? (
        <>
          <Notice>{paymentMessages.paymentPending(holdEndFormat.format(payByOf(order)))}</Notice>
          {cancelling.isError ? <Notice tone="error">{messageForScreen(cancelling.error)}</Notice> : null}
          <div className="app-actions">
            {order.paymentUrl === undefined || order.paymentUrl === '' ? null : (
              <Button
                onClick={() => {
                  if (order.paymentUrl !== undefined) navigateAway(order.paymentUrl);
                }}
              >
                {paymentMessages.continuePayment}
              </Button>
            )}
            <Button
              variant="secondary"
              disabled={cancelling.isLoading}
              aria-busy={cancelling.isLoading}
              onClick={() => {
                // The order's and the records' lists load again (the mutation's tags).
                void cancelOrder(order.orderId);
              }}
            >
              {cancelling.isLoading ? paymentMessages.stoppingPayment : paymentMessages.stopPayment}
            </Button>
          </div>
        </>
      ) : null}
      {order === undefined ? null : <RefundNotice order={order} bookingCancelled={closed} />}
      {paid && order !== undefined ? (
        <p>
          <Link className="city-button city-button--secondary" to={paths.receipt.to(order.orderId)}>
            {paymentMessages.showReceipt}
          </Link>
        </p>
      ) : null}
      <SurveyConfirm config={config} answers={answersShown(config.surveySchema, view.answers, order)} slotLabel={bookings.label} />
      {closed ? <Notice>{recordsMessages.closedRecord}</Notice> : null}
      {closed || bookings.error === undefined ? null : <Notice tone="error">{messages.bookingsLoadFailed}</Notice>}
      {closed
        ? null
        : pastDeadline.map((booking) => (booking.rules === undefined ? null : <Notice key={booking.item.itemKey}>{messages.changeClosed(deadlineRule(booking.rules.changeClosesBefore))}</Notice>))}
      <div className="app-actions">
        {changeable.map((booking) => (
          <Button key={booking.item.itemKey} onClick={() => void changeSlot(booking)}>
            {booked.length > 1 ? `${booking.item.title}: ${messages.changeSlot}` : messages.changeSlot}
          </Button>
        ))}
        <Button
          variant="secondary"
          disabled={closed || !ordersKnown}
          onClick={() => {
            void dispatch(startEdit({ config, record, paidProducts }));
            void navigate(paths.survey.to(record.surveyId));
          }}
        >
          {recordsMessages.edit}
        </Button>
        <Button
          variant="danger"
          disabled={closed || pastDeadline.length > 0}
          onClick={() => {
            dispatch(cancelChosen({ surveyId: record.surveyId, partitionKey: record.partitionKey, list: key.list }));
            void navigate(paths.cancelConfirm.to(record.surveyId));
          }}
        >
          {recordsMessages.cancelRecord}
        </Button>
      </div>
      <p>
        <Link to={paths.confirmList.to(record.surveyId)}>{recordsMessages.backToList}</Link>
      </p>
    </PageLayout>
  );
}

/** Money that came in and is being given back (a paid booking cancelled, or a slot lost at payment). */
function RefundNotice({ order, bookingCancelled }: { order: OrderView; bookingCancelled: boolean }) {
  const message = refundMessage(order, bookingCancelled);
  return message === null ? null : <Notice>{message}</Notice>;
}
