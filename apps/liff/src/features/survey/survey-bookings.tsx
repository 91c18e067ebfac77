// The survey form's bookings: the chosen slot's label, bookings an edit may no longer change, and
// where the citizen already holds the most bookings allowed.
// Only forms with a reservation item load this (survey-page.tsx): the booking code stays out of
// the files every other form needs before its first paint (docs/adr/0044-first-paint-from-the-html.md).
import type { Answers, SurveyConfig, SurveyResultRow } from '@city/survey-core';
import { answersFromRows, canChangeBooking } from '@city/survey-core';
import { Notice } from '@city/ui';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { BookingLimitNotice } from '../../components/booking-limit-notice.js';
import { deadlineRule, reservationItemsOf } from '../../lib/bookings.js';
import { messages } from '../../messages.js';
import { useServices } from '../../store/hooks.js';
import { useBookings } from '../../store/use-bookings.js';

/** What the bookings add to the form. */
export interface FormBookings {
  /** How a reservation answer reads (date, time, place). */
  slotLabel: ((value: string) => string | undefined) | undefined;
  /** Reservation items an edit may not change any more (past their change deadline). */
  lockedItemKeys: string[];
  /** Why those items are locked. */
  notices: ReactNode;
}

export default function SurveyBookings({
  config,
  answers,
  editedRows,
  children,
}: {
  config: SurveyConfig;
  answers: Answers;
  /** The stored rows of the record being edited, if any. */
  editedRows: readonly SurveyResultRow[] | undefined;
  children: (bookings: FormBookings) => ReactNode;
}) {
  const services = useServices();
  const shownRecord = useMemo(() => [{ config, answers }], [config, answers]);
  const bookings = useBookings(shownRecord);
  // An edit keeps a booking whose change deadline has passed: its slot is shown, not changeable.
  const editedRecord = useMemo(
    () => (editedRows === undefined ? [] : [{ config, answers: answersFromRows(config.surveySchema, editedRows) }]),
    [config, editedRows],
  );
  const editedBookings = useBookings(editedRecord);
  const now = services.now();
  const fixedBookings = [...editedBookings.views.values()].filter(
    (view) => view.start !== undefined && view.rules !== undefined && !canChangeBooking({ date: view.date, start: view.start }, view.rules, now),
  );
  const locked = fixedBookings.map((view) => view.item.itemKey);
  return children({
    slotLabel: bookings.label,
    lockedItemKeys: locked,
    notices: (
      <>
        {fixedBookings.map((view) =>
          view.rules === undefined ? null : <Notice key={view.item.itemKey}>{messages.changeClosed(deadlineRule(view.rules.changeClosesBefore))}</Notice>,
        )}
        {/* Said before 予約枠を選ぶ, not at 送信する: where the citizen already holds the most bookings allowed. */}
        {reservationItemsOf(config)
          .filter((item) => !locked.includes(item.itemKey))
          .map((item) => (
            <BookingLimitNotice key={item.itemKey} categoryId={item.categoryId} rootCategoryId={item.categoryId} />
          ))}
      </>
    ),
  });
}
