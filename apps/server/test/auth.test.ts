import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLineStandIn } from '@city/line-stand-in';
import type { TestContext } from './helpers.js';
import { createTestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** Every authenticated route, called with a well-formed request. */
const protectedRoutes: [method: 'GET' | 'POST' | 'DELETE', route: string, options: { query?: Record<string, string>; body?: unknown }][] = [
  ['GET', '/survey-configs/getItem', { query: { surveyId: 'citizen-questionnaire' } }],
  ['GET', '/survey-configs/getAllSearchable', {}],
  ['POST', '/survey-configs/getSurveyConfigsList', { body: { surveyIdList: ['citizen-questionnaire'] } }],
  ['POST', '/survey-results/query', { body: { surveyId: 'citizen-questionnaire', userId: 'U1' } }],
  ['GET', '/survey-results/getBySurveyIdPartitionKeyIndex', { query: { surveyId: 'citizen-questionnaire', partitionKey: 'x' } }],
  ['GET', '/survey-results/getBySurveyIdUserIdIndex', { query: { surveyId: 'citizen-questionnaire' } }],
  ['POST', '/survey-results/filterQuery', { body: { queryParams: { surveyId: 'event-application', lookup: {} }, requestingUserId: 'U1' } }],
  ['POST', '/reservation/putItem', { body: { data: [] } }],
  ['POST', '/reservation/cancelItem', { body: { surveyId: 's', partitionKey: 'p', userId: 'U1' } }],
  ['DELETE', '/reservation/deleteItem', { body: { surveyId: 's', partitionKey: 'p', userId: 'U1' } }],
  ['POST', '/reservation/putUserId', { body: { surveyId: 's', partitionKey: 'p', userId: 'U1' } }],
  ['POST', '/files', { query: { name: 'a.png' } }],
  ['GET', '/files/0123456789abcdef0123456789abcdef', {}],
];

describe.each(protectedRoutes)('%s %s', (method, route, options) => {
  it('refuses a request without a token: 401 login_required', async () => {
    const response = await ctx.call(null, method, route, options);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ statusCode: 401, error: 'Unauthorized', code: 'login_required', message: 'ログインしてください。' });
  });
});

describe('ID tokens', () => {
  const getItem = async (token: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/survey/api/v1/db/survey-configs/getItem?surveyId=citizen-questionnaire',
      headers: { authorization: `Bearer ${token}` },
    });

  it('accepts a web-login token (HS256) and a LIFF token (ES256, checked against the certs)', async () => {
    const [user] = ctx.users;
    // The ES256 key set is fetched over HTTP, so this app must listen.
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    expect((await getItem(await ctx.app.lineStandIn!.signWebIdToken(user!))).statusCode).toBe(200);
    expect((await getItem(await ctx.app.lineStandIn!.signLiffIdToken(user!))).statusCode).toBe(200);
  });

  it('refuses an expired token with session_expired, so the app can send the citizen to log in', async () => {
    const token = await ctx.app.lineStandIn!.signWebIdToken(ctx.users[0]!, { expiresIn: -60 });
    const response = await getItem(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'session_expired' });
  });

  it.each([
    ['another channel (audience)', { audience: '9999999999' }],
    ['another issuer', { issuer: 'https://evil.example' }],
  ])('refuses a token for %s', async (_label, options) => {
    const response = await getItem(await ctx.app.lineStandIn!.signWebIdToken(ctx.users[0]!, options));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'invalid_token' });
  });

  it('refuses a token signed with another secret', async () => {
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('https://access.line.me')
      .setAudience(ctx.app.lineStandIn ? '1650000000' : '')
      .setSubject(ctx.users[0]!.userId)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-channel-secret'));
    expect((await getItem(forged)).statusCode).toBe(401);
  });

  it("refuses an unsigned token (alg: none)", async () => {
    const unsigned = new UnsecuredJWT({})
      .setIssuer('https://access.line.me')
      .setAudience('1650000000')
      .setSubject(ctx.users[0]!.userId)
      .setExpirationTime('1h')
      .encode();
    expect((await getItem(unsigned)).statusCode).toBe(401);
  });

  it('refuses an ES256 token from a key LINE never published', async () => {
    const stranger = await createLineStandIn({ channelId: '1650000000', channelSecret: 'x', nodeEnv: 'test' });
    const response = await getItem(await stranger.signLiffIdToken(ctx.users[0]!));
    expect(response.statusCode).toBe(401);
  });

  it('refuses garbage', async () => {
    expect((await getItem('not.a.token')).statusCode).toBe(401);
  });
});
