import type { SubmissionPayload } from '@city/survey-core';
import { buildSubmissionPayload } from '@city/survey-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Reply, TestServer } from '../test/http-test-server.js';
import { ManualClock, startTestServer } from '../test/http-test-server.js';
import type { ApiClient, ApiClientOptions } from './client.js';
import { createApiClient } from './client.js';
import { ApiError, errorFromResponse, isApiError } from './errors.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.requests.length = 0;
  server.respond(() => ({ status: 200, body: { data: 'ok' } }));
});

const client = (options: Partial<ApiClientOptions> = {}) => createApiClient({ baseUrl: server.url, ...options });

const payload: SubmissionPayload = buildSubmissionPayload({
  config: { surveyId: 'clinic', surveySchema: [{ itemKey: 'name', type: 'text', title: 'お名前' }] },
  userId: 'U1',
  answers: { name: '山田太郎' },
});
const recordKey = { surveyId: 'clinic', partitionKey: 'clinic#U1', userId: 'U1' };
const prefix = '/survey/api/v1/db';

/** Every call the client can make, what should reach the server, and how a failure comes back. */
const endpointCases: {
  name: string;
  call: (api: ApiClient) => Promise<unknown>;
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  onFailure: 'resolves ApiError' | 'rejects' | 'resolves result ERROR' | 'resolves { error }';
}[] = [
  {
    name: 'getSurveyConfig',
    call: (api) => api.getSurveyConfig('clinic'),
    method: 'GET',
    path: `${prefix}/survey-configs/getItem`,
    query: { surveyId: 'clinic' },
    onFailure: 'resolves ApiError',
  },
  {
    name: 'getAllSearchableSurveyConfigs',
    call: (api) => api.getAllSearchableSurveyConfigs(),
    method: 'GET',
    path: `${prefix}/survey-configs/getAllSearchable`,
    onFailure: 'resolves ApiError',
  },
  {
    name: 'getSurveyConfigsList',
    call: (api) => api.getSurveyConfigsList(['clinic', 'event']),
    method: 'POST',
    path: `${prefix}/survey-configs/getSurveyConfigsList`,
    body: { surveyIdList: ['clinic', 'event'] },
    onFailure: 'resolves ApiError',
  },
  {
    name: 'querySurveyResults without a partition key',
    call: (api) => api.querySurveyResults({ surveyId: 'clinic', userId: 'U1' }),
    method: 'POST',
    path: `${prefix}/survey-results/query`,
    body: { surveyId: 'clinic', userId: 'U1' },
    onFailure: 'resolves ApiError',
  },
  {
    name: 'querySurveyResults with a partition key',
    call: (api) => api.querySurveyResults({ surveyId: 'clinic', userId: 'U1', partitionKey: 'clinic#U1#5' }),
    method: 'GET',
    path: `${prefix}/survey-results/getBySurveyIdPartitionKeyIndex`,
    query: { surveyId: 'clinic', partitionKey: 'clinic#U1#5' },
    onFailure: 'resolves ApiError',
  },
  {
    name: 'getSurveyResultsByUser',
    call: (api) => api.getSurveyResultsByUser('clinic'),
    method: 'GET',
    path: `${prefix}/survey-results/getBySurveyIdUserIdIndex`,
    query: { surveyId: 'clinic' },
    onFailure: 'resolves result ERROR',
  },
  {
    name: 'filterSurveyResults',
    call: (api) =>
      api.filterSurveyResults({
        queryParams: { surveyId: 'vaccine', lookup: { ticket: '1111111111', born: '1990-01-01' } },
        requestingUserId: 'U1',
      }),
    method: 'POST',
    path: `${prefix}/survey-results/filterQuery`,
    body: {
      queryParams: { surveyId: 'vaccine', lookup: { ticket: '1111111111', born: '1990-01-01' } },
      requestingUserId: 'U1',
    },
    onFailure: 'resolves ApiError',
  },
  {
    name: 'putReservation',
    call: (api) => api.putReservation(payload),
    method: 'POST',
    path: `${prefix}/reservation/putItem`,
    body: payload,
    onFailure: 'resolves ApiError',
  },
  {
    name: 'cancelReservation',
    call: (api) => api.cancelReservation(recordKey),
    method: 'POST',
    path: `${prefix}/reservation/cancelItem`,
    body: recordKey,
    onFailure: 'rejects',
  },
  {
    name: 'deleteReservation',
    call: (api) => api.deleteReservation(recordKey),
    method: 'DELETE',
    path: `${prefix}/reservation/deleteItem`,
    body: recordKey,
    onFailure: 'resolves ApiError',
  },
  {
    name: 'putUserId',
    call: (api) => api.putUserId(recordKey),
    method: 'POST',
    path: `${prefix}/reservation/putUserId`,
    body: recordKey,
    onFailure: 'resolves ApiError',
  },
  {
    name: 'putTemporaryReservation',
    call: (api) => api.putTemporaryReservation(payload, { returnTo: 'liff' }),
    method: 'POST',
    path: `${prefix}/reservation/temprary`,
    query: { returnTo: 'liff' },
    body: payload,
    onFailure: 'rejects',
  },
  {
    name: 'getOrder',
    call: (api) => api.getOrder('0123456789abcdef0123456789abcdef'),
    method: 'GET',
    path: `${prefix}/payments/order`,
    query: { orderId: '0123456789abcdef0123456789abcdef' },
    onFailure: 'resolves ApiError',
  },
  {
    name: 'getOrders',
    call: (api) => api.getOrders({ partitionKey: 'clinic#U1' }),
    method: 'GET',
    path: `${prefix}/payments/orders`,
    query: { partitionKey: 'clinic#U1' },
    onFailure: 'resolves ApiError',
  },
  {
    name: 'cancelOrder',
    call: (api) => api.cancelOrder('0123456789abcdef0123456789abcdef'),
    method: 'POST',
    path: `${prefix}/payments/order/cancel`,
    body: { orderId: '0123456789abcdef0123456789abcdef' },
    onFailure: 'resolves ApiError',
  },
  {
    name: 'exchangeLoginCode',
    call: (api) => api.exchangeLoginCode({ code: 'abc123', redirectTo: 'https://city.example.jp/login' }),
    method: 'GET',
    path: `${prefix}/login/token`,
    query: { code: 'abc123', redirectTo: 'https://city.example.jp/login' },
    onFailure: 'resolves { error }',
  },
  {
    name: 'getCalendarCategories',
    call: (api) => api.getCalendarCategories(),
    method: 'GET',
    path: `${prefix}/calendars/categories`,
    onFailure: 'resolves ApiError',
  },
  {
    name: 'getCalendarCategoriesTree',
    call: (api) => api.getCalendarCategoriesTree(),
    method: 'GET',
    path: `${prefix}/calendars/categories_tree`,
    onFailure: 'resolves ApiError',
  },
  {
    name: 'getCalendarDisplaySettings',
    call: (api) => api.getCalendarDisplaySettings(),
    method: 'GET',
    path: `${prefix}/calendars/display_settings`,
    onFailure: 'resolves ApiError',
  },
  {
    name: 'getCalendarSlots',
    call: (api) => api.getCalendarSlots({ calendarId: 'cal-a', from: '2026-12-01', to: '2026-12-07' }),
    method: 'GET',
    path: `${prefix}/calendars/slots`,
    query: { calendarId: 'cal-a', from: '2026-12-01', to: '2026-12-07' },
    onFailure: 'resolves ApiError',
  },
  {
    name: 'getBookingLimits',
    call: (api) => api.getBookingLimits({ categoryId: 'checkup', partitionKey: 'checkup#U1#5' }),
    method: 'GET',
    path: `${prefix}/calendars/booking_limits`,
    query: { categoryId: 'checkup', partitionKey: 'checkup#U1#5' },
    onFailure: 'resolves ApiError',
  },
  {
    name: 'uploadFile',
    call: (api) => api.uploadFile(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), '申請書.pdf'),
    method: 'POST',
    path: `${prefix}/files`,
    query: { name: '申請書.pdf' },
    onFailure: 'resolves ApiError',
  },
];

