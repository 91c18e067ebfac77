// The audit log's repository on each engine.
import type { RepositoryFactory } from '../../db/storage.js';
import type { AuditRepository } from './audit-repository.js';
import { createPostgresAuditRepository } from './postgres-audit-repository.js';
import { createSqliteAuditRepository } from './sqlite-audit-repository.js';

export const auditRepository: RepositoryFactory<AuditRepository> = { sqlite: createSqliteAuditRepository, postgres: createPostgresAuditRepository };
