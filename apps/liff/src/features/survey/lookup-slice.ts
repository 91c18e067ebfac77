import type { SurveyConfig, SurveyResultRow } from '@city/survey-core';
import { isApiError } from '@city/api-client';
import type { Draft, PayloadAction } from '@reduxjs/toolkit';
import { createSlice } from '@reduxjs/toolkit';
import { failureOf } from '../../app/call-failure.js';
import { createAppThunk } from '../../app/hooks.js';
import type { SelectedRecord } from './survey-slice.js';

type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** A survey and the citizen's rows in it (every record of theirs). */
export interface SurveyRecords {
  config: SurveyConfig;
  rows: SurveyResultRow[];
}

export interface LookupState {
  /** The surveys a citizen can look their records up in. */
  searchableSurveys: SurveyConfig[];
  searchableStatus: LoadStatus;
  /** The citizen's records, by surveyId. */
  recordsBySurvey: Record<string, SurveyRecords>;
  recordsStatus: LoadStatus;
  error: string | null;
  /** The record on the cancel confirmation screen (spec section 3: selectedValuesForCancel). */
  selectedValuesForCancel: SelectedRecord | null;
  cancelStatus: 'idle' | 'cancelling' | 'failed';
  cancelError: string | null;
}

export const initialLookupState: LookupState = {
  searchableSurveys: [],
  searchableStatus: 'idle',
  recordsBySurvey: {},
  recordsStatus: 'idle',
  error: null,
  selectedValuesForCancel: null,
  cancelStatus: 'idle',
  cancelError: null,
};

export const loadSearchableSurveys = createAppThunk('lookup/loadSearchable', async (_: undefined, { extra, dispatch, rejectWithValue }) => {
  const result = await extra.api.getAllSearchableSurveyConfigs();
  if (isApiError(result)) return rejectWithValue(failureOf(result, dispatch));
  return result.data;
});

/** The citizen's records in one survey, or (with no id) in every searchable survey. */
export const loadRecords = createAppThunk(
  'lookup/loadRecords',
  async (surveyId: string | undefined, { extra, getState, dispatch, rejectWithValue }) => {
    const userId = getState().session.authSession?.userId;
    if (userId === undefined) throw new Error('loadRecords needs a session.');
    let configs: SurveyConfig[];
    if (surveyId === undefined) {
      const searchable = await extra.api.getAllSearchableSurveyConfigs();
      if (isApiError(searchable)) return rejectWithValue(failureOf(searchable, dispatch));
      configs = searchable.data;
    } else {
      const config = await extra.api.getSurveyConfig(surveyId);
      if (isApiError(config)) return rejectWithValue(failureOf(config, dispatch));
      configs = [config.data];
    }
    const found: SurveyRecords[] = [];
    for (const config of configs) {
      // survey-results/query (not getBySurveyIdUserIdIndex): its failures keep their status, so a
      // 401 can send the citizen back to the login screen.
      const rows = await extra.api.querySurveyResults({ surveyId: config.surveyId, userId });
      if (isApiError(rows)) return rejectWithValue(failureOf(rows, dispatch));
      found.push({ config, rows: rows.data });
    }
    return found;
  },
);

/** Cancels a record (spec section 7: cancelItem, "no catch"), then reloads that survey's records. */
export const cancelRecord = createAppThunk('lookup/cancel', async (record: SelectedRecord, { extra, getState, dispatch, rejectWithValue }) => {
  const userId = getState().session.authSession?.userId;
  if (userId === undefined) throw new Error('cancelRecord needs a session.');
  try {
    await extra.api.cancelReservation({ surveyId: record.surveyId, partitionKey: record.partitionKey, userId });
  } catch (error) {
    return rejectWithValue(failureOf(error, dispatch));
  }
  await dispatch(loadRecords(record.surveyId));
  return record;
});

export const lookupSlice = createSlice({
  name: 'lookup',
  initialState: initialLookupState,
  reducers: {
    cancelChosen(state, action: PayloadAction<SelectedRecord>) {
      state.selectedValuesForCancel = action.payload;
      state.cancelStatus = 'idle';
      state.cancelError = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadSearchableSurveys.pending, (state) => {
        state.searchableStatus = 'loading';
        state.error = null;
      })
      .addCase(loadSearchableSurveys.fulfilled, (state, action) => {
        state.searchableSurveys = action.payload as Draft<SurveyConfig[]>;
        state.searchableStatus = 'ready';
      })
      .addCase(loadSearchableSurveys.rejected, (state, action) => {
        state.searchableStatus = 'failed';
        state.error = action.payload?.message ?? null;
      })
      .addCase(loadRecords.pending, (state) => {
        state.recordsStatus = 'loading';
        state.error = null;
      })
      .addCase(loadRecords.fulfilled, (state, action) => {
        for (const records of action.payload) state.recordsBySurvey[records.config.surveyId] = records as Draft<SurveyRecords>;
        state.recordsStatus = 'ready';
      })
      .addCase(loadRecords.rejected, (state, action) => {
        state.recordsStatus = 'failed';
        state.error = action.payload?.message ?? null;
      })
      .addCase(cancelRecord.pending, (state) => {
        state.cancelStatus = 'cancelling';
        state.cancelError = null;
      })
      .addCase(cancelRecord.fulfilled, (state) => {
        state.cancelStatus = 'idle';
        state.selectedValuesForCancel = null;
      })
      .addCase(cancelRecord.rejected, (state, action) => {
        state.cancelStatus = 'failed';
        state.cancelError = action.payload?.message ?? null;
      });
  },
});

export const { cancelChosen } = lookupSlice.actions;
