import type { Answers, SurveyConfig } from '@city/survey-core';
import { answersFromRows, buildSubmissionPayload } from '@city/survey-core';
import { isApiError } from '@city/api-client';
import type { Draft, PayloadAction } from '@reduxjs/toolkit';
import { createSlice } from '@reduxjs/toolkit';
import { failureOf } from '../../app/call-failure.js';
import { createAppThunk } from '../../app/hooks.js';
import { RESERVATION_COMPLETE_KEY } from '../../lib/session.js';
import { messageForScreen } from '../../lib/api-errors.js';

import { recordSelected } from './lookup-slice.js';
import type { LoadStatus, SelectedRecord } from './records.js';

/**
 * What makes a submission the same one when it is sent again (a lost response, 送信する tapped
 * twice): its Idempotency-Key and the time in its append-mode partition key. Fixed when the form
 * is left for the confirm screen; a change to the answers makes a new one.
 */
export interface SubmissionIdentity {
  idempotencyKey: string;
  now: number;
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

export interface SurveyState {
  /** The survey being answered (spec section 3: surveyConfig). */
  surveyConfig: SurveyConfig | null;
  configStatus: LoadStatus;
  configError: string | null;
  /** The answers being entered (spec section 3: surveyInput). */
  surveyInput: Answers;
  /** Editing a stored record: the submission replaces it (spec section 3: inEditingAppendingMode). */
  inEditingAppendingMode: boolean;
  /** The record being edited, when inEditingAppendingMode (spec section 3: selectedSurveyResults). */
  selectedSurveyResults: SelectedRecord | null;
  pendingSubmission: SubmissionIdentity | null;
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
  pendingSubmission: null,
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
  if (editing !== null && editing.surveyId !== config.surveyId) throw new Error('The record being edited belongs to another survey.');
  const identity = survey.pendingSubmission ?? newSubmissionIdentity(extra.now());
  const payload = buildSubmissionPayload({
    config,
    userId,
    answers: survey.surveyInput,
    now: identity.now,
    isLiffMode: extra.inLiff,
    ...(editing === null ? {} : { existingResults: editing.rows, updateExist: true, oldPartitionKey: editing.partitionKey }),
  });
  const receipt = { surveyId: config.surveyId, config, answers: survey.surveyInput, submittedAt: extra.now() };
  if (config.cancelPost === true) return { payload, receipt: { ...receipt, receiptNumber: null } };
  const result = await extra.api.putReservation(payload, { idempotencyKey: identity.idempotencyKey });
  if (isApiError(result)) return rejectWithValue(failureOf(result, dispatch));
  extra.storage.setItem(RESERVATION_COMPLETE_KEY, config.surveyId);
  return { payload, receipt: { ...receipt, receiptNumber: result.receiptNumber } };
});

/** A new identity for the submission about to be confirmed. */
export function newSubmissionIdentity(now: number): SubmissionIdentity {
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return { idempotencyKey: hex, now };
}

/** The form is done: fix the identity every send of these answers will carry. */
export const submissionPrepared = createAppThunk('survey/prepareSubmission', (answers: Answers, { extra, dispatch }) => {
  dispatch(surveySlice.actions.answersChanged(answers));
  dispatch(surveySlice.actions.identityFixed(newSubmissionIdentity(extra.now())));
});

/** Starts a fresh answer: no edit, no completion flag (in the store or in session storage). */
export const startNewAnswer = createAppThunk('survey/startNewAnswer', (_: undefined, { extra, dispatch }) => {
  extra.storage.removeItem(RESERVATION_COMPLETE_KEY);
  dispatch(surveySlice.actions.newAnswerStarted());
});

/** Ends any edit: the next submission is a new answer, with a new identity. */
function leaveEdit(state: Draft<SurveyState>): void {
  state.inEditingAppendingMode = false;
  state.selectedSurveyResults = null;
  state.pendingSubmission = null;
}

export const surveySlice = createSlice({
  name: 'survey',
  initialState: initialSurveyState,
  reducers: {
    answersChanged(state, action: PayloadAction<Answers>) {
      state.surveyInput = action.payload;
      state.pendingSubmission = null;
    },
    identityFixed(state, action: PayloadAction<SubmissionIdentity>) {
      state.pendingSubmission = action.payload;
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
      state.pendingSubmission = null;
      state.reservationComplite = false;
      state.submitStatus = 'idle';
      state.submitError = null;
    },
    /** A fresh answer to a survey (leaves any edit). Dispatched through {@link startNewAnswer}. */
    newAnswerStarted(state) {
      leaveEdit(state);
      state.surveyInput = {};
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
          leaveEdit(state);
          state.surveyConfig = null;
          state.surveyInput = {};
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
        state.configError = messageForScreen(action.payload);
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
        leaveEdit(state);
      })
      .addCase(submitSurvey.rejected, (state, action) => {
        state.submitStatus = 'failed';
        state.submitError = messageForScreen(action.payload);
      })
      // Picking a record in the list ends any edit left unfinished.
      .addCase(recordSelected, leaveEdit);
  },
});

export const { answersChanged, editStarted, reservationCompleteCleared } = surveySlice.actions;
