import { answersFromRows, todayInJapan } from '@city/survey-core';
import type { CallFailure } from '../../lib/api-errors.js';
import { reservationAnswersOf, weekOf } from '../../lib/bookings.js';
import { calendarMessages } from '../../calendar-messages.js';
import { apiSlice, selectSurveyConfigInHand } from '../../store/api-slice.js';
import { openCalendar } from '../../store/calendar-thunks.js';
import { createAppThunk } from '../../store/hooks.js';
import { answersChanged } from '../../store/survey-slice.js';

/**
 * Someone else took the last units of the chosen slot between viewing and confirming (putItem
 * answered 409 slot_full). The slot answer is cleared (or, in an edit, set back to the record's
 * own booking), every other answer kept, the calendar's counts are asked for again, and the
 * citizen returns to that calendar, on the week of the lost slot, with a message saying what
 * happened. Returns the calendar's path.
 */
export const returnToCalendarAfterSlotLost = createAppThunk('submission/slotLost', async (failure: CallFailure, { getState, dispatch, extra }) => {
  const { survey } = getState();
  const config = selectSurveyConfigInHand(getState(), survey.surveyId);
  if (config === undefined) throw new Error('returnToCalendarAfterSlotLost needs the survey in hand.');
  const booked = reservationAnswersOf(config, survey.surveyInput);
  // The server names the item when it can (fields); a survey has one reservation item as a rule.
  const lost = booked.find((answer) => failure.fields?.[answer.item.itemKey] !== undefined) ?? booked[0];
  if (lost === undefined) throw new Error('A slot was lost, but no reservation answer names one.');
  const itemKey = lost.item.itemKey;
  const answers = Object.fromEntries(Object.entries(survey.surveyInput).filter(([key]) => key !== itemKey));
  // In an edit the record's answer is the citizen's current booking, which still holds: an empty
  // answer sent for an optional item would cancel it, so the answer goes back to that booking.
  const edited = survey.inEditingAppendingMode ? survey.selectedSurveyResults : null;
  if (edited !== null) {
    const current = answersFromRows(config.surveySchema, edited.rows)[itemKey];
    if (current !== undefined) answers[itemKey] = current;
  }
  dispatch(answersChanged(answers));
  const categories = await dispatch(apiSlice.endpoints.getCalendarCategories.initiate(undefined, { subscribe: false }));
  const calendarId = categories.data?.find((category) => category.categoryId === lost.slot.categoryId)?.calendarId;
  dispatch(apiSlice.util.invalidateTags(calendarId === undefined ? ['CalendarSlots'] : [{ type: 'CalendarSlots', id: calendarId }]));
  const opened = await dispatch(
    openCalendar({
      surveyId: config.surveyId,
      item: lost.item,
      answers,
      ...(calendarId === undefined ? {} : { calendarId }),
      week: weekOf(todayInJapan(extra.now()), lost.slot.date),
      notice: calendarMessages.slotFull,
    }),
  );
  if (!openCalendar.fulfilled.match(opened)) throw new Error('The calendar could not be opened again.');
  return opened.payload;
});
