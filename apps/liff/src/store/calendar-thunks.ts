import type { Answers, ReservationItem } from '@city/survey-core';
import { formatReservationValue, reservationCost } from '@city/survey-core';
import { paths } from '../config/paths.js';
import { apiSlice } from './api-slice.js';
import { movedToCalendar, selectCalendar, slotChosen } from './calendar-slice.js';
import { createAppThunk } from './hooks.js';
import { answersChanged } from './survey-slice.js';

/** Where a reservation item's calendar opens. */
export interface OpenCalendar {
  surveyId: string;
  item: ReservationItem;
  /** The answers so far, kept while the citizen is on the calendar. */
  answers: Answers;
  /** Straight to this calendar (a change of a booking opens the booked one). */
  calendarId?: string;
  week?: number;
  notice?: string;
}

/**
 * The citizen leaves the form to choose a reservation item's slot: the answers so far are saved
 * with the item's name, cost and category (spec section 3), and the path to open is returned:
 * the item's own calendar when its category is itself bookable, else the category picker.
 */
export const openCalendar = createAppThunk('calendar/open', async (open: OpenCalendar, { dispatch }) => {
  const { surveyId, item, answers } = open;
  dispatch(
    movedToCalendar({
      surveyId,
      itemKey: item.itemKey,
      cost: reservationCost(item),
      categoryId: item.categoryId,
      answers,
      ...(open.week === undefined ? {} : { week: open.week }),
      ...(open.notice === undefined ? {} : { notice: open.notice }),
    }),
  );
  if (open.calendarId !== undefined) return paths.calendarSlots.to(open.calendarId);
  if (item.categoryId === undefined) return paths.calendar.to();
  // Usually in hand already (the form's slot label asked for them); if the call fails, the
  // picker shows why and offers to try again.
  let categories = await dispatch(apiSlice.endpoints.getCalendarCategories.initiate(undefined, { subscribe: false }));
  // Kept for the visit; a category staff made since (a new venue, a new calendar) is asked again for.
  if (categories.data?.find((category) => category.categoryId === item.categoryId)?.calendarId === undefined) {
    categories = await dispatch(apiSlice.endpoints.getCalendarCategories.initiate(undefined, { subscribe: false, forceRefetch: true }));
  }
  const calendarId = categories.data?.find((category) => category.categoryId === item.categoryId)?.calendarId;
  return calendarId === undefined ? paths.calendar.to() : paths.calendarSlots.to(calendarId);
});

/**
 * A slot was chosen on the calendar: the form gets back its answers, with this slot as the
 * reservation item's answer (`formatReservationValue`). Returns the form's path.
 */
export const chooseSlot = createAppThunk('calendar/chooseSlot', (slot: { categoryId: string; date: string; slotId: string }, { dispatch, getState }) => {
  const calendar = selectCalendar(getState());
  const { surveyId, reservationItemName } = calendar;
  if (surveyId === null || reservationItemName === null) throw new Error('chooseSlot needs a reservation item in hand (openCalendar).');
  // The answers in hand are the newest (browser back to the form and forward again keeps what was
  // typed there); the saved ones serve when the form's answers belong to another survey by now.
  const { survey } = getState();
  const answers = survey.surveyId === surveyId ? survey.surveyInput : (calendar.surveyResultsSavedWhenMovingToCalendar ?? {});
  dispatch(answersChanged({ ...answers, [reservationItemName]: formatReservationValue(slot) }));
  dispatch(slotChosen());
  return paths.survey.to(surveyId);
});
