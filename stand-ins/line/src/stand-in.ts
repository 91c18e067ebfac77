// A stand-in for the LINE platform, for development, demos and tests only. It speaks LINE Login's
// protocol (authorize, token, verify, certs, profile) and signs real tokens, so the server's
// production code path (HTTP code exchange + JWT verification) is what runs; only the base URL
// differs. It also hands out what the LIFF SDK would have (liff/token), for @line/liff-mock in the
// browser, and plays LINE's messaging (messaging.ts): push, service messages, the inbox page. It
// refuses to exist in production.
import { randomBytes, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { exportJWK, generateKeyPair, jwtVerify } from 'jose';
import type { JWK } from 'jose';
import { inboxPage } from './inbox-page.js';
import { createLineMessaging } from './messaging.js';
import type { TestUser } from './test-users.js';
import { COMMON_PROFILES, TEST_USERS } from './test-users.js';
import type { LineChannel, TokenOptions } from './tokens.js';
import { idTokenClaims, LINE_ISSUER, signWebIdToken } from './tokens.js';

interface PendingCode {
  user: TestUser;
  redirectUri: string;
  nonce: string | undefined;
  expiresAt: number;
}

export interface LineStandInOptions extends LineChannel {
  /** The server's environment: the stand-in refuses to exist in production. */
  nodeEnv: string;
  /** The clock the messaging side keeps (retry keys, token expiry); default Date.now. */
  now?: () => number;
}

/** The test users who have the municipality's official account as a friend at first (鈴木 has not). */
const FIRST_FRIENDS = [TEST_USERS[0].userId, TEST_USERS[1].userId];

export async function createLineStandIn(options: LineStandInOptions) {
  if (options.nodeEnv === 'production') {
    throw new Error('The LINE stand-in cannot run in production.');
  }
  const secret = new TextEncoder().encode(options.channelSecret);
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = randomUUID();
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, TestUser>();
  /** The access tokens the LIFF SDK holds (not the web login's): service messages need one of these. */
  const liffAccessTokens = new Set<string>();
  const messaging = createLineMessaging({
    channelId: options.channelId,
    channelSecret: options.channelSecret,
    liffUserOf: (token) => (liffAccessTokens.has(token) ? accessTokens.get(token)?.userId : undefined),
    friends: FIRST_FRIENDS,
    ...(options.now === undefined ? {} : { now: options.now }),
  });

  const userById = (userId: string) => TEST_USERS.find((user) => user.userId === userId);

  /** An ID token as LINE Login's web flow issues it: HS256 with the channel secret. */
  function signWeb(user: TestUser, tokenOptions: TokenOptions = {}): Promise<string> {
    return signWebIdToken(options, user, tokenOptions);
  }

  /** An ID token as the LIFF SDK gets it: ES256, verifiable against the certs endpoint. */
  function signLiffIdToken(user: TestUser, tokenOptions: TokenOptions = {}): Promise<string> {
    return idTokenClaims(options, user, tokenOptions).setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid }).sign(privateKey);
  }

  /** An access token for LINE's profile endpoint, as the token endpoint and the LIFF SDK give one. */
  function newAccessToken(user: TestUser): string {
    const accessToken = randomBytes(24).toString('hex');
    accessTokens.set(accessToken, user);
    return accessToken;
  }

  const oauthError = (error: string, description: string) => ({ error, error_description: description });

  /** LINE's paths, on whichever app and prefix: the server's `/__dev/line`, or the root of its own port. */
  async function routes(app: FastifyInstance) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    app.get<{ Querystring: Record<string, string | undefined> }>('/oauth2/v2.1/authorize', async (request, reply) => {
      const query = request.query;
      const { redirect_uri: redirectUri, state } = query;
      if (query.response_type !== 'code' || query.client_id !== options.channelId || !redirectUri || !/^https?:\/\//.test(redirectUri)) {
        return reply.status(400).type('text/html; charset=utf-8').send(page('<p>リクエストが正しくありません（response_type, client_id, redirect_uri を確認してください）。</p>'));
      }
      const user = query.test_user === undefined ? undefined : userById(query.test_user);
      if (user === undefined) {
        const links = TEST_USERS.map((candidate) => {
          const params = new URLSearchParams({ ...(query as Record<string, string>), test_user: candidate.userId });
          return `<li><a href="?${escapeHtml(params.toString())}">${escapeHtml(candidate.displayName)}</a> <small>${candidate.userId}</small></li>`;
        }).join('');
        return reply
          .type('text/html; charset=utf-8')
          .send(page(`<h1>LINE ログイン（開発用）</h1><p>ログインするテストユーザーを選んでください。</p><ul>${links}</ul>`));
      }
      const code = randomBytes(16).toString('hex');
      codes.set(code, { user, redirectUri, nonce: query.nonce, expiresAt: Date.now() + 10 * 60_000 });
      const target = new URL(redirectUri);
      target.searchParams.set('code', code);
      if (state !== undefined) target.searchParams.set('state', state);
      return reply.redirect(target.toString());
    });

    app.post<{ Body: Record<string, string | undefined> }>('/oauth2/v2.1/token', async (request, reply) => {
      const body = request.body;
      if (body.client_id !== options.channelId || body.client_secret !== options.channelSecret) {
        return reply.status(400).send(oauthError('invalid_client', 'Invalid client credentials'));
      }
      const pending = body.code === undefined ? undefined : codes.get(body.code);
      if (body.grant_type !== 'authorization_code' || pending === undefined || body.code === undefined) {
        return reply.status(400).send(oauthError('invalid_grant', 'Invalid authorization code'));
      }
      codes.delete(body.code); // a code is good for one exchange only
      if (pending.expiresAt < Date.now() || pending.redirectUri !== body.redirect_uri) {
        return reply.status(400).send(oauthError('invalid_grant', 'Invalid authorization code'));
      }
      return {
        access_token: newAccessToken(pending.user),
        token_type: 'Bearer',
        refresh_token: randomBytes(24).toString('hex'),
        expires_in: 2_592_000,
        scope: 'profile openid',
        id_token: await signWeb(pending.user, pending.nonce === undefined ? {} : { nonce: pending.nonce }),
      };
    });

    app.post<{ Body: Record<string, string | undefined> }>('/oauth2/v2.1/verify', async (request, reply) => {
      try {
        const { payload } = await jwtVerify(request.body.id_token ?? '', secret, {
          issuer: LINE_ISSUER,
          audience: request.body.client_id ?? '',
          algorithms: ['HS256'],
        });
        return payload;
      } catch {
        return reply.status(400).send(oauthError('invalid_request', 'Invalid IdToken.'));
      }
    });

    app.get('/oauth2/v2.1/certs', async () => ({ keys: [publicJwk] }));

    // Not LINE's: what the LIFF SDK would hold for a test user inside the LINE app, so that
    // @line/liff-mock in the browser can play it with a token the server really verifies.
    app.get<{ Querystring: { userId?: string } }>('/liff/token', async (request, reply) => {
      const user = request.query.userId === undefined ? undefined : userById(request.query.userId);
      if (user === undefined) {
        const known = TEST_USERS.map((candidate) => candidate.userId).join(', ');
        return reply.status(400).send(oauthError('invalid_request', `userId must be one of the test users: ${known}`));
      }
      const accessToken = newAccessToken(user);
      liffAccessTokens.add(accessToken);
      return {
        idToken: await signLiffIdToken(user),
        accessToken,
        profile: { userId: user.userId, displayName: user.displayName, pictureUrl: user.pictureUrl },
      };
    });

    app.get('/v2/profile', async (request, reply) => {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const user = token === undefined ? undefined : accessTokens.get(token);
      if (user === undefined) return reply.status(401).send({ message: 'Authentication failed' });
      return { userId: user.userId, displayName: user.displayName, pictureUrl: user.pictureUrl };
    });

    // Not LINE's: the Common Profile LINE's quick fill would hand the mini-app for the citizen whose
    // LIFF access token this is (the real plugin gets it through LINE's own consent window, which no
    // stand-in can serve); the app's development plugin asks for consent first, then calls this.
    app.get('/common-profile', async (request, reply) => {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const user = token === undefined || !liffAccessTokens.has(token) ? undefined : accessTokens.get(token);
      if (user === undefined) return reply.status(401).send({ message: 'The access token revoked' });
      return { profile: COMMON_PROFILES[user.userId] ?? {} };
    });

    messaging.routes(app);

    // Not LINE's: each test user's messages as LINE shows them (development only).
    app.get('/inbox', async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(inboxPage(TEST_USERS, messaging.inboxOf, messaging.isFriend)),
    );
  }

  const plugin: FastifyPluginAsync = async (app) => {
    await routes(app);
  };

  /**
   * The same stand-in at the root of a port of its own on 127.0.0.1: LINE's SDKs build their URLs
   * from the base URL's origin (`new URL('/v2/...', baseURL)` drops a path), so the server's calls
   * to the Messaging API come here. Answers its base URL; closed with `close`.
   */
  async function listen(): Promise<{ url: string; close: () => Promise<void> }> {
    const app = Fastify({ logger: false });
    await routes(app);
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    return { url, close: () => app.close() };
  }

  return { plugin, listen, messaging, signWebIdToken: signWeb, signLiffIdToken, users: TEST_USERS };
}

export type LineStandIn = Awaited<ReturnType<typeof createLineStandIn>>;

function page(body: string): string {
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>LINE ログイン（開発用）</title><style>body{font-family:sans-serif;margin:2rem;line-height:1.8}a{color:#06c755;font-weight:bold}</style></head><body>${body}</body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
