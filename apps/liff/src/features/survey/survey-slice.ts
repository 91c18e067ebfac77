import type { Answers, CheckStatus, SurveyConfig, SurveyResultRow } from '@city/survey-core';
import { answersFromRows, buildSubmissionPayload } from '@city/survey-core';
import { isApiError } from '@city/api-client';
import type { Draft, PayloadAction } from '@reduxjs/toolkit';
import { createSlice } from '@reduxjs/toolkit';
import { failureOf } from '../../app/call-failure.js';
import { createAppThunk } from '../../app/hooks.js';
import { RESERVATION_COMPLETE_KEY } from '../../lib/session.js';

/** One stored record (the rows of one partitionKey) the citizen picked in the list. */
export interface SelectedRecord {
  surveyId: string;
  partitionKey: string;
  check: CheckStatus;
  rows: SurveyResultRow[];
}

/** What the receipt screen shows after a submission. */
export interface Receipt {
  /** 受付番号; null when the survey's cancelPost flag kept the payload from being sent. */
  receiptNumber: string | null;
  surveyId: string;
  config: SurveyConfig;
  answers: Answers;
  submittedAt: number;
}

type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface SurveyState {
  /** The survey being answered (spec section 3: surveyConfig). */
  surveyConfig: SurveyConfig | null;
  configStatus: LoadStatus;
  configError: string | null;
  /** The answers being entered (spec section 3: surveyInput). */
  surveyInput: Answers;
  /** Editing a stored record: the submission replaces it (spec section 3: inEditingAppendingMode). */
  inEditingAppendingMode: boolean;
  /** The record being looked at or edited (spec section 3: selectedSurveyResults). */
  selectedSurveyResults: SelectedRecord | null;
  /**
   * Set when a submission completed, also in session storage (its value the survey's id); both are
   * removed when the page becomes hidden (spec section 2: reservationComplite), which includes
   * leaving or reloading it.
   */
  reservationComplite: boolean;
  /** The survey whose submission the flag is about. */
  completedSurveyId: string | null;
  receipt: Receipt | null;
  submitStatus: 'idle' | 'sending' | 'failed';
  submitError: string | null;
}

export const initialSurveyState: SurveyState = {
  surveyConfig: null,
  configStatus: 'idle',
  configError: null,
  surveyInput: {},
  inEditingAppendingMode: false,
  selectedSurveyResults: null,
  reservationComplite: false,
  completedSurveyId: null,
  receipt: null,
  submitStatus: 'idle',
  submitError: null,
};

/** Loads a survey's configuration, unless it is the one already loaded. */
export const loadSurveyConfig = createAppThunk(
  'survey/loadConfig',
  async (surveyId: string, { extra, dispatch, rejectWithValue }) => {
    const result = await extra.api.getSurveyConfig(surveyId);
    if (isApiError(result)) return rejectWithValue(failureOf(result, dispatch));
    return result.data;
  },
  {
    condition: (surveyId, { getState }) => {
      const { surveyConfig, configStatus } = getState().survey;
      return !(surveyConfig?.surveyId === surveyId && (configStatus === 'ready' || configStatus === 'loading'));
    },
  },
);

/**
 * Sends the answers (spec section 7, putItem with its retry rules), built with
 * buildSubmissionPayload. An edit sends the old record's partitionKey as oldPartitionKey, so the
 * server replaces it. With the survey's cancelPost flag, the payload is returned and not sent.
 */
