import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseStripeForm } from './form.js';
import type { StripeEvent, StripeStandIn } from './stand-in.js';
import { startStripeStandIn } from './stand-in.js';

const SECRET_KEY = 'sk_test_stand_in';
const WEBHOOK_SECRET = 'whsec_stand_in_secret';
const START = Date.UTC(2026, 10, 23, 12, 0, 0);

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A webhook endpoint that records what arrives, byte for byte. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, received, close: () => new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    }) };
}

/** Checks a delivery the way Stripe documents it, independently of the stand-in's own code. */
function signatureChecksOut(delivery: Received, secret = WEBHOOK_SECRET): { ok: boolean; timestamp: number } {
  const header = String(delivery.headers['stripe-signature']);
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts['t']}.${delivery.body}`).digest('hex');
  return { ok: parts['v1'] === expected, timestamp: Number(parts['t']) };
}

function form(fields: Record<string, string | number>): string {
  return new URLSearchParams(Object.entries(fields).map(([key, value]): [string, string] => [key, String(value)])).toString();
}

const sessionFields = (nowMs: number) => ({
  mode: 'payment',
  'line_items[0][price_data][currency]': 'jpy',
  'line_items[0][price_data][unit_amount]': 1500,
  'line_items[0][price_data][product_data][name]': '特定健診 受診料',
  'line_items[0][quantity]': 1,
  'line_items[1][price_data][currency]': 'jpy',
  'line_items[1][price_data][unit_amount]': 800,
  'line_items[1][price_data][product_data][name]': '追加血液検査',
  'line_items[1][quantity]': 2,
  'allowed_payment_method_types[0]': 'card',
  'allowed_payment_method_types[1]': 'konbini',
  client_reference_id: 'order-1',
  'metadata[orderId]': 'order-1',
  success_url: 'https://city.example/completedPayment/order-1',
  cancel_url: 'https://city.example/canceledPayment?order=order-1',
  expires_at: Math.floor(nowMs / 1000) + 31 * 60,
});

let clock = START;
let standIn: StripeStandIn;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

async function api(method: string, path: string, options: { body?: string; key?: string | null; idempotencyKey?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.key !== null) headers['authorization'] = `Bearer ${options.key ?? SECRET_KEY}`;
  if (options.body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const response = await fetch(`${standIn.url}${path}`, { method, headers, ...(options.body === undefined ? {} : { body: options.body }) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: { type: string; code?: string; message: string } } };
}

const createSession = (fields = sessionFields(clock), idempotencyKey?: string) =>
  api('POST', '/v1/checkout/sessions', { body: form(fields), ...(idempotencyKey ? { idempotencyKey } : {}) });

beforeEach(async () => {
  clock = START;
  receiver = await startReceiver();
  standIn = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, webhookUrl: receiver.url, now: () => clock });
});

afterEach(async () => {
  await standIn.close();
  await receiver.close();
});

describe('parseStripeForm', () => {
  it('reads bracketed keys into objects and indexed keys into arrays', () => {
    expect(parseStripeForm('a[b][0][c]=1&a[b][1][c]=2&d=x%20y&e[0]=card&e[1]=konbini')).toEqual({
      a: { b: [{ c: '1' }, { c: '2' }] },
      d: 'x y',
      e: ['card', 'konbini'],
    });
  });
});

describe('the API', () => {
  it('refuses a missing or wrong secret key with 401 in Stripe error shape', async () => {
    const missing = await api('GET', '/v1/checkout/sessions/cs_test_x', { key: null });
    expect(missing.status).toBe(401);
    expect(missing.body.error?.type).toBe('invalid_request_error');
    const refused = await api('POST', '/v1/checkout/sessions', { body: form(sessionFields(clock)), key: 'sk_test_other' });
    expect(refused.status).toBe(401);
    expect(refused.body.error?.message).toMatch(/Invalid API Key/);
  });

  it('creates an open session priced from its line items, with a hosted page url', async () => {
    const { status, body } = await createSession();
    expect(status).toBe(200);
    expect(body).toMatchObject({
      object: 'checkout.session',
      amount_total: 3100,
      currency: 'jpy',
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: 'order-1',
      metadata: { orderId: 'order-1' },
      allowed_payment_method_types: ['card', 'konbini'],
      payment_method_types: ['card', 'konbini'],
      payment_intent: null,
    });
    expect(body['url']).toBe(`${standIn.url}/c/pay/${String(body['id'])}`);
    expect(standIn.session(String(body['id']))?.lineItems).toEqual([
      { name: '特定健診 受診料', unitAmount: 1500, quantity: 1, currency: 'jpy' },
      { name: '追加血液検査', unitAmount: 800, quantity: 2, currency: 'jpy' },
    ]);
  });

  it('refuses expires_at under 30 minutes or over 24 hours ahead, naming the param', async () => {
    const soon = await createSession({ ...sessionFields(clock), expires_at: Math.floor(clock / 1000) + 29 * 60 });
    expect(soon.status).toBe(400);
    expect(soon.body.error).toMatchObject({ type: 'invalid_request_error', param: 'expires_at' });
    const late = await createSession({ ...sessionFields(clock), expires_at: Math.floor(clock / 1000) + 25 * 60 * 60 });
    expect(late.status).toBe(400);
  });

  it('answers the first response again for a repeated Idempotency-Key, and refuses it with other parameters', async () => {
    const first = await createSession(sessionFields(clock), 'key-1');
    const again = await createSession(sessionFields(clock), 'key-1');
    expect(again.body['id']).toBe(first.body['id']);
    expect(standIn.sessions()).toHaveLength(1);
    const other = await createSession({ ...sessionFields(clock), client_reference_id: 'order-2' }, 'key-1');
    expect(other.status).toBe(400);
    expect(other.body.error?.type).toBe('idempotency_error');
  });

  it('answers resource_missing for an unknown session', async () => {
    const { status, body } = await api('GET', '/v1/checkout/sessions/cs_test_nope');
    expect(status).toBe(404);
    expect(body.error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' });
  });

  it('expires an open session, and refuses to expire a completed one', async () => {
    const open = (await createSession()).body;
    const expired = await api('POST', `/v1/checkout/sessions/${String(open['id'])}/expire`);
    expect(expired.body).toMatchObject({ status: 'expired', url: null });

    const paid = (await createSession()).body;
    standIn.complete(String(paid['id']));
    const refused = await api('POST', `/v1/checkout/sessions/${String(paid['id'])}/expire`);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toMatch(/status of "complete"/);
  });

  it('lets a session lapse at its expires_at, with an expired event', async () => {
    const { body } = await createSession();
    clock += 31 * 60 * 1000;
    const read = await api('GET', `/v1/checkout/sessions/${String(body['id'])}`);
    expect(read.body['status']).toBe('expired');
    expect(standIn.events().map((event) => event.type)).toEqual(['checkout.session.expired']);
  });

  it('expands the payment intent and its payment method on retrieve', async () => {
    const { body } = await createSession();
    standIn.complete(String(body['id']), { method: 'konbini' });
    const read = await api('GET', `/v1/checkout/sessions/${String(body['id'])}?expand[0]=payment_intent.payment_method`);
    expect(read.body).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    expect(read.body['payment_intent']).toMatchObject({ object: 'payment_intent', status: 'requires_action', payment_method: { type: 'konbini' } });
  });

  it('refunds a paid payment once, refuses a second refund, and lists refunds', async () => {
    const { body } = await createSession();
    standIn.complete(String(body['id']));
    const intent = String(standIn.session(String(body['id']))?.session.payment_intent);
    const refund = await api('POST', '/v1/refunds', { body: form({ payment_intent: intent }), idempotencyKey: 'refund-1' });
    expect(refund.body).toMatchObject({ object: 'refund', amount: 3100, currency: 'jpy', status: 'succeeded', payment_intent: intent });
    const replay = await api('POST', '/v1/refunds', { body: form({ payment_intent: intent }), idempotencyKey: 'refund-1' });
    expect(replay.body['id']).toBe(refund.body['id']);
    const second = await api('POST', '/v1/refunds', { body: form({ payment_intent: intent }), idempotencyKey: 'refund-2' });
    expect(second.body.error?.code).toBe('charge_already_refunded');
    expect(standIn.refunds()).toHaveLength(1);
    const listed = await api('GET', `/v1/refunds?payment_intent=${intent}`);
    expect((listed.body['data'] as unknown[]).length).toBe(1);
  });
});

describe('webhooks', () => {
  async function completedEvent(): Promise<StripeEvent> {
    const { body } = await createSession();
    return standIn.complete(String(body['id']));
  }

  it('signs each delivery as Stripe does: t and v1 = HMAC-SHA256 of "t.body" with the whsec secret', async () => {
    const event = await completedEvent();
    await standIn.send(event);
    const [delivery] = receiver.received;
    expect(delivery).toBeDefined();
    expect(signatureChecksOut(delivery as Received)).toEqual({ ok: true, timestamp: Math.floor(clock / 1000) });
    expect(JSON.parse((delivery as Received).body)).toMatchObject({ id: event.id, type: 'checkout.session.completed', data: { object: { payment_status: 'paid' } } });
  });

  it('can send twice, with an old timestamp, another secret, or a tampered body or signature', async () => {
    const event = await completedEvent();
    await standIn.send(event, { times: 2 });
    await standIn.send(event, { timestamp: Math.floor(clock / 1000) - 600 });
    await standIn.send(event, { secret: 'whsec_other' });
    await standIn.send(event, { tamper: 'body' });
    await standIn.send(event, { tamper: 'signature' });
    const checks = receiver.received.map((delivery) => signatureChecksOut(delivery));
    expect(checks.map((check) => check.ok)).toEqual([true, true, true, false, false, false]);
    expect(checks[2]?.timestamp).toBe(Math.floor(clock / 1000) - 600);
    expect(receiver.received[0]?.body).toBe(receiver.received[1]?.body);
  });

  it('keeps each event as the session stood then, so events can be delivered out of order', async () => {
    const { body } = await createSession();
    const completed = standIn.complete(String(body['id']), { method: 'konbini' });
    const succeeded = standIn.succeedAsyncPayment(String(body['id']));
    expect(completed.data.object).toMatchObject({ payment_status: 'unpaid' });
    expect(succeeded.data.object).toMatchObject({ payment_status: 'paid' });
    await standIn.send(succeeded);
    await standIn.send(completed);
    expect(receiver.received.map((delivery) => (JSON.parse(delivery.body) as StripeEvent).type)).toEqual([
      'checkout.session.async_payment_succeeded',
      'checkout.session.completed',
    ]);
  });
});

describe('the hosted page', () => {
  it('shows the lines and total, and paying sends the completed event and returns to success_url', async () => {
    const { body } = await createSession();
    const pageHtml = await (await fetch(String(body['url']))).text();
    expect(pageHtml).toContain('特定健診 受診料');
    expect(pageHtml).toContain('¥3,100');
    const paid = await fetch(`${String(body['url'])}/pay`, { method: 'POST', body: new URLSearchParams({ method: 'card' }), redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('https://city.example/completedPayment/order-1');
    expect(receiver.received).toHaveLength(1);
    expect(signatureChecksOut(receiver.received[0] as Received).ok).toBe(true);
  });

  it('a konbini choice waits for the voucher, and paying it at the page sends async_payment_succeeded', async () => {
    const { body } = await createSession();
    const chosen = await fetch(`${String(body['url'])}/pay`, { method: 'POST', body: new URLSearchParams({ method: 'konbini' }), redirect: 'manual' });
    expect(chosen.headers.get('location')).toBe(`/c/pay/${String(body['id'])}`);
    expect(await (await fetch(String(body['url']))).text()).toContain('コンビニでのお支払いを待っています');
    await fetch(`${String(body['url'])}/konbini-paid`, { method: 'POST', redirect: 'manual' });
    expect(receiver.received.map((delivery) => (JSON.parse(delivery.body) as StripeEvent).type)).toEqual([
      'checkout.session.completed',
      'checkout.session.async_payment_succeeded',
    ]);
  });

  it('refuses to take a payment for an ended session', async () => {
    const { body } = await createSession();
    standIn.expire(String(body['id']));
    const paid = await fetch(`${String(body['url'])}/pay`, { method: 'POST', body: new URLSearchParams({ method: 'card' }), redirect: 'manual' });
    expect(paid.status).toBe(409);
    expect(await paid.text()).toContain('期限切れ');
    expect(receiver.received).toHaveLength(0);
  });

  it('going back leaves the session open and returns to cancel_url', async () => {
    const { body } = await createSession();
    const back = await fetch(`${String(body['url'])}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(back.headers.get('location')).toBe('https://city.example/canceledPayment?order=order-1');
    expect(standIn.session(String(body['id']))?.session.status).toBe('open');
  });
});
