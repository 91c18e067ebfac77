import { endpoints } from '@city/api-client/contract';
import type { FastifyPluginAsync, FastifyRequest, FastifySchemaValidationError, onRequestAsyncHookHandler } from 'fastify';
import { contractRoute } from '../../http/contract-route.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import type { FilesDeps } from './uploads.js';
import { readOwnUpload, storeUpload } from './uploads.js';

export interface FilesModuleDeps extends FilesDeps {
  authenticate: onRequestAsyncHookHandler;
}

const { contentTypes, maxBytes } = endpoints.uploadFile;

/** The MIME type of the request body, without parameters. */
function bodyType(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** files: upload one file (its bytes as the body), and read it back (the uploader only). */
export function filesModule(deps: FilesModuleDeps): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);
    // The file arrives as it is. These parsers exist in this plugin only: JSON routes keep theirs.
    app.addContentTypeParser([...contentTypes], { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });

    contractRoute(
      app,
      endpoints.uploadFile,
      {
        successStatus: 201,
        bodyLimit: maxBytes,
        // A name over the limit is the citizen's file name, not a broken request: say so.
        attachValidation: true,
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
        const invalid = request.validationError;
        if (invalid !== undefined) {
          const problems = invalid.validation as FastifySchemaValidationError[];
          const nameTooLong = problems.every((problem) => problem.instancePath === '/name' && problem.keyword === 'maxLength');
          if (nameTooLong) throw new HttpError(400, 'invalid_file_name', messages.invalidFileName);
          throw invalid;
        }
        const data = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const file = await storeUpload(deps, request.userId, request.query.name, bodyType(request), data);
        return reply.status(201).send({ data: file });
      },
    );

    contractRoute(app, endpoints.downloadFile, {}, async (request, reply) => {
      const stored = await readOwnUpload(deps, request.userId, request.params.fileId);
      const encodedName = encodeURIComponent(stored.file.name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
      return reply
        .header('content-disposition', `attachment; filename*=UTF-8''${encodedName}`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .type(stored.file.contentType)
        .send(stored.data);
    });
  };
}
