import { ApiError } from '@city/api-client';
import type { SubmissionPayload, SurveyConfig, SurveyResultRow } from '@city/survey-core';
import { buildSurveyResultRows } from '@city/survey-core';
import { describe, expect, it, vi } from 'vitest';
import { makeTestStore, TEST_SESSION, testServices } from '../../test/render-with-providers.js';
import { messageForScreen } from '../lib/api-errors.js';
import type { ApiClient } from '@city/api-client';
import { apiSlice } from './api-slice.js';
import { bookedSlotsApi } from './booked-slots.js';
import { sessionStateFor } from './session-slice.js';

const questionnaire: SurveyConfig = { surveyId: 'citizen-questionnaire', surveyTitle: '市民アンケート', surveySchema: [{ itemKey: 'name', type: 'text', title: 'お名前' }] };
const course: SurveyConfig = { surveyId: 'event-application', isAppending: { value: true }, surveySchema: [{ itemKey: 'ticket', type: 'text', title: '受講券番号' }] };
const rowsOf = (config: SurveyConfig, answers: Record<string, string>, now = 1): SurveyResultRow[] => buildSurveyResultRows({ config, userId: 'U1', answers, now });

function storeWith(api: Partial<ApiClient>) {
  const services = testServices({ api });
  return makeTestStore(services, { session: sessionStateFor(TEST_SESSION) });
}

describe('a failed call', () => {
  it('sends a citizen who is not logged in (401 login_required) to log in, and the screen says nothing itself', async () => {
    const store = storeWith({ getSurveyConfig: () => Promise.resolve(new ApiError('ログインしてください。', { code: 'login_required', status: 401 })) });
    const result = await store.dispatch(apiSlice.endpoints.getSurveyConfig.initiate('citizen-questionnaire'));
    expect(store.getState().session.sessionProblem).toBe('notLoggedIn');
    expect(result.isError).toBe(true);
    expect(messageForScreen(result.error)).toBeNull();
  });

  it('says the session expired for any other 401, from a mutation too', async () => {
    const cancelReservation = vi.fn(() => Promise.reject(new ApiError('期限切れ', { code: 'session_expired', status: 401 })));
    const store = storeWith({ cancelReservation });
    const result = await store.dispatch(apiSlice.endpoints.cancelRecord.initiate({ surveyId: 'event-application', partitionKey: 'event-application#U1#1' }));
    expect(store.getState().session.sessionProblem).toBe('expired');
    expect(messageForScreen(result.error)).toBeNull();
  });

  it('shows a failure that is not about the session with our message, and leaves the session alone', async () => {
    const store = storeWith({ getAllSearchableSurveyConfigs: () => Promise.resolve(new ApiError('Network Error', { code: 'ERR_NETWORK' })) });
    const result = await store.dispatch(apiSlice.endpoints.getSearchableSurveys.initiate(undefined));
    expect(messageForScreen(result.error)).toBe('通信できませんでした。電波の良いところで、もう一度お試しください。');
    expect(store.getState().session.sessionProblem).toBeNull();
  });
});

