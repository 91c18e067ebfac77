import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { LogController } from 'fastify';
import type { LogFormat } from '../env.js';

/** A login URL carries LINE's one-time code: it never reaches the logs. */
export function loggedUrl(url: string): string {
  return url.replace(/([?&](?:code|state)=)[^&]*/g, '$1***');
}

/**
 * For a person at a terminal: one line per request once it is answered (`GET /login 200 3.1 ms`)
 * instead of Fastify's two lines of objects.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // Told with its outcome, below.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = `${request.method} ${loggedUrl(request.url)} ${String(reply.statusCode)} ${reply.elapsedTime.toFixed(1)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}

/**
 * The logger's settings: JSON lines, as log collectors read them (Fastify's own request lines), or,
 * for a person at a development terminal, pino-pretty writing one short line per event (imported
 * only then: production never loads it).
 */
export async function loggerOptions(format: LogFormat): Promise<Pick<FastifyServerOptions, 'logger' | 'logController'>> {
  const serializers = {
    req: (request: { method: string; url: string }) => ({ method: request.method, url: loggedUrl(request.url) }),
  };
  if (format === 'json') return { logger: { serializers } };
  const { default: pretty } = await import('pino-pretty');
  return {
    logger: { serializers, stream: pretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId' }) },
    logController: new OneLinePerRequest(),
  };
}
