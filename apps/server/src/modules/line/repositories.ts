// The LINE messages module's repository on each engine.
import type { RepositoryFactory } from '../../db/storage.js';
import type { LineMessageRepository } from './message-repository.js';
import { createPostgresLineMessageRepository } from './postgres-message-repository.js';
import { createSqliteLineMessageRepository } from './sqlite-message-repository.js';

export const lineMessageRepository: RepositoryFactory<LineMessageRepository> = {
  sqlite: createSqliteLineMessageRepository,
  postgres: createPostgresLineMessageRepository,
};
