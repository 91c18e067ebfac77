import { parseReservationValue } from '@city/survey-core';
import type { BookedSlot } from '../lib/bookings.js';
import { apiSlice, failedWith } from './api-slice.js';

// Added by the screens that show bookings (lazily, with them): reading a reservation answer needs
// core's answer format, which the app's first screen does not.
export const bookedSlotsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The slots reservation answers name (`<categoryId>|<date>|<slotId>`), as confirm, receipt,
     * lists and details show them: each answer's category (place names, calendar) and its slot
     * (times) with the calendar's rules, read with one slots call for that one date. An answer
     * whose category or slot no longer exists comes back without them.
     */
    getBookedSlots: build.query<BookedSlot[], readonly string[]>({
      queryFn: async (values, { dispatch }) => {
        const categories = await dispatch(apiSlice.endpoints.getCalendarCategories.initiate(undefined, { subscribe: false }));
        if (categories.data === undefined) return failedWith(categories.error);
        const booked: BookedSlot[] = [];
        for (const value of new Set(values)) {
          const ref = parseReservationValue(value);
          if (ref === undefined) continue;
          const category = categories.data.find((candidate) => candidate.categoryId === ref.categoryId);
          const found: BookedSlot = { value, ...ref, ...(category === undefined ? {} : { category }) };
          if (category?.calendarId !== undefined) {
            // Fresh: the rules decide whether the booking may still be changed.
            const slots = await dispatch(
              apiSlice.endpoints.getCalendarSlots.initiate({ calendarId: category.calendarId, from: ref.date, to: ref.date }, { subscribe: false, forceRefetch: true }),
            );
            if (slots.data === undefined) return failedWith(slots.error);
            const slot = slots.data.slots.find((candidate) => candidate.slotId === ref.slotId);
            found.rules = slots.data.rules;
            if (slot !== undefined) found.slot = slot;
          }
          booked.push(found);
        }
        return { data: booked };
      },
      // Loaded again with the calendars' counts (a booking, a change, a cancel, a refusal).
      providesTags: ['CalendarSlots'],
    }),
  }),
});

export const { useGetBookedSlotsQuery } = bookedSlotsApi;
