// The load generator of `pnpm bench`, in a process of its own so that it never shares an event
// loop with the server it measures. Reads one LoadSpec as JSON on stdin, runs autocannon, and
// prints one LoadResult as JSON on stdout.
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
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  failed: number;
}

const spec = JSON.parse(await new Response(process.stdin).text()) as LoadSpec;
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
const output: LoadResult = {
  requestsPerSecond: result.requests.average,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  requests: result.requests.total,
  failed: result.non2xx + result.errors + result.timeouts,
};
process.stdout.write(JSON.stringify(output));
