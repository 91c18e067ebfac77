// Files for files items (not in the spec): the citizen uploads each file first, then puts the
// FileRef it got back into the answer; putItem accepts only the caller's own uploads.
import { randomBytes } from 'node:crypto';
import { endpoints } from '@city/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { HttpError } from '../errors.js';
import { messages } from '../messages.js';
import type { RouteOptions } from './shared.js';
import { errorResponses } from './shared.js';

const { contentTypes, maxBytes } = endpoints.uploadFile;
const FILE_URL = new RegExp(`^${endpoints.uploadFile.path}/([0-9a-f]{32})$`);
const MAX_NAME_LENGTH = 200;
// Control characters, and slashes of either kind: a name is never a path.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_NAME = /[\u0000-\u001f\u007f/\\]/;

/** Where an uploaded file is read: the url of its FileRef. */
export function fileUrl(fileId: string): string {
  return `${endpoints.uploadFile.path}/${fileId}`;
}

/** The file id in an upload's url; undefined for any other url. */
export function fileIdOfUrl(url: string): string | undefined {
  return FILE_URL.exec(url)?.[1];
}

/** The MIME type of the request body, without parameters. */
function bodyType(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export const fileRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.addHook('onRequest', deps.authenticate);
  // The file arrives as it is. These parsers exist in this plugin only: JSON routes keep theirs.
  app.addContentTypeParser([...contentTypes], { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/files',
    {
      schema: { querystring: endpoints.uploadFile.query, response: { 201: endpoints.uploadFile.response, ...errorResponses } },
      bodyLimit: maxBytes,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      // Refused before a byte of the body is read (the body limit stops a file sent without a length).
      onRequest: async (request) => {
        if (!(contentTypes as readonly string[]).includes(bodyType(request))) {
          throw new HttpError(415, 'unsupported_file_type', messages.unsupportedFileType);
        }
        if (Number(request.headers['content-length'] ?? 0) > maxBytes) {
          throw new HttpError(413, 'file_too_large', messages.fileTooLarge);
        }
      },
    },
    async (request, reply) => {
      const name = request.query.name.trim();
      if (name.length === 0 || name.length > MAX_NAME_LENGTH || FORBIDDEN_IN_NAME.test(name)) {
        throw new HttpError(400, 'invalid_file_name', messages.invalidFileName);
      }
      const data = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (data.length === 0) throw new HttpError(400, 'empty_file', messages.emptyFile);
      const file = { fileId: randomBytes(16).toString('hex'), userId: request.userId, name, contentType: bodyType(request), size: data.length };
      deps.uploads.add(file, data);
      return reply.status(201).send({ data: { name, url: fileUrl(file.fileId), contentType: file.contentType, size: file.size } });
    },
  );

  app.get(
    '/files/:fileId',
    {
      schema: {
        params: Type.Object({ fileId: Type.String({ maxLength: 64 }) }),
        // The file's bytes, sent as they are (never serialized).
        response: { 200: Type.Unknown(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const stored = deps.uploads.read(request.params.fileId);
      // Someone else's file is "not found" too.
      if (stored === undefined || stored.file.userId !== request.userId) {
        throw new HttpError(404, 'file_not_found', messages.fileNotFound);
      }
      const encodedName = encodeURIComponent(stored.file.name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
      return reply
        .header('content-disposition', `attachment; filename*=UTF-8''${encodedName}`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .type(stored.file.contentType)
        .send(stored.data);
    },
  );
};
