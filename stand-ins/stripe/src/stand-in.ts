// A stand-in for Stripe, for tests and development only. It speaks Stripe's HTTP API for exactly
// the calls the server's Stripe adapter makes (Checkout Sessions: create, retrieve, expire;
// Refunds: create, list), with Stripe's auth, idempotency, object shapes and error bodies, so the
// official SDK runs unchanged against it; only the base URL differs. It signs webhooks with the
// real `Stripe-Signature` algorithm, and lets a test drive what a citizen and Stripe would do.
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FormObject, FormValue } from './form.js';
import { parseStripeForm } from './form.js';
import { messages } from './messages.js';
import { stripeSignatureHeader } from './signature.js';

export type StripePaymentMethodType = 'card' | 'konbini' | 'paypay';

export interface StripeLineItem {
  name: string;
  unitAmount: number;
  quantity: number;
  currency: string;
}

/** A Checkout Session as Stripe answers it (the fields the adapter reads, and a few more). */
export interface CheckoutSessionObject {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  allowed_payment_method_types: StripePaymentMethodType[] | null;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  expires_at: number;
  livemode: false;
  locale: string | null;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_intent: string | null;
  payment_method_types: StripePaymentMethodType[];
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  success_url: string | null;
  url: string | null;
}

export interface PaymentIntentObject {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  created: number;
  /** `requires_action`: a konbini voucher waiting to be paid; `requires_payment_method`: it lapsed. */
  status: 'succeeded' | 'requires_action' | 'requires_payment_method';
  payment_method: string;
  payment_method_types: StripePaymentMethodType[];
}

export interface RefundObject {
  id: string;
  object: 'refund';
  amount: number;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  status: 'succeeded';
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: object };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
}

/** One session as the stand-in holds it: Stripe's object plus what was asked for. */
export interface StandInSession {
  session: CheckoutSessionObject;
  lineItems: StripeLineItem[];
  /** The create call's parameters as decoded from the form body. */
  params: FormObject;
}

export interface SendOptions {
  /** Deliver the same signed request this many times (Stripe retries and may deliver twice). */
  times?: number;
  /** Sign with this timestamp (unix seconds) instead of now: an old or replayed delivery. */
  timestamp?: number;
  /** Sign with another secret (a misconfigured endpoint). */
  secret?: string;
  /** Change the body after signing, or break the signature itself. */
  tamper?: 'body' | 'signature';
  /** Send somewhere other than the configured webhook URL. */
  url?: string;
}

export interface Delivery {
  status: number;
  body: string;
}

export interface StripeStandInOptions {
  /** The `sk_test_...` key the API accepts as Bearer auth. */
  secretKey: string;
  /** The `whsec_...` secret webhooks are signed with. */
  webhookSecret: string;
  /** Where events are sent by the hosted page (tests may also send explicitly). */
  webhookUrl?: string;
  /** The stand-in's clock (ms since the epoch): Stripe's `created`, expiry and signing times. */
  now?: () => number;
  /** The server's environment: the stand-in refuses to exist in production. */
  nodeEnv?: string;
}

const API_VERSION = '2026-10-28.endive';
const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;
const METHOD_TYPES: readonly StripePaymentMethodType[] = ['card', 'konbini', 'paypay'];

class StripeApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: { type: string; code?: string; param?: string; message: string },
  ) {
    super(body.message);
  }
}

const invalidRequest = (message: string, extra: { code?: string; param?: string } = {}) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...extra });

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

