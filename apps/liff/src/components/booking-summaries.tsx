import type { CheckStatus } from '@city/survey-core';
import { isClosedCheckStatus } from '@city/survey-core';
import { BookingSummary } from '@city/ui';
import { messages } from '../messages.js';
import type { BookingView } from '../store/use-bookings.js';

/**
 * The bookings among a record's answers (date with weekday, time, place), as confirm, receipt,
 * lists and details show them: one summary per reservation item, once its slot's times are in.
 * A closed record's (cancelled by the citizen, withdrawn by staff) no longer holds its slot, so
 * each summary says so first: unmarked, it would read as a booking still standing.
 */
export function BookingSummaries({ views, check }: { views: readonly BookingView[]; check?: CheckStatus | undefined }) {
  const closed = check !== undefined && isClosedCheckStatus(check);
  return (
    <>
      {views.map((view) =>
        view.start === undefined || view.end === undefined ? null : (
          <div key={view.item.itemKey} className={closed ? 'app-booking app-booking--closed' : 'app-booking'}>
            {closed ? <p className="app-booking__closed">{messages.bookingClosed}</p> : null}
            <BookingSummary title={view.what} date={view.date} start={view.start} end={view.end} place={view.place ?? ''} />
          </div>
        ),
      )}
    </>
  );
}
