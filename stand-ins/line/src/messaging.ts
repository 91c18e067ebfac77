// LINE's messaging, as the stand-in plays it: the Messaging API's push (with X-Line-Retry-Key), its
// followers and profile look-ups, the stateless channel access token, and LINE MINI App service
// messages (notification token issue and send). What each citizen received is kept in an inbox the
// development page shows. Shapes, statuses and error bodies follow LINE's reference (see
// apps/server/src/modules/line/README.md for the pages); where LINE documents no text, the
// stand-in's is its own and says so.
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A service notification token lasts a year and carries five sends (LINE MINI App reference). */
export const NOTIFICATION_TOKEN_SECONDS = 31_536_000;
export const NOTIFICATION_TOKEN_SENDS = 5;
/** A stateless channel access token lasts 15 minutes. */
export const STATELESS_TOKEN_SECONDS = 900;
/** LINE remembers a push's retry key for 24 hours. */
const RETRY_KEY_MS = 24 * 3600_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One message as the citizen's LINE shows it. */
export type InboxMessage =
  | { kind: 'push'; id: string; at: number; messages: unknown[] }
  | { kind: 'service'; id: string; at: number; templateName: string; params: Record<string, string> };

/** What a test makes LINE answer to the next calls of one endpoint, before it answers normally. */
export interface InjectedFailure {
  /** `push`, `notifier-send`, `notifier-token`, or `followers`. */
  endpoint: 'push' | 'notifier-send' | 'notifier-token' | 'followers';
  status: number;
  /** How many calls fail (default 1). */
  times?: number;
  /**
   * For a push or a send: the message is delivered before the failure answers (LINE took it, the
   * answer was lost on the way), so only a retry key or the renewed token keeps a retry from
   * delivering it twice.
   */
  afterDelivery?: boolean;
}

interface NotificationToken {
  userId: string;
  sessionId: string;
  remaining: number;
  expiresAt: number;
}

export interface LineMessagingOptions {
  channelId: string;
  channelSecret: string;
  /** Who an access token from the stand-in's LIFF (`/liff/token`) belongs to, if it is one. */
  liffUserOf: (liffAccessToken: string) => string | undefined;
  /** The citizens who have the municipality's account as a friend at first (others can be added). */
  friends: readonly string[];
  /** The clock (ms); tests move it. */
  now?: () => number;
}

