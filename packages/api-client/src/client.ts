import type { SubmissionPayload } from '@city/survey-core';
import kyExport, { TimeoutError } from 'ky';
import type {
  Endpoints,
  FilterSurveyResultsBody,
  BookingLimitsQuery,
  CalendarSlotsQuery,
  LoginCodeQuery,
  OrdersQuery,
  WithdrawMembershipBody,
  SaveDraftBody,
  JoinWaitlistBody,
  ApplyLotteryBody,
  LotteryQuery,
  WaitlistQuery,
  PaymentReturn,
  RecordKeyBody,
  SurveyResultsByUserFailure,
} from './contract/types.js';
import {
  abortedError,
  ApiError,
  errorFromResponse,
  isApiError,
  networkError,
  overallTimeoutError,
  requestTimeoutError,
} from './errors.js';
import type { Clock, RetryPolicy } from './retry.js';
import { DEFAULT_RETRY_POLICY, retryAfterMs, sleep, systemClock } from './retry.js';
import type { EndpointName } from './routes.js';
import { routes } from './routes.js';

// ky is ESM-only with a default export alone. The CommonJS build loads it through Node's
// require(esm), and the bundler's interop then wraps the module once more; unwrap it so that both
// builds call the same function.
const ky = (kyExport as typeof kyExport & { default?: typeof kyExport }).default ?? kyExport;

/** The citizen's actions a LINE service message confirms: only these carry the LIFF access token. */
const ACTIONS_CONFIRMED_IN_LINE: ReadonlySet<EndpointName> = new Set<EndpointName>(['putReservation', 'putTemporaryReservation', 'cancelReservation', 'deleteReservation']);

/** Settings of {@link createApiClient}. */
export interface ApiClientOptions {
  /** The API base URL (spec section 3); endpoint paths are appended to it. */
  baseUrl: string;
  /** The signed-in user's LINE ID token, read before every request; none means no Authorization header. */
  getIdToken?: () => string | null | undefined;
  /**
   * Inside the LINE mini-app: the LIFF access token (`liff.getAccessToken()`), sent as
   * `X-Line-Access-Token` with the actions a LINE service message confirms (putReservation,
   * putTemporaryReservation, cancelReservation, deleteReservation) and with nothing else. None, or outside LINE: not sent.
   */
  getLineAccessToken?: () => string | null | undefined;
  /** The fetch to use. Default: the global one. */
  fetch?: typeof fetch;
  /** How `putReservation` retries; each field defaults to the spec's value. */
  retry?: Partial<RetryPolicy>;
  /** Per-request time limit in ms. Default 0: none (spec section 9). */
  timeoutMs?: number;
  /** Time source for the retry limits. Default: the system clock. For tests. */
  clock?: Clock;
}

/** Per-call options. */
export interface CallOptions {
  /** Aborting it ends the call with 'Request aborted'. */
  signal?: AbortSignal;
}

/** Per-call options of `putReservation`. */
export interface PutReservationOptions extends CallOptions {
  /**
   * Identifies this submission to the server so that retries store it once. Default: a new random
   * key per call. Pass your own to make a later, separate call count as the same submission
   * (say, the citizen tapping 送信 again after a lost response).
   */
  idempotencyKey?: string;
}

/** Per-call options of `putTemporaryReservation`. */
export interface PutTemporaryReservationOptions extends PutReservationOptions {
  /** Where the payment provider sends the citizen back (see {@link TemporaryReservationQuery}). */
  returnTo?: PaymentReturn;
}

/** What a call that never rejects resolves to: the response, or the error in its place. */
export type Result<Name extends EndpointName> = Promise<Endpoints[Name]['response'] | ApiError>;

interface Request {
  query?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is (a file upload), with its Content-Type in `headers`. */
  rawBody?: Blob;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
}

