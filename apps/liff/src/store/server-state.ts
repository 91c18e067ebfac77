// The state a screen the server rendered was rendered with (issue 31), handed to the app in the page
// so that it hydrates the very same screen without asking the server again: the answer in progress
// (which survey is open) and the server data (RTK Query's cache: the survey's configuration).
// Nothing of a citizen's: the server renders with no session.
import { createAction } from '@reduxjs/toolkit';
import type { SurveyState } from './survey-slice.js';

export interface ServerState {
  survey: SurveyState;
  /** RTK Query's part of the state, when the screen read server data. */
  api?: unknown;
}

/** Puts the server's data into the app's RTK Query cache (api-slice.ts's extractRehydrationInfo). */
export const serverDataHydrated = createAction<ServerState>('serverState/dataHydrated');
