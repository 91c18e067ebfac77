import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { messages } from './messages.js';

/** An error meant for the caller: its status, code and (Japanese) message are sent as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

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
    } else if (isSqliteBusy(error)) {
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

/** A 404 in the one error format (the not-found handler is set in citizen-app.ts, which also serves pages). */
export function sendNotFound(reply: FastifyReply, message: string = messages.notFound, code = 'not_found'): FastifyReply {
  return reply.status(404).send({ statusCode: 404, error: 'Not Found', message, code });
}

function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT' || code === 'SQLITE_LOCKED';
}
