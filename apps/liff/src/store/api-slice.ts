import type { CalendarSlotsQuery, DataResponse, OrderView, OwnRecordsResponse, ReservationResult } from '@city/api-client';
import type { ApiError } from '@city/api-client';
import { BOOKING_ERROR_CODES, errorFromResponse, isApiError } from '@city/api-client';
import type {
  CalendarCategory,
  CalendarCategoryTreeRoot,
  CalendarDisplaySettings,
  CalendarSlots,
  SubmissionPayload,
  SurveyConfig,
} from '@city/survey-core';
import type { SerializedError, WithSlice } from '@reduxjs/toolkit';
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import type { CallFailure } from '../lib/api-errors.js';
import { isCallFailure } from '../lib/api-errors.js';
import { takeEarlyResponse } from '../lib/early-requests.js';
import type { RecordKey, SurveyRecords } from '../lib/records.js';
import { failureOf } from './call-failure.js';
import type { RootState } from './root-reducer.js';
import { serverDataHydrated } from './server-state.js';
import type { AppServices } from './services.js';
import type { SessionRoot } from './session-slice.js';
import { selectSession } from './session-slice.js';

/** The tag id of the list of every searchable survey's records (`/confirmList`). */
export const ALL_SURVEYS = '*';

/** The tag id of the list of every order of the citizen (`getOrders`). */
export const ALL_ORDERS = '*';

/** A submission to send (spec section 7, putItem): every send of the same answers carries the same key. */
export interface ReservationToPut {
  surveyId: string;
  payload: SubmissionPayload;
  idempotencyKey: string;
}

// Queries reach the API client through the store's services (the thunk extra argument).
export const servicesOf = (extra: unknown) => extra as AppServices;

/** The signed-in citizen; the screens that load records are behind RequireSession. */
export function userIdOf(getState: () => unknown, endpoint: string): string {
  const userId = selectSession(getState() as SessionRoot)?.userId;
  if (userId === undefined) throw new Error(`${endpoint} needs a session.`);
  return userId;
}

/** A query that needed another one fails with its failure (a lost session is already reported). */
export function failedWith(error: CallFailure | SerializedError | undefined): { error: CallFailure } {
  if (isCallFailure(error)) return { error };
  throw new Error(error?.message ?? 'A call this query needs failed.');
}

/** The ID token of the signed-in citizen, if any. */
const idTokenOf = (getState: () => unknown) => selectSession(getState() as SessionRoot)?.idToken ?? null;

/**
 * The answer a request sent before the app's code arrived got (lib/early-requests.ts), read as the
 * API client reads one: its body, or the refusal. Undefined when there is none to take (or it
 * cannot be read): ask as usual.
 */
async function earlyAnswer<Body>(kind: Parameters<typeof takeEarlyResponse>[0], subject: string, getState: () => unknown): Promise<Body | ApiError | undefined> {
  const response = await takeEarlyResponse(kind, subject, idTokenOf(getState));
  if (response === undefined) return undefined;
  if (!response.ok) return errorFromResponse(response);
  try {
    return (await response.json()) as Body;
  } catch {
    return undefined;
  }
}

/**
 * Server data, through @city/api-client. A failed call ends its query or mutation with a
 * {@link CallFailure}; a 401 also dispatches sessionLost (see failureOf). Screens show
 * messageForScreen(error).
 */
