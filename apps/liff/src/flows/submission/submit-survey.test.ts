import type { SubmissionPayload, SurveyConfig } from '@city/survey-core';
import { buildSurveyResultRows } from '@city/survey-core';
import { ApiError } from '@city/api-client';
import { describe, expect, it, vi } from 'vitest';
import { makeTestStore, TEST_SESSION, testServices } from '../../../test/render-with-providers.js';
import { apiSlice } from '../../store/api-slice.js';
import type { AppStore } from '../../store/root-reducer.js';
import { sessionStateFor } from '../../store/session-slice.js';
import { answersChanged, surveyOpened } from '../../store/survey-slice.js';
import { startEdit, submissionPrepared } from '../../store/survey-thunks.js';
import { selectReceipt, selectSubmitError, submitSurvey } from './submission-slice.js';

const survey: SurveyConfig = {
  surveyId: 'event-application',
  isAppending: { value: true },
  surveySchema: [
    { itemKey: 'ticket', type: 'text', title: '受講券番号' },
    { itemKey: 'course', type: 'radio', title: '講座', options: ['スマホ教室', '料理教室'] },
  ],
};

/** The survey form has loaded the survey's configuration (it is in the API's cache) and opened it. */
function openSurvey(store: AppStore, config: SurveyConfig): void {
  store.dispatch(apiSlice.util.upsertQueryEntries([{ endpointName: 'getSurveyConfig', arg: config.surveyId, value: config }]));
  store.dispatch(surveyOpened(config.surveyId));
}

function storeWith(config: SurveyConfig, putReservation = vi.fn((payload: SubmissionPayload) => Promise.resolve({ result: 'OK' as const, partitionKey: payload.data[0]!.partitionKey, receiptNumber: 'K7Q-4M2X' }))) {
  const services = testServices({ api: { putReservation } });
  const store = makeTestStore(services, { session: sessionStateFor(TEST_SESSION) });
  openSurvey(store, config);
  return { store, services, putReservation };
}

