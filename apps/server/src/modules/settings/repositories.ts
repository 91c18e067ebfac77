// The settings' repository on each engine.
import type { RepositoryFactory } from '../../db/storage.js';
import { createPostgresSettingsRepository } from './postgres-settings-repository.js';
import type { SettingsRepository } from './settings-repository.js';
import { createSqliteSettingsRepository } from './sqlite-settings-repository.js';

export const settingsRepository: RepositoryFactory<SettingsRepository> = { sqlite: createSqliteSettingsRepository, postgres: createPostgresSettingsRepository };
