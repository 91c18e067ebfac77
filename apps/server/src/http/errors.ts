import type { FastifyReply } from 'fastify';
import { messages } from '../messages.js';

/** An error meant for the caller: its status, code and (Japanese) message are sent as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    // A 4xx is an answer, never logged with a stack (error-handler.ts logs 5xx only): no stack is
    // captured for it. Capturing one was 2% of an instance's CPU in a surge refusing 48,000 bookings.
    const stackTraceLimit = Error.stackTraceLimit;
    if (statusCode < 500) Error.stackTraceLimit = 0;
    try {
      super(message);
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
  }
}

/** The reason phrase of each status the server answers with. */
export const STATUS_TEXT: Record<number, string> = {
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

/** A 404 in the one error format (the not-found handler is set in citizen-app.ts, which also serves pages). */
export function sendNotFound(reply: FastifyReply, message: string = messages.notFound, code = 'not_found'): FastifyReply {
  return reply.status(404).send({ statusCode: 404, error: 'Not Found', message, code });
}