describe('submitSurvey', () => {
  it('sends the rows built from the answers and keeps the receipt number; the completion flag names the survey', async () => {
    const { store, services, putReservation } = storeWith(survey);
    store.dispatch(answersChanged({ ticket: '200001', course: 'スマホ教室' }));
    await store.dispatch(submitSurvey());
    const payload = putReservation.mock.calls[0]![0];
    expect(payload.data[0]!.partitionKey).toBe(`event-application#U1#${String(services.now())}`);
    expect(payload.oldPartitionKey).toBeUndefined();
    expect(selectReceipt(store.getState())?.receiptNumber).toBe('K7Q-4M2X');
    expect(store.getState().survey.reservationComplite).toBe(true);
    expect(services.storage.getItem('reservationComplite')).toBe('event-application');
  });

  it('replaces the record being edited: same partition key, sent as oldPartitionKey', async () => {
    const { store, putReservation } = storeWith(survey);
    const rows = buildSurveyResultRows({ config: survey, userId: 'U1', answers: { ticket: '200001', course: 'スマホ教室' }, now: 1 });
    const partitionKey = rows[0]!.partitionKey;
    await store.dispatch(startEdit({ config: survey, record: { surveyId: survey.surveyId, partitionKey, check: '未対応', rows } }));
    expect(store.getState().survey.surveyInput).toEqual({ ticket: '200001', course: 'スマホ教室' });
    store.dispatch(answersChanged({ ticket: '200001', course: '料理教室' }));
    await store.dispatch(submitSurvey());
    const payload = putReservation.mock.calls[0]![0];
    expect(payload.oldPartitionKey).toBe(partitionKey);
    expect(new Set(payload.data.map((row) => row.partitionKey))).toEqual(new Set([partitionKey]));
    expect(store.getState().survey.inEditingAppendingMode).toBe(false);
  });

  it('sends a retry after a lost response as the same submission: same Idempotency-Key, same record key', async () => {
    const putReservation = vi
      .fn<(payload: SubmissionPayload, options?: { idempotencyKey?: string }) => Promise<unknown>>()
      .mockResolvedValueOnce(new ApiError('Network Error', { code: 'ERR_NETWORK' }))
      .mockImplementation((payload) => Promise.resolve({ result: 'OK', partitionKey: payload.data[0]!.partitionKey, receiptNumber: 'K7Q-4M2X' }));
    let clock = 1000;
    const services = testServices({ api: { putReservation: putReservation as never }, now: () => (clock += 1000) });
    const store = makeTestStore(services, { session: sessionStateFor(TEST_SESSION) });
    openSurvey(store, survey);
    await store.dispatch(submissionPrepared({ ticket: '200001', course: 'スマホ教室' }));
    await store.dispatch(submitSurvey());
    expect(selectSubmitError(store.getState())).toBe('通信できませんでした。電波の良いところで、もう一度お試しください。');
    await store.dispatch(submitSurvey());
    const [first, second] = putReservation.mock.calls;
    expect(second![1]?.idempotencyKey).toBe(first![1]?.idempotencyKey);
    expect(second![0].data[0]!.partitionKey).toBe(first![0].data[0]!.partitionKey);
    // Changed answers are another submission.
    store.dispatch(answersChanged({ ticket: '200002', course: 'スマホ教室' }));
    await store.dispatch(submitSurvey());
    expect(putReservation.mock.calls[2]![1]?.idempotencyKey).not.toBe(first![1]?.idempotencyKey);
  });

  it('with cancelPost, returns the payload and sends nothing', async () => {
    const { store, putReservation } = storeWith({ ...survey, cancelPost: true });
    store.dispatch(answersChanged({ ticket: '200001' }));
    const result = await store.dispatch(submitSurvey());
    expect(putReservation).not.toHaveBeenCalled();
    expect(submitSurvey.fulfilled.match(result) && result.payload.payload.data[0]?.value).toBe('200001');
    expect(selectReceipt(store.getState())?.receiptNumber).toBeNull();
    expect(store.getState().survey.reservationComplite).toBe(false);
  });

  it('has the lists of the survey load again after a submission, so they show the new record', async () => {
    const putReservation = vi.fn((payload: SubmissionPayload) => Promise.resolve({ result: 'OK' as const, partitionKey: payload.data[0]!.partitionKey, receiptNumber: 'K7Q-4M2X' }));
    const querySurveyResults = vi.fn(() => Promise.resolve({ data: [], records: [] }));
    const services = testServices({ api: { putReservation, querySurveyResults } });
    const store = makeTestStore(services, { session: sessionStateFor(TEST_SESSION) });
    openSurvey(store, survey);
    const list = store.dispatch(apiSlice.endpoints.getRecords.initiate(survey.surveyId));
    await list;
    store.dispatch(answersChanged({ ticket: '200001', course: 'スマホ教室' }));
    await store.dispatch(submitSurvey());
    await vi.waitFor(() => {
      expect(querySurveyResults).toHaveBeenCalledTimes(2);
    }, { timeout: 15_000 });
    expect(selectSubmitError(store.getState())).toBeNull();
    list.unsubscribe();
  });

  it('sends answers that buy nothing with putItem, as before, even when the survey sells something', async () => {
    const shop: SurveyConfig = { ...survey, surveySchema: [...survey.surveySchema, { itemKey: 'options', type: 'selectProducts', title: '追加の検査', products: [{ productId: 'blood-test', name: '追加血液検査', unitPrice: 800 }] }] };
    const putTemporaryReservation = vi.fn();
    const putReservation = vi.fn((payload: SubmissionPayload) => Promise.resolve({ result: 'OK' as const, partitionKey: payload.data[0]!.partitionKey, receiptNumber: 'K7Q-4M2X' }));
    const services = testServices({ api: { putReservation, putTemporaryReservation } });
    const store = makeTestStore(services, { session: sessionStateFor(TEST_SESSION) });
    openSurvey(store, shop);
    store.dispatch(answersChanged({ ticket: '200001', course: 'スマホ教室', options: [] }));
    const result = await store.dispatch(submitSurvey());
    expect(putReservation).toHaveBeenCalledTimes(1);
    expect(putTemporaryReservation).not.toHaveBeenCalled();
    expect(submitSurvey.fulfilled.match(result) && result.payload.payment).toBeNull();
    expect(selectReceipt(store.getState())?.receiptNumber).toBe('K7Q-4M2X');
  });
});
