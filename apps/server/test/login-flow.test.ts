// The whole web login, as a browser and the citizen app go through it, against a real server
// listening on 127.0.0.1 with the LINE stand-in, and @city/api-client as the client.
import { LINE_STAND_IN_PATH } from '@city/api-client/contract';
import { DEV_CHANNEL } from '@city/line-stand-in';
import { createApiClient, isApiError } from '@city/api-client';
import { buildSubmissionPayload, citizenView } from '@city/survey-core';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITIZEN_QUESTIONNAIRE } from '@city/demo-data';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';

let ctx: TestContext;
let baseUrl: string;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx.close();
});

const redirectTo = 'https://city.example.jp/login';

function authorizeUrl(extra: Record<string, string> = {}) {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: DEV_CHANNEL.channelId,
    redirect_uri: redirectTo,
    state: '48213',
    scope: 'profile openid',
    disable_ios_auto_login: 'true',
    ...extra,
  });
  return `${baseUrl}${LINE_STAND_IN_PATH}/oauth2/v2.1/authorize?${params.toString()}`;
}

/** What LINE sends the browser back with: the code and state on the redirect. */
async function authorizeAs(userId: string) {
  const response = await fetch(authorizeUrl({ test_user: userId }), { redirect: 'manual' });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe(redirectTo);
  expect(location.searchParams.get('state')).toBe('48213');
  return location.searchParams.get('code') ?? '';
}

describe('web login through the LINE stand-in', () => {
  it('shows a Japanese test-user picker when no test user is named', async () => {
    const response = await fetch(authorizeUrl());
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('ログインするテストユーザーを選んでください');
    for (const user of ctx.users) expect(html).toContain(user.displayName);
  });

  it('exchanges the code for a session, whose ID token then opens the API', async () => {
    const [yamada] = ctx.users;
    const code = await authorizeAs(yamada!.userId);
    const api = createApiClient({ baseUrl });
    const login = await api.exchangeLoginCode({ code, redirectTo });
    if ('error' in login) throw login.error;
    expect(login.data.profile).toEqual({ userId: yamada!.userId, displayName: '山田 太郎', pictureUrl: yamada!.pictureUrl });
    expect(login.data.session.access_token).not.toBe('');

    const signedIn = createApiClient({ baseUrl, getIdToken: () => login.data.session.id_token });
    const config = await signedIn.getSurveyConfig('citizen-questionnaire');
    expect(isApiError(config) ? config.code : config.data.surveyId).toBe('citizen-questionnaire');
    const anonymous = await api.getSurveyConfig('citizen-questionnaire');
    expect(isApiError(anonymous) && anonymous.status === 401 && anonymous.code).toBe('login_required');
  });

  it('refuses a code used twice, or sent with another redirect address', async () => {
    const [, sato] = ctx.users;
    const api = createApiClient({ baseUrl });
    const code = await authorizeAs(sato!.userId);
    expect('data' in (await api.exchangeLoginCode({ code, redirectTo }))).toBe(true);
    const again = await api.exchangeLoginCode({ code, redirectTo });
    expect('error' in again && again.error).toMatchObject({ status: 400, code: 'login_failed' });

    const other = await authorizeAs(sato!.userId);
    const elsewhere = await api.exchangeLoginCode({ code: other, redirectTo: 'https://evil.example/login' });
    expect('error' in elsewhere && elsewhere.error).toMatchObject({ status: 400, code: 'login_failed' });
  });

  it('speaks the rest of LINE Login too: verify answers the claims, profile answers the user', async () => {
    const suzuki = ctx.users[2];
    const code = await authorizeAs(suzuki!.userId);
    const tokenResponse = await fetch(`${baseUrl}${LINE_STAND_IN_PATH}/oauth2/v2.1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectTo, client_id: DEV_CHANNEL.channelId, client_secret: 'wrong' }),
    });
    expect(tokenResponse.status).toBe(400);
    expect(await tokenResponse.json()).toMatchObject({ error: 'invalid_client' });

    const login = await createApiClient({ baseUrl }).exchangeLoginCode({ code: await authorizeAs(suzuki!.userId), redirectTo });
    if ('error' in login) throw login.error;
    const verified = await fetch(`${baseUrl}${LINE_STAND_IN_PATH}/oauth2/v2.1/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id_token: login.data.session.id_token, client_id: DEV_CHANNEL.channelId }),
    });
    expect(await verified.json()).toMatchObject({ iss: 'https://access.line.me', sub: suzuki!.userId, aud: DEV_CHANNEL.channelId, name: '鈴木 一郎' });
    const profile = await fetch(`${baseUrl}${LINE_STAND_IN_PATH}/v2/profile`, { headers: { authorization: `Bearer ${login.data.session.access_token}` } });
    expect(await profile.json()).toEqual({ userId: suzuki!.userId, displayName: '鈴木 一郎', pictureUrl: suzuki!.pictureUrl });
    expect((await fetch(`${baseUrl}${LINE_STAND_IN_PATH}/v2/profile`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
  });
});

describe('LIFF through the LINE stand-in (liff/token, for @line/liff-mock)', () => {
  it('hands out what the LIFF SDK would hold: an ID token the API accepts as that user, an access token and the profile', async () => {
    const [, sato] = ctx.users;
    const response = await fetch(`${baseUrl}${LINE_STAND_IN_PATH}/liff/token?userId=${sato!.userId}`);
    expect(response.status).toBe(200);
    const liff = (await response.json()) as { idToken: string; accessToken: string; profile: unknown };
    expect(liff.profile).toEqual({ userId: sato!.userId, displayName: '佐藤 花子', pictureUrl: sato!.pictureUrl });

    // Signed ES256 like a real LIFF token: the server checks it against the stand-in's certs.
    expect(JSON.parse(Buffer.from(liff.idToken.split('.')[0]!, 'base64url').toString('utf8'))).toMatchObject({ alg: 'ES256' });
    const api = createApiClient({ baseUrl, getIdToken: () => liff.idToken });
    const answers = { name: '佐藤花子', phone: '090-1234-5678', area: '東区', satisfaction: '満足' };
    const saved = await api.putReservation(buildSubmissionPayload({ config: citizenView(CITIZEN_QUESTIONNAIRE), userId: sato!.userId, answers }));
    expect(saved).toMatchObject({ result: 'OK', partitionKey: `citizen-questionnaire#${sato!.userId}` });
    const mine = await api.getSurveyResultsByUser('citizen-questionnaire');
    expect(mine.result === 'OK' && mine.data.map((row) => row.userId)).toContain(sato!.userId);
    expect(mine.result === 'OK' && mine.data.find((row) => row.itemKey === 'name')?.value).toBe('佐藤花子');

    const profile = await fetch(`${baseUrl}${LINE_STAND_IN_PATH}/v2/profile`, { headers: { authorization: `Bearer ${liff.accessToken}` } });
    expect(await profile.json()).toEqual(liff.profile);
  });

  it('refuses an unknown or missing userId with a 400 JSON error', async () => {
    for (const query of ['?userId=U0000000000000000000000000000000', '']) {
      const response = await fetch(`${baseUrl}${LINE_STAND_IN_PATH}/liff/token${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_request' });
    }
  });
});
