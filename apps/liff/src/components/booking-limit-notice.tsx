import { Notice } from '@city/ui';
import { placeOf } from '../lib/bookings.js';
import { calendarMessages } from '../calendar-messages.js';
import { useGetCalendarCategoriesQuery } from '../store/api-slice.js';
import { useBookingLimitsReached } from '../store/booking-limits.js';

/**
 * Says, before a slot is chosen, where the citizen already holds the most bookings allowed (the
 * survey form and the category picker: below the item's category; the week: its calendar's).
 * Nothing when no limit is reached.
 */
export function BookingLimitNotice({ categoryId, rootCategoryId }: { categoryId: string | undefined; rootCategoryId: string | undefined }) {
  const { reached } = useBookingLimitsReached(categoryId);
  const categories = useGetCalendarCategoriesQuery(undefined, { skip: reached.length === 0 });
  if (reached.length === 0) return null;
  const places = reached.map((limit) => {
    const category = categories.currentData?.find((candidate) => candidate.categoryId === limit.categoryId);
    return { place: category === undefined ? undefined : placeOf(category, categories.currentData ?? [], rootCategoryId), limit };
  });
  const [only] = places;
  // One calendar (the week of it, or an item that books in one place): no place to name.
  if (only !== undefined && places.length === 1 && only.limit.categoryId === categoryId) {
    return <Notice tone="warning">{calendarMessages.bookingLimitReachedHere(only.limit.maxActiveBookingsPerUser, only.limit.activeBookings)}</Notice>;
  }
  return (
    <Notice tone="warning">
      {calendarMessages.bookingLimitReachedAt(places.map(({ place, limit }) => calendarMessages.bookingLimitPlace(place ?? calendarMessages.bookingLimitUnnamedPlace, limit.maxActiveBookingsPerUser)).join('、'))}
    </Notice>
  );
}
