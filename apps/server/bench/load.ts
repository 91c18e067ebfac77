// The load generator of `pnpm bench`, in a process of its own so that it never shares an event
// loop with the server it measures. One process for the whole bench: it reads LoadSpecs as JSON,
// one per line on stdin, runs autocannon for each in turn, and answers each with one LoadResult
// as JSON on a line of stdout (a process per run cost half a second of start-up each time, too
// much for runs of a second or two).
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  durationSeconds: number;
  /**
   * One per connection: each connection is one citizen with their own headers and body, or bodies
   * sent in turn (a citizen moving a booking back and forth).
   */
  connections: { headers: Record<string, string>; body?: string; bodies?: string[] }[];
  /** Give every request its own Idempotency-Key, as the citizen app does for every submission. */
  idempotencyKeys?: boolean;
}

export interface LoadResult {
  /** How long the run took (autocannon ends a run on one of its one-second ticks). */
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  failed: number;
}

async function run(spec: LoadSpec): Promise<LoadResult> {
  let nextConnection = 0;
  const result = await autocannon({
    url: spec.url,
    method: spec.method,
    connections: spec.connections.length,
    duration: spec.durationSeconds,
    // `[<id>]` becomes a new id in every request.
    idReplacement: spec.idempotencyKeys === true,
    setupClient: (client) => {
      const connection = spec.connections[nextConnection++ % spec.connections.length];
      if (connection === undefined) throw new Error('no connection spec');
      const headers = { ...connection.headers, ...(spec.idempotencyKeys === true ? { 'idempotency-key': '[<id>]' } : {}) };
      if (connection.bodies !== undefined) {
        const jsonHeaders = { ...headers, 'content-type': 'application/json' };
        client.setRequests(connection.bodies.map((body) => ({ method: spec.method, headers: jsonHeaders, body })));
      } else if (connection.body === undefined) client.setHeaders(headers);
      else client.setHeadersAndBody({ ...headers, 'content-type': 'application/json' }, connection.body);
    },
  });
  return {
    seconds: result.duration,
    // Over the run's actual duration: autocannon's per-second average leans on a run's last,
    // partial second when runs are short.
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

// One spec at a time, in the order sent.
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === '') continue;
  process.stdout.write(`${JSON.stringify(await run(JSON.parse(line) as LoadSpec))}\n`);
}
