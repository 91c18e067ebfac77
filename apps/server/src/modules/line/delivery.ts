// Sending what line_messages holds: claim the messages due, send each once, and record the outcome.
// Any number of instances may run this over one database at once: a claim is one caller's (until it
// lapses, if that caller died), a push carries a retry key derived from its message (LINE takes a
// repeat once and answers 409), and a citizen's service notification token is used by one send at a
// time (every send renews it: the spent one is refused, so a send whose answer was lost is never
// repeated). A failure LINE may recover from is retried with backoff, up to MAX_ATTEMPTS.
import { createHash } from 'node:crypto';
import type { Awaitable, Store } from '../../db/store.js';
import type { CallFailure, LineApi } from './line-api.js';
import type { LineMessage, LineMessageRepository, NotificationToken, UnreachableReason } from './message-repository.js';

export interface DeliveryDeps {
  store: Store<{ messages: LineMessageRepository }>;
  api: LineApi;
  now: () => number;
  /** A failure worth an operator's look (LINE refusing, a bug); the message is kept either way. */
  logError: (error: unknown, message: string) => void;
}

/** A claim lapses after this long: an instance that died holding messages leaves them to others. */
export const CLAIM_MS = 60_000;
/** Messages claimed at a time. */
const BATCH = 500;
/** Calls to LINE in flight at once from one instance. */
const CONCURRENCY = 16;
/** Tries before a message is given up as failed. */
export const MAX_ATTEMPTS = 8;
/** Waits between tries: 5 s, 10 s, 20 s … at most 30 minutes. */
export const backoffMs = (attempts: number) => Math.min(30 * 60_000, 5_000 * 2 ** Math.max(0, attempts - 1));
/** Another send holds the citizen's token: look again in a moment (not counted as an attempt). */
const TOKEN_BUSY_MS = 1_000;

export const liffTokenHash = (liffAccessToken: string) => createHash('sha256').update(liffAccessToken).digest('hex');

