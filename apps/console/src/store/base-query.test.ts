import type { StaffSession } from '@city/api-client/staff-contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { urlOf } from './base-query.js';
import { makeStore } from './make-store.js';
import { selectCsrfToken, selectSession, selectSessionEnd, sessionReceived } from './session-slice.js';
import { staffApi } from './staff-api.js';

const session: StaffSession = {
  stage: 'signed_in',
  staff: { staffId: 'staff-1', loginId: 'health-member', displayName: '健康推進課 職員', role: 'member', teams: [{ teamId: 'health', name: '健康推進課' }], totpEnrolled: false, locked: false },
  csrfToken: 'csrf-123',
  actions: ['records.read', 'records.addMemo'],
  idleTimeoutSeconds: 1800,
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Stubs fetch with one answer; answers the requests it got. */
function answerWith(response: () => Response) {
  const requests: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      requests.push({ url, init });
      return Promise.resolve(response());
    }),
  );
  return requests;
}

const headersOf = (init: RequestInit) => init.headers as Record<string, string>;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the staff base query', () => {
  it('fills in path parameters (encoded) and the query', () => {
    expect(urlOf({ endpoint: 'staffRecord', params: { surveyId: 'health-checkup', partitionKey: 'health-checkup#U1#1' } })).toBe('/console/api/surveys/health-checkup/records/health-checkup%23U1%231');
    expect(urlOf({ endpoint: 'staffAudit', query: { actor: 'staff:1', before: 10, target: undefined } })).toBe('/console/api/audit?actor=staff%3A1&before=10');
  });

  it('sends the session’s CSRF token on a call that changes something, never on a read, with the cookie', async () => {
    const store = makeStore();
    store.dispatch(sessionReceived(session));
    const requests = answerWith(() => json(200, { result: 'OK' }));
    await store.dispatch(staffApi.endpoints.staffAddMemo.initiate({ surveyId: 's', partitionKey: 'p', text: 'メモ' }));
    const reads = answerWith(() => json(200, { data: [] }));
    await store.dispatch(staffApi.endpoints.staffSurveys.initiate(undefined));
    const [write] = requests;
    const [read] = reads;
    expect(write?.init.method).toBe('POST');
    expect(write?.init.credentials).toBe('same-origin');
    expect(headersOf(write?.init ?? {})['x-csrf-token']).toBe('csrf-123');
    expect(write?.init.body).toBe(JSON.stringify({ text: 'メモ' }));
    expect(read?.init.method).toBe('GET');
    expect(headersOf(read?.init ?? {})['x-csrf-token']).toBeUndefined();
  });

  it('ends the session on 401 session_expired, so the sign-in screen says why', async () => {
    const store = makeStore();
    store.dispatch(sessionReceived(session));
    answerWith(() => json(401, { statusCode: 401, error: 'Unauthorized', message: '一定時間操作がなかったため、ログアウトしました。', code: 'session_expired' }));
    const result = await store.dispatch(staffApi.endpoints.staffSurveys.initiate(undefined));
    expect(result.error).toMatchObject({ status: 401, code: 'session_expired' });
    expect(selectSession(store.getState())).toBeNull();
    expect(selectSessionEnd(store.getState())).toBe('expired');
    expect(selectCsrfToken(store.getState())).toBeUndefined();
  });

  it('ends the session on 401 staff_login_required', async () => {
    const store = makeStore();
    store.dispatch(sessionReceived(session));
    answerWith(() => json(401, { statusCode: 401, error: 'Unauthorized', message: '管理画面にログインしてください。', code: 'staff_login_required' }));
    await store.dispatch(staffApi.endpoints.staffSurveys.initiate(undefined));
    expect(selectSession(store.getState())).toBeNull();
    expect(selectSessionEnd(store.getState())).toBe('required');
  });

  it('keeps a half-done sign-in when the code is wrong (401 invalid_credentials)', async () => {
    const store = makeStore();
    const halfway: StaffSession = { ...session, stage: 'second_factor', actions: [] };
    store.dispatch(sessionReceived(halfway));
    answerWith(() => json(401, { statusCode: 401, error: 'Unauthorized', message: 'ログインIDまたはパスワード（確認コード）が正しくありません。', code: 'invalid_credentials' }));
    const result = await store.dispatch(staffApi.endpoints.staffSecondFactor.initiate({ code: '123456' }));
    expect(result.error).toMatchObject({ code: 'invalid_credentials', message: 'ログインIDまたはパスワード（確認コード）が正しくありません。' });
    expect(selectSession(store.getState())).toEqual(halfway);
    expect(selectSessionEnd(store.getState())).toBeNull();
  });

  it('stores the session a sign-in answers, and its CSRF token', async () => {
    const store = makeStore();
    answerWith(() => json(200, { data: session }));
    await store.dispatch(staffApi.endpoints.staffSignIn.initiate({ loginId: 'health-member', password: 'demo-health-member' }));
    expect(selectCsrfToken(store.getState())).toBe('csrf-123');
  });

  it('keeps the problems of a survey refused (400 invalid_survey) and what blocks an edit (409)', async () => {
    const store = makeStore();
    store.dispatch(sessionReceived(session));
    const problems = [{ at: 'survey', message: 'フォームのタイトルを入力してください' }];
    answerWith(() => json(400, { statusCode: 400, error: 'Bad Request', message: 'フォームの設定に1件の問題があります。', code: 'invalid_survey', problems }));
    const body = { config: { surveyId: 'park', surveyTitle: '', surveySchema: [] }, teamIds: ['health'], searchable: false };
    const invalid = await store.dispatch(staffApi.endpoints.staffCreateSurvey.initiate(body));
    expect(invalid.error).toMatchObject({ status: 400, code: 'invalid_survey', problems });
    const blockers = [{ id: 'comment', label: 'ご意見' }];
    answerWith(() => json(409, { statusCode: 409, error: 'Conflict', message: '回答のある項目を削除しようとしています。', code: 'answered_item_removed', blockers, problems: 'not a list' }));
    const refused = await store.dispatch(staffApi.endpoints.staffEditSurvey.initiate({ surveyId: 'park', ...body, expectedVersion: 1 }));
    expect(refused.error).toEqual({ status: 409, code: 'answered_item_removed', message: '回答のある項目を削除しようとしています。', blockers });
  });

  it('describes a failed connection and an unreadable answer in Japanese', async () => {
    const store = makeStore();
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const offline = await store.dispatch(staffApi.endpoints.staffSurveys.initiate(undefined, { forceRefetch: true }));
    expect(offline.error).toMatchObject({ status: 'network', code: 'network' });
    answerWith(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const proxied = await store.dispatch(staffApi.endpoints.staffSurveys.initiate(undefined, { forceRefetch: true }));
    expect(proxied.error).toMatchObject({ status: 502, code: 'unexpected' });
  });
});