export function createLineMessaging(options: LineMessagingOptions) {
  const now = options.now ?? Date.now;
  const inboxes = new Map<string, InboxMessage[]>();
  const friends = new Set(options.friends);
  const channelTokens = new Map<string, number>(); // token -> expires at
  const retryKeys = new Map<string, { requestId: string; at: number; sentMessages: { id: string }[] }>();
  const liffTokensUsed = new Set<string>();
  const notificationTokens = new Map<string, NotificationToken>();
  const failures: InjectedFailure[] = [];
  let pushCount = 0;

  const deliver = (userId: string, message: InboxMessage) => {
    const inbox = inboxes.get(userId) ?? [];
    inbox.push(message);
    inboxes.set(userId, inbox);
  };

  /** The failure injected for this endpoint's call, if any (used up as it answers). */
  const injected = (endpoint: InjectedFailure['endpoint']): InjectedFailure | undefined => {
    const failure = failures.find((candidate) => candidate.endpoint === endpoint);
    if (failure === undefined) return undefined;
    failure.times = (failure.times ?? 1) - 1;
    if (failure.times <= 0) failures.splice(failures.indexOf(failure), 1);
    return failure;
  };

  const channelAuthorised = (request: FastifyRequest) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expiresAt = token === undefined ? undefined : channelTokens.get(token);
    return expiresAt !== undefined && expiresAt > now();
  };
  const unauthorised = (reply: FastifyReply) => reply.status(401).send({ message: 'Authentication failed. Confirm that the access token in the authorization header is valid.' });

  const newNotificationToken = (token: NotificationToken) => {
    const value = randomUUID();
    notificationTokens.set(value, token);
    return value;
  };

  function routes(app: FastifyInstance) {
    // Stateless channel access token (Messaging API reference, "Issue stateless channel access token").
    app.post<{ Body: Record<string, string | undefined> }>('/oauth2/v3/token', async (request, reply) => {
      const body = request.body;
      if (body.grant_type !== 'client_credentials' || body.client_id !== options.channelId || body.client_secret !== options.channelSecret) {
        return reply.status(400).send({ error: 'invalid_request', error_description: "Invalid 'client_credentials'." });
      }
      const accessToken = randomBytes(32).toString('base64url');
      channelTokens.set(accessToken, now() + STATELESS_TOKEN_SECONDS * 1000);
      return { token_type: 'Bearer', access_token: accessToken, expires_in: STATELESS_TOKEN_SECONDS };
    });

    app.post<{ Body: { to?: unknown; messages?: unknown } | undefined }>('/v2/bot/message/push', async (request, reply) => {
      if (!channelAuthorised(request)) return unauthorised(reply);
      const retryKey = request.headers['x-line-retry-key'];
      if (typeof retryKey === 'string' && !UUID.test(retryKey)) {
        return reply.status(400).send({ message: 'The value of the X-Line-Retry-Key header is invalid' });
      }
      const { to, messages } = request.body ?? {};
      if (typeof to !== 'string' || !Array.isArray(messages) || messages.length === 0 || messages.length > 5) {
        return reply.status(400).send({ message: 'The request body has 1 error(s)' });
      }
      if (typeof retryKey === 'string') {
        const accepted = retryKeys.get(retryKey);
        if (accepted !== undefined && accepted.at + RETRY_KEY_MS > now()) {
          return reply.status(409).header('x-line-accepted-request-id', accepted.requestId).send({ message: 'The retry key is already accepted', sentMessages: accepted.sentMessages });
        }
      }
      const failure = injected('push');
      if (failure !== undefined && failure.afterDelivery !== true) return reply.status(failure.status).send({ message: 'An error occurred in the stand-in (injected)' });
      pushCount += 1;
      const sentMessages = messages.map(() => ({ id: String(100_000_000 + pushCount) }));
      // LINE answers 200 to a push to someone who is not a friend (or blocked the account): nothing arrives.
      if (friends.has(to)) deliver(to, { kind: 'push', id: String(100_000_000 + pushCount), at: now(), messages });
      const requestId = randomUUID();
      if (typeof retryKey === 'string') retryKeys.set(retryKey, { requestId, at: now(), sentMessages });
      if (failure !== undefined) return reply.status(failure.status).send({ message: 'An error occurred in the stand-in (injected)' });
      return reply.header('x-line-request-id', requestId).send({ sentMessages });
    });

    // Followers (verified and premium accounts): their user ids, a page at a time.
    app.get<{ Querystring: { start?: string; limit?: string } }>('/v2/bot/followers/ids', async (request, reply) => {
      if (!channelAuthorised(request)) return unauthorised(reply);
      const failure = injected('followers');
      if (failure !== undefined) return reply.status(failure.status).send({ message: 'An error occurred in the stand-in (injected)' });
      const limit = Math.min(1000, Math.max(1, Number(request.query.limit ?? 300) || 300));
      const all = [...friends].sort();
      const start = request.query.start === undefined ? 0 : Number(Buffer.from(request.query.start, 'base64url').toString());
      const userIds = all.slice(start, start + limit);
      const next = start + limit < all.length ? Buffer.from(String(start + limit)).toString('base64url') : undefined;
      return next === undefined ? { userIds } : { userIds, next };
    });

    app.get<{ Params: { userId: string } }>('/v2/bot/profile/:userId', async (request, reply) => {
      if (!channelAuthorised(request)) return unauthorised(reply);
      if (!friends.has(request.params.userId)) return reply.status(404).send({ message: 'Not found' });
      return { userId: request.params.userId, displayName: request.params.userId, language: 'ja' };
    });

    // LINE MINI App: issue a service notification token from the citizen's LIFF access token.
    app.post<{ Body: { liffAccessToken?: unknown } | undefined }>('/message/v3/notifier/token', async (request, reply) => {
      if (!channelAuthorised(request)) return unauthorised(reply);
      const liffAccessToken = request.body?.liffAccessToken;
      if (typeof liffAccessToken !== 'string' || liffAccessToken === '') return reply.status(400).send({ message: '[liffAccessToken] must not be blank' });
      const failure = injected('notifier-token');
      if (failure !== undefined) return reply.status(failure.status).send({ message: 'An error occurred in the stand-in (injected)' });
      const userId = options.liffUserOf(liffAccessToken);
      if (userId === undefined) return reply.status(401).send({ message: 'The access token revoked' });
      // One notification token per LIFF access token (the stand-in's wording: LINE documents none).
      if (liffTokensUsed.has(liffAccessToken)) return reply.status(400).send({ message: 'A notification token was already issued for this LIFF access token' });
      liffTokensUsed.add(liffAccessToken);
      const token: NotificationToken = { userId, sessionId: randomBytes(9).toString('base64url'), remaining: NOTIFICATION_TOKEN_SENDS, expiresAt: now() + NOTIFICATION_TOKEN_SECONDS * 1000 };
      return { notificationToken: newNotificationToken(token), expiresIn: NOTIFICATION_TOKEN_SECONDS, remainingCount: token.remaining, sessionId: token.sessionId };
    });

    app.post<{ Querystring: { target?: string }; Body: { templateName?: unknown; params?: unknown; notificationToken?: unknown } | undefined }>(
      '/message/v3/notifier/send',
      async (request, reply) => {
        if (!channelAuthorised(request)) return unauthorised(reply);
        const { templateName, params, notificationToken } = request.body ?? {};
        if (request.query.target !== 'service' || typeof templateName !== 'string' || typeof notificationToken !== 'string' || typeof params !== 'object' || params === null) {
          return reply.status(400).send({ message: 'The request body has 1 error(s)' });
        }
        if (!/^[a-z0-9_]+_(ja|en|zh-TW|th|id|ko)$/.test(templateName) || templateName.length > 30) {
          return reply.status(403).send({ message: 'The specified template cannot be found' });
        }
        const token = notificationTokens.get(notificationToken);
        if (token === undefined || token.remaining <= 0 || token.expiresAt <= now()) return reply.status(401).send({ message: 'Invalid notifier token' });
        const failure = injected('notifier-send');
        if (failure !== undefined && failure.afterDelivery !== true) return reply.status(failure.status).send({ message: 'An error occurred in the stand-in (injected)' });
        const values = Object.fromEntries(Object.entries(params as Record<string, unknown>).map(([key, value]) => [key, String(value)]));
        deliver(token.userId, { kind: 'service', id: randomUUID(), at: now(), templateName, params: values });
        // The token is renewed by every send: the one just used is spent.
        notificationTokens.delete(notificationToken);
        token.remaining -= 1;
        if (failure !== undefined) {
          if (token.remaining > 0) newNotificationToken(token); // renewed, but the answer with it was lost
          return reply.status(failure.status).send({ message: 'An error occurred in the stand-in (injected)' });
        }
        const expiresIn = Math.max(0, Math.floor((token.expiresAt - now()) / 1000));
        if (token.remaining === 0) return { expiresIn: 0, remainingCount: 0 };
        return { notificationToken: newNotificationToken(token), expiresIn, remainingCount: token.remaining, sessionId: token.sessionId };
      },
    );
  }

  return {
    routes,
    /** What this citizen received, oldest first. */
    inboxOf: (userId: string): readonly InboxMessage[] => inboxes.get(userId) ?? [],
    /** Every citizen who received something, with their messages. */
    inboxes: (): ReadonlyMap<string, readonly InboxMessage[]> => inboxes,
    isFriend: (userId: string) => friends.has(userId),
    /** The citizen adds (or blocks) the municipality's account. */
    setFriend(userId: string, friend: boolean) {
      if (friend) friends.add(userId);
      else friends.delete(userId);
    },
    /** The next calls of an endpoint answer this failure. */
    injectFailure(failure: InjectedFailure) {
      failures.push({ ...failure });
    },
    /** How many pushes LINE accepted (repeats answered 409 not counted). */
    pushCount: () => pushCount,
  };
}

export type LineMessaging = ReturnType<typeof createLineMessaging>;

