// The files module, wired: its store over the database and its routes.
import type { FileRef } from '@city/survey-core';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type { SqliteConnections } from '../../db/sqlite-store.js';
import { sqliteStore } from '../../db/sqlite-store.js';
import { filesModule } from './routes.js';
import { createSqliteFileRepository } from './sqlite-file-repository.js';
import { isOwnUpload } from './uploads.js';

export function createFilesModule(input: { connections: SqliteConnections; authenticate: onRequestAsyncHookHandler }): {
  routes: FastifyPluginAsync[];
  /** Whether the file is one this user uploaded (records check a submission's files with it). */
  isOwnUpload: (userId: string, file: FileRef) => Promise<boolean>;
} {
  const store = sqliteStore(input.connections, (connection) => ({ files: createSqliteFileRepository(connection) }));
  return {
    routes: [filesModule({ authenticate: input.authenticate, store })],
    isOwnUpload: (userId, file) => isOwnUpload({ store }, userId, file),
  };
}
