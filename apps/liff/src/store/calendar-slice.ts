import type { Answers } from '@city/survey-core';
import { DEFAULT_RESERVATION_COST } from '@city/survey-core';
import type { PayloadAction, WithSlice } from '@reduxjs/toolkit';
import { createSlice } from '@reduxjs/toolkit';
import { rootReducer } from './root-reducer.js';
import { serverDataHydrated } from './server-state.js';
import { editStarted, newAnswerStarted, surveyOpened } from './survey-slice.js';

/**
 * The slot the citizen is choosing, for which survey item (spec section 3's calendar state). The
 * categories, their labels (categoryLabels) and each calendar's rules (calendarSettings) are server
 * data: store/api-slice.ts's getCalendarCategoriesTree, getCalendarDisplaySettings and
 * getCalendarSlots.
 */
export interface CalendarState {
  /** The survey whose reservation item the calendar is for. */
  surveyId: string | null;
  /** That item's itemKey (spec: reservationItemName). */
  reservationItemName: string | null;
  /** Units one booking through the item takes (spec: reservationItemCost, default 1). */
  reservationItemCost: number;
  /** The category the item books in; the citizen picks below it (spec: categoryValues). */
  categoryValues: { rootCategoryId: string | null };
  /**
   * The answers when the citizen left the form for the calendar; choosing a slot returns to the
   * form with these and the slot (spec: surveyResultsSavedWhenMovingToCalendar).
   */
  surveyResultsSavedWhenMovingToCalendar: Answers | null;
  /** The week shown: 0 is the one starting today (never earlier). */
  week: number;
  /** Why the citizen is back on the calendar (a slot lost to someone else), until a slot is chosen. */
  notice: string | null;
  /**
   * The day week 0 starts from, when the server rendered the week (its today in Japan; issue 31):
   * the screen hydrates with the very week the server drew. Null: this device's today in Japan.
   */
  anchor: string | null;
}

export const initialCalendarState: CalendarState = {
  surveyId: null,
  reservationItemName: null,
  reservationItemCost: DEFAULT_RESERVATION_COST,
  categoryValues: { rootCategoryId: null },
  surveyResultsSavedWhenMovingToCalendar: null,
  week: 0,
  notice: null,
  anchor: null,
};

/** The citizen leaves the form for the calendar, to choose the slot of one reservation item. */
export interface MoveToCalendar {
  surveyId: string;
  itemKey: string;
  cost: number;
  categoryId: string | undefined;
  answers: Answers;
  /** The week to show first (default: this week). */
  week?: number;
  notice?: string;
}

export const calendarSlice = createSlice({
  name: 'calendar',
  initialState: initialCalendarState,
  reducers: {
    movedToCalendar(_state, action: PayloadAction<MoveToCalendar>) {
      const move = action.payload;
      return {
        surveyId: move.surveyId,
        reservationItemName: move.itemKey,
        reservationItemCost: move.cost,
        categoryValues: { rootCategoryId: move.categoryId ?? null },
        surveyResultsSavedWhenMovingToCalendar: move.answers,
        week: move.week ?? 0,
        notice: move.notice ?? null,
        anchor: null,
      };
    },
    weekShown(state, action: PayloadAction<number>) {
      state.week = Math.max(0, action.payload);
    },
    /** The server draws the week from its own today (entry-server.tsx). */
    weekAnchored(state, action: PayloadAction<string>) {
      state.anchor = action.payload;
    },
    /** A slot was chosen: the answers went back to the form (survey slice), the notice is done. */
    slotChosen(state) {
      state.notice = null;
    },
  },
  extraReducers: (builder) => {
    // Another survey, another answer or an edit of a record: a slot chosen earlier is not theirs.
    builder
      .addCase(surveyOpened, (state, action) => (state.surveyId === action.payload ? state : initialCalendarState))
      .addCase(newAnswerStarted, () => initialCalendarState)
      .addCase(editStarted, () => initialCalendarState)
      .addCase(serverDataHydrated, (state, action) => {
        if (action.payload.calendarAnchor !== undefined) state.anchor = action.payload.calendarAnchor;
      });
  },
  selectors: {
    selectCalendar: (state) => state,
  },
});

declare module './root-reducer.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the root state gains this slice
  export interface LazyLoadedSlices extends WithSlice<typeof calendarSlice> {}
}

/** In the store from the moment a screen that moves to or shows the calendar loads. */
const injectedCalendarSlice = calendarSlice.injectInto(rootReducer);

export const { movedToCalendar, weekShown, weekAnchored, slotChosen } = calendarSlice.actions;
export const { selectCalendar } = injectedCalendarSlice.selectors;