describe.each(endpointCases)('$name', ({ name, call, method, path, query, body, onFailure }) => {
  it(`sends ${method} ${path.replace(prefix, '')} with its query and body, and resolves to the response`, async () => {
    server.respond(() => ({ status: 200, body: { data: { answer: 42 } } }));
    const result = await call(client());
    expect(result).toEqual({ data: { answer: 42 } });
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request).toMatchObject({ method, path, query: query ?? {} });
    expect(request?.body).toEqual(body);
    if (body !== undefined) expect(request?.headers['content-type']).toMatch(/^application\/json/);
  });

  it('sends Authorization: Bearer <idToken> when there is a token', async () => {
    await call(client({ getIdToken: () => 'id.token.value' }));
    expect(server.requests[0]?.headers.authorization).toBe('Bearer id.token.value');
  });

  const confirmedInLine = ['putReservation', 'putTemporaryReservation', 'cancelReservation', 'deleteReservation'].includes(name);
  it(`${confirmedInLine ? 'sends' : 'never sends'} the LIFF access token (X-Line-Access-Token) in the mini-app`, async () => {
    await call(client({ getLineAccessToken: () => 'liff.access.token' }));
    if (confirmedInLine) expect(server.requests[0]?.headers['x-line-access-token']).toBe('liff.access.token');
    else expect(server.requests[0]?.headers).not.toHaveProperty('x-line-access-token');
  });

  it.each([
    ['no token getter', undefined],
    ['a null token', () => null],
    ['an empty token', () => ''],
  ])('sends no Authorization header with %s', async (_label, getIdToken) => {
    await call(client(getIdToken === undefined ? {} : { getIdToken }));
    expect(server.requests[0]?.headers).not.toHaveProperty('authorization');
  });

  it(`on an error response, ${onFailure}`, async () => {
    const errorBody = { statusCode: 500, error: 'Internal Server Error', message: 'サーバーで問題が発生しました', code: 'internal' };
    server.respond(() => ({ status: 500, body: errorBody }));
    const pending = call(client());
    switch (onFailure) {
      case 'rejects': {
        const error: unknown = await pending.then(
          () => 'resolved',
          (reason: unknown) => reason,
        );
        expect(isApiError(error)).toBe(true);
        expect(error).toMatchObject({ status: 500, code: 'internal', body: errorBody, message: errorBody.message });
        break;
      }
      case 'resolves ApiError': {
        const result = await pending;
        expect(result).toBeInstanceOf(ApiError);
        expect(result).toMatchObject({ status: 500, code: 'internal', body: errorBody });
        break;
      }
      case 'resolves result ERROR':
        expect(await pending).toEqual({ result: 'ERROR', errorMessage: errorBody.message });
        break;
      case 'resolves { error }': {
        const result = await pending;
        expect(result).toEqual({ error: expect.any(ApiError) as unknown });
        expect((result as { error: ApiError }).error).toMatchObject({ status: 500, code: 'internal' });
        break;
      }
    }
  });
});

