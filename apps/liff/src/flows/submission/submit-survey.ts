import { buildSubmissionPayload } from '@city/survey-core';
import type { PaymentReturn } from '@city/api-client';
import { PAYMENT_ERROR_CODES } from '@city/api-client';
import { isCallFailure } from '../../lib/api-errors.js';
import { savePaymentInProgress } from '../../lib/payment-return.js';
import { RESERVATION_COMPLETE_KEY } from '../../lib/session.js';
import { apiSlice, selectSurveyConfigInHand } from '../../store/api-slice.js';
import { failureOf } from '../../store/call-failure.js';
import { createAppThunk } from '../../store/hooks.js';
import type { Receipt } from '../../store/survey-slice.js';
import { answersSent, holdMade, surveySlice } from '../../store/survey-slice.js';
import { newSubmissionIdentity } from '../../store/survey-thunks.js';

/**
 * Staff may change or close a form while a citizen fills it (the app keeps the form for the visit):
 * answers the server refuses as not fitting the form, or a form no longer open, load it again, so
 * the citizen sees the form as it is now rather than sending the old one again.
 */
function reloadFormIfChanged(code: string | undefined, surveyId: string, dispatch: (action: unknown) => unknown): void {
  if (code === 'invalid_answers' || code === 'survey_not_open') {
    dispatch(apiSlice.endpoints.getSurveyConfig.initiate(surveyId, { subscribe: false, forceRefetch: true }));
  }
}

/**
 * Sends the answers (spec section 7, putItem with its retry rules), built with
 * buildSubmissionPayload. An edit sends the old record's partitionKey as oldPartitionKey, so the
 * server replaces it. With the survey's cancelPost flag, the payload is returned and not sent.
 * Every send of the same answers carries the identity fixed when the form was left (the same
 * Idempotency-Key and partition key), so a retry after a lost response stores one record.
 *
 * Answers that buy something (the payload has an order) are held instead (`temprary`, under the
 * same key): the server stores the record as pending, holds its slots, prices the order itself and
 * answers the payment provider's page, where the citizen is sent with a full page navigation. What
 * is needed to come back is kept in session storage (lib/payment-return.ts). Inside LINE the
 * provider returns them through the LIFF URL, so they land in the mini-app with their session.
 * When the provider could not be reached (503 payment_unavailable) the server gave that order up,
 * so the submission takes a new identity: the next send is a new try, not a refused repeat.
 * An edit of a paid record goes through putItem with its order: buying the same, the payment
 * carries over to the changed record (anything else is refused, 409 order_paid).
 */
export const submitSurvey = createAppThunk('submission/submit', async (_: undefined, { extra, getState, dispatch, rejectWithValue }) => {
  const state = getState();
  const { survey, session } = state;
  // The survey being answered: its configuration is in hand (the form loaded it).
  const config = selectSurveyConfigInHand(state, survey.surveyId);
  const userId = session.authSession?.userId;
  if (config === undefined || userId === undefined) throw new Error('submitSurvey needs a loaded survey and a session.');
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
  const built = { surveyId: config.surveyId, config, answers: survey.surveyInput, submittedAt: extra.now() };
  let receipt: Receipt;
  if (config.cancelPost === true) {
    receipt = { ...built, receiptNumber: null };
  } else if (payload.order !== undefined && payload.order.items.length > 0 && !survey.editingPaidRecord) {
    const returnTo: PaymentReturn | undefined = extra.inLiff ? 'liff' : undefined;
    let hold;
    try {
      hold = await extra.api.putTemporaryReservation(payload, { idempotencyKey: identity.idempotencyKey, ...(returnTo === undefined ? {} : { returnTo }) });
    } catch (error) {
      const failure = failureOf(error, dispatch);
      if (failure.code === PAYMENT_ERROR_CODES.paymentUnavailable) dispatch(surveySlice.actions.identityFixed(newSubmissionIdentity(extra.now())));
      reloadFormIfChanged(failure.code, config.surveyId, dispatch);
      return rejectWithValue(failure);
    }
    const { holdId, paymentUrl, partitionKey, receiptNumber } = hold.data;
    dispatch(holdMade({ idempotencyKey: identity.idempotencyKey, orderId: holdId }));
    // The held units count against the slot's capacity from now on.
    dispatch(apiSlice.util.invalidateTags([{ type: 'Records', id: config.surveyId }, 'CalendarSlots']));
    savePaymentInProgress(extra.storage, { orderId: holdId, surveyId: config.surveyId, partitionKey, receiptNumber });
    extra.navigateAway(paymentUrl);
    return { payload, payment: { orderId: holdId, paymentUrl } };
  } else {
    const { data, error } = await dispatch(
      apiSlice.endpoints.putReservation.initiate({ surveyId: config.surveyId, payload, idempotencyKey: identity.idempotencyKey }, { track: false }),
    );
    if (data === undefined) {
      if (isCallFailure(error)) {
        reloadFormIfChanged(error.code, config.surveyId, dispatch);
        return rejectWithValue(error);
      }
      throw new Error(error.message ?? 'putReservation failed.');
    }
    extra.storage.setItem(RESERVATION_COMPLETE_KEY, config.surveyId);
    receipt = { ...built, receiptNumber: data.receiptNumber };
  }
  dispatch(answersSent(receipt));
  return { payload, receipt, payment: null };
});
