// LINE's messaging APIs as this server calls them: the Messaging API (push, followers) through the
// official SDK, and LINE MINI App service messages (notification token, send) over fetch (the SDK
// has no client for them). Channel access tokens are stateless ones (15 minutes, issued at will),
// as MINI App channels require. Every call answers an outcome instead of throwing: what to do next
// (retry, give up) is the delivery's to decide. docs/configuration.md (LINE) cites LINE's reference for each call.
import { channelAccessToken, HTTPFetchError, messagingApi } from '@line/bot-sdk';

/** A LINE channel's credentials. */
export interface LineChannelCredentials {
  channelId: string;
  channelSecret: string;
}

export interface LineApiOptions {
  /** LINE's API origin (https://api.line.me, or the stand-in's own port). */
  baseUrl: () => string;
  /** The LINE MINI App (LIFF) channel: service messages. */
  miniApp: LineChannelCredentials;
  /** The official account's Messaging API channel: pushes; undefined when none is configured. */
  messaging: LineChannelCredentials | undefined;
  now: () => number;
}

/** A notification token as LINE answers it: the value (none once used up), sends left, seconds left. */
export interface IssuedToken {
  token: string | null;
  remaining: number;
  expiresIn: number;
}

/** A call that did not succeed: retry later (LINE or the network failed), or give up (LINE refused). */
export interface CallFailure {
  ok: false;
  retry: boolean;
  /** `http_<status>`, or `network` when nothing answered. */
  outcome: string;
  /** LINE's own message, when it gave one. */
  message: string;
}

export type CallResult<T> = ({ ok: true } & T) | CallFailure;

/** Statuses worth another try: LINE's or a proxy's trouble, or too many requests. */
const retryable = (status: number) => status >= 500 || status === 429;

const failureOf = (status: number, message: string): CallFailure => ({ ok: false, retry: retryable(status), outcome: `http_${String(status)}`, message });

/** A network failure (nothing answered): always worth another try. */
const networkFailure = (error: unknown): CallFailure => ({ ok: false, retry: true, outcome: 'network', message: error instanceof Error ? error.message : String(error) });

const messageOf = (body: string) => {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' ? parsed.message : body;
  } catch {
    return body;
  }
};

/** A timeout on every call: a LINE that hangs must not hold a delivery forever. */
const CALL_TIMEOUT_MS = 10_000;

export function createLineApi(options: LineApiOptions) {
  // A channel's stateless token, kept until a minute before it lapses.
  const tokens = new Map<string, { value: string; until: number }>();
  async function channelToken(channel: LineChannelCredentials): Promise<string> {
    const kept = tokens.get(channel.channelId);
    if (kept !== undefined && kept.until > options.now()) return kept.value;
    const client = new channelAccessToken.ChannelAccessTokenClient({ baseURL: options.baseUrl() });
    const issued = await client.issueStatelessChannelTokenByClientSecret(channel.channelId, channel.channelSecret);
    tokens.set(channel.channelId, { value: issued.access_token, until: options.now() + (issued.expires_in - 60) * 1000 });
    return issued.access_token;
  }

  /** A JSON POST to a MINI App endpoint with the channel's token. */
  async function postMiniApp(path: string, body: object): Promise<{ status: number; json: Record<string, unknown>; text: string } | CallFailure> {
    try {
      const response = await fetch(`${options.baseUrl()}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await channelToken(options.miniApp)}` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      const text = await response.text();
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(text) as Record<string, unknown>;
      } catch {
        // not JSON: the text is the message
      }
      return { status: response.status, json, text };
    } catch (error) {
      return error instanceof HTTPFetchError ? failureOf(error.status, messageOf(error.body)) : networkFailure(error);
    }
  }

  const issuedOf = (json: Record<string, unknown>): IssuedToken => ({
    token: typeof json.notificationToken === 'string' ? json.notificationToken : null,
    remaining: typeof json.remainingCount === 'number' ? json.remainingCount : 0,
    expiresIn: typeof json.expiresIn === 'number' ? json.expiresIn : 0,
  });

  let pushClient: { token: string; client: messagingApi.MessagingApiClient } | undefined;
  async function messagingClient(channel: LineChannelCredentials) {
    const token = await channelToken(channel);
    if (pushClient?.token !== token) pushClient = { token, client: new messagingApi.MessagingApiClient({ channelAccessToken: token, baseURL: options.baseUrl() }) };
    return pushClient.client;
  }

  return {
    /** Whether pushes can be sent (an official account's channel is configured). */
    canPush: options.messaging !== undefined,

    /** A service notification token from the citizen's LIFF access token (one per LIFF access token). */
    async issueNotificationToken(liffAccessToken: string): Promise<CallResult<IssuedToken>> {
      const answer = await postMiniApp('/message/v3/notifier/token', { liffAccessToken });
      if ('ok' in answer) return answer;
      if (answer.status !== 200) return failureOf(answer.status, messageOf(answer.text));
      return { ok: true, ...issuedOf(answer.json) };
    },

    /** Sends one service message; answers the renewed token (none when this send used it up). */
    async sendServiceMessage(notificationToken: string, templateName: string, params: Record<string, string>): Promise<CallResult<IssuedToken>> {
      const answer = await postMiniApp('/message/v3/notifier/send?target=service', { templateName, params, notificationToken });
      if ('ok' in answer) return answer;
      if (answer.status !== 200) return failureOf(answer.status, messageOf(answer.text));
      return { ok: true, ...issuedOf(answer.json) };
    },

    /**
     * Pushes messages to a friend of the official account. The retry key makes LINE take the same
     * push once: a repeat answers 409, which means it was sent.
     */
    async push(to: string, messages: messagingApi.Message[], retryKey: string): Promise<CallResult<{ repeated: boolean }>> {
      if (options.messaging === undefined) return { ok: false, retry: false, outcome: 'no_channel', message: 'No Messaging API channel is configured' };
      try {
        const client = await messagingClient(options.messaging);
        await client.pushMessage({ to, messages }, retryKey);
        return { ok: true, repeated: false };
      } catch (error) {
        if (error instanceof HTTPFetchError) return error.status === 409 ? { ok: true, repeated: true } : failureOf(error.status, messageOf(error.body));
        return networkFailure(error);
      }
    },

    /** Every citizen who has the official account as a friend (the followers list, a page at a time). */
    async followers(): Promise<CallResult<{ userIds: Set<string> }>> {
      if (options.messaging === undefined) return { ok: false, retry: false, outcome: 'no_channel', message: 'No Messaging API channel is configured' };
      try {
        const client = await messagingClient(options.messaging);
        const userIds = new Set<string>();
        let start: string | undefined;
        do {
          const page = await client.getFollowers(start, 1000);
          for (const userId of page.userIds) userIds.add(userId);
          start = page.next;
        } while (start !== undefined);
        return { ok: true, userIds };
      } catch (error) {
        return error instanceof HTTPFetchError ? failureOf(error.status, messageOf(error.body)) : networkFailure(error);
      }
    },
  };
}

export type LineApi = ReturnType<typeof createLineApi>;
