import type { Answers, CalendarRules, SurveyConfig } from '@city/survey-core';
import { formatSlotDate, formatSlotTime } from '@city/ui';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo } from 'react';
import type { ReservationAnswer } from '../lib/bookings.js';
import { categoryNames, placeOf, reservationAnswersOf } from '../lib/bookings.js';
import { useGetCalendarCategoriesQuery } from './api-slice.js';
import { useGetBookedSlotsQuery } from './booked-slots.js';

/** A booking as the screens show it: BookingSummary's date, time and place, and what a change needs. */
export interface BookingView extends ReservationAnswer {
  date: string;
  /** `HH:MM`; absent while loading or when the slot is no longer there. */
  start?: string;
  end?: string;
  /** The venue's category names below the item's category (see placeOf). */
  place?: string;
  /** What is booked: the name of the category the item books in (特定健診), when it is above the venue. */
  what?: string;
  calendarId?: string;
  rules?: CalendarRules;
  /** `12月1日（火）10:00〜11:00 中央保健センター`: what the form, confirm screens and lists show. */
  label: string;
}

/**
 * The bookings among some records' answers (one record or a list), with their times and places:
 * one call for every slot named (getBookedSlots, the slots of each booking's one date). `label`
 * turns an answer into its words for SurveyForm and SurveyConfirm's `slotLabel`; until the times
 * are in, it gives the date alone.
 */
export function useBookings(records: readonly { config: SurveyConfig; answers: Answers }[]) {
  const answers = useMemo(() => records.flatMap(({ config, answers: recordAnswers }) => reservationAnswersOf(config, recordAnswers)), [records]);
  const values = useMemo(() => [...new Set(answers.map((answer) => answer.value))].sort(), [answers]);
  const booked = useGetBookedSlotsQuery(values.length === 0 ? skipToken : values);
  const categories = useGetCalendarCategoriesQuery(values.length === 0 ? skipToken : undefined);
  const views = useMemo(() => {
    const byValue = new Map<string, BookingView>();
    for (const answer of answers) {
      const found = booked.currentData?.find((slot) => slot.value === answer.value);
      const place = found?.category === undefined ? undefined : placeOf(found.category, categories.currentData ?? [], answer.item.categoryId);
      const root = categories.currentData?.find((category) => category.categoryId === answer.item.categoryId);
      const what = root === undefined || root.categoryId === answer.slot.categoryId ? undefined : categoryNames(root).at(-1);
      const time = found?.slot === undefined ? '' : formatSlotTime(found.slot.start, found.slot.end);
      const view: BookingView = {
        ...answer,
        date: answer.slot.date,
        label: `${formatSlotDate(answer.slot.date)}${time}${place === undefined ? '' : ` ${place}`}`,
        ...(found?.slot === undefined ? {} : { start: found.slot.start, end: found.slot.end }),
        ...(place === undefined ? {} : { place }),
        ...(what === undefined ? {} : { what }),
        ...(found?.category?.calendarId === undefined ? {} : { calendarId: found.category.calendarId }),
        ...(found?.rules === undefined ? {} : { rules: found.rules }),
      };
      if (!byValue.has(answer.value)) byValue.set(answer.value, view);
    }
    return byValue;
  }, [answers, booked.currentData, categories.currentData]);
  return {
    /** Every booking, by its answer. */
    views,
    /** SurveyForm's and SurveyConfirm's `slotLabel`. */
    label: (value: string) => views.get(value)?.label,
    loading: booked.isFetching && booked.currentData === undefined,
    error: booked.error,
    refetch: () => void booked.refetch(),
  };
}
