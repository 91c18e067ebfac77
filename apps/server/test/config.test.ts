import { LINE_STAND_IN_PATH } from '@city/api-client/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { connectSqlite } from '../src/db/sqlite-store.js';
import { seedDemoData } from '../src/demo-seed.js';
import { createLineStandIn, DEV_CHANNEL } from '@city/line-stand-in';
import { ConfigError, readConfig } from '../src/env.js';
import { createPaymentProvider } from '../src/modules/payments/create-provider.js';
import { PRODUCTION_PAYMENT_ENV, unreachableProvider } from './payment-fixtures.js';
import { sqliteStorage } from '../src/db/storage.js';

describe('configuration', () => {
  it('has safe development defaults', () => {
    expect(readConfig({})).toMatchObject({ port: 3000, host: '127.0.0.1', databasePath: './data/city.sqlite', nodeEnv: 'development', lineApiBaseUrl: undefined });
  });

  it('stops a production start without the LINE channel settings, naming each', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(
      'Invalid configuration:\n- LINE_CHANNEL_ID is required in production\n- LINE_CHANNEL_SECRET is required in production\n' +
        '- PAYMENT_PROVIDER is required in production (stripe)\n' +
        '- PUBLIC_BASE_URL is required in production (payment providers send citizens back there)\n' +
        '- RECEIPT_ISSUER_NAME is required in production',
    );
    expect(() => readConfig({ NODE_ENV: 'production', LINE_CHANNEL_ID: '1', LINE_CHANNEL_SECRET: DEV_CHANNEL.channelSecret })).toThrow(
      /development value/,
    );
  });

  it('talks to the real LINE whenever a real channel secret is given, even if NODE_ENV was forgotten', () => {
    expect(readConfig({ LINE_CHANNEL_ID: '1', LINE_CHANNEL_SECRET: 'a-real-secret' })).toMatchObject({
      nodeEnv: 'development',
      lineApiBaseUrl: 'https://api.line.me',
      lineAccessBaseUrl: 'https://access.line.me',
    });
  });

  it('serves the citizen app from apps/liff/dist unless CITIZEN_APP_DIR says otherwise, and passes LIFF_ID on', () => {
    expect(readConfig({})).toMatchObject({ citizenAppDir: path.resolve(import.meta.dirname, '../../liff/dist'), liffId: undefined });
    expect(readConfig({ CITIZEN_APP_DIR: 'build/app', LIFF_ID: ' 1650000000-AbCd ' })).toMatchObject({
      citizenAppDir: path.resolve('build/app'),
      liffId: '1650000000-AbCd',
    });
  });

  it('logs readably at a development terminal, and JSON lines anywhere else unless LOG_FORMAT says otherwise', () => {
    expect(readConfig({}, true).logFormat).toBe('pretty');
    expect(readConfig({}, false).logFormat).toBe('json');
    expect(readConfig({ NODE_ENV: 'test' }, true).logFormat).toBe('json');
    expect(readConfig({ ...PRODUCTION_PAYMENT_ENV, NODE_ENV: 'production', LINE_CHANNEL_ID: '1', LINE_CHANNEL_SECRET: 'a-real-secret', PUBLIC_BASE_URL: 'https://city.example.jp', RECEIPT_ISSUER_NAME: 'デモ市' }, true).logFormat).toBe('json');
    expect(readConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(readConfig({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
    expect(() => readConfig({ LOG_FORMAT: 'colourful' })).toThrow(/LOG_FORMAT must be json or pretty/);
  });

  it('lets another process’s configuration change go unseen for a second at most, or as CONFIGURATION_MAX_AGE_MS says', () => {
    expect(readConfig({}).configurationMaxAgeMs).toBe(1000);
    expect(readConfig({ CONFIGURATION_MAX_AGE_MS: '0' }).configurationMaxAgeMs).toBe(0);
    expect(() => readConfig({ CONFIGURATION_MAX_AGE_MS: '-1' })).toThrow(/CONFIGURATION_MAX_AGE_MS must be 0-60000/);
  });

  it('sends LINE messages through the stand-in in development, and with real LINE only what is configured', () => {
    expect(readConfig({})).toMatchObject({
      lineMessagingApiBaseUrl: undefined,
      lineMessagingChannel: { channelId: DEV_CHANNEL.channelId },
      lineServiceTemplates: { booked: 'booking_confirm_ja', reminder: 'booking_remind_ja' },
    });
    const real = { LINE_CHANNEL_ID: '1', LINE_CHANNEL_SECRET: 'a-real-secret' };
    expect(readConfig(real)).toMatchObject({ lineMessagingApiBaseUrl: 'https://api.line.me', lineMessagingChannel: undefined, lineServiceTemplates: undefined });
    const configured = readConfig({
      ...real,
      LINE_MESSAGING_CHANNEL_ID: '2',
      LINE_MESSAGING_CHANNEL_SECRET: 'oa-secret',
      LINE_SERVICE_TEMPLATES: 'booked=reserve_d_ja, changed=change_d_ja,cancelled=cancel_d_ja,paid=receipt_d_ja,reminder=remind_d_ja',
    });
    expect(configured).toMatchObject({
      lineMessagingChannel: { channelId: '2', channelSecret: 'oa-secret' },
      lineServiceTemplates: { booked: 'reserve_d_ja', changed: 'change_d_ja', cancelled: 'cancel_d_ja', paid: 'receipt_d_ja', reminder: 'remind_d_ja' },
    });
    expect(() => readConfig({ ...real, LINE_SERVICE_TEMPLATES: 'booked=reserve_d_ja,remind=x_ja' })).toThrow(
      /LINE_SERVICE_TEMPLATES: "remind=x_ja" must be kind=template_ja[\s\S]*must name a template for changed, cancelled, paid, reminder/,
    );
    expect(() => readConfig({ LINE_MESSAGING_CHANNEL_ID: '2' })).toThrow(/LINE_MESSAGING_CHANNEL_ID and LINE_MESSAGING_CHANNEL_SECRET go together/);
    expect(() => readConfig({ LINE_MESSAGING_API_BASE_URL: 'https://api.line.me/v2' })).toThrow(/LINE_MESSAGING_API_BASE_URL must be an origin/);
  });

  it('takes an idle limit in seconds for tests only, never in production', () => {
    expect(readConfig({ NODE_ENV: 'test', STAFF_IDLE_TIMEOUT_SECONDS: '8' }).staff.idleTimeoutMs).toBe(8000);
    expect(() => readConfig({ NODE_ENV: 'test', STAFF_IDLE_TIMEOUT_SECONDS: '1' })).toThrow(/STAFF_IDLE_TIMEOUT_SECONDS/);
    expect(() => readConfig({ ...PRODUCTION_PAYMENT_ENV, NODE_ENV: 'production', LINE_CHANNEL_ID: '1', LINE_CHANNEL_SECRET: 'a-real-secret', STAFF_IDLE_TIMEOUT_SECONDS: '8' })).toThrow(
      /STAFF_IDLE_TIMEOUT_SECONDS \(tests only\)/,
    );
  });

  it('refuses nonsense', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
    expect(() => readConfig({ CORS_ORIGIN: 'city.example.jp' })).toThrow(/CORS_ORIGIN/);
  });
});

describe('payment configuration', () => {
  const production = { ...PRODUCTION_PAYMENT_ENV, NODE_ENV: 'production', LINE_CHANNEL_ID: '1', LINE_CHANNEL_SECRET: 'a-real-secret' };

  it('uses the sandbox and the demo issuer outside production, and the request origin for returns', () => {
    expect(readConfig({})).toMatchObject({
      paymentProvider: 'sandbox',
      stripe: undefined,
      publicBaseUrl: undefined,
      receiptIssuer: { name: 'デモ市 保健福祉課' },
    });
  });

  it('reads Stripe and the receipt issuer in production', () => {
    expect(readConfig({ ...production, STRIPE_PAYMENT_METHODS: 'card, konbini,paypay', RECEIPT_ISSUER_PHONE: '03-0000-0000' })).toMatchObject({
      paymentProvider: 'stripe',
      stripe: { secretKey: 'sk_test_x', webhookSecret: 'whsec_x', paymentMethods: ['card', 'konbini', 'paypay'] },
      publicBaseUrl: 'https://city.example.jp',
      receiptIssuer: { name: '○○市 保健福祉課', phone: '03-0000-0000', registrationNumber: 'T1234567890123' },
    });
    expect(readConfig(production).stripe).toEqual({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x', paymentMethods: ['card'] });
  });

  it('refuses the sandbox in production, and names every missing Stripe secret at once', () => {
    expect(() => readConfig({ ...production, PAYMENT_PROVIDER: 'sandbox' })).toThrow(/PAYMENT_PROVIDER=sandbox is not allowed in production/);
    const withoutSecrets = { ...production, STRIPE_SECRET_KEY: ' ', STRIPE_WEBHOOK_SECRET: '' };
    expect(() => readConfig(withoutSecrets)).toThrow(
      'Invalid configuration:\n- STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe\n- STRIPE_WEBHOOK_SECRET is required when PAYMENT_PROVIDER=stripe',
    );
    // Outside production too: Stripe without its secrets cannot start.
    expect(() => readConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/);
  });

  it('refuses nonsense in the payment settings', () => {
    expect(() => readConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER must be sandbox or stripe/);
    expect(() => readConfig({ ...production, STRIPE_PAYMENT_METHODS: 'card,bitcoin' })).toThrow(/STRIPE_PAYMENT_METHODS/);
    expect(() => readConfig({ ...production, RECEIPT_REGISTRATION_NUMBER: '1234567890123' })).toThrow(/RECEIPT_REGISTRATION_NUMBER/);
    expect(() => readConfig({ PUBLIC_BASE_URL: 'https://city.example.jp/app' })).toThrow(/PUBLIC_BASE_URL/);
    expect(readConfig({ PUBLIC_BASE_URL: 'https://city.example.jp/' }).publicBaseUrl).toBe('https://city.example.jp');
  });

  it('runs the Stripe adapter when configured, and refuses a sandbox in production however it is asked for', async () => {
    const now = () => Date.now();
    expect((await createPaymentProvider(readConfig(production), { sandbox: () => unreachableProvider('sandbox'), now })).name).toBe('stripe');
    const forced = { ...readConfig({}), nodeEnv: 'production' as const };
    await expect(createPaymentProvider(forced, { sandbox: () => unreachableProvider('sandbox'), now })).rejects.toThrow(ConfigError);
  });
});

describe('the LINE stand-in in production', () => {
  it('cannot be created', async () => {
    await expect(createLineStandIn({ channelId: '1', channelSecret: 's', nodeEnv: 'production' })).rejects.toThrow(/production/);
  });

  it('is not mounted, even when LINE_API_BASE_URL is left out', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'city-server-prod-'));
    const config = readConfig({ ...PRODUCTION_PAYMENT_ENV, NODE_ENV: 'production', LINE_CHANNEL_ID: '1650000000', LINE_CHANNEL_SECRET: 'a-real-secret', DATABASE_PATH: path.join(dir, 'db.sqlite') });
    expect(config.lineApiBaseUrl).toBe('https://api.line.me');
    const app = await buildApp({ config, paymentProvider: unreachableProvider('stripe') });
    try {
      expect(app.lineStandIn).toBeUndefined();
      const response = await app.inject({ method: 'GET', url: `${LINE_STAND_IN_PATH}/oauth2/v2.1/certs` });
      expect(response.statusCode).toBe(404);
      // ...and no demo surveys (nor their claimable demo records) in a production database.
      expect(app.db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM survey_configs').get()?.n).toBe(0);
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('demo data', () => {
  it('is seeded once into an empty database, and seeding again changes nothing', async () => {
    const db = openDatabase(':memory:');
    const connections = connectSqlite(db);
    await seedDemoData(sqliteStorage(connections));
    const count = () => db.prepare<[], { surveys: number; rows: number }>('SELECT (SELECT COUNT(*) FROM survey_configs) AS surveys, (SELECT COUNT(*) FROM survey_results) AS rows').get();
    const first = count();
    expect(first?.surveys).toBe(5);
    await seedDemoData(sqliteStorage(connections));
    expect(count()).toEqual(first);
    db.close();
  });

  it('covers every item type the form supports', async () => {
    const { ITEM_TYPES } = await import('@city/survey-core');
    const { CITIZEN_QUESTIONNAIRE } = await import('@city/demo-data');
    // Products and calendar slots need payments and slot accounting, which arrive in later issues.
    const supported = ITEM_TYPES.filter((type) => type !== 'reservation' && type !== 'selectProducts');
    expect(new Set(CITIZEN_QUESTIONNAIRE.surveySchema.map((item) => item.type))).toEqual(new Set(supported));
  });
});
