import type { SurveyConfig } from '@city/survey-core';
import { buildSurveyResultRows } from '@city/survey-core';
import { describe, expect, it } from 'vitest';
import { makeTestStore, testServices } from '../../test/render-with-providers.js';
import { apiSlice } from './api-slice.js';
import { answersChanged, answersSent, answersWithProducts, recordSelected, surveyOpened } from './survey-slice.js';
import { startEdit, startNewAnswer, submissionPrepared } from './survey-thunks.js';

const clinic: SurveyConfig = { surveyId: 'clinic', surveySchema: [{ itemKey: 'name', type: 'text', title: 'お名前' }] };
const rows = buildSurveyResultRows({ config: clinic, userId: 'U1', answers: { name: '山田 太郎' }, now: 1 });
const record = { surveyId: 'clinic', partitionKey: rows[0]!.partitionKey, check: '未対応' as const, rows };

describe('the answer in progress', () => {
  it('belongs to its survey: opening another survey drops the answers and any edit, the same one keeps them', async () => {
    const store = makeTestStore();
    await store.dispatch(startEdit({ config: clinic, record }));
    store.dispatch(surveyOpened('clinic'));
    expect(store.getState().survey.surveyInput).toEqual({ name: '山田 太郎' });
    expect(store.getState().survey.inEditingAppendingMode).toBe(true);
    store.dispatch(surveyOpened('event-application'));
    expect(store.getState().survey).toMatchObject({ surveyId: 'event-application', surveyInput: {}, inEditingAppendingMode: false, selectedSurveyResults: null });
  });

  it('starts an edit with the record’s configuration in hand, so the form asks the server nothing', async () => {
    // testServices' API throws on any call: none may be made.
    const store = makeTestStore();
    await store.dispatch(startEdit({ config: clinic, record }));
    expect(apiSlice.endpoints.getSurveyConfig.select('clinic')(store.getState()).data).toEqual(clinic);
    expect(store.getState().survey.selectedSurveyResults?.partitionKey).toBe(record.partitionKey);
  });

  it('ends an unfinished edit when another record is picked in a list', async () => {
    const store = makeTestStore();
    await store.dispatch(startEdit({ config: clinic, record }));
    await store.dispatch(submissionPrepared({ name: '山田 花子' }));
    expect(store.getState().survey.pendingSubmission).not.toBeNull();
    store.dispatch(recordSelected({ surveyId: 'clinic', partitionKey: 'clinic#U1', list: 'clinic' }));
    expect(store.getState().survey).toMatchObject({ inEditingAppendingMode: false, selectedSurveyResults: null, pendingSubmission: null });
  });

  it('gets a new submission identity when the answers change after the form was left', async () => {
    const store = makeTestStore();
    store.dispatch(surveyOpened('clinic'));
    await store.dispatch(submissionPrepared({ name: '山田 太郎' }));
    const identity = store.getState().survey.pendingSubmission;
    expect(identity?.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    store.dispatch(answersChanged({ name: '山田 花子' }));
    expect(store.getState().survey.pendingSubmission).toBeNull();
  });

  it('starts a new answer without the completion flag, in the store and in session storage', async () => {
    const services = testServices();
    const store = makeTestStore(services);
    await store.dispatch(startEdit({ config: clinic, record }));
    store.dispatch(answersSent({ surveyId: 'clinic', receiptNumber: 'K7Q-4M2X', config: clinic, answers: { name: '山田 太郎' }, submittedAt: 1 }));
    services.storage.setItem('reservationComplite', 'clinic');
    expect(store.getState().survey).toMatchObject({ reservationComplite: true, completedSurveyId: 'clinic', surveyInput: {}, inEditingAppendingMode: false });
    await store.dispatch(startNewAnswer());
    expect(store.getState().survey).toMatchObject({ reservationComplite: false, completedSurveyId: null });
    expect(services.storage.getItem('reservationComplite')).toBeNull();
  });

  it('raises no completion flag when cancelPost kept the answers from being sent', () => {
    const store = makeTestStore();
    store.dispatch(surveyOpened('clinic'));
    store.dispatch(answersChanged({ name: '山田 太郎' }));
    store.dispatch(answersSent({ surveyId: 'clinic', receiptNumber: null, config: clinic, answers: { name: '山田 太郎' }, submittedAt: 1 }));
    expect(store.getState().survey).toMatchObject({ reservationComplite: false, completedSurveyId: null, surveyInput: {} });
  });
});

describe('answersWithProducts', () => {
  it('puts what a paid order bought back into each selectProducts item, one product id a unit', () => {
    const schema: SurveyConfig['surveySchema'] = [
      { itemKey: 'name', type: 'text', title: 'お名前' },
      { itemKey: 'fee', type: 'selectProducts', title: '受講料', products: [{ productId: 'fee', name: '受講料', unitPrice: 1000 }] },
      { itemKey: 'extras', type: 'selectProducts', title: '教材', products: [{ productId: 'book', name: 'テキスト', unitPrice: 500 }, { productId: 'pen', name: 'ペン', unitPrice: 100 }] },
    ];
    const bought = [{ productId: 'book', quantity: 2 }, { productId: 'fee', quantity: 1 }];
    expect(answersWithProducts(schema, { name: '山田 太郎' }, bought)).toEqual({ name: '山田 太郎', fee: ['fee'], extras: ['book', 'book'] });
  });

  it('an edit of a paid record starts with its products and is marked paid; leaving it clears the mark', async () => {
    const course: SurveyConfig = { surveyId: 'clinic', surveySchema: [...clinic.surveySchema, { itemKey: 'fee', type: 'selectProducts', title: '受講料', products: [{ productId: 'fee', name: '受講料', unitPrice: 1000 }] }] };
    const store = makeTestStore();
    await store.dispatch(startEdit({ config: course, record, paidProducts: [{ productId: 'fee', quantity: 1 }] }));
    expect(store.getState().survey.surveyInput).toEqual({ name: '山田 太郎', fee: ['fee'] });
    expect(store.getState().survey.editingPaidRecord).toBe(true);
    await store.dispatch(startNewAnswer());
    expect(store.getState().survey.editingPaidRecord).toBe(false);
  });
});
