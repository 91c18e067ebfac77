import type { OrderView } from '@city/api-client';
import { recordsOf } from '../../lib/records.js';
import { apiSlice } from '../../store/api-slice.js';
import { createAppThunk } from '../../store/hooks.js';
import { answersWithProducts } from '../../store/survey-slice.js';
import { startAgainWith } from '../../store/survey-thunks.js';

/**
 * アンケートに戻ってやり直す after a payment that booked nothing (cancelled, failed, expired,
 * refunded): the answers of its record, with the products the order bought, go back into the form,
 * so the citizen checks them and sends again (a new submission, a new payment) without typing
 * everything again. The record is read from the citizen's records of the survey (the store is empty
 * after the provider's full page return); when it cannot be found the form opens as it would.
 */
export const startAgainAfterPayment = createAppThunk('submission/startAgainAfterPayment', async (order: OrderView, { dispatch }) => {
  const { data } = await dispatch(apiSlice.endpoints.getRecords.initiate(order.surveyId, { subscribe: false }));
  const survey = data?.find((records) => records.config.surveyId === order.surveyId);
  const view = survey === undefined ? undefined : recordsOf(survey.config, survey.rows, survey.receipts).find((candidate) => candidate.record.partitionKey === order.partitionKey);
  if (survey === undefined || view === undefined) return;
  await dispatch(startAgainWith({ config: survey.config, answers: answersWithProducts(survey.config.surveySchema, view.answers, order.lines) }));
});
