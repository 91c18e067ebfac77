import type { CalendarCategory, FileRef, SurveyConfig, SurveyResultRow } from '@city/survey-core';
import { describe, expectTypeOf, it } from 'vitest';
import type { ApiClient } from './client.js';
import type { LoginSession, RecordChangeResult, RecordSummary, ReservationResult, TemporaryReservation } from './contract/types.js';
import type { ApiError } from './errors.js';

describe('what each call resolves to', () => {
  it('data or an ApiError for calls that never reject', () => {
    expectTypeOf<Awaited<ReturnType<ApiClient['getSurveyConfig']>>>().toEqualTypeOf<{ data: SurveyConfig } | ApiError>();
    expectTypeOf<Awaited<ReturnType<ApiClient['querySurveyResults']>>>().toEqualTypeOf<
      { data: SurveyResultRow[]; records: RecordSummary[] } | ApiError
    >();
    expectTypeOf<Awaited<ReturnType<ApiClient['putReservation']>>>().toEqualTypeOf<ReservationResult | ApiError>();
    expectTypeOf<Awaited<ReturnType<ApiClient['getCalendarCategories']>>>().toEqualTypeOf<
      { data: CalendarCategory[] } | ApiError
    >();
    expectTypeOf<Awaited<ReturnType<ApiClient['uploadFile']>>>().toEqualTypeOf<{ data: FileRef } | ApiError>();
  });

  it('uploads a Blob (a File is one) under a name', () => {
    expectTypeOf<ApiClient['uploadFile']>().parameter(0).toEqualTypeOf<Blob>();
    expectTypeOf<ApiClient['uploadFile']>().parameter(1).toEqualTypeOf<string>();
  });

  it('only data for the "no catch" calls, which reject instead', () => {
    expectTypeOf<Awaited<ReturnType<ApiClient['cancelReservation']>>>().toEqualTypeOf<RecordChangeResult>();
    expectTypeOf<Awaited<ReturnType<ApiClient['putTemporaryReservation']>>>().toEqualTypeOf<{
      data: TemporaryReservation;
    }>();
  });

  it('the spec\'s own failure shapes for the results-by-user and login calls', () => {
    expectTypeOf<Awaited<ReturnType<ApiClient['getSurveyResultsByUser']>>>().toEqualTypeOf<
      { result: 'OK'; data: SurveyResultRow[] } | { result: 'ERROR'; errorMessage: string }
    >();
    expectTypeOf<Awaited<ReturnType<ApiClient['exchangeLoginCode']>>>().toEqualTypeOf<
      { data: LoginSession } | { error: ApiError }
    >();
  });

  it('takes a partition key only as an option of querySurveyResults', () => {
    expectTypeOf<ApiClient['querySurveyResults']>()
      .parameter(0)
      .toEqualTypeOf<{ surveyId: string; userId: string; partitionKey?: string }>();
  });
});
