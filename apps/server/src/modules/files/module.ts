// The files module, wired: its store over the database and its routes.
import type { FileRef } from '@city/survey-core';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type { Storage } from '../../db/storage.js';
import { repositories } from '../../db/storage.js';
import { filesModule } from './routes.js';
import { fileRepository } from './repositories.js';
import { isOwnUpload } from './uploads.js';

export function createFilesModule(input: { storage: Storage; authenticate: onRequestAsyncHookHandler }): {
  routes: FastifyPluginAsync[];
  /** Whether the file is one this user uploaded (records check a submission's files with it). */
  isOwnUpload: (userId: string, file: FileRef) => Promise<boolean>;
} {
  const store = input.storage.store(repositories({ files: fileRepository }));
  return {
    routes: [filesModule({ authenticate: input.authenticate, store })],
    isOwnUpload: (userId, file) => isOwnUpload({ store }, userId, file),
  };
}
