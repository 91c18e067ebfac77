import { createHmac } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLineStandIn, DEV_CHANNEL } from '@city/line-stand-in';
import type { EndpointName } from '@city/api-client/contract';
import { endpoints } from '@city/api-client/contract';
import { ENDPOINTS_NOT_SERVED_YET } from '../src/app.js';
import type { TestContext, TestRequest } from './helpers.js';
import { createTestContext, pathOf } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** Every authenticated endpoint, called with a well-formed request. */
const protectedEndpoints: [name: EndpointName, request: TestRequest][] = [
  ['getSurveyConfig', { query: { surveyId: 'citizen-questionnaire' } }],
  ['getAllSearchableSurveyConfigs', {}],
  ['getSurveyConfigsList', { body: { surveyIdList: ['citizen-questionnaire'] } }],
  ['querySurveyResults', { body: { surveyId: 'citizen-questionnaire', userId: 'U1' } }],
  ['getSurveyResultsByPartitionKey', { query: { surveyId: 'citizen-questionnaire', partitionKey: 'x' } }],
  ['getSurveyResultsByUser', { query: { surveyId: 'citizen-questionnaire' } }],
  ['filterSurveyResults', { body: { queryParams: { surveyId: 'event-application', lookup: {} }, requestingUserId: 'U1' } }],
  ['putReservation', { body: { data: [] } }],
  ['cancelReservation', { body: { surveyId: 's', partitionKey: 'p', userId: 'U1' } }],
  ['deleteReservation', { body: { surveyId: 's', partitionKey: 'p', userId: 'U1' } }],
  ['putTemporaryReservation', { body: { data: [] } }],
  ['putUserId', { body: { surveyId: 's', partitionKey: 'p', userId: 'U1' } }],
  ['uploadFile', { query: { name: 'a.png' } }],
  ['downloadFile', { params: { fileId: '0123456789abcdef0123456789abcdef' } }],
  ['getCalendarCategories', {}],
  ['getCalendarCategoriesTree', {}],
  ['getCalendarDisplaySettings', {}],
  ['getCalendarSlots', { query: { calendarId: 'cal-checkup-central', from: '2026-12-01', to: '2026-12-07' } }],
  ['getBookingLimits', { query: { categoryId: 'checkup' } }],
  ['getOrder', { query: { orderId: '0123456789abcdef0123456789abcdef' } }],
  ['getOrders', {}],
  ['cancelOrder', { body: { orderId: '0123456789abcdef0123456789abcdef' } }],
  ['getMemberCard', { query: { surveyId: 'library-card' } }],
  ['withdrawMembership', { body: { surveyId: 'library-card', partitionKey: 'library-card#U1' } }],
  ['getDraft', { query: { surveyId: 'citizen-questionnaire' } }],
  ['saveDraft', { body: { surveyId: 'citizen-questionnaire', answers: { name: '山田' } } }],
  ['discardDraft', { query: { surveyId: 'citizen-questionnaire' } }],
  ['getWaitlist', { query: {} }],
  ['joinWaitlist', { body: { surveyId: 'health-checkup', itemKey: 'slot', value: 'x' } }],
  ['leaveWaitlist', { body: { entryId: 1 } }],
  ['getLottery', { query: {} }],
  ['applyLottery', { body: { surveyId: 'health-checkup', itemKey: 'slot', value: 'x' } }],
  ['withdrawLottery', { body: { applicationId: 1 } }],
];

it('lists every endpoint the app serves but login', () => {
  const served = Object.keys(endpoints).filter((name) => name !== 'exchangeLoginCode' && !ENDPOINTS_NOT_SERVED_YET.includes(name as EndpointName));
  expect(protectedEndpoints.map(([name]) => name).sort()).toEqual(served.sort());
});

describe.each(protectedEndpoints)('%s', (name, request) => {
  it('refuses a request without a token: 401 login_required', async () => {
    const response = await ctx.call(null, name, request);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ statusCode: 401, error: 'Unauthorized', code: 'login_required', message: 'ログインしてください。' });
  });
});

