// The stand-in's messaging side over HTTP, as LINE's reference describes it: stateless channel
// tokens, push with X-Line-Retry-Key (a repeat answers 409 and delivers nothing), followers and
// profiles, and service messages (one notification token per LIFF access token, five sends, each
// renewing it, the spent one refused, an expired one refused), with the inbox page showing them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLineStandIn } from './stand-in.js';
import { TEST_USERS } from './test-users.js';
import { DEV_CHANNEL } from './test-users.js';

const [yamada, sato, suzuki] = TEST_USERS;
let clock = Date.UTC(2026, 11, 1);
let standIn: Awaited<ReturnType<typeof createLineStandIn>>;
let server: { url: string; close: () => Promise<void> };

beforeEach(async () => {
  clock = Date.UTC(2026, 11, 1);
  standIn = await createLineStandIn({ ...DEV_CHANNEL, nodeEnv: 'test', now: () => clock });
  server = await standIn.listen();
});
afterEach(async () => {
  await server.close();
});

async function call(path: string, init: { method?: string; token?: string; body?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
  let body: string | undefined;
  if (init.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  } else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const response = await fetch(`${server.url}${path}`, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, ...(body === undefined ? {} : { body }) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: (text.startsWith('{') ? JSON.parse(text) : {}) as Record<string, unknown>, text };
}

async function channelToken(): Promise<string> {
  const answer = await call('/oauth2/v3/token', { form: { grant_type: 'client_credentials', client_id: DEV_CHANNEL.channelId, client_secret: DEV_CHANNEL.channelSecret } });
  expect(answer.status).toBe(200);
  expect(answer.json).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
  return answer.json.access_token as string;
}

async function liffAccessToken(userId: string): Promise<string> {
  return (await call(`/liff/token?userId=${userId}`)).json.accessToken as string;
}

describe('the Messaging API', () => {
  it('issues stateless channel tokens for the channel only, and refuses calls without one', async () => {
    expect((await call('/oauth2/v3/token', { form: { grant_type: 'client_credentials', client_id: DEV_CHANNEL.channelId, client_secret: 'wrong' } })).json).toEqual({
      error: 'invalid_request',
      error_description: "Invalid 'client_credentials'.",
    });
    expect((await call('/v2/bot/message/push', { body: { to: yamada.userId, messages: [{ type: 'text', text: 'x' }] } })).status).toBe(401);
    const token = await channelToken();
    clock += 901_000;
    expect((await call('/v2/bot/message/push', { token, body: { to: yamada.userId, messages: [{ type: 'text', text: 'x' }] } })).status).toBe(401);
  });

  it('takes a push once per retry key: a repeat answers 409 with the first request id, and delivers nothing more', async () => {
    const token = await channelToken();
    const push = { token, body: { to: yamada.userId, messages: [{ type: 'text', text: '健診のお知らせ' }] }, headers: { 'x-line-retry-key': '123e4567-e89b-12d3-a456-426614174000' } };
    const first = await call('/v2/bot/message/push', push);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ sentMessages: [{ id: expect.any(String) as unknown }] });
    const again = await call('/v2/bot/message/push', push);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ message: 'The retry key is already accepted' });
    expect(again.headers.get('x-line-accepted-request-id')).toBe(first.headers.get('x-line-request-id'));
    expect(standIn.messaging.inboxOf(yamada.userId)).toHaveLength(1);
    expect((await call('/v2/bot/message/push', { ...push, headers: { 'x-line-retry-key': 'not-a-uuid' } })).status).toBe(400);
  });

  it('answers 200 to a push to someone who is not a friend, and delivers nothing (as LINE does)', async () => {
    const token = await channelToken();
    expect((await call('/v2/bot/message/push', { token, body: { to: suzuki.userId, messages: [{ type: 'text', text: 'x' }] } })).status).toBe(200);
    expect(standIn.messaging.inboxOf(suzuki.userId)).toEqual([]);
    expect((await call(`/v2/bot/profile/${suzuki.userId}`, { token })).status).toBe(404);
    expect((await call(`/v2/bot/profile/${sato.userId}`, { token })).status).toBe(200);
  });

  it('lists the followers a page at a time', async () => {
    const token = await channelToken();
    for (let n = 0; n < 25; n += 1) standIn.messaging.setFriend(`U${String(n).padStart(32, '0')}`, true);
    const seen: string[] = [];
    let start: string | undefined;
    do {
      const page = await call(`/v2/bot/followers/ids?limit=10${start === undefined ? '' : `&start=${start}`}`, { token });
      seen.push(...(page.json.userIds as string[]));
      start = page.json.next as string | undefined;
    } while (start !== undefined);
    expect(seen).toHaveLength(27);
    expect(new Set(seen).size).toBe(27);
    expect(seen).toContain(yamada.userId);
    expect(seen).not.toContain(suzuki.userId);
  });
});

