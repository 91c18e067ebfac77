import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Answers smaller than this go as they are: a few hundred bytes fit in the first packets anyway,
 * and compressing them costs more time than it saves.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** The encodings answers are compressed with, in the order preferred. */
export type ContentEncoding = 'br' | 'gzip';

// Brotli's default level (4 of 11): per request, speed matters more than the last bytes.
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 } };

/** `text` compressed as the hook below compresses an answer (for answers prepared once, prepared-json.ts). */
export function compressText(encoding: ContentEncoding, text: string): Buffer {
  return encoding === 'br' ? brotliCompressSync(text, BROTLI_OPTIONS) : gzipSync(text);
}

/**
 * Compresses answers on the way out (brotli, else gzip, as the client accepts): the API's JSON and
 * the citizen app's index.html, which is filled in per request. The app's built files already
 * have their .br/.gz beside them, sent as they are by the static files plugin; an answer that
 * already has a Content-Encoding is left alone. Registered before every route and before the
 * static files plugin: the hook attaches to the routes added after it.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotliOptions: BROTLI_OPTIONS,
    // Requests are not inflated: no client of ours sends a compressed body, and a small
    // compressed body must not be able to expand into a large one.
    globalDecompression: false,
  });
}