/** The push's X-Line-Retry-Key: a UUID (LINE takes only those) derived from the message's dedupe key. */
export function retryKeyOf(dedupeKey: string): string {
  const hex = createHash('sha256').update(`line-retry-key:${dedupeKey}`).digest('hex');
  // Shaped as a name-based UUID (version 5 bits, RFC 4122 variant).
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Whether a token can carry one more send now, and if not, why. */
function usability(token: NotificationToken | undefined, now: number): 'usable' | UnreachableReason {
  if (token === undefined) return 'no_token';
  if (token.expiresAt <= now) return 'token_expired';
  if (token.token === null || token.remaining <= 0) return 'token_used_up';
  return 'usable';
}

/** Runs `work` over `items`, at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** A write to make once a message's call to LINE has answered. */
type Write = (messages: LineMessageRepository) => Awaitable<void>;

export function createDelivery(deps: DeliveryDeps) {
  const { store, api, now } = deps;
  const write = <T>(work: (messages: LineMessageRepository) => T | Promise<T>) => store.transaction((repositories) => work(repositories.messages));

  /** What a failure leaves to write: again later, or given up once MAX_ATTEMPTS were made (or LINE refused for good). */
  function afterFailureWrite(message: LineMessage, failure: { retry: boolean; outcome: string; message: string }): Write {
    if (failure.retry && message.attempts < MAX_ATTEMPTS) {
      return (messages) => messages.retryLater(message.messageId, now() + backoffMs(message.attempts), failure.outcome, true);
    }
    deps.logError(new Error(`${failure.outcome}: ${failure.message}`), `LINE did not take message ${String(message.messageId)} (${message.kind}); given up`);
    return (messages) => messages.finish(message.messageId, 'failed', failure.outcome, now());
  }

  async function afterFailure(message: LineMessage, failure: { retry: boolean; outcome: string; message: string }) {
    await write(afterFailureWrite(message, failure));
  }

  /**
   * One push; answers what to record. A batch's outcomes are written together (one transaction, not
   * one per message): should the instance die before, the pushes are made again when their claims
   * lapse, and their retry keys make LINE answer 409 instead of sending them twice.
   */
  async function deliverPush(message: LineMessage): Promise<Write> {
    if (!('messages' in message.payload)) throw new Error(`Message ${String(message.messageId)} is a push without messages`);
    const result = await api.push(message.userId, message.payload.messages, retryKeyOf(message.dedupeKey));
    if (result.ok) return (messages) => messages.finish(message.messageId, 'sent', result.repeated ? 'accepted_before' : null, now());
    return afterFailureWrite(message, result);
  }

  /**
   * A fresh notification token from a new action's LIFF access token (five more sends), unless the
   * stored one was issued from it; stored, and the LIFF access token dropped from the message. The
   * caller holds the citizen's token lease.
   */
  async function issueFromLiff(userId: string, liff: string, messageId: number): Promise<{ ok: true } | CallFailure> {
    const stored = await store.read.messages.tokenOf(userId);
    if (stored?.liffTokenHash === liffTokenHash(liff)) {
      await write((messages) => messages.forgetLiffAccessToken(messageId));
      return { ok: true };
    }
    const issued = await api.issueNotificationToken(liff);
    if (!issued.ok) return issued;
    await write(async (messages) => {
      await messages.saveToken({ userId, token: issued.token, remaining: issued.remaining, expiresAt: now() + issued.expiresIn * 1000, liffTokenHash: liffTokenHash(liff) }, now());
      await messages.leaseToken(userId, now(), now() + CLAIM_MS);
      await messages.forgetLiffAccessToken(messageId);
    });
    return { ok: true };
  }

  async function deliverService(message: LineMessage) {
    if (!('templateName' in message.payload)) throw new Error(`Message ${String(message.messageId)} is a service message without a template`);
    const { templateName, params } = message.payload;
    const leased = await write((messages) => messages.leaseToken(message.userId, now(), now() + CLAIM_MS));
    if (!leased) {
      await write((messages) => messages.retryLater(message.messageId, now() + TOKEN_BUSY_MS, 'token_busy', false));
      return;
    }
    let released = false;
    try {
      const liff = message.liffAccessToken;
      const issued = liff === null ? undefined : await issueFromLiff(message.userId, liff, message.messageId);
      if (issued !== undefined && !issued.ok && issued.retry && message.attempts < MAX_ATTEMPTS) {
        await afterFailure(message, issued);
        return;
      }
      // Refused for good (the LIFF token was revoked: the mini-app was closed): the token the
      // citizen already has, if any, still serves.
      const token = await store.read.messages.tokenOf(message.userId);
      const state = usability(token, now());
      if (state !== 'usable' || token?.token == null) {
        await write((messages) => messages.finish(message.messageId, 'unreachable', state === 'usable' ? 'no_token' : state, now()));
        return;
      }
      const used = token;
      const sent = await api.sendServiceMessage(used.token as string, templateName, params);
      if (sent.ok) {
        await write(async (messages) => {
          // The renewed token, or none when this send used the last count (the old one is spent).
          await messages.saveToken({ ...used, token: sent.token, remaining: sent.token === null ? 0 : sent.remaining, expiresAt: sent.token === null ? used.expiresAt : now() + sent.expiresIn * 1000 }, now());
          await messages.finish(message.messageId, 'sent', null, now());
        });
        released = true;
        return;
      }
      if (sent.outcome === 'http_401') {
        // LINE no longer takes this token (spent by a send whose answer was lost, or ended at
        // LINE's side): never retried with it, so nothing is sent twice.
        await write(async (messages) => {
          await messages.saveToken({ ...used, token: null, remaining: 0 }, now());
          await messages.finish(message.messageId, 'failed', 'token_rejected', now());
        });
        released = true;
        return;
      }
      await afterFailure(message, sent);
    } finally {
      if (!released) await write((messages) => messages.releaseToken(message.userId));
    }
  }

  /** Delivers one message; a push answers what to record, which the batch writes. */
  async function deliver(message: LineMessage): Promise<Write | undefined> {
    try {
      if (message.channel === 'push') return await deliverPush(message);
      await deliverService(message);
    } catch (error) {
      // A bug or the database: the claim lapses and the message is tried again later.
      deps.logError(error, `Delivering LINE message ${String(message.messageId)} failed`);
    }
    return undefined;
  }

  return {
    /**
     * Issues the citizen's notification token now from the LIFF access token of a message that
     * waits (a booking waiting for its payment): the mini-app may be closed by the time it is
     * sent, and LINE revokes the LIFF access token then. Left to the send when this fails.
     */
    async issueNow(message: { messageId: number; userId: string; liffAccessToken: string }): Promise<void> {
      if (!(await write((messages) => messages.leaseToken(message.userId, now(), now() + CLAIM_MS)))) return;
      try {
        await issueFromLiff(message.userId, message.liffAccessToken, message.messageId);
      } finally {
        await write((messages) => messages.releaseToken(message.userId));
      }
    },
    /**
     * Sends every message due now, batch after batch, until none is left; answers how many were
     * claimed. A citizen's service messages go one after another (each renews their token).
     */
    async deliverDue(): Promise<number> {
      let claimedTotal = 0;
      for (;;) {
        const claimed = await write((messages) => messages.claimDue(now(), now() + CLAIM_MS, BATCH));
        claimedTotal += claimed.length;
        const lanes = new Map<string, LineMessage[]>();
        for (const message of claimed) {
          const lane = message.channel === 'service' ? `service:${message.userId}` : `push:${String(message.messageId)}`;
          lanes.set(lane, [...(lanes.get(lane) ?? []), message]);
        }
        const writes: Write[] = [];
        await eachLimited([...lanes.values()], CONCURRENCY, async (lane) => {
          for (const message of lane) {
            const outcome = await deliver(message);
            if (outcome !== undefined) writes.push(outcome);
          }
        });
        if (writes.length > 0) {
          await write(async (messages) => {
            for (const outcome of writes) await outcome(messages);
          });
        }
        if (claimed.length < BATCH) return claimedTotal;
      }
    },
  };
}

export type Delivery = ReturnType<typeof createDelivery>;
