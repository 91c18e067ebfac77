import type { SurveyConfig, SurveyResultRow } from '@city/survey-core';
import { isApiError } from '@city/api-client';
import type { Draft, PayloadAction } from '@reduxjs/toolkit';
import { createSlice } from '@reduxjs/toolkit';
import { failureOf } from '../../app/call-failure.js';
import { createAppThunk } from '../../app/hooks.js';
import type { CallFailure } from '../../lib/api-errors.js';
import { messageForScreen } from '../../lib/api-errors.js';
import type { LoadStatus, RecordKey, RecordView } from './records.js';
import { recordsOf } from './records.js';

/** A survey and the citizen's rows in it (every record of theirs). */
export interface SurveyRecords {
  config: SurveyConfig;
  rows: SurveyResultRow[];
}

/** Where one list's load stands: by surveyId, or {@link ALL_SURVEYS}. */
export interface ListLoad {
  status: LoadStatus;
  error: string | null;
}

/** The key of the list of every searchable survey (`/confirmList`). */
export const ALL_SURVEYS = '*';

export interface LookupState {
  /** The surveys a citizen can look their records up in. */
  searchableSurveys: SurveyConfig[];
  searchable: ListLoad;
  /** The citizen's records, by surveyId. */
  recordsBySurvey: Record<string, SurveyRecords>;
  /** Each list's own load: a late answer for one survey never shows on another's list. */
  listLoads: Record<string, ListLoad>;
  /** The record on the details screen; read live from recordsBySurvey, so it never goes stale. */
  selectedRecordKey: RecordKey | null;
  /** The record on the cancel confirmation screen (spec section 3: selectedValuesForCancel). */
  selectedValuesForCancel: RecordKey | null;
  cancelStatus: 'idle' | 'cancelling' | 'failed';
  cancelError: string | null;
}

export const initialLookupState: LookupState = {
  searchableSurveys: [],
  searchable: { status: 'idle', error: null },
  recordsBySurvey: {},
  listLoads: {},
  selectedRecordKey: null,
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
      // The survey form has its configuration already: no second request for it.
      const inHand = getState().survey.surveyConfig;
      const config = inHand?.surveyId === surveyId ? { data: inHand } : await extra.api.getSurveyConfig(surveyId);
      if (isApiError(config)) return rejectWithValue(failureOf(config, dispatch));
      configs = [config.data];
    }
    // survey-results/query (not getBySurveyIdUserIdIndex): its failures keep their status, so a
    // 401 can send the citizen back to the login screen.
    const results = await Promise.all(configs.map((config) => extra.api.querySurveyResults({ surveyId: config.surveyId, userId })));
    const found: SurveyRecords[] = [];
    for (const [index, rows] of results.entries()) {
      if (isApiError(rows)) return rejectWithValue(failureOf(rows, dispatch));
      const config = configs[index];
      if (config !== undefined) found.push({ config, rows: rows.data });
    }
    return found;
  },
);

/** Cancels a record (spec section 7: cancelItem, "no catch"), then reloads that survey's records. */
export const cancelRecord = createAppThunk('lookup/cancel', async (record: RecordKey, { extra, getState, dispatch, rejectWithValue }) => {
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

const listKey = (surveyId: string | undefined) => surveyId ?? ALL_SURVEYS;
const failedLoad = (failure: CallFailure | undefined): ListLoad => ({ status: 'failed', error: messageForScreen(failure) });

export const lookupSlice = createSlice({
  name: 'lookup',
  initialState: initialLookupState,
  reducers: {
    recordSelected(state, action: PayloadAction<RecordKey>) {
      state.selectedRecordKey = action.payload;
    },
    cancelChosen(state, action: PayloadAction<RecordKey>) {
      state.selectedValuesForCancel = action.payload;
      state.cancelStatus = 'idle';
      state.cancelError = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadSearchableSurveys.pending, (state) => {
        state.searchable = { status: 'loading', error: null };
      })
      .addCase(loadSearchableSurveys.fulfilled, (state, action) => {
        state.searchableSurveys = action.payload as Draft<SurveyConfig[]>;
        state.searchable = { status: 'ready', error: null };
      })
      .addCase(loadSearchableSurveys.rejected, (state, action) => {
        state.searchable = failedLoad(action.payload);
      })
      .addCase(loadRecords.pending, (state, action) => {
        state.listLoads[listKey(action.meta.arg)] = { status: 'loading', error: null };
      })
      .addCase(loadRecords.fulfilled, (state, action) => {
        for (const records of action.payload) state.recordsBySurvey[records.config.surveyId] = records as Draft<SurveyRecords>;
        state.listLoads[listKey(action.meta.arg)] = { status: 'ready', error: null };
      })
      .addCase(loadRecords.rejected, (state, action) => {
        state.listLoads[listKey(action.meta.arg)] = failedLoad(action.payload);
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
        state.cancelError = messageForScreen(action.payload);
      });
  },
});

export const { recordSelected, cancelChosen } = lookupSlice.actions;

/** A record as last loaded, with its survey, or undefined when it is not (or no longer) there. */
export function findRecord(recordsBySurvey: LookupState['recordsBySurvey'], key: RecordKey | null): { config: SurveyConfig; view: RecordView } | undefined {
  if (key === null) return undefined;
  const records = recordsBySurvey[key.surveyId];
  if (records === undefined) return undefined;
  const view = recordsOf(records.config, records.rows).find((candidate) => candidate.record.partitionKey === key.partitionKey);
  return view === undefined ? undefined : { config: records.config, view };
}
