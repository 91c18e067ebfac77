import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** A hash of the JSON body exactly as sent, when the request carries an Idempotency-Key ('' otherwise). */
    bodyHash: string;
  }
}

/**
 * Ties an Idempotency-Key to the request it came with by a hash of the body as sent, taken while it
 * is parsed (Fastify's own JSON parser, its prototype-poisoning checks included): no serialising
 * of the parsed body again. For the routes of the plugin `app` only.
 */
export function hashIdempotentBodies(app: FastifyInstance): void {
  app.decorateRequest('bodyHash', '');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (request.headers['idempotency-key'] !== undefined) request.bodyHash = createHash('sha256').update(text).digest('base64url');
    void parseJson(request, text, done);
  });
}

/** What a request's Idempotency-Key is remembered with: its key and the hash of its body, or nothing without a key. */
export function idempotencyOf(request: FastifyRequest): { key: string; bodyHash: string } | undefined {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' ? { key, bodyHash: request.bodyHash } : undefined;
}
