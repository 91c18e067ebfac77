// The one place that reads process.env: every setting, validated at start.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// Only the development channel's constants: the stand-in itself is loaded when it is mounted.
import { DEV_CHANNEL } from '@city/line-stand-in/dev-channel';
import type { StaffRole } from '@city/api-client/staff-contract';
import { STAFF_ROLES } from '@city/api-client/staff-contract';
import { CONFIGURATION_MAX_AGE_MS } from './db/configuration-cache.js';
import type { ServiceTemplateKind } from './modules/line/citizen-messages.js';
import { DEFAULT_SERVICE_TEMPLATES, SERVICE_TEMPLATE_KINDS } from './modules/line/citizen-messages.js';

export type NodeEnv = 'production' | 'development' | 'test';

export interface ServerConfig {
  port: number;
  host: string;
  /** The SQLite file, when no PostgreSQL is named (DATABASE_URL). */
  databasePath: string;
  /** PostgreSQL, `postgres://user:password@host:port/database`: when set, the server runs on it instead of SQLite. */
  databaseUrl: string | undefined;
  /** How long another process's change of configuration may go unseen (ms; see db/configuration-cache.ts). */
  configurationMaxAgeMs: number;
  nodeEnv: NodeEnv;
  /** LINE Login channel id: the `aud` of every ID token. */
  lineChannelId: string;
  /** LINE Login channel secret: signs web-login ID tokens (HS256) and authenticates the code exchange. */
  lineChannelSecret: string;
  /**
   * LINE's API (token, certs). Undefined outside production means: mount the LINE stand-in under
   * `/__dev/line` on this server and use it.
   */
  lineApiBaseUrl: string | undefined;
  /** LINE's authorize endpoint host (browsers go there); the stand-in's URL when it is used. */
  lineAccessBaseUrl: string | undefined;
  /**
   * LINE's messaging API origin (push, service messages). Undefined outside production means the
   * stand-in's own port (LINE's SDK drops any path of its base URL, so it cannot be under /__dev).
   */
  lineMessagingApiBaseUrl: string | undefined;
  /** The official account's Messaging API channel (staff notices by push); undefined: no pushes. */
  lineMessagingChannel: { channelId: string; channelSecret: string } | undefined;
  /**
   * The approved service message templates of the LINE MINI App channel, by kind; undefined: no
   * service messages (the mini-app must be verified and its templates approved by LINE).
   */
  lineServiceTemplates: Record<ServiceTemplateKind, string> | undefined;
  /** The one browser origin allowed to call the API from another origin; none when undefined. */
  corsOrigin: string | undefined;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (for rate limits). */
  trustProxy: boolean;
  /** The built citizen app (its `index.html` and `assets/`), served on the same port when present. */
  citizenAppDir: string;
  /** The built staff console, served at /console/ when present. */
  consoleAppDir: string;
  /** The LIFF app id, passed to the citizen app; none outside LINE's LIFF. */
  liffId: string | undefined;
  /** Who takes payments: the sandbox (never in production) or Stripe Checkout. */
  paymentProvider: PaymentProviderName;
  /** Stripe's settings; set exactly when `paymentProvider` is `stripe`. */
  stripe: StripeConfig | undefined;
  /**
   * The app's public origin (e.g. `https://city.example.jp`): where payment providers send the
   * citizen back. Required in production; elsewhere undefined means the request's own origin.
   */
  publicBaseUrl: string | undefined;
  /** The receipt's 発行者. */
  receiptIssuer: ReceiptIssuerConfig;
  /**
   * How log lines are written: `json` (one object a line, for log collectors) or `pretty` (one
   * readable line a request, for a person at a terminal).
   */
  logFormat: LogFormat;
  /** The staff console's security settings. */
  staff: StaffSecurityConfig;
  /**
   * SQL_TRACE_FILE: append every SQL statement the server's connections execute to this file, one
   * a line (for `pnpm bench`, which counts and compares them). Undefined: no trace, no cost.
   */
  sqlTraceFile: string | undefined;
}

export interface StaffSecurityConfig {
  /** A console session unused this long is ended; the next call answers 401 `session_expired`. */
  idleTimeoutMs: number;
  /** Roles that must sign in with a TOTP second factor (enrolled at their first sign-in). */
  totpRequiredFor: StaffRole[];
  /** The name authenticator apps show beside the account. */
  totpIssuer: string;
}

export type LogFormat = 'json' | 'pretty';

export type PaymentProviderName = 'sandbox' | 'stripe';
export type StripePaymentMethod = 'card' | 'konbini' | 'paypay';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Another Stripe API host (a local stand-in in tests); default Stripe's own. */
  apiBaseUrl?: string;
  paymentMethods: StripePaymentMethod[];
}

