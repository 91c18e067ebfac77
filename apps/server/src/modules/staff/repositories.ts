// The staff accounts' repository on each engine.
import type { RepositoryFactory } from '../../db/storage.js';
import { createPostgresStaffRepository } from './postgres-staff-repository.js';
import { createSqliteStaffRepository } from './sqlite-staff-repository.js';
import type { StaffRepository } from './staff-repository.js';

export const staffRepository: RepositoryFactory<StaffRepository> = { sqlite: createSqliteStaffRepository, postgres: createPostgresStaffRepository };