const baseApi = createApi({
  reducerPath: 'api',
  // A screen the server rendered: its queries' answers, put in the cache before it hydrates.
  // ServerState.api is this slice's state as the server's store held it (typed there as unknown:
  // the store's layer does not know this slice's types, which would make them circular).
  extractRehydrationInfo: (action) => (serverDataHydrated.match(action) ? (action.payload.api as never) : undefined),
  baseQuery: fakeBaseQuery<CallFailure>(),
  // CalendarSlots: one calendar's slots (id: its calendarId), loaded again after a booking changes.
  // Orders: the citizen's orders (id: an orderId, or ALL_ORDERS for the list of them all).
  tagTypes: ['Records', 'CalendarSlots', 'Orders'],
  endpoints: (build) => ({
    /**
     * A survey's configuration (`survey-configs/getItem`). Kept for the whole visit, as the survey
     * being answered was before: the form, the confirm screen, the submission and the records of
     * that survey all read it, and it does not change while a citizen answers.
     */
    getSurveyConfig: build.query<SurveyConfig, string>({
      queryFn: async (surveyId, { extra, dispatch, getState }) => {
        // Asked for before the app's code arrived (lib/early-requests.ts), on the first opening.
        const result = (await earlyAnswer<DataResponse<SurveyConfig>>('surveyConfig', surveyId, getState)) ?? (await servicesOf(extra).api.getSurveyConfig(surveyId));
        return isApiError(result) ? { error: failureOf(result, dispatch) } : { data: result.data };
      },
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
    }),
    /**
     * Every calendar category, with the calendar booked through it (`calendars/categories`): how
     * a reservation answer's category finds its calendar and its place names. Categories change
     * only when staff import a new tree, so they are kept for the visit.
     */
    getCalendarCategories: build.query<CalendarCategory[], undefined>({
      queryFn: async (_arg, { extra, dispatch }) => {
        const result = await servicesOf(extra).api.getCalendarCategories();
        return isApiError(result) ? { error: failureOf(result, dispatch) } : { data: result.data };
      },
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
    }),
    /** The category tree the calendar screen picks in, level by level (`calendars/categories_tree`). */
    getCalendarCategoriesTree: build.query<CalendarCategoryTreeRoot[], undefined>({
      queryFn: async (_arg, { extra, dispatch }) => {
        const result = await servicesOf(extra).api.getCalendarCategoriesTree();
        return isApiError(result) ? { error: failureOf(result, dispatch) } : { data: result.data };
      },
    }),
    /** The names of the three category levels (spec section 3: categoryLabels), `calendars/display_settings`. */
    getCalendarDisplaySettings: build.query<CalendarDisplaySettings, undefined>({
      queryFn: async (_arg, { extra, dispatch }) => {
        const result = await servicesOf(extra).api.getCalendarDisplaySettings();
        return isApiError(result) ? { error: failureOf(result, dispatch) } : { data: result.data };
      },
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
    }),
    /**
     * A calendar's slots over a range of dates, with what is left of each and the calendar's rules
     * (spec section 3: calendarSettings). Tagged by calendar: a booking, a change, a cancel or a
     * slot lost to someone else loads them again, so the counts shown are never stale.
     */
    getCalendarSlots: build.query<CalendarSlots, CalendarSlotsQuery>({
      queryFn: async (query, { extra, dispatch }) => {
        const result = await servicesOf(extra).api.getCalendarSlots(query);
        return isApiError(result) ? { error: failureOf(result, dispatch) } : { data: result.data };
      },
      providesTags: (_result, _error, { calendarId }) => [{ type: 'CalendarSlots', id: calendarId }],
    }),
    /** The surveys a citizen can look their records up in (`survey-configs/getAllSearchable`). */
    getSearchableSurveys: build.query<SurveyConfig[], undefined>({
      queryFn: async (_arg, { extra, dispatch }) => {
        const result = await servicesOf(extra).api.getAllSearchableSurveyConfigs();
        return isApiError(result) ? { error: failureOf(result, dispatch) } : { data: result.data };
      },
    }),
  }),
});