describe('ID tokens', () => {
  const getItem = async (token: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `${pathOf('getSurveyConfig')}?surveyId=citizen-questionnaire`,
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

  it('refuses a token once it expires, though it was accepted (and remembered) before', async () => {
    const token = await ctx.app.lineStandIn!.signWebIdToken(ctx.users[0]!, { expiresIn: 60 });
    expect((await getItem(token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      const response = await getItem(token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'session_expired' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a tampered copy of a token it has accepted', async () => {
    const token = await ctx.app.lineStandIn!.signWebIdToken(ctx.users[0]!);
    expect((await getItem(token)).statusCode).toBe(200);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: ctx.users[1]!.userId })).toString('base64url');
    const response = await getItem(`${header!}.${forged}.${signature!}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'invalid_token' });
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
      .setAudience(DEV_CHANNEL.channelId)
      .setSubject(ctx.users[0]!.userId)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-channel-secret'));
    expect((await getItem(forged)).statusCode).toBe(401);
  });

  it("refuses an unsigned token (alg: none)", async () => {
    const unsigned = new UnsecuredJWT({})
      .setIssuer('https://access.line.me')
      .setAudience(DEV_CHANNEL.channelId)
      .setSubject(ctx.users[0]!.userId)
      .setExpirationTime('1h')
      .encode();
    expect((await getItem(unsigned)).statusCode).toBe(401);
  });

  it('refuses an ES256 token from a key LINE never published', async () => {
    const stranger = await createLineStandIn({ channelId: DEV_CHANNEL.channelId, channelSecret: 'x', nodeEnv: 'test' });
    const response = await getItem(await stranger.signLiffIdToken(ctx.users[0]!));
    expect(response.statusCode).toBe(401);
  });

  describe('a web-login token (HS256, checked with node:crypto as jose would)', () => {
    const secret = new TextEncoder().encode(DEV_CHANNEL.channelSecret);
    const signed = (claims: Record<string, unknown>) =>
      new SignJWT({ iss: 'https://access.line.me', aud: DEV_CHANNEL.channelId, sub: ctx.users[0]!.userId, ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(secret);
    // By hand, for what jose will not sign: a header with crit, a claim of the wrong type.
    const signedByHand = (header: Record<string, unknown>, claims: Record<string, unknown> | Buffer) => {
      const segment = (value: unknown) => (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');
      const input = `${segment({ alg: 'HS256', ...header })}.${segment(claims)}`;
      return `${input}.${createHmac('sha256', DEV_CHANNEL.channelSecret).update(input).digest('base64url')}`;
    };
    const goodClaims = () => ({
      iss: 'https://access.line.me',
      aud: DEV_CHANNEL.channelId,
      sub: ctx.users[0]!.userId,
      iat: Math.floor(Date.now() / 1000),
      exp: Math.floor(Date.now() / 1000) + 3600,
    });
    const codeOf = async (token: string) => {
      const response = await getItem(token);
      return response.statusCode === 200 ? 200 : (response.json<{ code: string }>().code);
    };

    it('accepts an audience listed among others, and a not-before already passed', async () => {
      expect(await codeOf(await signed({ aud: ['another-channel', DEV_CHANNEL.channelId], nbf: Math.floor(Date.now() / 1000) - 5 }))).toBe(200);
    });

    it.each([
      ['not valid yet (nbf ahead)', { nbf: Math.floor(Date.now() / 1000) + 600 }],
      ['no subject', { sub: undefined }],
      ['an audience list without the channel', { aud: ['another-channel'] }],
    ])('refuses a token with %s: invalid_token', async (_label, claims) => {
      expect(await codeOf(await signed(claims))).toBe('invalid_token');
    });

    it('refuses a header asking for an extension it does not know (crit), and a text expiry', async () => {
      expect(await codeOf(signedByHand({}, goodClaims()))).toBe(200); // the hand signer signs as LINE does
      expect(await codeOf(signedByHand({ crit: ['b64'], b64: true }, goodClaims()))).toBe('invalid_token');
      expect(await codeOf(signedByHand({}, { ...goodClaims(), exp: 'tomorrow' }))).toBe('invalid_token');
    });

    it('refuses claims that are not UTF-8, and an expiry past any number (1e400)', async () => {
      const text = JSON.stringify(goodClaims());
      const broken = Buffer.concat([Buffer.from(text.slice(0, -1)), Buffer.from(',"name":"'), Buffer.from([0xff]), Buffer.from('"}')]);
      expect(await codeOf(signedByHand({}, broken))).toBe('invalid_token');
      const endless = Buffer.from(text.replace(/"exp":\d+/, '"exp":1e400'));
      expect(endless.toString()).toContain('1e400');
      expect(await codeOf(signedByHand({}, endless))).toBe('invalid_token');
    });

    it('refuses a second spelling of a good signature, a cut one, and a fourth segment', async () => {
      const token = await signed({});
      const [header, claims, signature] = token.split('.') as [string, string, string];
      // 32 bytes are 43 base64url characters; the last carries 4 spare bits: another letter with
      // the same first two bits decodes to the same bytes.
      const last = signature.at(-1)!;
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const twin = alphabet[(alphabet.indexOf(last) & ~0b1111) | ((alphabet.indexOf(last) + 1) & 0b1111)]!;
      expect(Buffer.from(`${signature.slice(0, -1)}${twin}`, 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(true);
      expect(await codeOf(`${header}.${claims}.${signature.slice(0, -1)}${twin}`)).toBe('invalid_token');
      expect(await codeOf(`${header}.${claims}.${signature.slice(0, -2)}`)).toBe('invalid_token');
      expect(await codeOf(`${token}.${signature}`)).toBe('invalid_token');
      expect(await codeOf(token)).toBe(200);
    });

    it('answers invalid_token, not session_expired, for an expired token signed with another secret', async () => {
      const forged = await new SignJWT({ iss: 'https://access.line.me', aud: DEV_CHANNEL.channelId, sub: ctx.users[0]!.userId })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(new TextEncoder().encode('not-the-channel-secret'));
      expect(await codeOf(forged)).toBe('invalid_token');
    });
  });

  it('refuses garbage', async () => {
    expect((await getItem('not.a.token')).statusCode).toBe(401);
  });
});
