// The survey form's bookings: the chosen slot's label, and bookings an edit may no longer change.
// Only forms with a reservation item load this (survey-page.tsx): the booking code stays out of
// the files every other form needs before its first paint (README, "First load").
import type { Answers, SurveyConfig, SurveyResultRow } from '@city/survey-core';
import { answersFromRows, canChangeBooking } from '@city/survey-core';
import { Notice } from '@city/ui';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { deadlineRule } from '../../lib/bookings.js';
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
  return children({
    slotLabel: bookings.label,
    lockedItemKeys: fixedBookings.map((view) => view.item.itemKey),
    notices: fixedBookings.map((view) =>
      view.rules === undefined ? null : <Notice key={view.item.itemKey}>{messages.changeClosed(deadlineRule(view.rules.changeClosesBefore))}</Notice>,
    ),
  });
}