describe('uploadFile', () => {
  it('sends the file bytes as they are, with the file type as Content-Type, and resolves to the file reference', async () => {
    const fileRef = { name: '写真.png', url: `${prefix}/files/0123456789abcdef0123456789abcdef`, contentType: 'image/png', size: 4 };
    server.respond(() => ({ status: 201, body: { data: fileRef } }));
    const bytes = new Uint8Array([0x89, 0x50, 0x00, 0xff]);
    const result = await client({ getIdToken: () => 'id.token.value' }).uploadFile(new Blob([bytes], { type: 'image/png' }), '写真.png');
    expect(result).toEqual({ data: fileRef });
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'POST', path: `${prefix}/files`, query: { name: '写真.png' } });
    expect(request?.headers['content-type']).toBe('image/png');
    expect(request?.headers.authorization).toBe('Bearer id.token.value');
    expect([...(request?.rawBody ?? [])]).toEqual([...bytes]);
  });

  it('sends a file of unknown type as application/octet-stream (for the server to refuse)', async () => {
    await client().uploadFile(new Blob(['abc']), 'memo');
    expect(server.requests[0]?.headers['content-type']).toBe('application/octet-stream');
    expect(server.requests[0]?.rawBody.toString('utf8')).toBe('abc');
  });

  it("resolves to the server's refusal as an ApiError", async () => {
    const body = { statusCode: 415, error: 'Unsupported Media Type', message: 'このファイルの種類は送信できません。', code: 'unsupported_file_type' };
    server.respond(() => ({ status: 415, body }));
    const result = await client().uploadFile(new Blob(['GIF89a'], { type: 'image/svg+xml' }), 'a.svg');
    expect(result).toBeInstanceOf(ApiError);
    expect(result).toMatchObject({ status: 415, code: 'unsupported_file_type', body });
  });
});

