import type { EndpointName } from '@city/api-client/contract';
import { LINE_STAND_IN_PATH } from '@city/api-client/contract';
import type { RuntimeConfig } from '@city/api-client/contract';
import type { LineStandIn } from '@city/line-stand-in';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AddressInfo } from 'node:net';
import { createAuthenticate } from './auth/authenticate.js';
import { createIdTokenVerifier } from './auth/id-token.js';
import { loginRoutes } from './auth/login-routes.js';
import { registerCitizenApp } from './citizen-app.js';
import { registerConsoleApp } from './console-app.js';
import type { SqliteDatabase } from './db/database.js';
import type { SqliteConnections } from './db/sqlite-store.js';
import { connectSqlite } from './db/sqlite-store.js';
import type { Storage } from './db/storage.js';
import { openStorage, sqliteStorage } from './db/storage.js';
import { todayInJapan } from '@city/survey-core';
import { seedDemoData } from './demo-seed.js';
import { createAuditModule } from './modules/audit/module.js';
import type { CalendarsModule } from './modules/calendars/module.js';
import { createCalendarsModule } from './modules/calendars/module.js';
import { createDraftsModule } from './modules/drafts/module.js';
import { createFilesModule } from './modules/files/module.js';
import { createMembersModule } from './modules/members/module.js';
import { createPaymentsModule } from './modules/payments/module.js';
import { createRecordsModule } from './modules/records/module.js';
import { createStaffModule } from './modules/staff/module.js';
import { createSettingsModule } from './modules/settings/module.js';
import { createRecountModule } from './modules/recount/module.js';
import { createStaffOrdersModule } from './modules/payments/staff-orders-module.js';
import { createSurveysModule } from './modules/surveys/module.js';
import type { DemoStaffAccount } from './demo-staff.js';
import { DEMO_STAFF, seedDemoStaff } from './demo-staff.js';
import type { ServerConfig } from './env.js';
import { registerCompression } from './http/compression.js';
import { registerErrorHandling } from './http/error-handler.js';
import { loggerOptions } from './http/logging.js';
import { buildSerializer } from './http/serializer-compiler.js';
import { validatorCompiler } from './http/validator-compiler.js';
import { registerSecurity } from './http/security.js';
import type { PaymentProvider } from './modules/payments/provider.js';
import type { SandboxProvider } from './modules/payments/sandbox/sandbox-provider.js';
import { recordRepository } from './modules/records/repositories.js';
import type { Maintenance } from './maintenance.js';
import { startMaintenance } from './maintenance.js';
import { DEFAULT_SERVICE_TEMPLATES } from './modules/line/citizen-messages.js';
import { createLineApi } from './modules/line/line-api.js';
import type { LineModule } from './modules/line/module.js';
import { createLineModule } from './modules/line/module.js';
import { lotteryResultText, waitlistOfferText } from './modules/calendars/waitlist-messages.js';

/** Where browsers authorize with the real LINE. */
const LINE_ACCESS_BASE_URL = 'https://access.line.me';
/** Bodies larger than this are refused with 413; a 20-item survey is a few kilobytes. */
export const BODY_LIMIT_BYTES = 512 * 1024;

/**
 * Endpoints of the contract that no module serves yet: they arrive with their issues. Until then
 * their paths answer the JSON 404.
 */
export const ENDPOINTS_NOT_SERVED_YET: readonly EndpointName[] = [];

export interface BuildAppOptions {
  config: ServerConfig;
  /** An open SQLite database (the caller closes it); default: the one the configuration names. */
  db?: SqliteDatabase;
  /** Seed the demo surveys into an empty database. Default: outside production only. */
  seed?: boolean;
  logger?: boolean;
  /**
   * The clock booking rules are applied at (ms since the epoch): windows, deadlines, what a slot
   * shows. Default `Date.now`; tests set the exact minute.
   */
  now?: () => number;
  /** The payment provider; default: the one the configuration names (the sandbox outside production). */
  paymentProvider?: PaymentProvider;
  /**
   * Deliver LINE messages on a timer (every 30 s) besides right after a citizen's action. Default
   * true; tests that move the clock drive `line.runOnce()` themselves.
   */
  scheduleLineDelivery?: boolean;
  /** A lottery draw's seed (tests record theirs, to draw known winners); none: 128 random bits a draw. */
  lotterySeed?: () => string;
}

