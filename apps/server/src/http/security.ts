import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers (helmet, with the citizen app's Content-Security-Policy), CORS for the one other
 * origin allowed to call the API, and rate limiting (off by default; routes opt in).
 */
export async function registerSecurity(app: FastifyInstance, options: { corsOrigin: string | undefined }): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      // Exactly these (no upgrade-insecure-requests: a phone on the LAN loads the development
      // server over plain http). The app's runtime configuration is inline JSON, never run.
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        // blob: for the thumbnails of photos a citizen picks (object URLs of the picked files).
        'img-src': ["'self'", 'data:', 'https:', 'blob:'],
        'connect-src': ["'self'", 'https://api.line.me', 'https://access.line.me', 'https://liffsdk.line-scdn.net', 'https://*.line-scdn.net'],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
      },
    },
  });
  await app.register(cors, {
    origin: options.corsOrigin ?? false,
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    exposedHeaders: ['Retry-After'],
    methods: ['GET', 'POST', 'DELETE'],
  });
  await app.register(rateLimit, { global: false });
}
