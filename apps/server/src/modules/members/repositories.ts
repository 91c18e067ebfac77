// The member numbers' repository on each engine.
import type { RepositoryFactory } from '../../db/storage.js';
import type { MemberNumberRepository } from './member-number-repository.js';
import { createPostgresMemberNumberRepository } from './postgres-member-number-repository.js';
import { createSqliteMemberNumberRepository } from './sqlite-member-number-repository.js';

export const memberNumberRepository: RepositoryFactory<MemberNumberRepository> = { sqlite: createSqliteMemberNumberRepository, postgres: createPostgresMemberNumberRepository };
