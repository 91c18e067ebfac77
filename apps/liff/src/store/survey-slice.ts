import type { Answers, SurveyConfig, SurveySchemaItem } from '@city/survey-core';
import { answersFromRows } from '@city/survey-core';
import type { Draft, PayloadAction } from '@reduxjs/toolkit';
import { createAction, createSlice } from '@reduxjs/toolkit';
import type { RecordKey, SelectedRecord } from '../lib/records.js';

/**
 * What makes a submission the same one when it is sent again (a lost response, 送信する tapped
 * twice): its Idempotency-Key and the time in its append-mode partition key. Fixed when the form
 * is left for the confirm screen; a change to the answers makes a new one.
 */
export interface SubmissionIdentity {
  idempotencyKey: string;
  now: number;
  /**
   * The order `temprary` held under this key, once it answered. Sent again after that payment
   * ended, the key is refused (409 order_closed): the screen then shows this order's outcome.
   */
  orderId?: string;
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

/** A record picked in a list, and that list: one survey's (its id) or every survey's (undefined). */
export interface PickedRecord extends RecordKey {
  list: string | undefined;
}

/**
 * The citizen picked a record in a list. Heard here (an edit left unfinished ends) and by the
 * records feature (the record its details screen shows).
 */
export const recordSelected = createAction<PickedRecord>('records/recordSelected');

/** A product bought, and how many: a line of a paid order. */
export interface PaidProduct {
  productId: string;
  quantity: number;
}

/**
 * The answers of a record with what its paid order bought put back into its `selectProducts`
 * items (products make no rows, so `answersFromRows` cannot bring them back): each unit is the
 * product id once, as the form answers them.
 */
export function answersWithProducts(schema: readonly SurveySchemaItem[], answers: Answers, bought: readonly PaidProduct[]): Answers {
  const products: Record<string, string[]> = {};
  for (const item of schema) {
    if (item.type !== 'selectProducts') continue;
    const units = bought.filter((line) => item.products.some((product) => product.productId === line.productId)).flatMap((line) => Array.from({ length: line.quantity }, () => line.productId));
    if (units.length > 0) products[item.itemKey] = units;
  }
  return { ...answers, ...products };
}

/** The answer the citizen is working on. Its survey's configuration is server data (api-slice). */
export interface SurveyState {
  /** The survey the answers belong to. */
  surveyId: string | null;
  /** The answers being entered (spec section 3: surveyInput). */
  surveyInput: Answers;
  /** Editing a stored record: the submission replaces it (spec section 3: inEditingAppendingMode). */
  inEditingAppendingMode: boolean;
  /** The record being edited, when inEditingAppendingMode (spec section 3: selectedSurveyResults). */
  selectedSurveyResults: SelectedRecord | null;
  pendingSubmission: SubmissionIdentity | null;
  /**
   * The record being edited is paid for: its payment carries over to the changed record when it
   * buys the same (putItem, never a new payment), and its products are in the answers.
   */
  editingPaidRecord: boolean;
  /**
   * Set when a submission completed, also in session storage (its value the survey's id); both are
   * removed when the page becomes hidden (spec section 2: reservationComplite), which includes
   * leaving or reloading it.
   */
  reservationComplite: boolean;
  /** The survey whose submission the flag is about. */
  completedSurveyId: string | null;
}

export const initialSurveyState: SurveyState = {
  surveyId: null,
  surveyInput: {},
  inEditingAppendingMode: false,
  selectedSurveyResults: null,
  pendingSubmission: null,
  editingPaidRecord: false,
  reservationComplite: false,
  completedSurveyId: null,
};

/** Ends any edit: the next submission is a new answer, with a new identity. */
function leaveEdit(state: Draft<SurveyState>): void {
  state.inEditingAppendingMode = false;
  state.selectedSurveyResults = null;
  state.pendingSubmission = null;
  state.editingPaidRecord = false;
}

export const surveySlice = createSlice({
  name: 'survey',
  initialState: initialSurveyState,
  reducers: {
    /** The survey form opened: answers and any edit of another survey belong to that one. */
    surveyOpened(state, action: PayloadAction<string>) {
      if (state.surveyId === action.payload) return;
      leaveEdit(state);
      state.surveyId = action.payload;
      state.surveyInput = {};
    },
    answersChanged(state, action: PayloadAction<Answers>) {
      state.surveyInput = action.payload;
      state.pendingSubmission = null;
    },
    identityFixed(state, action: PayloadAction<SubmissionIdentity>) {
      state.pendingSubmission = action.payload;
    },
    /** `temprary` held an order under the submission's key (not if the answers changed meanwhile). */
    holdMade(state, action: PayloadAction<{ idempotencyKey: string; orderId: string }>) {
      if (state.pendingSubmission?.idempotencyKey === action.payload.idempotencyKey) state.pendingSubmission.orderId = action.payload.orderId;
    },
    /** Starts editing a stored record: the form opens with its answers. Dispatched through startEdit. */
    editStarted(state, action: PayloadAction<{ config: SurveyConfig; record: SelectedRecord; paidProducts?: readonly PaidProduct[] | undefined }>) {
      const { config, record, paidProducts } = action.payload;
      state.surveyId = config.surveyId;
      state.selectedSurveyResults = record;
      const answers = answersFromRows(config.surveySchema, record.rows);
      state.surveyInput = paidProducts === undefined ? answers : answersWithProducts(config.surveySchema, answers, paidProducts);
      state.editingPaidRecord = paidProducts !== undefined;
      state.inEditingAppendingMode = true;
      state.pendingSubmission = null;
      state.reservationComplite = false;
    },
    /** A fresh answer to a survey (leaves any edit). Dispatched through startNewAnswer. */
    newAnswerStarted(state) {
      leaveEdit(state);
      state.surveyInput = {};
      state.reservationComplite = false;
      state.completedSurveyId = null;
    },
    /**
     * A new answer that starts from earlier answers (those of a booking whose payment ended unpaid):
     * the citizen tries again without typing everything again. Dispatched through startAgainWith.
     */
    answerRestarted(state, action: PayloadAction<{ surveyId: string; answers: Answers }>) {
      leaveEdit(state);
      state.surveyId = action.payload.surveyId;
      state.surveyInput = action.payload.answers;
      state.reservationComplite = false;
      state.completedSurveyId = null;
    },
    reservationCompleteCleared(state) {
      state.reservationComplite = false;
      state.completedSurveyId = null;
    },
    /** The answers went (or, with cancelPost, were only built): the form starts empty again. */
    answersSent(state, action: PayloadAction<Receipt>) {
      state.reservationComplite = action.payload.receiptNumber !== null;
      state.completedSurveyId = state.reservationComplite ? action.payload.surveyId : null;
      state.surveyInput = {};
      leaveEdit(state);
    },
  },
  extraReducers: (builder) => {
    // Picking a record in the list ends any edit left unfinished.
    builder.addCase(recordSelected, leaveEdit);
  },
  selectors: {
    selectSurvey: (state) => state,
  },
});

export const { surveyOpened, answersChanged, editStarted, newAnswerStarted, answerRestarted, reservationCompleteCleared, answersSent, holdMade } = surveySlice.actions;
export const { selectSurvey } = surveySlice.selectors;
