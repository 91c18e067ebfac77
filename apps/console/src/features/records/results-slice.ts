// What a staff member is doing on a survey's results list: the filter typed, the filter applied
// and the pages turned. Kept in the store, so opening a record and coming back finds the list as
// it was left.
import type { RecordFilter } from '@city/api-client/staff-contract';
import type { PayloadAction, WithSlice } from '@reduxjs/toolkit';
import { createSlice } from '@reduxjs/toolkit';
import type { FilterForm } from '../../lib/record-filter.js';
import { emptyFilterForm } from '../../lib/record-filter.js';
import { rootReducer } from '../../store/root-reducer.js';
import { sessionEnded, signedOut } from '../../store/session-slice.js';

export interface SurveyResultsView {
  form: FilterForm;
  applied: RecordFilter;
  /** The cursors of the pages turned to, in order ([] on the first page). */
  cursors: string[];
}

export const initialResultsView: SurveyResultsView = { form: emptyFilterForm, applied: {}, cursors: [] };

const initialState: Record<string, SurveyResultsView> = {};

export const resultsSlice = createSlice({
  name: 'results',
  initialState,
  reducers: {
    formChanged(state, action: PayloadAction<{ surveyId: string; form: FilterForm }>) {
      const view = (state[action.payload.surveyId] ??= { ...initialResultsView });
      view.form = action.payload.form;
    },
    /** A new filter starts again at the first page. */
    filterApplied(state, action: PayloadAction<{ surveyId: string; filter: RecordFilter }>) {
      const view = (state[action.payload.surveyId] ??= { ...initialResultsView });
      view.applied = action.payload.filter;
      view.cursors = [];
    },
    filterCleared(state, action: PayloadAction<{ surveyId: string }>) {
      state[action.payload.surveyId] = { ...initialResultsView };
    },
    pageTurned(state, action: PayloadAction<{ surveyId: string; cursors: string[] }>) {
      const view = (state[action.payload.surveyId] ??= { ...initialResultsView });
      view.cursors = action.payload.cursors;
    },
  },
  // Filters hold what staff typed (names, phone numbers): gone with the session, never shown to the next person.
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialState).addCase(sessionEnded, () => initialState);
  },
  selectors: {
    selectResultsView: (state, surveyId: string): SurveyResultsView => state[surveyId] ?? initialResultsView,
  },
});

declare module '../../store/root-reducer.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof resultsSlice> {}
}

/** The slice, injected into the store when the results list first loads. */
export const injectedResultsSlice = resultsSlice.injectInto(rootReducer);
export const { formChanged, filterApplied, filterCleared, pageTurned } = resultsSlice.actions;
export const { selectResultsView } = injectedResultsSlice.selectors;
