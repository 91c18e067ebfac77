import type { Answers, SurveyConfig } from '@city/survey-core';
import { RESERVATION_COMPLETE_KEY } from '../lib/session.js';
import type { SelectedRecord } from '../lib/records.js';
import { apiSlice } from './api-slice.js';
import { createAppThunk } from './hooks.js';
import type { PaidProduct, SubmissionIdentity } from './survey-slice.js';
import { answerRestarted, answersChanged, editStarted, newAnswerStarted, surveySlice } from './survey-slice.js';

/** A new identity for the submission about to be confirmed. */
export function newSubmissionIdentity(now: number): SubmissionIdentity {
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return { idempotencyKey: hex, now };
}

/** The form is done: fix the identity every send of these answers will carry. */
export const submissionPrepared = createAppThunk('survey/prepareSubmission', (answers: Answers, { extra, dispatch }) => {
  dispatch(answersChanged(answers));
  dispatch(surveySlice.actions.identityFixed(newSubmissionIdentity(extra.now())));
});

/** Starts a fresh answer: no edit, no completion flag (in the store or in session storage). */
export const startNewAnswer = createAppThunk('survey/startNewAnswer', (_: undefined, { extra, dispatch }) => {
  extra.storage.removeItem(RESERVATION_COMPLETE_KEY);
  dispatch(newAnswerStarted());
});

/**
 * Starts a new answer from earlier answers (a booking whose payment was cancelled or failed): the
 * form opens with them, to be checked, changed and sent again as a new submission with a new
 * payment. Their survey's configuration comes along, as in startEdit.
 */
export const startAgainWith = createAppThunk('survey/startAgainWith', (restart: { config: SurveyConfig; answers: Answers }, { extra, dispatch }) => {
  extra.storage.removeItem(RESERVATION_COMPLETE_KEY);
  dispatch(apiSlice.util.upsertQueryEntries([{ endpointName: 'getSurveyConfig', arg: restart.config.surveyId, value: restart.config }]));
  dispatch(answerRestarted({ surveyId: restart.config.surveyId, answers: restart.answers }));
});

/**
 * Starts editing a stored record (details → 内容を変更する): the form opens with its answers. The
 * record came with its survey's configuration, which the form then uses without asking again.
 * A paid record's edit is given what its order bought (`paidProducts`): the change keeps that
 * payment when it buys the same.
 */
export const startEdit = createAppThunk('survey/startEdit', (edit: { config: SurveyConfig; record: SelectedRecord; paidProducts?: readonly PaidProduct[] | undefined }, { dispatch }) => {
  dispatch(apiSlice.util.upsertQueryEntries([{ endpointName: 'getSurveyConfig', arg: edit.config.surveyId, value: edit.config }]));
  dispatch(editStarted(edit));
});
