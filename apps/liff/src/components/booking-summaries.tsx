import { BookingSummary } from '@city/ui';
import type { BookingView } from '../store/use-bookings.js';

/**
 * The bookings among a record's answers (date with weekday, time, place), as confirm, receipt,
 * lists and details show them: one summary per reservation item, once its slot's times are in.
 */
export function BookingSummaries({ views }: { views: readonly BookingView[] }) {
  return (
    <>
      {views.map((view) =>
        view.start === undefined || view.end === undefined ? null : (
          <BookingSummary key={view.item.itemKey} title={view.what} date={view.date} start={view.start} end={view.end} place={view.place ?? ''} />
        ),
      )}
    </>
  );
}