describe('requests', () => {
  it('keep a path in the base URL', async () => {
    await createApiClient({ baseUrl: `${server.url}/city-a` }).getSurveyConfig('clinic');
    expect(server.requests[0]?.path).toBe(`/city-a${prefix}/survey-configs/getItem`);
  });

  it('ask getIdToken before every request, so a refreshed token is used', async () => {
    let token = 'first';
    const api = client({ getIdToken: () => token });
    await api.getSurveyConfig('a');
    token = 'second';
    await api.getSurveyConfig('a');
    expect(server.requests.map((request) => request.headers.authorization)).toEqual(['Bearer first', 'Bearer second']);
  });
});

describe('errors', () => {
  it('carry status, the server body and its code', async () => {
    const body = { statusCode: 401, error: 'Unauthorized', message: 'ログインの有効期限が切れました', code: 'session_expired' };
    server.respond(() => ({ status: 401, body }));
    const result = await client().getSurveyConfig('a');
    expect(result).toMatchObject({ name: 'ApiError', status: 401, code: 'session_expired', body, message: body.message });
  });

  it('fall back to generic codes when the body is not an error body', async () => {
    server.respond(() => ({ status: 404, raw: '<html>Not Found</html>', headers: { 'content-type': 'text/html' } }));
    expect(await client().getSurveyConfig('a')).toMatchObject({
      status: 404,
      code: 'ERR_BAD_REQUEST',
      body: undefined,
      message: 'Request failed with status code 404',
    });
    server.respond(() => ({ status: 502, raw: '' }));
    expect(await client().getSurveyConfig('a')).toMatchObject({ status: 502, code: 'ERR_BAD_RESPONSE' });
  });

  it('read the same from a response fetched outside the client (errorFromResponse)', async () => {
    const body = { statusCode: 404, error: 'Not Found', message: 'アンケートが見つかりません。', code: 'survey_not_found' };
    server.respond(() => ({ status: 404, body }));
    const fromClient = await client().getSurveyConfig('a');
    const fromFetch = await errorFromResponse(await fetch(`${server.url}${prefix}/survey-configs/getItem?surveyId=a`));
    expect(fromFetch).toMatchObject({ name: 'ApiError', status: 404, code: 'survey_not_found', body, message: body.message });
    expect(isApiError(fromFetch)).toBe(true);
    const facts = (error: ApiError) => ({ message: error.message, status: error.status, code: error.code, body: error.body });
    expect(facts(fromFetch)).toEqual(facts(fromClient as ApiError));
  });

  it("say 'Network Error' when the server cannot be reached", async () => {
    server.respond(() => 'drop-connection');
    expect(await client().getSurveyConfig('a')).toMatchObject({ message: 'Network Error', code: 'ERR_NETWORK', status: undefined });
  });

  it("say 'Request aborted' when the caller aborts", async () => {
    server.respond(() => 'never-answer');
    const controller = new AbortController();
    const pending = client().getSurveyConfig('a', { signal: controller.signal });
    await vi.waitFor(() => {
      expect(server.requests).toHaveLength(1);
    }, { timeout: 15_000 });
    controller.abort();
    expect(await pending).toMatchObject({ message: 'Request aborted', code: 'ECONNABORTED' });
  });

  it("say 'Request aborted' whatever reason the caller aborts with", async () => {
    server.respond(() => 'never-answer');
    for (const reason of ['user left the page', new Error('unmounted'), undefined]) {
      const controller = new AbortController();
      const pending = client().getSurveyConfig('a', { signal: controller.signal });
      controller.abort(reason);
      expect(await pending).toMatchObject({ message: 'Request aborted', code: 'ECONNABORTED' });
    }
  });

  it("say 'timeout of Nms exceeded' past a per-request timeout", async () => {
    server.respond(() => 'never-answer');
    // The server never answers, so only the client's own timeout can end this call.
    expect(await client({ timeoutMs: 50 }).getSurveyConfig('a')).toMatchObject({
      message: 'timeout of 50ms exceeded',
      code: 'ETIMEDOUT',
    });
  });

  it('wait for a slow server as long as it takes by default (no per-request timeout)', async () => {
    server.respond(() => 'never-answer');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const controller = new AbortController();
      const waiting = client().getSurveyConfig('slow-unlimited', { signal: controller.signal });
      // Longer than the wait below: with fake timers, vi.waitFor moves the clock on by its interval at
      // every check, and a limit inside its 15 s could run out before the server saw the request.
      const limited = client({ timeoutMs: 20_000 }).getSurveyConfig('slow-limited');
      // Counted by their own survey ids: a request an earlier test aborted may still arrive late on a
      // busy machine.
      await vi.waitFor(() => {
        expect(server.requests.filter((request) => request.query.surveyId?.startsWith('slow-') === true)).toHaveLength(2);
      }, { timeout: 15_000 });
      vi.advanceTimersByTime(60 * 60_000); // an hour
      expect(await limited).toMatchObject({ code: 'ETIMEDOUT' });
      const state = await Promise.race([
        waiting.then(() => 'settled'),
        new Promise((resolve) => setImmediate(() => { resolve('still waiting'); })),
      ]);
      expect(state).toBe('still waiting');
      controller.abort();
      expect(await waiting).toMatchObject({ code: 'ECONNABORTED' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('report a getIdToken that throws, resolving or rejecting as the call does', async () => {
    const api = client({
      getIdToken: () => {
        throw new Error('storage blocked');
      },
    });
    expect(await api.getSurveyConfig('a')).toMatchObject({ code: 'ERR_ID_TOKEN' });
    await expect(api.cancelReservation(recordKey)).rejects.toMatchObject({ code: 'ERR_ID_TOKEN', name: 'ApiError' });
    expect(server.requests).toHaveLength(0);
  });

  it('refuse time limits no timer can keep', () => {
    expect(() => client({ timeoutMs: 3e9 })).toThrow(RangeError);
    expect(() => client({ retry: { overallTimeoutMs: 3e9 } })).toThrow(RangeError);
    expect(() => client({ timeoutMs: -1 })).toThrow(RangeError);
    expect(() => client({ retry: { overallTimeoutMs: Number.POSITIVE_INFINITY } })).not.toThrow();
  });

  it('report a 2xx response that is not JSON', async () => {
    server.respond(() => ({ status: 200, raw: 'OK' }));
    expect(await client().getSurveyConfig('a')).toMatchObject({ code: 'ERR_BAD_RESPONSE', status: 200 });
  });

  it('are recognised by isApiError, and nothing else is', () => {
    expect(isApiError(new ApiError('x', { code: 'y' }))).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError({ code: 'y', message: 'x' })).toBe(false);
    expect(isApiError(null)).toBe(false);
  });
});

describe('putReservation retries', () => {
  const busy: Reply = {
    status: 503,
    body: { statusCode: 503, error: 'Service Unavailable', message: '混み合っています', code: 'busy', retryable: true },
  };
  const stored: Reply = { status: 200, body: { result: 'OK', partitionKey: 'clinic#U1', receiptNumber: 'A7K-2Q9' } };

  /** Lets the client run until it waits on the clock with `count` timers, then moves time on. */
  async function whenWaiting(clock: ManualClock, count: number, advanceMs: number) {
    await vi.waitFor(() => {
      expect(clock.pendingDelays()).toHaveLength(count);
    }, { timeout: 15_000 });
    clock.advance(advanceMs);
  }

  it('retries a 503 with retryable: true and succeeds, sending one Idempotency-Key throughout', async () => {
    let calls = 0;
    server.respond(() => (++calls < 3 ? busy : stored));
    const clock = new ManualClock();
    const pending = client({ clock }).putReservation(payload);
    await whenWaiting(clock, 2, 1_000); // the overall limit, and the wait before attempt 2
    await whenWaiting(clock, 2, 1_000); // and before attempt 3
    expect(await pending).toEqual({ result: 'OK', partitionKey: 'clinic#U1', receiptNumber: 'A7K-2Q9' });
    expect(clock.pendingDelays()).toEqual([]); // the overall-limit timer is gone too
    const keys = server.requests.map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('gives up after 3 attempts in all and resolves to the last 503', async () => {
    server.respond(() => busy);
    const clock = new ManualClock();
    const pending = client({ clock }).putReservation(payload);
    await whenWaiting(clock, 2, 1_000);
    await whenWaiting(clock, 2, 1_000);
    expect(await pending).toMatchObject({ status: 503, code: 'busy' });
    expect(server.requests).toHaveLength(3);
    expect(clock.pendingDelays()).toEqual([]);
  });

  it('honours retryable: true even when the 503 body has no code', async () => {
    let calls = 0;
    server.respond(() =>
      ++calls === 1 ? { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'busy', retryable: true } } : stored,
    );
    const clock = new ManualClock();
    const pending = client({ clock }).putReservation(payload);
    await whenWaiting(clock, 2, 1_000);
    expect(await pending).toMatchObject({ result: 'OK' });
    expect(server.requests).toHaveLength(2);
  });

  it('waits as long as Retry-After says', async () => {
    let calls = 0;
    server.respond(() => (++calls === 1 ? { ...busy, headers: { 'retry-after': '5' } } : stored));
    const clock = new ManualClock();
    const pending = client({ clock }).putReservation(payload);
    await vi.waitFor(() => {
      expect(clock.pendingDelays()).toEqual([60_000, 5_000]);
    }, { timeout: 15_000 });
    clock.advance(5_000);
    expect(await pending).toEqual({ result: 'OK', partitionKey: 'clinic#U1', receiptNumber: 'A7K-2Q9' });
  });

  it.each([
    ['503 without the retryable flag', { status: 503, body: { statusCode: 503, error: 'x', message: 'm', code: 'down' } }],
    ['503 with retryable: false', { status: 503, body: { statusCode: 503, error: 'x', message: 'm', code: 'down', retryable: false } }],
    ['500, even with retryable: true', { status: 500, body: { statusCode: 500, error: 'x', message: 'm', code: 'internal', retryable: true } }],
    ['409', { status: 409, body: { statusCode: 409, error: 'Conflict', message: '満席です', code: 'slot_full' } }],
    ['400', { status: 400, body: { statusCode: 400, error: 'Bad Request', message: '入力を確認してください', code: 'invalid' } }],
  ] satisfies [string, Reply][])('does not retry a %s, and passes it on at once', async (_label, reply) => {
    server.respond(() => reply);
    const result = await client({ clock: new ManualClock() }).putReservation(payload);
    expect(result).toMatchObject({ status: (reply as { status: number }).status });
    expect(server.requests).toHaveLength(1);
  });

  it("fails with code 'timeout' when the overall 60 s limit passes during a request", async () => {
    server.respond(() => 'never-answer');
    const clock = new ManualClock();
    const pending = client({ clock }).putReservation(payload);
    await vi.waitFor(() => {
      expect(server.requests).toHaveLength(1);
    }, { timeout: 15_000 });
    expect(clock.pendingDelays()).toEqual([60_000]);
    clock.advance(59_999);
    clock.advance(1);
    expect(await pending).toMatchObject({ code: 'timeout', message: 'timeout' });
  });

  it("fails with code 'timeout' when the time left is too short for the next wait", async () => {
    server.respond(() => busy);
    const clock = new ManualClock();
    const pending = client({ clock, retry: { serverRetryDelayMs: 30_000 } }).putReservation(payload);
    clock.advance(29_000); // the first attempt took 29 s; its wait ends at 59 s
    await whenWaiting(clock, 2, 30_000); // the second would end at 89 s
    expect(await pending).toMatchObject({ code: 'timeout' });
    expect(server.requests).toHaveLength(2);
    expect(clock.pendingDelays()).toEqual([]);
  });

  it("fails with code 'timeout' at once when Retry-After asks for a wait past the limit", async () => {
    server.respond(() => ({ ...busy, headers: { 'retry-after': '120' } }));
    const clock = new ManualClock();
    expect(await client({ clock }).putReservation(payload)).toMatchObject({ code: 'timeout' });
    expect(server.requests).toHaveLength(1);
    expect(clock.now()).toBe(0);
    expect(clock.pendingDelays()).toEqual([]);
  });

  it('does not retry a network error by default', async () => {
    server.respond(() => 'drop-connection');
    const result = await client({ clock: new ManualClock() }).putReservation(payload);
    expect(result).toMatchObject({ code: 'ERR_NETWORK', message: 'Network Error' });
    expect(server.requests).toHaveLength(1);
  });

  it('retries a network error when asked, waiting 1000 ms between tries', async () => {
    let calls = 0;
    server.respond(() => (++calls < 3 ? 'drop-connection' : stored));
    const clock = new ManualClock();
    const pending = client({ clock, retry: { retryOnNetworkError: true } }).putReservation(payload);
    await vi.waitFor(() => {
      expect(clock.pendingDelays()).toEqual([60_000, 1_000]);
    }, { timeout: 15_000 });
    clock.advance(1_000);
    await whenWaiting(clock, 2, 1_000);
    expect(await pending).toEqual({ result: 'OK', partitionKey: 'clinic#U1', receiptNumber: 'A7K-2Q9' });
    expect(server.requests).toHaveLength(3);
    expect(new Set(server.requests.map((request) => request.headers['idempotency-key'])).size).toBe(1);
  });

  it('sends a new Idempotency-Key for the next submission, or the one the caller gives', async () => {
    const api = client();
    await api.putReservation(payload);
    await api.putReservation(payload);
    await api.putReservation(payload, { idempotencyKey: 'my-key-1' });
    const [first, second, third] = server.requests.map((request) => request.headers['idempotency-key']);
    expect(first).not.toBe(second);
    expect(third).toBe('my-key-1');
  });

  it('sends putTemporaryReservation with an Idempotency-Key too, once: a hold is never retried', async () => {
    server.respond(() => busy);
    const api = client();
    await expect(api.putTemporaryReservation(payload, { idempotencyKey: 'hold-key-1' })).rejects.toMatchObject({ status: 503 });
    await expect(api.putTemporaryReservation(payload)).rejects.toMatchObject({ status: 503 });
    const [first, second] = server.requests.map((request) => request.headers['idempotency-key']);
    expect(server.requests).toHaveLength(2);
    expect(first).toBe('hold-key-1');
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('follows a custom policy', async () => {
    server.respond(() => busy);
    const clock = new ManualClock();
    const pending = client({ clock, retry: { maxAttempts: 2, serverRetryDelayMs: 10 } }).putReservation(payload);
    await whenWaiting(clock, 2, 10);
    expect(await pending).toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(2);
  });

  it('stops retrying when the caller aborts', async () => {
    server.respond(() => busy);
    const clock = new ManualClock();
    const controller = new AbortController();
    const pending = client({ clock }).putReservation(payload, { signal: controller.signal });
    await vi.waitFor(() => {
      expect(clock.pendingDelays()).toHaveLength(2);
    }, { timeout: 15_000 });
    controller.abort();
    expect(await pending).toMatchObject({ code: 'ECONNABORTED', message: 'Request aborted' });
    expect(server.requests).toHaveLength(1);
    expect(clock.pendingDelays()).toEqual([]);
  });
});