export type App = FastifyInstance & {
  lineStandIn: LineStandIn | undefined;
  /** The database, whichever engine it is. */
  storage: Storage;
  /** On SQLite, the writer connection (tests and tools reach the file through it); throws on PostgreSQL. */
  readonly db: SqliteDatabase;
  /** On SQLite, the writer and reader connections the stores use; throws on PostgreSQL. */
  readonly connections: SqliteConnections;
  /** The built citizen app is served (its index.html was found at start). */
  citizenAppServed: boolean;
  /** The built staff console is served at /console/. */
  consoleAppServed: boolean;
  /** Every route the app serves, as `METHOD path` (HEAD routes left out). */
  servedRoutes: string[];
  paymentProvider: PaymentProvider;
  /** The sandbox provider when it is the one running (outside production only), for its page and tests. */
  sandbox: SandboxProvider | undefined;
  /** The demo's staff accounts (development only), for the start to print. */
  demoStaff: readonly DemoStaffAccount[] | undefined;
  /** The maintenance job (old idempotency keys, lapsed holds), run every few minutes. */
  maintenance: Maintenance;
  /** LINE messages (service messages, reminders): its delivery, for tests and tools. */
  line: LineModule;
  /** The waitlists' queues: worked on a timer and after a cancel; tests drive `runOnce`. */
  waitlist: CalendarsModule['waitlist'];
  /** The LINE stand-in's own port (its messaging API), when the stand-in runs. */
  lineStandInUrl: string | undefined;
};