describe('LINE MINI App service messages', () => {
  it('issues one notification token per LIFF access token, never from a web login token', async () => {
    const token = await channelToken();
    const liff = await liffAccessToken(yamada.userId);
    const issued = await call('/message/v3/notifier/token', { token, body: { liffAccessToken: liff } });
    expect(issued.status).toBe(200);
    expect(issued.json).toMatchObject({ expiresIn: 31_536_000, remainingCount: 5, notificationToken: expect.any(String) as unknown, sessionId: expect.any(String) as unknown });
    expect((await call('/message/v3/notifier/token', { token, body: { liffAccessToken: liff } })).status).toBe(400);
    expect((await call('/message/v3/notifier/token', { token, body: { liffAccessToken: '' } })).json).toEqual({ message: '[liffAccessToken] must not be blank' });
    expect((await call('/message/v3/notifier/token', { token, body: { liffAccessToken: 'web-login-access-token' } })).status).toBe(401);
  });

  it('sends five messages with a token, renewing it each time; the spent and the used-up ones are refused', async () => {
    const token = await channelToken();
    let notificationToken = (await call('/message/v3/notifier/token', { token, body: { liffAccessToken: await liffAccessToken(yamada.userId) } })).json.notificationToken as string;
    const send = (value: string, templateName = 'booking_confirm_ja') =>
      call('/message/v3/notifier/send?target=service', { token, body: { templateName, params: { date: '2026年12月3日（木）' }, notificationToken: value } });
    for (let sent = 1; sent <= 4; sent += 1) {
      const answer = await send(notificationToken);
      expect(answer.json).toMatchObject({ remainingCount: 5 - sent });
      const renewed = answer.json.notificationToken as string;
      expect(renewed).not.toBe(notificationToken);
      expect((await send(notificationToken)).json).toEqual({ message: 'Invalid notifier token' });
      notificationToken = renewed;
    }
    expect((await send(notificationToken)).json).toEqual({ expiresIn: 0, remainingCount: 0 });
    expect((await send(notificationToken)).status).toBe(401);
    expect(standIn.messaging.inboxOf(yamada.userId)).toHaveLength(5);
    expect((await send(notificationToken, 'no such template')).status).toBe(403);
  });

  it('refuses a token past its year', async () => {
    const token = await channelToken();
    const notificationToken = (await call('/message/v3/notifier/token', { token, body: { liffAccessToken: await liffAccessToken(sato.userId) } })).json.notificationToken as string;
    clock += 31_536_000_000;
    const fresh = await channelToken();
    expect((await call('/message/v3/notifier/send?target=service', { token: fresh, body: { templateName: 'booking_remind_ja', params: {}, notificationToken } })).status).toBe(401);
  });

  it('shows what each test user received on the inbox page, as LINE would', async () => {
    const token = await channelToken();
    const notificationToken = (await call('/message/v3/notifier/token', { token, body: { liffAccessToken: await liffAccessToken(yamada.userId) } })).json.notificationToken as string;
    await call('/message/v3/notifier/send?target=service', { token, body: { templateName: 'booking_confirm_ja', params: { place: '中央保健センター' }, notificationToken } });
    await call('/v2/bot/message/push', { token, body: { to: sato.userId, messages: [{ type: 'text', text: '<b>休館</b>のお知らせ' }] } });
    const page = await call('/inbox');
    expect(page.text).toContain('LINEミニアプリ お知らせ');
    expect(page.text).toContain('中央保健センター');
    expect(page.text).toContain('&#60;b&#62;休館&#60;/b&#62;のお知らせ');
    expect(page.text).toContain('メッセージはありません。'); // 鈴木
  });
});

describe('the Common Profile for quick fill', () => {
  it('answers the profile of the LIFF access token’s user only', async () => {
    const liff = await liffAccessToken(yamada.userId);
    const answer = await call('/common-profile', { token: liff });
    expect(answer.json).toMatchObject({ profile: { 'family-name': '山田', 'given-name-kana': 'タロウ', 'bday-year': 1985, tel: '09012345678' } });
    expect((await call('/common-profile', { token: 'web-login-access-token' })).status).toBe(401);
    expect((await call('/common-profile')).status).toBe(401);
    expect((await call('/common-profile', { token: await liffAccessToken(suzuki.userId) })).json).toEqual({ profile: {} });
  });
});