describe('getRecords', () => {
  it('reads one survey with survey-results/query, reusing the survey configuration in hand', async () => {
    const getSurveyConfig = vi.fn(() => Promise.resolve({ data: questionnaire }));
    const querySurveyResults = vi.fn(() => Promise.resolve({ data: rowsOf(questionnaire, { name: '山田 太郎' }), records: [] }));
    const store = storeWith({ getSurveyConfig, querySurveyResults });
    await store.dispatch(apiSlice.endpoints.getSurveyConfig.initiate('citizen-questionnaire'));
    const result = await store.dispatch(apiSlice.endpoints.getRecords.initiate('citizen-questionnaire'));
    expect(getSurveyConfig).toHaveBeenCalledTimes(1);
    expect(querySurveyResults).toHaveBeenCalledWith({ surveyId: 'citizen-questionnaire', userId: 'U1' });
    expect(result.data?.map((records) => records.config)).toEqual([questionnaire]);
  });

  it('asks for the rows at the same time as a configuration not yet in hand, not after it', async () => {
    let answerConfig: (value: { data: SurveyConfig }) => void = () => undefined;
    const getSurveyConfig = vi.fn(() => new Promise<{ data: SurveyConfig }>((resolve) => (answerConfig = resolve)));
    const querySurveyResults = vi.fn(() => Promise.resolve({ data: rowsOf(questionnaire, { name: '山田 太郎' }), records: [] }));
    const store = storeWith({ getSurveyConfig, querySurveyResults });
    const request = store.dispatch(apiSlice.endpoints.getRecords.initiate('citizen-questionnaire'));
    await vi.waitFor(() => {
      expect(querySurveyResults).toHaveBeenCalledTimes(1);
    }, { timeout: 15_000 });
    expect(getSurveyConfig).toHaveBeenCalledTimes(1);
    answerConfig({ data: questionnaire });
    expect((await request).data?.map((records) => [records.config, records.rows.length])).toEqual([[questionnaire, rowsOf(questionnaire, { name: '山田 太郎' }).length]]);
  });

  it('asks for the configuration once when it is not in hand, and keeps it for the form', async () => {
    const getSurveyConfig = vi.fn(() => Promise.resolve({ data: course }));
    const store = storeWith({ getSurveyConfig, querySurveyResults: () => Promise.resolve({ data: [], records: [] }) });
    await store.dispatch(apiSlice.endpoints.getRecords.initiate('event-application'));
    await store.dispatch(apiSlice.endpoints.getSurveyConfig.initiate('event-application'));
    expect(getSurveyConfig).toHaveBeenCalledTimes(1);
    expect(apiSlice.endpoints.getSurveyConfig.select('event-application')(store.getState()).data).toEqual(course);
  });

  it('takes a survey the server said does not exist at its word: its configuration is not asked for again, nor its rows', async () => {
    const getSurveyConfig = vi.fn(() => Promise.resolve(new ApiError('見つかりません', { code: 'survey_not_found', status: 404 })));
    const querySurveyResults = vi.fn(() => Promise.resolve({ data: [], records: [] }));
    const store = storeWith({ getSurveyConfig, querySurveyResults });
    await store.dispatch(apiSlice.endpoints.getSurveyConfig.initiate('no-such'));
    const result = await store.dispatch(apiSlice.endpoints.getRecords.initiate('no-such'));
    expect(result.error).toMatchObject({ status: 404 });
    expect(getSurveyConfig).toHaveBeenCalledTimes(1);
    expect(querySurveyResults).not.toHaveBeenCalled();
  });

  it('reads every searchable survey without an id', async () => {
    const querySurveyResults = vi.fn(({ surveyId }: { surveyId: string }) => Promise.resolve({ data: surveyId === course.surveyId ? rowsOf(course, { ticket: '200001' }) : [], records: [] }));
    const store = storeWith({ getAllSearchableSurveyConfigs: () => Promise.resolve({ data: [questionnaire, course] }), querySurveyResults });
    const result = await store.dispatch(apiSlice.endpoints.getRecords.initiate(undefined));
    expect(result.data?.map((records) => [records.config.surveyId, records.rows.length])).toEqual([
      ['citizen-questionnaire', 0],
      ['event-application', rowsOf(course, { ticket: '200001' }).length],
    ]);
  });
});

describe('cancelRecord', () => {
  it('cancels as the signed-in citizen, then the lists showing that survey and the orders load again', async () => {
    const cancelReservation = vi.fn(() => Promise.resolve({ result: 'OK' as const }));
    const querySurveyResults = vi.fn(() => Promise.resolve({ data: rowsOf(course, { ticket: '200001' }), records: [] }));
    const getOrders = vi.fn(() => Promise.resolve({ data: [] }));
    const store = storeWith({
      getAllSearchableSurveyConfigs: () => Promise.resolve({ data: [course] }),
      getSurveyConfig: () => Promise.resolve({ data: course }),
      querySurveyResults,
      getOrders,
      cancelReservation: cancelReservation as never,
    });
    const list = store.dispatch(apiSlice.endpoints.getRecords.initiate(undefined));
    await list;
    expect(querySurveyResults).toHaveBeenCalledTimes(1);
    await store.dispatch(apiSlice.endpoints.cancelRecord.initiate({ surveyId: 'event-application', partitionKey: 'event-application#U1#1' }));
    expect(cancelReservation).toHaveBeenCalledWith({ surveyId: 'event-application', partitionKey: 'event-application#U1#1', userId: 'U1' });
    // A paid booking is refunded, a pending payment given up: the orders are asked for again before it resolves.
    expect(getOrders).toHaveBeenCalledTimes(1);
    // The survey's own records before the cancel resolves, then the list of every survey.
    await vi.waitFor(() => {
      expect(querySurveyResults).toHaveBeenCalledTimes(3);
    }, { timeout: 15_000 });
    list.unsubscribe();
  });

  it('loads nothing again when the cancel failed, and says why', async () => {
    const querySurveyResults = vi.fn(() => Promise.resolve({ data: [], records: [] }));
    const refused = new ApiError('この申込みはキャンセルできません。', { code: 'record_closed', status: 409, body: { statusCode: 409, error: 'Conflict', code: 'record_closed', message: 'この申込みはキャンセルできません。' } });
    const store = storeWith({ getAllSearchableSurveyConfigs: () => Promise.resolve({ data: [course] }), querySurveyResults, cancelReservation: () => Promise.reject(refused) });
    const list = store.dispatch(apiSlice.endpoints.getRecords.initiate(undefined));
    await list;
    const result = await store.dispatch(apiSlice.endpoints.cancelRecord.initiate({ surveyId: 'event-application', partitionKey: 'event-application#U1#1' }));
    expect(messageForScreen(result.error)).toBe('この申込みはキャンセルできません。');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(querySurveyResults).toHaveBeenCalledTimes(1);
    list.unsubscribe();
  });
});