// Added once getSurveyConfig exists: the records of one survey reuse its cache entry.
const recordsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The citizen's records in one survey, or (undefined) in every searchable survey. The lists ask
     * again on every visit; the details and cancel screens read the record from the list it was
     * picked in, which therefore stays in hand for the visit (until a change invalidates it).
     */
    getRecords: build.query<SurveyRecords[], string | undefined>({
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
      queryFn: async (surveyId, { extra, getState, dispatch }) => {
        const { api } = servicesOf(extra);
        const userId = userIdOf(getState, 'getRecords');
        let configs: SurveyConfig[];
        let results: Awaited<ReturnType<typeof api.querySurveyResults>>[];
        if (surveyId === undefined) {
          const searchable = await api.getAllSearchableSurveyConfigs();
          if (isApiError(searchable)) return { error: failureOf(searchable, dispatch) };
          configs = searchable.data;
          // survey-results/query (not getBySurveyIdUserIdIndex): its failures keep their status, so a
          // 401 can send the citizen back to the login screen.
          results = await Promise.all(configs.map((config) => api.querySurveyResults({ surveyId: config.surveyId, userId })));
        } else {
          // A survey the server said does not exist: that answer stands for its records too. Asked
          // again here, it would be a second request for the same refusal (the form's 再読み込み
          // asks again); the form's first queries race for it, so this is not left to timing.
          const known = baseApi.endpoints.getSurveyConfig.select(surveyId)(getState() as never);
          if (known.isError && isCallFailure(known.error) && known.error.status === 404) return { error: known.error };
          // The survey configuration in hand (or on its way) serves: no second request for it. The
          // rows are asked for at the same time, not after it (one round trip, not two).
          const [config, rows] = await Promise.all([
            dispatch(baseApi.endpoints.getSurveyConfig.initiate(surveyId, { subscribe: false })),
            earlyAnswer<OwnRecordsResponse>('surveyRows', surveyId, getState).then((early) => early ?? api.querySurveyResults({ surveyId, userId })),
          ]);
          if (config.data === undefined) {
            // Its own query already reported a lost session.
            if (isCallFailure(config.error)) return { error: config.error };
            throw new Error(config.error?.message ?? `No survey configuration for ${surveyId}.`);
          }
          configs = [config.data];
          results = [rows];
        }
        const found: SurveyRecords[] = [];
        for (const [index, rows] of results.entries()) {
          if (isApiError(rows)) return { error: failureOf(rows, dispatch) };
          const config = configs[index];
          if (config !== undefined) found.push({ config, rows: rows.data, receipts: rows.records });
        }
        return { data: found };
      },
      providesTags: (result, _error, surveyId) => [
        { type: 'Records', id: surveyId ?? ALL_SURVEYS },
        ...(result ?? []).map((records) => ({ type: 'Records' as const, id: records.config.surveyId })),
      ],
    }),
  }),
});

// The citizen's orders: a cancel (below) loads them again before it resolves.
const ordersApi = recordsApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * One order of the citizen's (`payments/order`). While it is pending the server asks the
     * payment provider first, so asking again shows the payment's outcome (the payment result
     * screens poll it; the return from the provider is never proof of payment).
     */
    getOrder: build.query<OrderView, string>({
      queryFn: async (orderId, { extra, dispatch, getState }) => {
        // A receipt's order, asked for before the app's code arrived (lib/early-requests.ts).
        const result = (await earlyAnswer<DataResponse<OrderView>>('order', orderId, getState)) ?? (await servicesOf(extra).api.getOrder(orderId));
        return isApiError(result) ? { error: failureOf(result, dispatch) } : { data: result.data };
      },
      providesTags: (_result, _error, orderId) => [{ type: 'Orders', id: orderId }],
    }),
    /** Every order of the citizen, newest first: the look-up list shows each record's payment state. */
    getOrders: build.query<OrderView[], undefined>({
      queryFn: async (_arg, { extra, dispatch }) => {
        const result = await servicesOf(extra).api.getOrders();
        return isApiError(result) ? { error: failureOf(result, dispatch) } : { data: result.data };
      },
      providesTags: [{ type: 'Orders', id: ALL_ORDERS }],
    }),
  }),
});

