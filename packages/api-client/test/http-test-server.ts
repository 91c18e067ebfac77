// A real HTTP server on 127.0.0.1 (port 0) that records every request and answers as each test
// tells it: a JSON reply, a dropped connection (the client sees a network error), or no answer.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  /** The body parsed as JSON, when it was sent as JSON. */
  body: unknown;
  /** The body as sent. */
  rawBody: Buffer;
}

export type Reply =
  | { status: number; body?: unknown; headers?: Record<string, string>; raw?: string }
  | 'drop-connection'
  | 'never-answer';

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  /** Decides the reply to each request; the default answers 200 `{ data: 'ok' }`. */
  respond: (handler: (request: RecordedRequest) => Reply) => void;
  close: () => Promise<void>;
}

export async function startTestServer(): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  let handler: (request: RecordedRequest) => Reply = () => ({ status: 200, body: { data: 'ok' } });

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const rawBody = Buffer.concat(chunks);
      const json = /^application\/json/.test(req.headers['content-type'] ?? '') && rawBody.length > 0;
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: json ? (JSON.parse(rawBody.toString('utf8')) as unknown) : undefined,
        rawBody,
      };
      requests.push(recorded);
      const reply = handler(recorded);
      if (reply === 'never-answer') return;
      if (reply === 'drop-connection') {
        req.socket.destroy();
        return;
      }
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.raw ?? JSON.stringify(reply.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond: (next) => {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** A clock the test moves by hand: timers fire only when `advance` passes their time. */
export class ManualClock {
  time = 0;
  private nextId = 1;
  private timers: { id: number; at: number; ms: number; callback: () => void }[] = [];

  now = (): number => this.time;

  setTimeout = (callback: () => void, ms: number): unknown => {
    const id = this.nextId++;
    this.timers.push({ id, at: this.time + ms, ms, callback });
    return id;
  };

  clearTimeout = (handle: unknown): void => {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  };

  /** The delays of the timers still waiting, in the order they were set. */
  pendingDelays(): number[] {
    return this.timers.map((timer) => timer.ms);
  }

  advance(ms: number): void {
    this.time += ms;
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= this.time).sort((a, b) => a.at - b.at)[0];
      if (due === undefined) return;
      this.clearTimeout(due.id);
      due.callback();
    }
  }
}
