// The state a screen the server rendered was rendered with (issue 31), handed to the app in the page
// so that it hydrates the very same screen without asking the server again: the answer in progress
// (which survey is open; the calendar's week) and the server data (RTK Query's cache: the survey's
// configuration; a calendar's places and slots).
// Nothing of a citizen's: the server renders with no session.
import { createAction } from '@reduxjs/toolkit';
import type { SurveyState } from './survey-slice.js';

export interface ServerState {
  survey: SurveyState;
  /** The day a calendar's week starts from, when the screen is one (the calendar slice's `anchor`). */
  calendarAnchor?: string;
  /** RTK Query's part of the state, when the screen read server data. */
  api?: unknown;
}

/**
 * Puts the server's data into the app's RTK Query cache (api-slice.ts's extractRehydrationInfo),
 * and the week's first day into the calendar slice (calendar-slice.ts).
 */
export const serverDataHydrated = createAction<ServerState>('serverState/dataHydrated');
