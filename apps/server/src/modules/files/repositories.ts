// The uploaded files' repository on each engine.
import type { RepositoryFactory } from '../../db/storage.js';
import type { FileRepository } from './file-repository.js';
import { createPostgresFileRepository } from './postgres-file-repository.js';
import { createSqliteFileRepository } from './sqlite-file-repository.js';

export const fileRepository: RepositoryFactory<FileRepository> = { sqlite: createSqliteFileRepository, postgres: createPostgresFileRepository };
