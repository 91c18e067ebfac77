// A bare HTTP/1.1 client for the surge's citizens (surge-load.ts): keep-alive connections to one
// origin, one request at a time on each, requests written in one piece, answers read by
// Content-Length or chunks. The surge's load shares this machine's two cores with the servers it
// measures; undici spent about three times this client's CPU a request, CPU the servers then lacked.
// Enough HTTP for our own server's answers, not a general client: no redirects, no 100-continue,
// no trailers, no pipelining, no timeouts; anything else (bytes no request asked for, an answer
// without a length) fails the connection, and with it the request.
import net from 'node:net';

export interface BareResponse {
  status: number;
  /** Header names in lower case. */
  headers: Map<string, string>;
  body: Buffer;
}

interface PendingRequest {
  bytes: Buffer;
  resolve: (response: BareResponse) => void;
  reject: (error: Error) => void;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** One keep-alive connection: sends a request, reads its answer, then takes the next. */
class Connection {
  private readonly socket: net.Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private current: PendingRequest | undefined;
  closed = false;

  constructor(
    host: string,
    port: number,
    private readonly events: { free: (connection: Connection) => void; closed: (connection: Connection) => void },
  ) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      // Bytes nobody asked for would be read as the next request's answer.
      if (this.current === undefined) {
        this.socket.destroy(new Error('bytes arrived with no request waiting'));
        return;
      }
      this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
      this.readAnswer();
    });
    const fail = (error: Error) => {
      if (this.closed && this.current === undefined) return;
      this.closed = true;
      const current = this.current;
      this.current = undefined;
      current?.reject(error);
      this.events.closed(this);
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => { fail(new Error('the connection closed')); });
  }

  send(request: PendingRequest): void {
    this.current = request;
    this.socket.write(request.bytes);
  }

  close(): void {
    this.socket.destroy();
  }

  private readAnswer(): void {
    const request = this.current;
    if (request === undefined) return;
    const headerEnd = this.buffered.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const lines = this.buffered.toString('latin1', 0, headerEnd).split('\r\n');
    const status = Number(lines[0]?.split(' ')[1]);
    const headers = new Map<string, string>();
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const bodyStart = headerEnd + HEADER_END.length;
    let body: Buffer;
    let rest: Buffer;
    if (headers.get('transfer-encoding')?.toLowerCase() === 'chunked') {
      const chunks: Buffer[] = [];
      let at = bodyStart;
      for (;;) {
        const lineEnd = this.buffered.indexOf('\r\n', at);
        if (lineEnd < 0) return; // more to come
        const sizeText = this.buffered.toString('latin1', at, lineEnd);
        const size = Number.parseInt(sizeText, 16);
        if (!/^[0-9a-fA-F]+$/.test(sizeText.split(';')[0] ?? '')) {
          this.socket.destroy(new Error(`a chunk size that is not hexadecimal: ${sizeText}`));
          return;
        }
        if (this.buffered.length < lineEnd + 2 + size + 2) return;
        if (size === 0) {
          at = lineEnd + 4;
          break;
        }
        chunks.push(this.buffered.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      body = Buffer.concat(chunks);
      rest = this.buffered.subarray(at);
    } else {
      // Our server sends a length or chunks; an answer with neither (or a length that is no number)
      // could not be told from the next one.
      const length = status === 204 || status === 304 ? 0 : Number(headers.get('content-length'));
      if (!Number.isSafeInteger(length) || length < 0) {
        this.socket.destroy(new Error('an answer without a usable Content-Length'));
        return;
      }
      if (this.buffered.length < bodyStart + length) return;
      body = this.buffered.subarray(bodyStart, bodyStart + length);
      rest = this.buffered.subarray(bodyStart + length);
    }
    this.buffered = rest;
    this.current = undefined;
    request.resolve({ status, headers, body });
    if (headers.get('connection')?.toLowerCase() === 'close') {
      this.closed = true;
      this.socket.end();
      this.events.closed(this);
    } else {
      this.events.free(this);
    }
  }
}

/** Up to `size` keep-alive connections to `origin` (http://host:port); requests wait for a free one. */
export class BareHttpPool {
  private readonly host: string;
  private readonly port: number;
  private readonly free: Connection[] = [];
  private readonly waiting: PendingRequest[] = [];
  private readonly all = new Set<Connection>();

  constructor(origin: string, private readonly size: number) {
    const url = new URL(origin);
    this.host = url.hostname;
    this.port = Number(url.port);
  }

  /** Sends `head` (request line and headers, without the blank line) and `body`; Host and Content-Length are added. */
  request(head: string, body?: string): Promise<BareResponse> {
    const bodyBytes = body === undefined ? undefined : Buffer.from(body, 'utf8');
    const length = bodyBytes === undefined ? '' : `content-length: ${String(bodyBytes.length)}\r\n`;
    const bytes = Buffer.from(`${head}\r\nhost: ${this.host}:${String(this.port)}\r\n${length}\r\n`, 'latin1');
    return new Promise((resolve, reject) => {
      const pending = { bytes: bodyBytes === undefined ? bytes : Buffer.concat([bytes, bodyBytes]), resolve, reject };
      const connection = this.takeConnection();
      if (connection === undefined) this.waiting.push(pending);
      else connection.send(pending);
    });
  }

  close(): void {
    for (const connection of this.all) connection.close();
  }

  private takeConnection(): Connection | undefined {
    for (let connection = this.free.pop(); connection !== undefined; connection = this.free.pop()) {
      if (!connection.closed) return connection;
    }
    if (this.all.size >= this.size) return undefined;
    const connection = new Connection(this.host, this.port, {
      free: (freed) => {
        const next = this.waiting.shift();
        if (next === undefined) this.free.push(freed);
        else freed.send(next);
      },
      closed: (gone) => {
        // A request waiting for a connection gets a new one in its place.
        this.all.delete(gone);
        const next = this.waiting.shift();
        if (next === undefined) return;
        const replacement = this.takeConnection();
        if (replacement === undefined) this.waiting.unshift(next);
        else replacement.send(next);
      },
    });
    this.all.add(connection);
    return connection;
  }
}
