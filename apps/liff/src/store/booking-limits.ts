import type { BookingLimit, BookingLimitsQuery } from '@city/api-client';
import { isApiError } from '@city/api-client';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { apiSlice, servicesOf } from './api-slice.js';
import { failureOf } from './call-failure.js';
import { useAppSelector } from './hooks.js';

// Added by the screens that choose a slot (lazily, with them): the first screen does not need it.
export const bookingLimitsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The signed-in citizen's standing in each calendar at or below a category that limits how many
     * bookings one citizen holds (`calendars/booking_limits`), counted as the server counts at
     * 送信する. Loaded again with the calendars' counts (a booking, a change, a cancel).
     */
    getBookingLimits: build.query<BookingLimit[], BookingLimitsQuery>({
      queryFn: async (query, { extra, dispatch }) => {
        const result = await servicesOf(extra).api.getBookingLimits(query);
        return isApiError(result) ? { error: failureOf(result, dispatch) } : { data: result.data };
      },
      providesTags: ['CalendarSlots'],
    }),
  }),
});

/**
 * The calendars at or below `categoryId` in which the citizen already holds the most bookings
 * allowed (`reached`), so the screen can say so before a slot is chosen (the server refuses one
 * more at 送信する: 409 booking_limit_reached); `known` once the server has answered, or failed to
 * (then nothing counts as reached: the server still has the last word). An edit's own record does
 * not count: changing it gives its bookings up.
 */
export function useBookingLimitsReached(categoryId: string | undefined): { reached: BookingLimit[]; known: boolean } {
  const partitionKey = useAppSelector(({ survey }) => (survey.inEditingAppendingMode ? survey.selectedSurveyResults?.partitionKey : undefined));
  const { currentData, isError } = bookingLimitsApi.useGetBookingLimitsQuery(
    categoryId === undefined ? skipToken : { categoryId, ...(partitionKey === undefined ? {} : { partitionKey }) },
    { refetchOnMountOrArgChange: true },
  );
  return { reached: (currentData ?? []).filter((limit) => limit.activeBookings >= limit.maxActiveBookingsPerUser), known: currentData !== undefined || isError };
}
