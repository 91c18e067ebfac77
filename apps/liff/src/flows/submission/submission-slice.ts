import type { Draft, WithSlice } from '@reduxjs/toolkit';
import { PAYMENT_ERROR_CODES } from '@city/api-client';
import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import { messageForScreen } from '../../lib/api-errors.js';
import { paymentMessages } from '../../payment-messages.js';
import { rootReducer } from '../../store/root-reducer.js';
import type { Receipt } from '../../store/survey-slice.js';
import { answersChanged, answersSent, editStarted, newAnswerStarted } from '../../store/survey-slice.js';
import { submitSurvey } from './submit-survey.js';

/** Where the submission flow stands: sending the answers, and the receipt it ends with. */
export interface SubmissionState {
  /** What the receipt screen shows after a submission. */
  receipt: Receipt | null;
  /** `paying`: held, and on the way to the payment provider's page (the page is being left). */
  submitStatus: 'idle' | 'sending' | 'paying' | 'failed';
  submitError: string | null;
}

const initialSubmissionState: SubmissionState = { receipt: null, submitStatus: 'idle', submitError: null };

export const submissionSlice = createSlice({
  name: 'submission',
  initialState: initialSubmissionState,
  reducers: {
    /**
     * The browser brought the confirm screen back from its page cache (back from the provider's
     * page): it may be sent again, which under the same key answers the same hold and its page
     * while it is being paid, or 409 order_closed once that payment ended (see paymentClosed).
     */
    backFromPaymentPage(state) {
      if (state.submitStatus === 'paying') state.submitStatus = 'idle';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(submitSurvey.pending, (state) => {
        state.submitStatus = 'sending';
        state.submitError = null;
      })
      .addCase(submitSurvey.fulfilled, (state, action) => {
        if (action.payload.payment !== null) state.submitStatus = 'paying';
      })
      .addCase(submitSurvey.rejected, (state, action) => {
        state.submitStatus = 'failed';
        // A 503 says only 「ただいま処理できません」; here the citizen needs to know nothing was booked.
        // order_closed (the payment under this key ended) is told in the app's words, when the
        // screen cannot show that payment's outcome instead (see paymentClosed).
        const code = action.payload?.code;
        state.submitError =
          code === PAYMENT_ERROR_CODES.paymentUnavailable ? paymentMessages.paymentUnavailable : code === PAYMENT_ERROR_CODES.orderClosed ? paymentMessages.paymentEnded : messageForScreen(action.payload);
      })
      .addCase(answersSent, (state, action) => {
        state.receipt = action.payload as Draft<Receipt>;
        state.submitStatus = 'idle';
      })
      // Another answer (a new one, an edit of a record, answers changed after a refusal, a slot
      // lost and chosen again): an earlier failure is no longer news.
      .addMatcher(isAnyOf(editStarted, newAnswerStarted, answersChanged), (state) => {
        state.submitStatus = 'idle';
        state.submitError = null;
      });
  },
  selectors: {
    selectReceipt: (state) => state.receipt,
    selectSubmitStatus: (state) => state.submitStatus,
    selectSubmitError: (state) => state.submitError,
  },
});

declare module '../../store/root-reducer.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the root state gains this slice
  export interface LazyLoadedSlices extends WithSlice<typeof submissionSlice> {}
}

/** In the store from the moment a screen of the flow loads. */
const injectedSubmissionSlice = submissionSlice.injectInto(rootReducer);

export const { selectReceipt, selectSubmitStatus, selectSubmitError } = injectedSubmissionSlice.selectors;
export const { backFromPaymentPage } = submissionSlice.actions;

/**
 * Screens send the answers through here, so that this slice is in the store before the first
 * send (an action dispatched before its slice is injected would be lost).
 */
export { submitSurvey };