const asString = (value: FormValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
const asObject = (value: FormValue | undefined): FormObject | undefined =>
  value !== undefined && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
const asList = (value: FormValue | undefined): FormValue[] => {
  if (Array.isArray(value)) return value;
  // qs-style indices may arrive as an object keyed '0', '1' when sparse; read them in order.
  const object = asObject(value);
  return object ? Object.keys(object).sort((a, b) => Number(a) - Number(b)).map((key) => object[key] as FormValue) : [];
};

function integerParam(value: FormValue | undefined, param: string): number {
  const text = asString(value);
  if (text === undefined || !/^-?\d+$/.test(text)) {
    throw invalidRequest(`Invalid integer: ${String(text)}`, { code: 'parameter_invalid_integer', param });
  }
  return Number(text);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export async function startStripeStandIn(options: StripeStandInOptions) {
  if (options.nodeEnv === 'production') {
    throw new Error('The Stripe stand-in cannot run in production.');
  }
  const now = options.now ?? (() => Date.now());
  const seconds = () => Math.floor(now() / 1000);
  const sessions = new Map<string, StandInSession>();
  const paymentIntents = new Map<string, PaymentIntentObject>();
  const paymentMethods = new Map<string, { id: string; object: 'payment_method'; type: StripePaymentMethodType }>();
  const refunds: RefundObject[] = [];
  const events: StripeEvent[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  let webhookUrl = options.webhookUrl;

  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseStripeForm(body as string));
  });

  function requireSession(id: string): StandInSession {
    const found = sessions.get(id);
    if (!found) {
      throw new StripeApiError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'session', message: `No such checkout.session: '${id}'` });
    }
    lapseIfDue(found);
    return found;
  }

  /** Stripe expires an open session at its `expires_at` (and says so with an event). */
  function lapseIfDue(record: StandInSession) {
    if (record.session.status === 'open' && seconds() >= record.session.expires_at) {
      markExpired(record);
    }
  }

  function markExpired(record: StandInSession): StripeEvent {
    record.session.status = 'expired';
    record.session.url = null;
    return recordEvent('checkout.session.expired', record.session);
  }

  function recordEvent(type: string, object: object): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: seconds(),
      // A snapshot: an event says how the object stood when it happened, whenever it is delivered.
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    events.push(event);
    return event;
  }

  function withExpansions(record: StandInSession, expand: string[]): object {
    const session: Record<string, unknown> = { ...record.session };
    const intentId = record.session.payment_intent;
    if (intentId && expand.some((path) => path === 'payment_intent' || path.startsWith('payment_intent.'))) {
      const intent: Record<string, unknown> = { ...paymentIntents.get(intentId) };
      if (expand.includes('payment_intent.payment_method')) {
        intent['payment_method'] = paymentMethods.get(intent['payment_method'] as string);
      }
      session['payment_intent'] = intent;
    }
    return session;
  }

  function createSession(params: FormObject): CheckoutSessionObject {
    if (asString(params['mode']) !== 'payment') {
      throw invalidRequest('The stand-in supports only `mode=payment`.', { code: 'parameter_invalid_string', param: 'mode' });
    }
    const successUrl = asString(params['success_url']);
    if (!successUrl) {
      throw invalidRequest('Missing required param: success_url.', { code: 'parameter_missing', param: 'success_url' });
    }
    const items = asList(params['line_items']);
    if (items.length === 0) {
      throw invalidRequest('Missing required param: line_items.', { code: 'parameter_missing', param: 'line_items' });
    }
    const lineItems = items.map((item, index): StripeLineItem => {
      const priceData = asObject(asObject(item)?.['price_data']);
      const name = asString(asObject(priceData?.['product_data'])?.['name']);
      const currency = asString(priceData?.['currency']);
      if (!priceData || !name || !currency) {
        throw invalidRequest(`Missing required param: line_items[${index}][price_data].`, { code: 'parameter_missing', param: `line_items[${index}][price_data]` });
      }
      return {
        name,
        currency,
        unitAmount: integerParam(priceData['unit_amount'], `line_items[${index}][price_data][unit_amount]`),
        quantity: integerParam(asObject(item)?.['quantity'], `line_items[${index}][quantity]`),
      };
    });
    const currency = lineItems[0]?.currency ?? '';
    if (lineItems.some((item) => item.currency !== currency)) {
      throw invalidRequest('All line items must share one currency.', { param: 'line_items' });
    }
    const created = seconds();
    const expiresAt = params['expires_at'] === undefined ? created + MAX_EXPIRY_SECONDS : integerParam(params['expires_at'], 'expires_at');
    if (expiresAt < created + MIN_EXPIRY_SECONDS) {
      throw invalidRequest('The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', { param: 'expires_at' });
    }
    if (expiresAt > created + MAX_EXPIRY_SECONDS) {
      throw invalidRequest('The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', { param: 'expires_at' });
    }
    // API 2026-10-28.endive replaced `payment_method_types` with `allowed_payment_method_types`, a
    // filter on what the account has enabled; the stand-in's account has card, konbini and PayPay.
    const allowed = params['allowed_payment_method_types'];
    if (params['payment_method_types'] !== undefined) {
      throw invalidRequest('Received unknown parameter: payment_method_types', { code: 'parameter_unknown', param: 'payment_method_types' });
    }
    const requestedTypes = asList(allowed).map((type) => asString(type) ?? '');
    const types = (requestedTypes.length > 0 ? requestedTypes : ['card']) as StripePaymentMethodType[];
    for (const type of types) {
      if (!METHOD_TYPES.includes(type)) {
        throw invalidRequest(`Invalid allowed_payment_method_types[]: must be one of ${METHOD_TYPES.join(', ')}`, { code: 'parameter_invalid_string', param: 'allowed_payment_method_types' });
      }
      if ((type === 'konbini' || type === 'paypay') && currency !== 'jpy') {
        throw invalidRequest(`The payment method \`${type}\` only supports jpy.`, { param: 'allowed_payment_method_types' });
      }
    }
    const total = lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
    const id = newId('cs_test');
    const metadata = Object.fromEntries(Object.entries(asObject(params['metadata']) ?? {}).map(([key, value]) => [key, asString(value) ?? '']));
    const session: CheckoutSessionObject = {
      id,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      allowed_payment_method_types: allowed === undefined ? null : types,
      cancel_url: asString(params['cancel_url']) ?? null,
      client_reference_id: asString(params['client_reference_id']) ?? null,
      created,
      currency,
      expires_at: expiresAt,
      livemode: false,
      locale: asString(params['locale']) ?? null,
      metadata,
      mode: 'payment',
      payment_intent: null,
      payment_method_types: types,
      payment_status: 'unpaid',
      status: 'open',
      success_url: successUrl,
      url: `${baseUrl}/c/pay/${id}`,
    };
    sessions.set(id, { session, lineItems, params });
    return session;
  }

  function expireSession(id: string): CheckoutSessionObject {
    const record = requireSession(id);
    if (record.session.status !== 'open') {
      throw invalidRequest(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${record.session.status}".`,
        { code: 'checkout_session_not_open' },
      );
    }
    markExpired(record);
    return record.session;
  }

  function refundedAmount(intentId: string) {
    return refunds.filter((refund) => refund.payment_intent === intentId).reduce((sum, refund) => sum + refund.amount, 0);
  }

  function createRefund(params: FormObject): RefundObject {
    const intentId = asString(params['payment_intent']);
    if (!intentId) {
      throw invalidRequest('Missing required param: payment_intent.', { code: 'parameter_missing', param: 'payment_intent' });
    }
    const intent = paymentIntents.get(intentId);
    if (!intent) {
      throw invalidRequest(`No such payment_intent: '${intentId}'`, { code: 'resource_missing', param: 'payment_intent' });
    }
    if (intent.status !== 'succeeded') {
      throw invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, { code: 'charge_not_refundable' });
    }
    const left = intent.amount - refundedAmount(intentId);
    if (left <= 0) {
      throw invalidRequest(`Charge for ${intentId} has already been refunded.`, { code: 'charge_already_refunded' });
    }
    const amount = params['amount'] === undefined ? left : integerParam(params['amount'], 'amount');
    if (amount > left) {
      throw invalidRequest(`Refund amount (¥${amount}) is greater than unrefunded amount on charge (¥${left})`, { code: 'amount_too_large', param: 'amount' });
    }
    const metadata = Object.fromEntries(Object.entries(asObject(params['metadata']) ?? {}).map(([key, value]) => [key, asString(value) ?? '']));
    const refund: RefundObject = { id: newId('re'), object: 'refund', amount, created: seconds(), currency: intent.currency, metadata, payment_intent: intentId, status: 'succeeded' };
    refunds.push(refund);
    return refund;
  }

  // --- HTTP: Stripe's API -------------------------------------------------------------------

  function sendError(reply: FastifyReply, error: unknown) {
    if (error instanceof StripeApiError) {
      return reply.code(error.statusCode).header('request-id', newId('req')).send({ error: error.body });
    }
    return reply.code(500).send({ error: { type: 'api_error', message: 'An unknown error occurred' } });
  }

  /** Bearer auth with the secret key, as Stripe answers a missing or wrong key. */
  function authenticate(request: FastifyRequest) {
    const header = request.headers.authorization;
    if (!header) {
      throw new StripeApiError(401, { type: 'invalid_request_error', message: 'You did not provide an API key.' });
    }
    const key = header.replace(/^Bearer\s+/i, '');
    if (key !== options.secretKey) {
      throw new StripeApiError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(8)}` });
    }
  }

  /**
   * Runs a POST once per Idempotency-Key: a repeat with the same parameters gets the first answer
   * (errors included, as Stripe does for 400s), a repeat with other parameters is refused.
   */
  async function handlePost(request: FastifyRequest, reply: FastifyReply, run: () => unknown) {
    try {
      authenticate(request);
    } catch (error) {
      return sendError(reply, error);
    }
    const key = request.headers['idempotency-key'];
    const fingerprint = `${request.url} ${JSON.stringify(request.body ?? {})}`;
    if (typeof key === 'string') {
      const earlier = idempotent.get(key);
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) {
          return sendError(
            reply,
            new StripeApiError(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            }),
          );
        }
        return reply.code(earlier.status).header('idempotent-replayed', 'true').send(earlier.body);
      }
    }
    let status = 200;
    let body: unknown;
    try {
      body = run();
    } catch (error) {
      if (!(error instanceof StripeApiError)) return sendError(reply, error);
      status = error.statusCode;
      body = { error: error.body };
    }
    if (typeof key === 'string') idempotent.set(key, { fingerprint, status, body });
    return reply.code(status).header('request-id', newId('req')).send(body);
  }

  function handleGet(request: FastifyRequest, reply: FastifyReply, run: () => unknown) {
    try {
      authenticate(request);
      return reply.header('request-id', newId('req')).send(run());
    } catch (error) {
      return sendError(reply, error);
    }
  }

  const queryOf = (request: FastifyRequest) => parseStripeForm(request.url.split('?')[1] ?? '');
  const expandOf = (query: FormObject) => asList(query['expand']).map((path) => asString(path) ?? '');
  const bodyOf = (request: FastifyRequest) => (request.body ?? {}) as FormObject;

  app.post('/v1/checkout/sessions', (request, reply) => handlePost(request, reply, () => createSession(bodyOf(request))));
  app.get<{ Params: { id: string } }>('/v1/checkout/sessions/:id', (request, reply) =>
    handleGet(request, reply, () => withExpansions(requireSession(request.params.id), expandOf(queryOf(request)))),
  );
  app.post<{ Params: { id: string } }>('/v1/checkout/sessions/:id/expire', (request, reply) =>
    handlePost(request, reply, () => expireSession(request.params.id)),
  );
  app.post('/v1/refunds', (request, reply) => handlePost(request, reply, () => createRefund(bodyOf(request))));
  app.get('/v1/refunds', (request, reply) =>
    handleGet(request, reply, () => {
      const intentId = asString(queryOf(request)['payment_intent']);
      const data = refunds.filter((refund) => !intentId || refund.payment_intent === intentId).reverse();
      return { object: 'list', data, has_more: false, url: '/v1/refunds' };
    }),
  );
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, new StripeApiError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${request.url}).` })),
  );

  // --- The hosted checkout page ----------------------------------------------------------------

  function page(body: string) {
    return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${messages.pageTitle}</title></head><body><main><h1>${messages.pageTitle}</h1><p>${messages.notice}</p>${body}</main></body></html>`;
  }

  /** Delivers what the hosted page made happen, as Stripe would, when a webhook URL is set. */
  async function deliverFromPage(event: StripeEvent) {
    if (webhookUrl) await send(event);
  }

  const successUrlOf = (session: CheckoutSessionObject) => (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id);

  app.get<{ Params: { id: string } }>('/c/pay/:id', (request, reply) => {
    const record = sessions.get(request.params.id);
    reply.type('text/html; charset=utf-8');
    if (!record) return reply.code(404).send(page(`<p>${messages.notFound}</p>`));
    lapseIfDue(record);
    const { session, lineItems } = record;
    const lines = lineItems
      .map((item) => `<li>${escapeHtml(item.name)} ${messages.quantity} ${item.quantity}: ¥${(item.unitAmount * item.quantity).toLocaleString('ja-JP')}</li>`)
      .join('');
    const summary = `<ul>${lines}</ul><p>${messages.total}: ¥${session.amount_total.toLocaleString('ja-JP')}</p>`;
    const action = (path: string, label: string, method?: string) =>
      `<form method="post" action="/c/pay/${session.id}/${path}">${method ? `<input type="hidden" name="method" value="${method}">` : ''}<button type="submit">${label}</button></form>`;
    if (session.status === 'expired') return reply.send(page(`<p>${messages.expired}</p>`));
    if (session.status === 'complete') {
      const intent = session.payment_intent ? paymentIntents.get(session.payment_intent) : undefined;
      if (intent?.status === 'requires_action') {
        return reply.send(page(`${summary}<p>${messages.konbiniWaiting}</p>${action('konbini-paid', messages.konbiniPaid)}${action('konbini-lapsed', messages.konbiniLapsed)}`));
      }
      return reply.send(page(`${summary}<p>${messages.paid}</p>`));
    }
    const buttons = session.payment_method_types.map((type) => action('pay', messages.payWith[type], type)).join('');
    return reply.send(page(`${summary}${buttons}${action('cancel', messages.cancel)}`));
  });
  app.post<{ Params: { id: string }; Body: FormObject }>('/c/pay/:id/pay', async (request, reply) => {
    const method = asString(request.body['method']) as StripePaymentMethodType;
    const record = sessions.get(request.params.id);
    if (record) lapseIfDue(record);
    if (record?.session.status !== 'open' || !record.session.payment_method_types.includes(method)) {
      // An ended, lapsed or paid session cannot be paid (again): the page says so.
      return reply.code(409).type('text/html; charset=utf-8').send(page(`<p>${record?.session.status === 'complete' ? messages.paid : messages.expired}</p>`));
    }
    const event = complete(record.session.id, { method });
    await deliverFromPage(event);
    return method === 'konbini' ? reply.redirect(`/c/pay/${record.session.id}`, 303) : reply.redirect(successUrlOf(record.session), 303);
  });
  app.post<{ Params: { id: string } }>('/c/pay/:id/cancel', (request, reply) => {
    // Stripe leaves the session open when the citizen goes back; it lapses at expires_at.
    const record = requireSession(request.params.id);
    return reply.redirect(record.session.cancel_url ?? '/', 303);
  });
  app.post<{ Params: { id: string } }>('/c/pay/:id/konbini-paid', async (request, reply) => {
    await deliverFromPage(succeedAsyncPayment(request.params.id));
    return reply.redirect(`/c/pay/${request.params.id}`, 303);
  });
  app.post<{ Params: { id: string } }>('/c/pay/:id/konbini-lapsed', async (request, reply) => {
    await deliverFromPage(failAsyncPayment(request.params.id));
    return reply.redirect(`/c/pay/${request.params.id}`, 303);
  });

  // --- What a test drives ----------------------------------------------------------------------

  /**
   * The citizen pays: card and PayPay are paid at once; konbini completes the session unpaid with
   * a voucher (paid later by `succeedAsyncPayment`). Answers the `checkout.session.completed` event.
   */
  function complete(sessionId: string, { method = 'card' }: { method?: StripePaymentMethodType } = {}): StripeEvent {
    const record = requireSession(sessionId);
    const { session } = record;
    if (session.status !== 'open') throw new Error(`Session ${sessionId} is ${session.status}, not open.`);
    if (!session.payment_method_types.includes(method)) throw new Error(`Session ${sessionId} does not offer ${method}.`);
    const paymentMethod = { id: newId('pm'), object: 'payment_method' as const, type: method };
    paymentMethods.set(paymentMethod.id, paymentMethod);
    const intent: PaymentIntentObject = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      currency: session.currency,
      created: seconds(),
      status: method === 'konbini' ? 'requires_action' : 'succeeded',
      payment_method: paymentMethod.id,
      payment_method_types: [method],
    };
    paymentIntents.set(intent.id, intent);
    session.status = 'complete';
    session.url = null;
    session.payment_intent = intent.id;
    session.payment_status = method === 'konbini' ? 'unpaid' : 'paid';
    return recordEvent('checkout.session.completed', session);
  }

  function asyncIntent(sessionId: string) {
    const { session } = requireSession(sessionId);
    const intent = session.payment_intent ? paymentIntents.get(session.payment_intent) : undefined;
    if (!intent || intent.status !== 'requires_action') throw new Error(`Session ${sessionId} has no payment waiting at a konbini.`);
    return { session, intent };
  }

  /** The konbini voucher is paid: `checkout.session.async_payment_succeeded`. */
  function succeedAsyncPayment(sessionId: string): StripeEvent {
    const { session, intent } = asyncIntent(sessionId);
    intent.status = 'succeeded';
    session.payment_status = 'paid';
    return recordEvent('checkout.session.async_payment_succeeded', session);
  }

  /** The konbini voucher lapsed unpaid: `checkout.session.async_payment_failed`. */
  function failAsyncPayment(sessionId: string): StripeEvent {
    const { session, intent } = asyncIntent(sessionId);
    intent.status = 'requires_payment_method';
    return recordEvent('checkout.session.async_payment_failed', session);
  }

  /** The session reaches expires_at unpaid: `checkout.session.expired`. */
  function expire(sessionId: string): StripeEvent {
    expireSession(sessionId);
    return events[events.length - 1] as StripeEvent;
  }

  /** Any event, for types the adapter should acknowledge and ignore. */
  function buildEvent(type: string, object: object): StripeEvent {
    return recordEvent(type, object);
  }

  /** POSTs an event to the webhook URL signed as Stripe signs it, or as the options spoil it. */
  async function send(event: StripeEvent, sendOptions: SendOptions = {}): Promise<Delivery[]> {
    const url = sendOptions.url ?? webhookUrl;
    if (!url) throw new Error('No webhook URL to send to.');
    const payload = JSON.stringify(event, null, 2);
    let header = stripeSignatureHeader(payload, sendOptions.secret ?? options.webhookSecret, sendOptions.timestamp ?? seconds());
    let body = payload;
    if (sendOptions.tamper === 'body') {
      // What an attacker would change: the amount, or failing that any byte of the body.
      body = payload.includes('"amount_total": ') ? payload.replace('"amount_total": ', '"amount_total": 1') : `${payload}\n`;
    }
    if (sendOptions.tamper === 'signature') header = header.replace(/v1=(.)/, (_match, first: string) => `v1=${first === '0' ? '1' : '0'}`);
    const deliveries: Delivery[] = [];
    for (let attempt = 0; attempt < (sendOptions.times ?? 1); attempt += 1) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body,
      });
      deliveries.push({ status: response.status, body: await response.text() });
    }
    return deliveries;
  }

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const baseUrl = address.replace('localhost', '127.0.0.1');

  return {
    /** The stand-in's origin: give it to the adapter as `apiBaseUrl`. */
    url: baseUrl,
    setWebhookUrl(url: string | undefined) {
      webhookUrl = url;
    },
    session(id: string): StandInSession | undefined {
      const record = sessions.get(id);
      if (record) lapseIfDue(record);
      return record;
    },
    sessions: () => [...sessions.values()],
    refunds: () => [...refunds],
    /** Every event the stand-in recorded, oldest first. */
    events: () => [...events],
    complete,
    succeedAsyncPayment,
    failAsyncPayment,
    expire,
    buildEvent,
    send,
    /** The `Stripe-Signature` header for a payload, signed with the stand-in's secret unless told. */
    signatureHeader: (payload: string, timestamp = seconds(), secret = options.webhookSecret) => stripeSignatureHeader(payload, secret, timestamp),
    close: () => app.close(),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
