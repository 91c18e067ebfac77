import type { CheckStatus } from '@city/survey-core';
import { isClosedCheckStatus } from '@city/survey-core';
import { BookingSummary } from '@city/ui';
import { recordsMessages } from '../records-messages.js';
import type { BookingView } from '../store/use-bookings.js';

/**
 * The bookings among a record's answers (date with weekday, time, place), as confirm, receipt,
 * lists and details show them: one summary per reservation item, once its slot's times are in.
 * A closed record's (cancelled by the citizen, withdrawn by staff) no longer holds its slot, so
 * each summary says so first: unmarked, it would read as a booking still standing. So does an
 * open record whose payment booked nothing (`notBooked`: unpaid, or the money given back).
 */
export function BookingSummaries({ views, check, notBooked = false }: { views: readonly BookingView[]; check?: CheckStatus | undefined; notBooked?: boolean }) {
  const cancelled = check !== undefined && isClosedCheckStatus(check);
  const closed = cancelled || notBooked;
  return (
    <>
      {views.map((view) =>
        view.start === undefined || view.end === undefined ? null : (
          <div key={view.item.itemKey} className={closed ? 'app-booking app-booking--closed' : 'app-booking'}>
            {closed ? <p className="app-booking__closed">{cancelled ? recordsMessages.bookingClosed : recordsMessages.bookingNotMade}</p> : null}
            <BookingSummary title={view.what} date={view.date} start={view.start} end={view.end} place={view.place ?? ''} />
          </div>
        ),
      )}
    </>
  );
}
