// The drafts' repository on each engine.
import type { RepositoryFactory } from '../../db/storage.js';
import type { DraftRepository } from './draft-repository.js';
import { createPostgresDraftRepository } from './postgres-draft-repository.js';
import { createSqliteDraftRepository } from './sqlite-draft-repository.js';

export const draftRepository: RepositoryFactory<DraftRepository> = { sqlite: createSqliteDraftRepository, postgres: createPostgresDraftRepository };
