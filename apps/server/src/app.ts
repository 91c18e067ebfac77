import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AddressInfo } from 'node:net';
import { createAuthenticate } from './auth/authenticate.js';
import { createIdTokenVerifier } from './auth/id-token.js';
import type { RuntimeConfig } from '@city/api-client/contract';
import { registerCitizenApp } from './citizen-app.js';
import type { SqliteDatabase } from './db/database.js';
import { openDatabase } from './db/database.js';
import { seedDemoData } from './db/seed.js';
import type { LineStandIn } from '@city/line-stand-in';
import { createLineStandIn } from '@city/line-stand-in';
import type { ServerConfig } from './env.js';
import { registerErrorHandling } from './errors.js';
import { createSurveyConfigRepository } from './repositories/survey-configs.js';
import { createSurveyResultRepository } from './repositories/survey-results.js';
import { createIdempotencyRepository, createLookupFailureRepository } from './repositories/submission-guards.js';
import { createUploadedFileRepository } from './repositories/uploaded-files.js';
import { fileRoutes } from './routes/files.js';
import { loginRoutes } from './routes/login.js';
import { reservationRoutes } from './routes/reservation.js';
import { surveyConfigRoutes } from './routes/survey-configs.js';
import { surveyResultRoutes } from './routes/survey-results.js';

export const API_PREFIX = '/survey/api/v1/db';
export const LINE_STAND_IN_PREFIX = '/__dev/line';
/** Where browsers authorize with the real LINE. */
const LINE_ACCESS_BASE_URL = 'https://access.line.me';
/** Bodies larger than this are refused with 413; a 20-item survey is a few kilobytes. */
export const BODY_LIMIT_BYTES = 512 * 1024;

export interface BuildAppOptions {
  config: ServerConfig;
  /** An open database; default: open `config.databasePath`. */
  db?: SqliteDatabase;
  /** Seed the demo surveys into an empty database. Default: outside production only. */
  seed?: boolean;
  logger?: boolean;
}

export type App = FastifyInstance & {
  lineStandIn: LineStandIn | undefined;
  db: SqliteDatabase;
  /** The built citizen app is served (its index.html was found at start). */
  citizenAppServed: boolean;
};

/** Builds the app (plugins, then routes). It never listens: server.ts and tests do that. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config } = options;
  const db = options.db ?? openDatabase(config.databasePath);
  // Demo surveys (and their claimable demo records) never go into a production database.
  if (options.seed ?? config.nodeEnv !== 'production') seedDemoData(db);

  const app = Fastify({
    logger: (options.logger ?? false) && {
      // A login URL carries LINE's one-time code: keep it out of the logs.
      serializers: {
        req: (request: { method: string; url: string }) => ({
          method: request.method,
          url: request.url.replace(/([?&](?:code|state)=)[^&]*/g, '$1***'),
        }),
      },
    },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // TypeBox checks requests itself: unknown properties are refused, never silently dropped.
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(TypeBoxValidatorCompiler);
  registerErrorHandling(app);

  // The LINE stand-in only when no real LINE is configured, and never in production.
  const useStandIn = config.lineApiBaseUrl === undefined && config.nodeEnv !== 'production';
  const lineStandIn = useStandIn
    ? await createLineStandIn({ channelId: config.lineChannelId, channelSecret: config.lineChannelSecret, nodeEnv: config.nodeEnv })
    : undefined;
  const selfUrl = () => {
    const address = app.server.address() as AddressInfo | null;
    return address === null ? 'http://127.0.0.1' : `http://127.0.0.1:${address.port}`;
  };
  const lineApiBaseUrl = () => config.lineApiBaseUrl ?? `${selfUrl()}${LINE_STAND_IN_PREFIX}`;

  await app.register(helmet, {
    contentSecurityPolicy: {
      // Exactly these (no upgrade-insecure-requests: a phone on the LAN loads the development
      // server over plain http). The app's runtime configuration is inline JSON, never run.
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'https:'],
        'connect-src': ["'self'", 'https://api.line.me', 'https://access.line.me', 'https://liffsdk.line-scdn.net', 'https://*.line-scdn.net'],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
      },
    },
  });
  await app.register(cors, {
    origin: config.corsOrigin ?? false,
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    exposedHeaders: ['Retry-After'],
    methods: ['GET', 'POST', 'DELETE'],
  });
  await app.register(rateLimit, { global: false });

  const verifyIdToken = createIdTokenVerifier({
    channelId: config.lineChannelId,
    channelSecret: config.lineChannelSecret,
    lineApiBaseUrl,
  });
  const deps = {
    config,
    authenticate: createAuthenticate(verifyIdToken),
    verifyIdToken,
    lineApiBaseUrl,
    surveys: createSurveyConfigRepository(db),
    results: createSurveyResultRepository(db),
    idempotency: createIdempotencyRepository(db),
    lookupFailures: createLookupFailureRepository(db),
    uploads: createUploadedFileRepository(db),
  };

  await app.register(loginRoutes, { prefix: API_PREFIX, deps });
  await app.register(surveyConfigRoutes, { prefix: API_PREFIX, deps });
  await app.register(surveyResultRoutes, { prefix: API_PREFIX, deps });
  await app.register(reservationRoutes, { prefix: API_PREFIX, deps });
  await app.register(fileRoutes, { prefix: API_PREFIX, deps });
  if (lineStandIn !== undefined) await app.register(lineStandIn.plugin, { prefix: LINE_STAND_IN_PREFIX });

  // The stand-in's authorize page is on this server, at whatever host and port the browser used.
  const lineAccessBaseUrl = (request: FastifyRequest) =>
    config.lineAccessBaseUrl ??
    (lineStandIn === undefined ? LINE_ACCESS_BASE_URL : `${request.protocol}://${request.host}${LINE_STAND_IN_PREFIX}`);
  const runtimeConfig = (request: FastifyRequest): RuntimeConfig => ({
    lineAuthorizeUrl: `${lineAccessBaseUrl(request)}/oauth2/v2.1/authorize`,
    loginAppId: config.lineChannelId,
    liffId: config.liffId ?? null,
    lineStandIn: lineStandIn !== undefined,
  });
  const citizenAppServed = await registerCitizenApp(app, { dir: config.citizenAppDir, runtimeConfig });
  app.log.info(
    citizenAppServed
      ? `Serving the citizen app from ${config.citizenAppDir}`
      : `Not serving the citizen app: no index.html in ${config.citizenAppDir} (build it with \`pnpm --filter @city/liff build\`)`,
  );

  app.addHook('onClose', () => {
    if (options.db === undefined) db.close();
  });
  return Object.assign(app, { lineStandIn, db, citizenAppServed });
}

export type RouteDeps = {
  config: ServerConfig;
  authenticate: ReturnType<typeof createAuthenticate>;
  verifyIdToken: ReturnType<typeof createIdTokenVerifier>;
  lineApiBaseUrl: () => string;
  surveys: ReturnType<typeof createSurveyConfigRepository>;
  results: ReturnType<typeof createSurveyResultRepository>;
  idempotency: ReturnType<typeof createIdempotencyRepository>;
  lookupFailures: ReturnType<typeof createLookupFailureRepository>;
  uploads: ReturnType<typeof createUploadedFileRepository>;
};