// Added once getRecords and getOrders exist: a change loads the records (and orders) again.
export const apiSlice = ordersApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Cancels a record (spec section 7: cancelItem, "no catch"), then loads that survey's records
     * and the citizen's orders again before it resolves, so the list the citizen returns to never
     * shows the record or its payment as they were (a paid booking is refunded, a pending payment
     * given up); the other lists holding it load again when next shown.
     */
    cancelRecord: build.mutation<RecordKey, RecordKey>({
      queryFn: async (record, { extra, getState, dispatch }) => {
        const userId = userIdOf(getState, 'cancelRecord');
        try {
          await servicesOf(extra).api.cancelReservation({ surveyId: record.surveyId, partitionKey: record.partitionKey, userId });
        } catch (error) {
          return { error: failureOf(error, dispatch) };
        }
        await Promise.all([
          dispatch(recordsApi.endpoints.getRecords.initiate(record.surveyId, { subscribe: false, forceRefetch: true })),
          dispatch(ordersApi.endpoints.getOrders.initiate(undefined, { subscribe: false, forceRefetch: true })),
        ]);
        return { data: record };
      },
      // A cancel frees the record's slot: every calendar shown loads its counts again. A cancel
      // refused for a passed deadline loads the rules again, so the details screen says why.
      invalidatesTags: (_result, error) => {
        if (error === undefined) return [{ type: 'Records', id: ALL_SURVEYS }, 'CalendarSlots'];
        return error.code === BOOKING_ERROR_CODES.changeDeadlinePassed ? ['CalendarSlots'] : [];
      },
    }),
    /**
     * Sends a submission (spec section 7, putItem, with the client's retry rules) under the given
     * Idempotency-Key; the survey's lists load again afterwards.
     */
    putReservation: build.mutation<ReservationResult, ReservationToPut>({
      queryFn: async ({ payload, idempotencyKey }, { extra, dispatch }) => {
        const result = await servicesOf(extra).api.putReservation(payload, { idempotencyKey });
        return isApiError(result) ? { error: failureOf(result, dispatch) } : { data: result };
      },
      // A booking takes units (and a change frees others): the calendars load their counts again.
      invalidatesTags: (_result, error, { surveyId }) => (error === undefined ? [{ type: 'Records', id: surveyId }, 'CalendarSlots'] : []),
    }),
    /**
     * Gives up paying a pending order (`payments/order/cancel`): its slots are freed at once. Answers
     * the order as it stands, which is `paid` when the payment won the race.
     */
    cancelOrder: build.mutation<OrderView, string>({
      queryFn: async (orderId, { extra, dispatch }) => {
        const result = await servicesOf(extra).api.cancelOrder(orderId);
        return isApiError(result) ? { error: failureOf(result, dispatch) } : { data: result.data };
      },
      // Freed slots change the counts; the record's state and the order lists change too.
      invalidatesTags: (result, error, orderId) =>
        error === undefined ? [{ type: 'Orders', id: orderId }, { type: 'Orders', id: ALL_ORDERS }, { type: 'Records', id: result?.surveyId ?? ALL_SURVEYS }, { type: 'Records', id: ALL_SURVEYS }, 'CalendarSlots'] : [],
    }),
  }),
});

declare module './root-reducer.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the root state gains RTK Query's cache
  export interface LazyLoadedSlices extends WithSlice<typeof apiSlice> {}
}

/**
 * The root state once the data layer is in the store (data-layer.ts): what code that runs only
 * after a screen that reads server data loaded (its thunks, its selectors) may take it as.
 */
export type RootStateWithApi = RootState & WithSlice<typeof apiSlice>;

/** The configuration of a survey in hand (loaded already), as thunks read it; undefined otherwise. */
export function selectSurveyConfigInHand(state: RootState, surveyId: string | null): SurveyConfig | undefined {
  if (surveyId === null || state.api === undefined) return undefined;
  return apiSlice.endpoints.getSurveyConfig.select(surveyId)(state as RootStateWithApi).data;
}

export const {
  useGetSurveyConfigQuery,
  useGetSearchableSurveysQuery,
  useGetRecordsQuery,
  useCancelRecordMutation,
  useGetCalendarCategoriesQuery,
  useGetCalendarCategoriesTreeQuery,
  useGetCalendarDisplaySettingsQuery,
  useGetCalendarSlotsQuery,
  useGetOrderQuery,
  useGetOrdersQuery,
  useCancelOrderMutation,
} = apiSlice;
