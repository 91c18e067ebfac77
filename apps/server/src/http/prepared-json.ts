// An answer many requests share (a calendar's availability, reloaded by every citizen of a surge):
// serialized once by the route's own serializer, and compressed once per encoding a client asks
// for, instead of once per request. Sent with its Content-Encoding already set, so the compression
// hook (compression.ts) leaves it as it is.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESSION_THRESHOLD_BYTES, compressText } from './compression.js';
import type { ContentEncoding } from './compression.js';

/** The encoding to send to a client that sent `acceptEncoding`: brotli, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((word) => word.trim());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    accepted.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const acceptable = (name: ContentEncoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (acceptable('br')) return 'br';
  if (acceptable('gzip')) return 'gzip';
  return undefined;
}

export class PreparedJson {
  private readonly encoded = new Map<ContentEncoding, Buffer>();

  /** @param json the answer as the route's serializer writes it (`reply.serialize`). */
  constructor(readonly json: string) {}

  /** Sends the answer to this request, compressed as its client accepts (compressed once per encoding). */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.type('application/json; charset=utf-8');
    if (this.json.length < COMPRESSION_THRESHOLD_BYTES) return reply.send(this.json);
    reply.header('vary', 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding === undefined) return reply.send(this.json);
    let body = this.encoded.get(encoding);
    if (body === undefined) {
      body = compressText(encoding, this.json);
      this.encoded.set(encoding, body);
    }
    reply.header('content-encoding', encoding);
    return reply.send(body);
  }
}