describe('calendar data', () => {
  const checkup: SurveyConfig = {
    surveyId: 'health-checkup',
    isAppending: { value: true },
    surveySchema: [{ itemKey: 'slot', type: 'reservation', title: '予約日時', categoryId: 'checkup' }],
  };
  const categories = [
    { categoryId: 'checkup', tag1: '健康診断', tag2: '特定健診' },
    { categoryId: 'checkup-central', tag1: '健康診断', tag2: '特定健診', tag3: '中央保健センター', calendarId: 'cal-checkup-central' },
  ];
  const rules = { bookingOpensDaysAhead: 60, bookingClosesBefore: { unit: 'days' as const, amount: 1 }, changeClosesBefore: { unit: 'days' as const, amount: 1 } };
  const slotsOf = (query: { calendarId: string; from: string; to: string }, left = 5) => ({
    data: {
      calendarId: query.calendarId,
      categoryId: 'checkup-central',
      rules,
      today: '2026-11-23',
      closedDays: [],
      slots: [{ slotId: '2', date: query.from, start: '10:00', end: '11:00', capacity: 5, left, status: 'open' as const }],
    },
  });

  it('reads a booked slot’s times, place and rules with one slots call for its one date', async () => {
    const getCalendarSlots = vi.fn((query: { calendarId: string; from: string; to: string }) => Promise.resolve(slotsOf(query)));
    const store = storeWith({ getCalendarCategories: () => Promise.resolve({ data: categories }), getCalendarSlots });
    const result = await store.dispatch(bookedSlotsApi.endpoints.getBookedSlots.initiate(['checkup-central|2026-12-01|2', 'gone|2026-12-01|1']));
    expect(getCalendarSlots).toHaveBeenCalledWith({ calendarId: 'cal-checkup-central', from: '2026-12-01', to: '2026-12-01' });
    expect(getCalendarSlots).toHaveBeenCalledTimes(1);
    const [booked, gone] = result.data ?? [];
    expect(booked).toMatchObject({ categoryId: 'checkup-central', date: '2026-12-01', slot: { start: '10:00', end: '11:00' }, rules, category: { tag3: '中央保健センター' } });
    // A category that no longer exists: the answer is still described by its date.
    expect(gone).toEqual({ value: 'gone|2026-12-01|1', categoryId: 'gone', date: '2026-12-01', slotId: '1' });
  });

  it('loads a calendar’s counts again after a booking is sent', async () => {
    let left = 5;
    const getCalendarSlots = vi.fn((query: { calendarId: string; from: string; to: string }) => Promise.resolve(slotsOf(query, left)));
    const putReservation = vi.fn((payload: SubmissionPayload) => Promise.resolve({ result: 'OK' as const, partitionKey: payload.data[0]!.partitionKey, receiptNumber: 'K7Q-4M2X' }));
    const store = storeWith({ getCalendarSlots, putReservation });
    const week = store.dispatch(apiSlice.endpoints.getCalendarSlots.initiate({ calendarId: 'cal-checkup-central', from: '2026-11-23', to: '2026-11-29' }));
    await week;
    left = 4;
    const payload = { data: buildSurveyResultRows({ config: checkup, userId: 'U1', answers: { slot: 'checkup-central|2026-11-23|2' }, now: 1 }) };
    await store.dispatch(apiSlice.endpoints.putReservation.initiate({ surveyId: 'health-checkup', payload, idempotencyKey: 'k' }));
    await vi.waitFor(() => {
      expect(apiSlice.endpoints.getCalendarSlots.select({ calendarId: 'cal-checkup-central', from: '2026-11-23', to: '2026-11-29' })(store.getState()).data?.slots[0]?.left).toBe(4);
    }, { timeout: 15_000 });
    expect(getCalendarSlots).toHaveBeenCalledTimes(2);
    week.unsubscribe();
  });
});