/** Builds the app (plugins, then modules). It never listens: server.ts and tests do that. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config } = options;
  const storage =
    options.db === undefined
      ? await openStorage(config)
      : sqliteStorage(connectSqlite(options.db, { configurationMaxAgeMs: config.configurationMaxAgeMs }), { keepWriter: true });

  const app = Fastify({
    ...(options.logger === true ? await loggerOptions(config.logFormat) : { logger: false }),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Compiled response serializers are shared by every app this process builds (serializer-compiler.ts).
    schemaController: { compilersFactory: { buildSerializer } },
    // TypeBox checks requests itself: unknown properties are refused, never silently dropped.
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  registerErrorHandling(app);
  const servedRoutes: string[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') servedRoutes.push(`${method} ${route.url}`);
  });
  app.addHook('onClose', () => storage.close());

  try {
    const { lineStandIn, lineStandInUrl, line, waitlist, citizenAppServed, consoleAppServed, paymentProvider, sandbox, demoStaff } = await registerEverything(app, options, storage);
    const maintenance = startMaintenance(storage, options.now ?? Date.now, (error) => {
      app.log.error({ err: error }, 'The maintenance job failed; it runs again later');
    });
    app.addHook('onClose', async () => {
      maintenance.stop();
    });
    const sqlite = () => {
      if (storage.sqlite === undefined) throw new Error('This app runs on PostgreSQL: it has no SQLite connection');
      return storage.sqlite;
    };
    return Object.defineProperties(Object.assign(app, { lineStandIn, lineStandInUrl, line, waitlist, storage, citizenAppServed, consoleAppServed, servedRoutes, paymentProvider, sandbox, demoStaff, maintenance }), {
      db: { get: () => sqlite().writer },
      connections: { get: sqlite },
    }) as App;
  } catch (error) {
    // Nothing half-built stays open.
    await storage.close();
    throw error;
  }
}

/** Plugins, stores and modules, then the citizen app, onto the app built above. */
async function registerEverything(app: FastifyInstance, options: BuildAppOptions, storage: Storage) {
  const { config } = options;
  // The LINE stand-in only when no real LINE is configured, and never in production.
  const useStandIn = config.lineApiBaseUrl === undefined && config.nodeEnv !== 'production';
  const lineStandIn = useStandIn
    ? await (await import('@city/line-stand-in')).createLineStandIn({
        channelId: config.lineChannelId,
        channelSecret: config.lineChannelSecret,
        nodeEnv: config.nodeEnv,
      })
    : undefined;
  // Where this server reaches itself (the stand-in's token call, the sandbox's notification): the
  // address it listens on, loopback when that is every interface. Never a fixed 127.0.0.1: a server
  // told HOST=192.168.1.10 does not listen there.
  const selfUrl = () => {
    const address = app.server.address() as AddressInfo | null;
    if (address === null) return 'http://127.0.0.1';
    const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
    return `http://${host.includes(':') ? `[${host}]` : host}:${String(address.port)}`;
  };
  const lineApiBaseUrl = () => config.lineApiBaseUrl ?? `${selfUrl()}${LINE_STAND_IN_PATH}`;
  // The stand-in's messaging API at the root of a port of its own (LINE's SDK drops a base URL's path).
  const standInPort = lineStandIn === undefined ? undefined : await lineStandIn.listen();
  if (standInPort !== undefined) {
    app.addHook('onClose', async () => {
      await standInPort.close();
    });
  }
  const lineMessagingApiBaseUrl = config.lineMessagingApiBaseUrl ?? standInPort?.url;
  // A message's link opens the mini-app inside LINE (its LIFF URL), or the app's public address.
  const citizenAppBase = () => (config.liffId === undefined ? (config.publicBaseUrl ?? selfUrl()) : `https://liff.line.me/${encodeURIComponent(config.liffId)}`);

  await registerSecurity(app, { corsOrigin: config.corsOrigin });
  await registerCompression(app);
  await app.register(cookie);

  const now = options.now ?? Date.now;
  // Citizens sign in with LINE (a bearer ID token); staff with the console's session cookie.
  const verifyIdToken = createIdTokenVerifier({ channelId: config.lineChannelId, channelSecret: config.lineChannelSecret, lineApiBaseUrl });
  const authenticate = createAuthenticate(verifyIdToken);
  await app.register(loginRoutes({ channelId: config.lineChannelId, channelSecret: config.lineChannelSecret, lineApiBaseUrl, verifyIdToken }));
  const staff = createStaffModule({ storage, config, now });
  const { authenticateStaff, staffNames } = staff;

  // The modules, each wired by itself over the database; what one needs of another is passed here.
  const surveys = createSurveysModule({ storage, now, authenticate, authenticateStaff });
  // Demo surveys (and their claimable demo records) never go into a production database; the
  // demo's staff accounts come with the demo calendars (test apps make the staff each test needs).
  const seeding = options.seed ?? config.nodeEnv !== 'production';
  const demoStaff = seeding && config.nodeEnv === 'development';
  if (seeding) {
    // Instances started together on one PostgreSQL seed one after another: the later ones find the
    // demo there and add nothing (each seed adds only what is missing).
    await storage.exclusively('demo-seed', async () => {
      // Test apps set up the calendars each test needs: the demo's, relative to today, would be in the way.
      await seedDemoData(storage, { calendars: config.nodeEnv !== 'test', today: todayInJapan(now()), now });
      if (demoStaff) await seedDemoStaff(staff.deps, surveys.store);
    });
  }

  const files = createFilesModule({ storage, authenticate });
  const line = createLineModule({
    storage,
    api: createLineApi({
      baseUrl: () => lineMessagingApiBaseUrl ?? 'https://api.line.me',
      miniApp: { channelId: config.lineChannelId, channelSecret: config.lineChannelSecret },
      messaging: config.lineMessagingChannel,
      now,
    }),
    now,
    templates: config.lineServiceTemplates ?? DEFAULT_SERVICE_TEMPLATES,
    bookingsLink: (surveyId) => `${citizenAppBase()}/confirmList/${encodeURIComponent(surveyId)}`,
    receiptLink: (orderId) => `${citizenAppBase()}/receipt?order=${encodeURIComponent(orderId)}`,
    logError: (error, message) => {
      app.log.error({ err: error }, message);
    },
    schedule: options.scheduleLineDelivery ?? true,
    authenticateStaff,
    staffNames,
  });
  app.addHook('onClose', async () => {
    line.stop();
    await line.settled();
  });
  const calendars = createCalendarsModule({
    storage,
    now,
    authenticate,
    authenticateStaff,
    // A freed place offered from a waitlist: told in LINE, with the link to the app's waitlist.
    waitlistOffered: (offer) => line.waitlistOffered({ userId: offer.entry.userId, entryId: offer.entry.entryId, text: waitlistOfferText(offer, `${citizenAppBase()}/waitlist`) }),
    // A lottery's results: told in LINE, each with the link to the app's waitlist (where the winner books).
    lotteryDrawn: (results) =>
      line.lotteryResults(results.map((result) => ({ userId: result.application.userId, applicationId: result.application.applicationId, text: lotteryResultText(result, `${citizenAppBase()}/waitlist`) }))),
    ...(options.lotterySeed === undefined ? {} : { lotterySeed: options.lotterySeed }),
    logError: (error, message) => {
      app.log.error({ err: error }, message);
    },
    schedule: options.scheduleLineDelivery ?? true,
  });
  app.addHook('onClose', async () => {
    calendars.waitlist.stop();
    await calendars.waitlist.settled();
  });
  const payments = await createPaymentsModule({
    storage,
    config,
    now,
    authenticate,
    provider: options.paymentProvider,
    selfUrl,
    log: app.log,
    // A booking paid for in the mini-app is confirmed in LINE once the payment is.
    onOrderPaid: (order) => line.paymentConfirmed(order.partitionKey),
  });
  const drafts = createDraftsModule({ storage, now, authenticate });
  const records = createRecordsModule({
    storage,
    now,
    unitsFreed: calendars.waitlist.runSoon,
    authenticate,
    authenticateStaff,
    isOwnUpload: files.isOwnUpload,
    settleCancelledOrder: payments.settleCancelledOrder,
    startCheckout: payments.startCheckout,
    staffNames,
    lineMessages: config.lineServiceTemplates === undefined ? undefined : line,
    logError: (error, message) => {
      app.log.error({ err: error }, message);
    },
  });
  // Withdrawing deletes the registration as deleteItem would (its rules, and the number retired).
  const members = createMembersModule({ storage, authenticate, deleteRegistration: records.deleteRecord, registrationRows: recordRepository });
  const audit = createAuditModule({ storage, authenticateStaff, staffNames });
  const settings = createSettingsModule({ storage, now, authenticateStaff, fallbackIssuer: config.receiptIssuer });
  const recounts = createRecountModule({ storage, now, authenticateStaff });
  const staffOrders = createStaffOrdersModule({
    storage,
    now,
    authenticateStaff,
    provider: payments.provider,
    payments: payments.payments,
    cancelRecord: records.cancelRecord,
    logError: (error, message) => {
      app.log.error({ err: error }, message);
    },
  });

  for (const routes of [...surveys.routes, ...records.routes, ...members.routes, ...calendars.routes, ...files.routes, ...staff.routes, ...audit.routes, ...settings.routes, ...recounts.routes, ...staffOrders.routes, ...line.routes, ...drafts.routes]) {
    await app.register(routes);
  }
  for (const { plugin, prefix } of payments.routes) await app.register(plugin, prefix === undefined ? {} : { prefix });
  const { provider: paymentProvider, sandbox } = payments;
  if (lineStandIn !== undefined) await app.register(lineStandIn.plugin, { prefix: LINE_STAND_IN_PATH });

  // The stand-in's authorize page is on this server, at whatever host and port the browser used.
  const lineAccessBaseUrl = (request: FastifyRequest) =>
    config.lineAccessBaseUrl ??
    (lineStandIn === undefined ? LINE_ACCESS_BASE_URL : `${request.protocol}://${request.host}${LINE_STAND_IN_PATH}`);
  const runtimeConfig = (request: FastifyRequest): RuntimeConfig => ({
    lineAuthorizeUrl: `${lineAccessBaseUrl(request)}/oauth2/v2.1/authorize`,
    loginAppId: config.lineChannelId,
    liffId: config.liffId ?? null,
    lineStandIn: lineStandIn !== undefined,
  });
  const citizenAppServed = await registerCitizenApp(app, { dir: config.citizenAppDir, runtimeConfig, firstScreenData: { surveyConfig: surveys.citizenSurvey, calendarWeek: calendars.citizenWeek } });
  const consoleAppServed = await registerConsoleApp(app, { dir: config.consoleAppDir });
  app.log.info(
    citizenAppServed
      ? `Serving the citizen app from ${config.citizenAppDir}`
      : `Not serving the citizen app: no index.html in ${config.citizenAppDir} (build it with \`pnpm --filter @city/liff build\`)`,
  );
  if (!consoleAppServed) app.log.info(`Not serving the staff console: no index.html in ${config.consoleAppDir} (build it with \`pnpm --filter @city/console build\`)`);
  return { lineStandIn, lineStandInUrl: standInPort?.url, line, waitlist: calendars.waitlist, citizenAppServed, consoleAppServed, paymentProvider, sandbox, demoStaff: demoStaff ? DEMO_STAFF : undefined };
}