/** 発行者 of the receipts: the municipality's settings (the 但し書き is the survey's). */
export interface ReceiptIssuerConfig {
  name: string;
  address?: string;
  phone?: string;
  /** 適格請求書発行事業者登録番号: T and 13 digits. */
  registrationNumber?: string;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

// Development-only stand-ins for the channel settings (the LINE stand-in's); refused in production.
const { channelId: DEV_CHANNEL_ID, channelSecret: DEV_CHANNEL_SECRET } = DEV_CHANNEL;
/** Where `pnpm --filter @city/liff build` puts the citizen app (read as files, never imported). */
/** The development receipt issuer: the demo municipality's. */
export const DEV_RECEIPT_ISSUER_NAME = 'デモ市 保健福祉課';
const STRIPE_PAYMENT_METHODS: readonly StripePaymentMethod[] = ['card', 'konbini', 'paypay'];
const DEFAULT_CITIZEN_APP_DIR = fileURLToPath(new URL('../../liff/dist', import.meta.url));
const DEFAULT_CONSOLE_APP_DIR = fileURLToPath(new URL('../../console/dist', import.meta.url));

/**
 * Reads and checks the configuration; throws a ConfigError naming every problem at once.
 * `terminal`: whether the logs go to a person's terminal (standard output is a TTY), where
 * development writes them readably unless LOG_FORMAT says otherwise.
 */
export function readConfig(env: Record<string, string | undefined> = process.env, terminal: boolean = process.stdout.isTTY): ServerConfig {
  const problems: string[] = [];
  const nodeEnv = env.NODE_ENV ?? 'development';
  if (nodeEnv !== 'production' && nodeEnv !== 'development' && nodeEnv !== 'test') {
    problems.push(`NODE_ENV must be production, development or test (got "${nodeEnv}")`);
  }
  const production = nodeEnv === 'production';
  const port = Number(env.PORT ?? '3000');
  if (!Number.isInteger(port) || port < 0 || port > 65_535) problems.push(`PORT must be 0-65535 (got "${env.PORT ?? ''}")`);

  const required = (name: string, devDefault: string | undefined): string => {
    const value = env[name]?.trim();
    if (value) return value;
    if (production || devDefault === undefined) problems.push(`${name} is required${production ? ' in production' : ''}`);
    return devDefault ?? '';
  };
  const lineChannelId = required('LINE_CHANNEL_ID', DEV_CHANNEL_ID);
  const lineChannelSecret = required('LINE_CHANNEL_SECRET', production ? undefined : DEV_CHANNEL_SECRET);
  if (production && lineChannelSecret === DEV_CHANNEL_SECRET) problems.push('LINE_CHANNEL_SECRET is the development value');
  // The stand-in signs tokens with the channel secret: it runs only with the development secret,
  // so a server given a real secret talks to the real LINE even if NODE_ENV was forgotten.
  const realLine = production || lineChannelSecret !== DEV_CHANNEL_SECRET;
  const lineApiBaseUrl = env.LINE_API_BASE_URL?.trim() || (realLine ? 'https://api.line.me' : undefined);
  const lineAccessBaseUrl = env.LINE_ACCESS_BASE_URL?.trim() || (realLine ? 'https://access.line.me' : undefined);
  const trustProxy = env.TRUST_PROXY?.trim() ?? 'false';
  if (trustProxy !== 'true' && trustProxy !== 'false') problems.push('TRUST_PROXY must be true or false');
  for (const [name, value] of [['LINE_API_BASE_URL', lineApiBaseUrl], ['LINE_ACCESS_BASE_URL', lineAccessBaseUrl], ['CORS_ORIGIN', env.CORS_ORIGIN]] as const) {
    if (value !== undefined && value !== '' && !/^https?:\/\/[^/]+/.test(value)) problems.push(`${name} must be an http(s) URL`);
  }

  const optional = (name: string) => env[name]?.trim() || undefined;
  // Production names its provider: a forgotten setting must not silently pick one.
  const paymentProvider = optional('PAYMENT_PROVIDER') ?? (production ? undefined : 'sandbox');
  if (paymentProvider === undefined) {
    problems.push('PAYMENT_PROVIDER is required in production (stripe)');
  } else if (paymentProvider !== 'sandbox' && paymentProvider !== 'stripe') {
    problems.push(`PAYMENT_PROVIDER must be sandbox or stripe (got "${paymentProvider}")`);
  } else if (production && paymentProvider === 'sandbox') {
    problems.push('PAYMENT_PROVIDER=sandbox is not allowed in production (it takes no money)');
  }
  let stripe: StripeConfig | undefined;
  if (paymentProvider === 'stripe') {
    const secretKey = optional('STRIPE_SECRET_KEY');
    const webhookSecret = optional('STRIPE_WEBHOOK_SECRET');
    const apiBaseUrl = optional('STRIPE_API_BASE_URL');
    if (secretKey === undefined) problems.push('STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe');
    if (webhookSecret === undefined) problems.push('STRIPE_WEBHOOK_SECRET is required when PAYMENT_PROVIDER=stripe');
    if (apiBaseUrl !== undefined && !/^https?:\/\/[^/]+/.test(apiBaseUrl)) problems.push('STRIPE_API_BASE_URL must be an http(s) URL');
    const methods = (optional('STRIPE_PAYMENT_METHODS') ?? 'card').split(',').map((method) => method.trim()).filter((method) => method !== '');
    const unknown = methods.filter((method) => !STRIPE_PAYMENT_METHODS.includes(method as StripePaymentMethod));
    if (unknown.length > 0 || methods.length === 0) problems.push(`STRIPE_PAYMENT_METHODS must list card, konbini or paypay, comma-separated (got "${methods.join(',')}")`);
    stripe = {
      secretKey: secretKey ?? '',
      webhookSecret: webhookSecret ?? '',
      ...(apiBaseUrl === undefined ? {} : { apiBaseUrl }),
      paymentMethods: [...new Set(methods)] as StripePaymentMethod[],
    };
  }
  const publicBaseUrl = optional('PUBLIC_BASE_URL')?.replace(/\/+$/, '');
  if (publicBaseUrl === undefined) {
    if (production) problems.push('PUBLIC_BASE_URL is required in production (payment providers send citizens back there)');
  } else if (!/^https?:\/\/[^/]+$/.test(publicBaseUrl)) {
    problems.push('PUBLIC_BASE_URL must be an origin such as https://city.example.jp (no path)');
  }
  const issuerName = required('RECEIPT_ISSUER_NAME', DEV_RECEIPT_ISSUER_NAME);
  const registrationNumber = optional('RECEIPT_REGISTRATION_NUMBER');
  if (registrationNumber !== undefined && !/^T\d{13}$/.test(registrationNumber)) {
    problems.push('RECEIPT_REGISTRATION_NUMBER must be T followed by 13 digits');
  }
  const issuerAddress = optional('RECEIPT_ISSUER_ADDRESS');
  const issuerPhone = optional('RECEIPT_ISSUER_PHONE');

  const logFormat = optional('LOG_FORMAT') ?? (nodeEnv === 'development' && terminal ? 'pretty' : 'json');
  if (logFormat !== 'json' && logFormat !== 'pretty') problems.push(`LOG_FORMAT must be json or pretty (got "${logFormat}")`);

  const configurationMaxAgeMs = Number(optional('CONFIGURATION_MAX_AGE_MS') ?? String(CONFIGURATION_MAX_AGE_MS));
  if (!Number.isInteger(configurationMaxAgeMs) || configurationMaxAgeMs < 0 || configurationMaxAgeMs > 60_000) problems.push('CONFIGURATION_MAX_AGE_MS must be 0-60000');
  const idleMinutes = Number(optional('STAFF_IDLE_TIMEOUT_MINUTES') ?? '30');
  if (!Number.isInteger(idleMinutes) || idleMinutes < 1 || idleMinutes > 24 * 60) problems.push('STAFF_IDLE_TIMEOUT_MINUTES must be 1-1440');
  // Tests only: an idle limit shorter than the minute an operator can set, so that a browser test
  // of the expiry does not wait a minute. Refused in production.
  const idleSeconds = optional('STAFF_IDLE_TIMEOUT_SECONDS');
  if (idleSeconds !== undefined && (production || !/^\d+$/.test(idleSeconds) || Number(idleSeconds) < 2)) {
    problems.push('STAFF_IDLE_TIMEOUT_SECONDS (tests only) must be a whole number of seconds, at least 2, outside production');
  }
  // Administrators by default: the accounts that can create others must not rest on a password alone.
  const totpRoles = (optional('STAFF_TOTP_REQUIRED_FOR') ?? 'administrator').split(',').map((role) => role.trim()).filter((role) => role !== '' && role !== 'none');
  const unknownRoles = totpRoles.filter((role) => !(STAFF_ROLES as readonly string[]).includes(role));
  if (unknownRoles.length > 0) problems.push(`STAFF_TOTP_REQUIRED_FOR must list roles (${STAFF_ROLES.join(', ')}) or none (got "${unknownRoles.join(',')}")`);

  const lineMessagingApiBaseUrl = optional('LINE_MESSAGING_API_BASE_URL') ?? (realLine ? 'https://api.line.me' : undefined);
  if (lineMessagingApiBaseUrl !== undefined && !/^https?:\/\/[^/]+\/?$/.test(lineMessagingApiBaseUrl)) problems.push('LINE_MESSAGING_API_BASE_URL must be an origin such as https://api.line.me (no path)');
  const messagingId = optional('LINE_MESSAGING_CHANNEL_ID');
  const messagingSecret = optional('LINE_MESSAGING_CHANNEL_SECRET');
  if ((messagingId === undefined) !== (messagingSecret === undefined)) problems.push('LINE_MESSAGING_CHANNEL_ID and LINE_MESSAGING_CHANNEL_SECRET go together');
  // Outside real LINE the stand-in plays the official account with the development channel.
  const lineMessagingChannel =
    messagingId !== undefined && messagingSecret !== undefined ? { channelId: messagingId, channelSecret: messagingSecret } : realLine ? undefined : { channelId: lineChannelId, channelSecret: lineChannelSecret };
  const lineServiceTemplates = readServiceTemplates(optional('LINE_SERVICE_TEMPLATES'), realLine, problems);

  const databaseUrl = optional('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push('DATABASE_URL must be a postgres:// URL (unset: SQLite at DATABASE_PATH)');
  if (databaseUrl !== undefined && optional('SQL_TRACE_FILE') !== undefined) problems.push('SQL_TRACE_FILE traces SQLite only: unset DATABASE_URL to trace');

  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  return {
    port,
    host: env.HOST?.trim() || '127.0.0.1',
    databasePath: env.DATABASE_PATH?.trim() || './data/city.sqlite',
    databaseUrl,
    configurationMaxAgeMs,
    nodeEnv: nodeEnv as NodeEnv,
    lineChannelId,
    lineChannelSecret,
    lineApiBaseUrl,
    lineAccessBaseUrl,
    lineMessagingApiBaseUrl: lineMessagingApiBaseUrl?.replace(/\/+$/, ''),
    lineMessagingChannel,
    lineServiceTemplates,
    corsOrigin: env.CORS_ORIGIN?.trim() || undefined,
    trustProxy: trustProxy === 'true',
    citizenAppDir: path.resolve(env.CITIZEN_APP_DIR?.trim() || DEFAULT_CITIZEN_APP_DIR),
    consoleAppDir: path.resolve(env.CONSOLE_APP_DIR?.trim() || DEFAULT_CONSOLE_APP_DIR),
    liffId: env.LIFF_ID?.trim() || undefined,
    paymentProvider: paymentProvider as PaymentProviderName,
    stripe,
    publicBaseUrl,
    receiptIssuer: {
      name: issuerName,
      ...(issuerAddress === undefined ? {} : { address: issuerAddress }),
      ...(issuerPhone === undefined ? {} : { phone: issuerPhone }),
      ...(registrationNumber === undefined ? {} : { registrationNumber }),
    },
    logFormat: logFormat as LogFormat,
    staff: {
      idleTimeoutMs: idleSeconds === undefined ? idleMinutes * 60_000 : Number(idleSeconds) * 1000,
      totpRequiredFor: totpRoles as StaffRole[],
      totpIssuer: optional('STAFF_TOTP_ISSUER') ?? issuerName,
    },
    sqlTraceFile: optional('SQL_TRACE_FILE'),
  };
}

/**
 * LINE_SERVICE_TEMPLATES: `booked=…_ja,changed=…_ja,cancelled=…_ja,paid=…_ja,reminder=…_ja`, the
 * approved templates' names. Unset: the stand-in's names outside real LINE, none (no service
 * messages) with it.
 */
function readServiceTemplates(value: string | undefined, realLine: boolean, problems: string[]): Record<ServiceTemplateKind, string> | undefined {
  if (value === undefined) return realLine ? undefined : { ...DEFAULT_SERVICE_TEMPLATES };
  const templates: Partial<Record<ServiceTemplateKind, string>> = {};
  for (const part of value.split(',')) {
    const [kind = '', name = ''] = part.split('=').map((piece) => piece.trim());
    if (!(SERVICE_TEMPLATE_KINDS as readonly string[]).includes(kind) || !/^[A-Za-z0-9_]+_(ja|en|zh-TW|th|id|ko)$/.test(name) || name.length > 30) {
      problems.push(`LINE_SERVICE_TEMPLATES: "${part.trim()}" must be kind=template_ja with kind one of ${SERVICE_TEMPLATE_KINDS.join(', ')} (a name of at most 30 characters)`);
      continue;
    }
    templates[kind as ServiceTemplateKind] = name;
  }
  const missing = SERVICE_TEMPLATE_KINDS.filter((kind) => templates[kind] === undefined);
  if (missing.length > 0) problems.push(`LINE_SERVICE_TEMPLATES must name a template for ${missing.join(', ')}`);
  return templates as Record<ServiceTemplateKind, string>;
}

/**
 * The configuration, for a command run by an operator: on a problem, prints it and exits with
 * code 2 (the usage error of the server's commands) instead of a stack trace.
 */
export function readConfigOrExit(): ServerConfig {
  try {
    return readConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}
