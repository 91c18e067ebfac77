import { Notice, PageLayout, SurveyConfirm } from '@city/ui';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { BookingSummaries } from '../../components/booking-summaries.js';
import { NothingToShow } from '../../components/nothing-to-show.js';
import { paths } from '../../config/paths.js';
import { messages } from '../../messages.js';
import { useAppSelector } from '../../store/hooks.js';
import { useBookings } from '../../store/use-bookings.js';
import { OrderReceipt, ReceiptActions } from './order-receipt.js';
import { selectReceipt } from './submission-slice.js';

const dateTimeFormat = new Intl.DateTimeFormat('ja-JP', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Tokyo' });

/**
 * The receipt: of a paid order with `?order={id}` (asked for from the server: the store is empty
 * after the payment provider's full page return), else of the submission just sent, from the store:
 * 受付番号, what was sent, when; printable.
 */
export function ReceiptPage() {
  const [search] = useSearchParams();
  const orderId = search.get('order');
  return orderId === null ? <SubmissionReceipt /> : <OrderReceipt orderId={orderId} />;
}

function SubmissionReceipt() {
  const receipt = useAppSelector(selectReceipt);
  const sent = useMemo(() => (receipt === null ? [] : [{ config: receipt.config, answers: receipt.answers }]), [receipt]);
  const bookings = useBookings(sent);
  if (receipt === null) {
    // Nothing was sent in this visit (a bookmark, a reload): no success heading without a receipt.
    return <NothingToShow title={messages.noReceiptTitle} message={messages.noReceipt} primary={{ to: paths.confirmList.to(), label: messages.seeMyAnswers }} />;
  }
  return (
    <PageLayout title={receipt.receiptNumber === null ? messages.notSentTitle : messages.receiptTitle}>
      {receipt.receiptNumber === null ? (
        <Notice>{messages.notSentCancelPost}</Notice>
      ) : (
        <>
          <p>{messages.receiptLead}</p>
          <dl className="app-receipt">
            <div>
              <dt>{messages.receiptNumber}</dt>
              <dd className="app-receipt__number" data-testid="receipt-number">
                {receipt.receiptNumber}
              </dd>
            </div>
            <div>
              <dt>{messages.receiptSurvey}</dt>
              <dd>{receipt.config.surveyTitle ?? receipt.surveyId}</dd>
            </div>
            <div>
              <dt>{messages.receiptDate}</dt>
              <dd>{dateTimeFormat.format(receipt.submittedAt)}</dd>
            </div>
          </dl>
        </>
      )}
      <BookingSummaries views={[...bookings.views.values()]} />
      <h2 className="app-section-title">{messages.receiptContents}</h2>
      <SurveyConfirm config={receipt.config} answers={receipt.answers} slotLabel={bookings.label} />
      <ReceiptActions surveyId={receipt.surveyId} printable />
    </PageLayout>
  );
}
