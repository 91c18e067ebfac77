import type { FastifyError, FastifyInstance } from 'fastify';
import { messages } from '../messages.js';
import { HttpError, STATUS_TEXT } from './errors.js';

/** The one error format: `{ statusCode, error, message, code }`; 5xx never reveal internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    let statusCode: number;
    let code: string;
    let message: string;
    let extra: Record<string, unknown> = {};
    const frameworkStatus = error instanceof HttpError ? undefined : error.statusCode;
    if (error instanceof HttpError) {
      ({ statusCode, code, extra } = error);
      message = error.message;
    } else if (isDatabaseBusy(error)) {
      statusCode = 503;
      code = 'busy';
      message = messages.busy;
      extra = { retryable: true };
    } else if (error.validation !== undefined) {
      statusCode = 400;
      code = 'invalid_request';
      message = messages.invalidRequest;
    } else if (frameworkStatus === 413) {
      statusCode = 413;
      code = 'body_too_large';
      message = messages.bodyTooLarge;
    } else if (frameworkStatus === 429) {
      statusCode = 429;
      code = 'too_many_requests';
      message = messages.tooManyRequests;
    } else if (frameworkStatus !== undefined && frameworkStatus < 500) {
      // Fastify's own client errors: bad JSON, wrong content type, and the like.
      statusCode = frameworkStatus;
      code = 'invalid_request';
      message = messages.invalidRequest;
    } else {
      statusCode = 500;
      code = 'internal';
      message = messages.internal;
    }
    if (statusCode >= 500 && code !== 'busy') request.log.error({ err: error }, 'request failed');
    void reply.status(statusCode).send({ statusCode, error: STATUS_TEXT[statusCode] ?? 'Error', message, code, ...extra });
  });
}

/**
 * Whether the database gave up waiting for another writer: SQLite's busy timeout, or PostgreSQL's
 * lock_timeout (55P03, lock_not_available; see db/postgres.ts). Nothing was written: retryable.
 */
export function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT' || code === 'SQLITE_LOCKED' || code === '55P03';
}