/**
 * Creates the typed client of the citizen API. Every method calls one endpoint of spec section 7.
 * Methods resolve to the response or, on failure, to an {@link ApiError} in its place (check with
 * `isApiError`); only `cancelReservation` and `putTemporaryReservation` reject, as the spec marks
 * them "(no catch)". Every request carries `Authorization: Bearer <idToken>` when `getIdToken`
 * returns a token.
 *
 * @example
 * ```ts
 * const api = createApiClient({
 *   baseUrl: 'https://city.example.jp',
 *   getIdToken: () => sessionStorage.getItem('liffIdToken'),
 * });
 * const config = await api.getSurveyConfig('clinic');
 * if (isApiError(config)) console.error(config.code, config.message);
 * else console.log(config.data.surveySchema.length);
 * ```
 */
export function createApiClient(options: ApiClientOptions) {
  const retryPolicy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const clock = options.clock ?? systemClock;
  const timeoutMs = options.timeoutMs ?? 0;
  assertTimerValue('timeoutMs', timeoutMs);
  if (retryPolicy.overallTimeoutMs !== Number.POSITIVE_INFINITY) {
    assertTimerValue('retry.overallTimeoutMs', retryPolicy.overallTimeoutMs);
  }
  const http = ky.create({
    prefixUrl: options.baseUrl,
    retry: 0, // retries are ours: only putReservation retries, by the spec's rules
    timeout: timeoutMs > 0 ? timeoutMs : false,
    throwHttpErrors: false,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });

  /** Sends one request; a response of any status resolves, anything else rejects with an ApiError. */
  async function send(name: EndpointName, request: Request): Promise<Response> {
    const { method, path } = routes[name];
    const headers: Record<string, string> = { ...request.headers };
    let idToken: string | null | undefined;
    try {
      idToken = options.getIdToken?.();
    } catch (error) {
      throw new ApiError('Could not read the ID token', { code: 'ERR_ID_TOKEN', cause: error });
    }
    if (idToken) headers.Authorization = `Bearer ${idToken}`;
    if (ACTIONS_CONFIRMED_IN_LINE.has(name)) {
      const lineAccessToken = options.getLineAccessToken?.();
      if (lineAccessToken) headers['X-Line-Access-Token'] = lineAccessToken;
    }
    try {
      return await http(path.slice(1), {
        method,
        headers,
        ...(request.query === undefined ? {} : { searchParams: request.query }),
        ...(request.body === undefined ? {} : { json: request.body }),
        ...(request.rawBody === undefined ? {} : { body: request.rawBody }),
        ...(request.signal === undefined ? {} : { signal: request.signal }),
      });
    } catch (error) {
      if (isApiError(error)) throw error;
      // Whatever the abort reason was (a string, an Error, AbortSignal.timeout()), the caller aborted.
      if (request.signal?.aborted) throw abortedError(error);
      if (error instanceof TimeoutError) throw requestTimeoutError(timeoutMs, error);
      throw networkError(error);
    }
  }

  /** The JSON of a 2xx response; rejects with an ApiError for any other status or unreadable JSON. */
  async function readJson<T>(response: Response): Promise<T> {
    if (!response.ok) throw await errorFromResponse(response);
    try {
      const text = await response.text();
      return (text === '' ? undefined : JSON.parse(text)) as T;
    } catch (error) {
      throw new ApiError('Invalid JSON in the response', {
        code: 'ERR_BAD_RESPONSE',
        status: response.status,
        cause: error,
      });
    }
  }

  /** One request, its JSON, or a rejection with an ApiError ("no catch" calls use this as is). */
  async function call<Name extends EndpointName>(
    name: Name,
    request: Request,
  ): Promise<Endpoints[Name]['response']> {
    return readJson<Endpoints[Name]['response']>(await send(name, request));
  }

  /** The same, resolving to the ApiError instead of rejecting (every call the spec does not mark "no catch"). */
  async function settle<T>(pending: Promise<T>): Promise<T | ApiError> {
    try {
      return await pending;
    } catch (error) {
      return isApiError(error) ? error : unexpectedError(error);
    }
  }

  /**
   * Sends a submission by the spec's retry rules: only a 503 whose body says `retryable: true` is
   * sent again (and network errors, when the policy says so), at most `maxAttempts` times in all,
   * all within `overallTimeoutMs`. Every attempt carries the same Idempotency-Key.
   */
  async function sendSubmission(
    payload: SubmissionPayload,
    idempotencyKey: string,
    signal: AbortSignal | undefined,
  ): Promise<Endpoints['putReservation']['response']> {
    const controller = new AbortController();
    const overallLimit = { passed: false };
    const limit = retryPolicy.overallTimeoutMs;
    const timer = Number.isFinite(limit)
      ? clock.setTimeout(() => {
          overallLimit.passed = true;
          controller.abort();
        }, limit)
      : undefined;
    const forwardAbort = () => {
      controller.abort(signal?.reason);
    };
    if (signal?.aborted) forwardAbort();
    signal?.addEventListener('abort', forwardAbort, { once: true });

    const request = {
      body: payload,
      headers: { 'Idempotency-Key': idempotencyKey },
      signal: controller.signal,
    };
    const deadline = clock.now() + limit;
    try {
      for (let attempt = 1; ; attempt += 1) {
        let waitMs: number;
        try {
          const response = await send('putReservation', request);
          if (response.ok || response.status !== 503) return await readJson(response);
          const error = await errorFromResponse(response);
          if (error.body?.retryable !== true || attempt >= retryPolicy.maxAttempts) throw error;
          waitMs = retryAfterMs(response.headers.get('Retry-After'), clock.now()) ?? retryPolicy.serverRetryDelayMs;
          // A wait that ends past the overall limit could only end in 'timeout': say so now.
          if (clock.now() + waitMs >= deadline) throw overallTimeoutError();
        } catch (error) {
          if (overallLimit.passed) throw overallTimeoutError();
          if (signal?.aborted) throw abortedError(error);
          const canRetry =
            isApiError(error) &&
            error.code === 'ERR_NETWORK' &&
            retryPolicy.retryOnNetworkError &&
            attempt < retryPolicy.maxAttempts;
          if (!canRetry) throw error;
          waitMs = retryPolicy.networkRetryDelayMs;
        }
        try {
          await sleep(clock, waitMs, controller.signal);
        } catch (error) {
          throw overallLimit.passed ? overallTimeoutError() : abortedError(error);
        }
      }
    } finally {
      if (timer !== undefined) clock.clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }
  }

  return {
    /** The survey's configuration (`survey-configs/getItem`). Staff-only items are already removed. */
    getSurveyConfig(surveyId: string, callOptions: CallOptions = {}): Result<'getSurveyConfig'> {
      return settle(call('getSurveyConfig', { query: { surveyId }, signal: callOptions.signal }));
    },

    /** Every survey a citizen can look records up in (`survey-configs/getAllSearchable`). */
    getAllSearchableSurveyConfigs(callOptions: CallOptions = {}): Result<'getAllSearchableSurveyConfigs'> {
      return settle(call('getAllSearchableSurveyConfigs', { signal: callOptions.signal }));
    },

    /** Several surveys' configurations at once (`survey-configs/getSurveyConfigsList`). */
    getSurveyConfigsList(surveyIdList: string[], callOptions: CallOptions = {}): Result<'getSurveyConfigsList'> {
      return settle(call('getSurveyConfigsList', { body: { surveyIdList }, signal: callOptions.signal }));
    },

    /**
     * The user's result rows of a survey: POST `survey-results/query` without a partition key, or
     * GET `getBySurveyIdPartitionKeyIndex` for the one record with it (spec section 7); with each
     * record's 受付番号 in `records`.
     */
    querySurveyResults(
      params: { surveyId: string; userId: string; partitionKey?: string },
      callOptions: CallOptions = {},
    ): Result<'querySurveyResults'> {
      const { surveyId, userId, partitionKey } = params;
      return settle(
        partitionKey === undefined
          ? call('querySurveyResults', { body: { surveyId, userId }, signal: callOptions.signal })
          : call('getSurveyResultsByPartitionKey', { query: { surveyId, partitionKey }, signal: callOptions.signal }),
      );
    },

    /**
     * All the signed-in user's records of a survey (`getBySurveyIdUserIdIndex`). On failure it
     * resolves to `{ result: 'ERROR', errorMessage }`, as the spec says.
     */
    async getSurveyResultsByUser(
      surveyId: string,
      callOptions: CallOptions = {},
    ): Promise<Endpoints['getSurveyResultsByUser']['response'] | SurveyResultsByUserFailure> {
      const result = await settle(call('getSurveyResultsByUser', { query: { surveyId }, signal: callOptions.signal }));
      return isApiError(result) ? { result: 'ERROR', errorMessage: result.message } : result;
    },

    /** Looks a record up by the survey's lookup items (`survey-results/filterQuery`). */
    filterSurveyResults(body: FilterSurveyResultsBody, callOptions: CallOptions = {}): Result<'filterSurveyResults'> {
      return settle(call('filterSurveyResults', { body, signal: callOptions.signal }));
    },

    /**
     * Sends a submission (`reservation/putItem`), retried by the spec's rules: only a 503 with
     * `retryable: true`, at most 3 attempts within 60 s, then `code: 'timeout'`. Every attempt
     * carries the same `Idempotency-Key`, so the server stores the submission once.
     */
    putReservation(payload: SubmissionPayload, callOptions: PutReservationOptions = {}): Result<'putReservation'> {
      const idempotencyKey = callOptions.idempotencyKey ?? newIdempotencyKey();
      return settle(sendSubmission(payload, idempotencyKey, callOptions.signal));
    },

    /**
     * Cancels a reservation (`reservation/cancelItem`): its slots are freed, a pending payment is
     * given up and a paid one refunded. Rejects with an ApiError on failure ("no catch").
     */
    cancelReservation(body: RecordKeyBody, callOptions: CallOptions = {}): Promise<Endpoints['cancelReservation']['response']> {
      return call('cancelReservation', { body, signal: callOptions.signal });
    },

    /** Deletes a record (`reservation/deleteItem`). */
    deleteReservation(body: RecordKeyBody, callOptions: CallOptions = {}): Result<'deleteReservation'> {
      return settle(call('deleteReservation', { body, signal: callOptions.signal }));
    },

    /** Attaches the signed-in user to a record found by lookup (`reservation/putUserId`). */
    putUserId(body: RecordKeyBody, callOptions: CallOptions = {}): Result<'putUserId'> {
      return settle(call('putUserId', { body, signal: callOptions.signal }));
    },

    /**
     * Holds a slot while the citizen pays (`reservation/temprary`). Rejects with an ApiError on
     * failure ("no catch").
     */
    putTemporaryReservation(
      body: SubmissionPayload,
      callOptions: PutTemporaryReservationOptions = {},
    ): Promise<Endpoints['putTemporaryReservation']['response']> {
      // Never retried here, but a citizen tapping again after a lost response sends the same key.
      const idempotencyKey = callOptions.idempotencyKey ?? newIdempotencyKey();
      return call('putTemporaryReservation', {
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
        ...(callOptions.returnTo === undefined ? {} : { query: { returnTo: callOptions.returnTo } }),
        signal: callOptions.signal,
      });
    },

    /**
     * Exchanges a LINE authorization code for a session (`login/token`). On failure it resolves to
     * `{ error }`, as the spec says.
     */
    async exchangeLoginCode(
      query: LoginCodeQuery,
      callOptions: CallOptions = {},
    ): Promise<Endpoints['exchangeLoginCode']['response'] | { error: ApiError }> {
      const result = await settle(call('exchangeLoginCode', { query: { ...query }, signal: callOptions.signal }));
      return isApiError(result) ? { error: result } : result;
    },

    /** Every bookable calendar category (`calendars/categories`). */
    getCalendarCategories(callOptions: CallOptions = {}): Result<'getCalendarCategories'> {
      return settle(call('getCalendarCategories', { signal: callOptions.signal }));
    },

    /** The category tree, up to three levels (`calendars/categories_tree`). */
    getCalendarCategoriesTree(callOptions: CallOptions = {}): Result<'getCalendarCategoriesTree'> {
      return settle(call('getCalendarCategoriesTree', { signal: callOptions.signal }));
    },

    /** How the calendar screens label things (`calendars/display_settings`). */
    getCalendarDisplaySettings(callOptions: CallOptions = {}): Result<'getCalendarDisplaySettings'> {
      return settle(call('getCalendarDisplaySettings', { signal: callOptions.signal }));
    },

    /**
     * A calendar's slots from `from` to `to` (`YYYY-MM-DD`, both included, at most 42 days), each
     * with the units left and whether it can be booked now, plus the calendar's rules.
     */
    getCalendarSlots(query: CalendarSlotsQuery, callOptions: CallOptions = {}): Result<'getCalendarSlots'> {
      return settle(call('getCalendarSlots', { query: { ...query }, signal: callOptions.signal }));
    },

    /**
     * The signed-in citizen's standing in each calendar at or below a category that limits how many
     * bookings one citizen may hold (`calendars/booking_limits`): the limit and their bookings whose
     * slots have not ended, not counting those of the record `partitionKey` being changed.
     */
    getBookingLimits(query: BookingLimitsQuery, callOptions: CallOptions = {}): Result<'getBookingLimits'> {
      return settle(call('getBookingLimits', { query: { ...query }, signal: callOptions.signal }));
    },

    /**
     * The signed-in citizen's order (`payments/order`). While pending, the server asks the payment
     * provider first, so polling this after the return from the provider shows the payment's outcome.
     */
    getOrder(orderId: string, callOptions: CallOptions = {}): Result<'getOrder'> {
      return settle(call('getOrder', { query: { orderId }, signal: callOptions.signal }));
    },

    /** The signed-in citizen's orders, newest first; only one record's with `partitionKey`. */
    getOrders(query: OrdersQuery = {}, callOptions: CallOptions = {}): Result<'getOrders'> {
      return settle(call('getOrders', { ...(query.partitionKey === undefined ? {} : { query: { partitionKey: query.partitionKey } }), signal: callOptions.signal }));
    },

    /** Gives up paying a pending order (`payments/order/cancel`): its session is ended and its slots freed. */
    cancelOrder(orderId: string, callOptions: CallOptions = {}): Result<'cancelOrder'> {
      return settle(call('cancelOrder', { body: { orderId }, signal: callOptions.signal }));
    },

    /** The signed-in citizen's member card of a member survey (`members/card`); 404 `not_member` when they are not one. */
    getMemberCard(surveyId: string, callOptions: CallOptions = {}): Result<'getMemberCard'> {
      return settle(call('getMemberCard', { query: { surveyId }, signal: callOptions.signal }));
    },

    /** Leaves the membership (`members/withdraw`): the registration goes, its number is retired for good. */
    withdrawMembership(body: WithdrawMembershipBody, callOptions: CallOptions = {}): Result<'withdrawMembership'> {
      return settle(call('withdrawMembership', { body: { ...body }, signal: callOptions.signal }));
    },

    /** The signed-in citizen's draft of the survey (`drafts`): `{ data: null }` when there is none. */
    getDraft(surveyId: string, callOptions: CallOptions = {}): Result<'getDraft'> {
      return settle(call('getDraft', { query: { surveyId }, signal: callOptions.signal }));
    },

    /** Saves what the citizen has typed so far into the survey's form (PUT `drafts`); empty answers remove the draft. */
    saveDraft(body: SaveDraftBody, callOptions: CallOptions = {}): Result<'saveDraft'> {
      return settle(call('saveDraft', { body: { ...body }, signal: callOptions.signal }));
    },

    /** Removes the citizen's draft of the survey (DELETE `drafts`). */
    discardDraft(surveyId: string, callOptions: CallOptions = {}): Result<'discardDraft'> {
      return settle(call('discardDraft', { query: { surveyId }, signal: callOptions.signal }));
    },

    /** The citizen's waitlist places (`waitlist`); with a calendar, whether it takes a waitlist (`open`). */
    getWaitlist(query: WaitlistQuery = {}, callOptions: CallOptions = {}): Result<'getWaitlist'> {
      return settle(call('getWaitlist', { query: { ...query }, signal: callOptions.signal }));
    },

    /** Joins a full slot's waitlist (`waitlist/join`), named as the reservation item's answer would name it. */
    joinWaitlist(body: JoinWaitlistBody, callOptions: CallOptions = {}): Result<'joinWaitlist'> {
      return settle(call('joinWaitlist', { body: { ...body }, signal: callOptions.signal }));
    },

    /** Leaves a waitlist place (`waitlist/leave`); an offer held goes to the next citizen. */
    leaveWaitlist(entryId: number, callOptions: CallOptions = {}): Result<'leaveWaitlist'> {
      return settle(call('leaveWaitlist', { body: { entryId }, signal: callOptions.signal }));
    },

    /** The citizen's lottery applications (`lottery`); with a calendar, its lottery. */
    getLottery(query: LotteryQuery = {}, callOptions: CallOptions = {}): Result<'getLottery'> {
      return settle(call('getLottery', { query: { ...query }, signal: callOptions.signal }));
    },

    /** Applies for a slot of a calendar's lottery (`lottery/apply`), named as the reservation item's answer would name it. */
    applyLottery(body: ApplyLotteryBody, callOptions: CallOptions = {}): Result<'applyLottery'> {
      return settle(call('applyLottery', { body: { ...body }, signal: callOptions.signal }));
    },

    /** Withdraws a lottery application before its deadline (`lottery/withdraw`). */
    withdrawLottery(applicationId: number, callOptions: CallOptions = {}): Result<'withdrawLottery'> {
      return settle(call('withdrawLottery', { body: { applicationId }, signal: callOptions.signal }));
    },

    /**
     * Uploads one file for a `files` item (POST `files`): the Blob's bytes as the body, its type
     * as Content-Type. Resolves to `{ data: FileRef }`, the reference to put in the answer, or to
     * an ApiError (413 too large, 415 `unsupported_file_type`: see `FILE_UPLOAD_LIMITS`).
     *
     * @example
     * ```ts
     * const uploaded = await api.uploadFile(file, file.name); // file: a File from <input type="file">
     * if (isApiError(uploaded)) console.error(uploaded.code);
     * else answers.photos = [...answers.photos, uploaded.data];
     * ```
     */
    uploadFile(file: Blob, name: string, callOptions: CallOptions = {}): Result<'uploadFile'> {
      return settle(
        call('uploadFile', {
          query: { name },
          rawBody: file,
          headers: { 'Content-Type': file.type || 'application/octet-stream' },
          signal: callOptions.signal,
        }),
      );
    },
  };
}

/** Browsers and Node.js run timers of at most 2^31-1 ms; a longer one fires at once. */
function assertTimerValue(name: string, ms: number): void {
  if (!Number.isFinite(ms) || ms < 0 || ms > 2_147_483_647) {
    throw new RangeError(`${name} must be between 0 and 2147483647 ms: ${String(ms)}`);
  }
}

/** An ApiError for a failure that is none of the known kinds (a bug, most likely). */
function unexpectedError(error: unknown): ApiError {
  return new ApiError(error instanceof Error ? error.message : String(error), { code: 'ERR_UNKNOWN', cause: error });
}

/** The client {@link createApiClient} returns. */
export type ApiClient = ReturnType<typeof createApiClient>;

/** A random UUID v4. `crypto.randomUUID` needs a secure context; `getRandomValues` does not. */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