export const submitSurvey = createAppThunk('survey/submit', async (_: undefined, { extra, getState, dispatch, rejectWithValue }) => {
  const { survey, session } = getState();
  const config = survey.surveyConfig;
  const userId = session.authSession?.userId;
  if (config === null || userId === undefined) throw new Error('submitSurvey needs a loaded survey and a session.');
  const editing = survey.inEditingAppendingMode ? survey.selectedSurveyResults : null;
  const payload = buildSubmissionPayload({
    config,
    userId,
    answers: survey.surveyInput,
    now: extra.now(),
    isLiffMode: extra.inLiff,
    ...(editing === null ? {} : { existingResults: editing.rows, updateExist: true, oldPartitionKey: editing.partitionKey }),
  });
  const receipt = { surveyId: config.surveyId, config, answers: survey.surveyInput, submittedAt: extra.now() };
  if (config.cancelPost === true) return { payload, receipt: { ...receipt, receiptNumber: null } };
  const result = await extra.api.putReservation(payload);
  if (isApiError(result)) return rejectWithValue(failureOf(result, dispatch));
  extra.storage.setItem(RESERVATION_COMPLETE_KEY, config.surveyId);
  return { payload, receipt: { ...receipt, receiptNumber: result.receiptNumber } };
});

/** Starts a fresh answer: no edit, no completion flag (in the store or in session storage). */
export const startNewAnswer = createAppThunk('survey/startNewAnswer', (_: undefined, { extra, dispatch }) => {
  extra.storage.removeItem(RESERVATION_COMPLETE_KEY);
  dispatch(surveySlice.actions.newAnswerStarted());
});

export const surveySlice = createSlice({
  name: 'survey',
  initialState: initialSurveyState,
  reducers: {
    answersChanged(state, action: PayloadAction<Answers>) {
      state.surveyInput = action.payload;
    },
    recordSelected(state, action: PayloadAction<SelectedRecord>) {
      state.selectedSurveyResults = action.payload;
    },
    /** Starts editing a stored record: the form opens with its answers. */
    editStarted(state, action: PayloadAction<{ config: SurveyConfig; record: SelectedRecord }>) {
      const { config, record } = action.payload;
      state.surveyConfig = config as Draft<SurveyConfig>;
      state.configStatus = 'ready';
      state.configError = null;
      state.selectedSurveyResults = record;
      state.surveyInput = answersFromRows(config.surveySchema, record.rows);
      state.inEditingAppendingMode = true;
      state.reservationComplite = false;
      state.submitStatus = 'idle';
      state.submitError = null;
    },
    /** A fresh answer to a survey (leaves any edit). Dispatched through {@link startNewAnswer}. */
    newAnswerStarted(state) {
      state.surveyInput = {};
      state.inEditingAppendingMode = false;
      state.reservationComplite = false;
      state.completedSurveyId = null;
      state.submitStatus = 'idle';
      state.submitError = null;
    },
    reservationCompleteCleared(state) {
      state.reservationComplite = false;
      state.completedSurveyId = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadSurveyConfig.pending, (state, action) => {
        if (state.surveyConfig?.surveyId !== action.meta.arg) {
          // Another survey: answers and any edit belong to the previous one.
          state.surveyConfig = null;
          state.surveyInput = {};
          state.inEditingAppendingMode = false;
        }
        state.configStatus = 'loading';
        state.configError = null;
      })
      .addCase(loadSurveyConfig.fulfilled, (state, action) => {
        state.surveyConfig = action.payload as Draft<SurveyConfig>;
        state.configStatus = 'ready';
      })
      .addCase(loadSurveyConfig.rejected, (state, action) => {
        state.configStatus = 'failed';
        state.configError = action.payload?.message ?? null;
      })
      .addCase(submitSurvey.pending, (state) => {
        state.submitStatus = 'sending';
        state.submitError = null;
      })
      .addCase(submitSurvey.fulfilled, (state, action) => {
        state.receipt = action.payload.receipt as Draft<Receipt>;
        state.reservationComplite = action.payload.receipt.receiptNumber !== null;
        state.completedSurveyId = state.reservationComplite ? action.payload.receipt.surveyId : null;
        state.submitStatus = 'idle';
        state.surveyInput = {};
        state.inEditingAppendingMode = false;
        state.selectedSurveyResults = null;
      })
      .addCase(submitSurvey.rejected, (state, action) => {
        state.submitStatus = 'failed';
        state.submitError = action.payload?.message ?? null;
      });
  },
});

export const { answersChanged, recordSelected, editStarted, reservationCompleteCleared } = surveySlice.actions;
