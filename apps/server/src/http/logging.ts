import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { LogController } from 'fastify';
import { hostname } from 'node:os';
import { pino } from 'pino';
import type { LogFormat } from '../env.js';

/** Whether a logger at `level` writes info lines. */
const infoEnabled = (level: string) => (pino.levels.values[level] ?? Infinity) <= 30; // pino's info

/** What pino writes after the time on every line: its default base bindings (process id, host name). */
const PROCESS_BINDINGS = `,"pid":${String(process.pid)},"hostname":${JSON.stringify(hostname())}`;

/** A login URL carries LINE's one-time code: it never reaches the logs. */
export function loggedUrl(url: string): string {
  // Most URLs carry neither: no regular expression run for them.
  if (!url.includes('code=') && !url.includes('state=')) return url;
  return url.replace(/([?&](?:code|state)=)[^&]*/g, '$1***');
}

/**
 * One line per request, written once it is answered, instead of Fastify's two (`incoming request`
 * and `request completed`, each with serialized request or reply objects; about 6% of the CPU under
 * load). For log collectors a compact JSON object (`{"level":30,…,"reqId":"req-1","method":"GET",
 * "url":"/login","status":200,"ms":3.1}`, the reqId from the request's logger, which Fastify makes
 * anyway); for a person at a terminal a short sentence (`GET /login 200 3.1 ms`).
 */
class OneLinePerRequest extends LogController {
  /**
   * `writeJsonLine`: the JSON destination, for the request's line written as pino would write it
   * (`{"level":30,"time":…,"pid":…,"hostname":…,"reqId":…,"method":…}`) but put together here:
   * pino's general serialization of the object was 3-4 µs of every request.
   */
  constructor(
    private readonly format: LogFormat,
    private readonly writeJsonLine?: (line: string) => void,
  ) {
    super();
  }

  override incomingRequest(): void {
    // Told with its outcome, below.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const url = loggedUrl(request.url);
    if (this.format === 'json') {
      const line = { method: request.method, url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
      if (error) reply.log.error({ ...line, err: error }, error.message);
      else if (this.writeJsonLine === undefined || !infoEnabled(reply.log.level)) reply.log.info(line);
      else {
        this.writeJsonLine(
          `{"level":30,"time":${String(Date.now())}${PROCESS_BINDINGS},"reqId":${JSON.stringify(request.id)},"method":${JSON.stringify(line.method)},"url":${JSON.stringify(url)},"status":${String(line.status)},"ms":${String(line.ms)}}\n`,
        );
      }
      return;
    }
    const line = `${request.method} ${url} ${String(reply.statusCode)} ${reply.elapsedTime.toFixed(1)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}

/**
 * The logger's settings: JSON lines, as log collectors read them, or, for a person at a development
 * terminal, pino-pretty writing one short line per event (imported only then: production never
 * loads it). Either way one line per request (above).
 */
export async function loggerOptions(format: LogFormat): Promise<Pick<FastifyServerOptions, 'logger' | 'logController'>> {
  // For the lines that still carry the request (Fastify's own, for an error its handler logs).
  const serializers = {
    req: (request: { method: string; url: string }) => ({ method: request.method, url: loggedUrl(request.url) }),
  };
  if (format === 'json') {
    const stream = bufferedStandardOutput();
    return { logger: { serializers, stream }, logController: new OneLinePerRequest(format, (line) => stream.write(line)) };
  }
  const logController = new OneLinePerRequest(format);
  const { default: pretty } = await import('pino-pretty');
  return {
    logger: { serializers, stream: pretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId' }) },
    logController,
  };
}

/**
 * Standard output, written a few kilobytes at a time instead of one system call per line (a
 * write per request was 4% of the CPU under load): a line waits at most a second (sonic-boom's
 * periodic flush), and what is buffered is written when the process exits.
 * Each chunk is written synchronously, as pino writes standard output by default: an asynchronous
 * write goes through libuv's thread pool and its callback, which measured 3.7 µs a line against
 * 2.0 (200 000 lines, 4 KiB chunks, to a file).
 */
function bufferedStandardOutput() {
  const stream = pino.destination({ dest: 1, sync: true, minLength: 4096, periodicFlush: 1000 });
  // pino flushes its asynchronous destinations when the process exits, not a synchronous one with
  // a buffer: without this, the lines of the last second before a stop would be lost.
  process.once('exit', () => {
    try {
      stream.flushSync();
    } catch {
      // Standard output already closed: nothing can be written any more.
    }
  });
  return stream;
}
