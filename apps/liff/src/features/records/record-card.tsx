import type { SurveyConfig } from '@city/survey-core';
import { isStaffOnlyItem } from '@city/survey-core';
import type { OrderView } from '@city/api-client';
import { describeAnswer, PaymentStatus } from '@city/ui';
import type { ReactNode } from 'react';
import { BookingSummaries } from '../../components/booking-summaries.js';
import { bookedNothing, showsCheckStatus } from '../../lib/orders.js';
import type { RecordView } from '../../lib/records.js';
import { messages } from '../../messages.js';
import { recordsMessages } from '../../records-messages.js';
import type { BookingView } from '../../store/use-bookings.js';

/** How many answers a list entry shows; the details screen shows them all. */
const SUMMARY_ITEMS = 3;

/**
 * A record in the list: its status, its bookings (date, time, place), its 受付番号 (what the citizen
 * quotes on the phone to the city hall) and its first other answers, titled from the schema.
 */
export function RecordCard({
  config,
  view,
  heading,
  bookings = [],
  payment,
  children,
}: {
  config: SurveyConfig;
  view: RecordView;
  heading: string;
  /** The record's bookings, shown in full whatever their place in the schema. */
  bookings?: readonly BookingView[];
  /** The record's order, when it buys something: how it stands. */
  payment?: OrderView | undefined;
  children?: ReactNode;
}) {
  const items = config.surveySchema
    .filter((item) => !isStaffOnlyItem(item) && item.type !== 'guide' && item.type !== 'reservation' && Object.hasOwn(view.answers, item.itemKey))
    .slice(0, SUMMARY_ITEMS);
  return (
    <article className="app-record" aria-label={heading} data-partition-key={view.record.partitionKey}>
      <h3 className="app-record__heading">
        {heading}
        {showsCheckStatus(view.record.check, payment) ? (
          <span className="app-record__status" data-status={view.record.check}>
            {recordsMessages.status}: {view.record.check}
          </span>
        ) : null}
      </h3>
      {payment === undefined ? null : (
        <p className="app-record__payment">
          <PaymentStatus status={payment.status} refundPending={payment.refundPending} />
        </p>
      )}
      <BookingSummaries views={bookings} check={view.record.check} notBooked={bookedNothing(payment)} />
      <dl className="city-confirm">
        {view.record.receiptNumber === undefined ? null : (
          <div className="city-confirm__row">
            <dt>{messages.receiptNumber}</dt>
            <dd className="app-record__receipt-number">{view.record.receiptNumber}</dd>
          </div>
        )}
        {items.map((item) => (
          <div key={item.itemKey} className="city-confirm__row">
            <dt>{item.title}</dt>
            <dd>{describeAnswer(item, view.answers[item.itemKey])}</dd>
          </div>
        ))}
      </dl>
      {children}
    </article>
  );
}
