import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

/**
 * The citizen app's Content-Security-Policy. Exactly these directives (no upgrade-insecure-requests:
 * a phone on the LAN loads the development server over plain http). The app's runtime configuration
 * is inline JSON, never run.
 */
const CSP_DIRECTIVES: Record<string, readonly string[]> = {
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
};

/** Written as helmet wrote it (`name value;name value`), once at start instead of per request. */
export const CONTENT_SECURITY_POLICY = Object.entries(CSP_DIRECTIVES)
  .map(([name, values]) => `${name} ${values.join(' ')}`)
  .join(';');

/**
 * What helmet 8 sent by default besides the policy, with the same values. (Helmet also removed
 * X-Powered-By, which neither Fastify nor anything here sets.)
 */
export const SECURITY_HEADERS: readonly (readonly [name: string, value: string])[] = [
  ['cross-origin-opener-policy', 'same-origin'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'no-referrer'],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
];

/**
 * What the API's JSON answers carry of {@link SECURITY_HEADERS}: those a browser applies to any
 * answer (OWASP's REST Security Cheat Sheet: HSTS, nosniff, framing refused; and CORP, so no other
 * site's page can load a citizen's data). The others act only where a document is rendered
 * (opener, agent cluster, DNS prefetch, referrer of its requests, the old XSS auditor) or in
 * software long gone (IE8 downloads, Flash policy files), and each header is work on every answer.
 */
export const API_SECURITY_HEADERS: readonly (readonly [name: string, value: string])[] = SECURITY_HEADERS.filter(([name]) =>
  ['cross-origin-resource-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options'].includes(name),
);

/**
 * Security headers, CORS for the one other origin allowed to call the API, and rate limiting (off
 * by default; routes opt in).
 *
 * The headers are fixed strings set by one hook as the answer goes out (JSON answers the API's
 * subset, everything else all of them): @fastify/helmet rebuilt its
 * middleware and parsed the policy again on every request (about 5% of the CPU under load). A
 * header a route set itself is kept, as it was with helmet. The policy only matters where a browser
 * renders a document, so it goes on HTML answers only, and never over a policy of the page's own
 * (the payment sandbox's page).
 */
export async function registerSecurity(app: FastifyInstance, options: { corsOrigin: string | undefined }): Promise<void> {
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    const json = typeof type === 'string' && type.startsWith('application/json');
    for (const [name, value] of json ? API_SECURITY_HEADERS : SECURITY_HEADERS) if (!reply.hasHeader(name)) void reply.header(name, value);
    if (typeof type === 'string' && type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      void reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    }
    done(null, payload);
  });
  // Only when another origin is allowed: without one the plugin would answer nothing anyway, yet
  // run its hook (and copy its options) on every request.
  if (options.corsOrigin !== undefined) {
    await app.register(cors, {
      origin: options.corsOrigin,
      allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Line-Access-Token'],
      exposedHeaders: ['Retry-After'],
      methods: ['GET', 'POST', 'DELETE'],
    });
  }
  await app.register(rateLimit, { global: false });
}
