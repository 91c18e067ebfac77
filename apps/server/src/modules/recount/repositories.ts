// The recount's repository on each engine: the same statements (recount-repository.ts).
import type { RepositoryFactory } from '../../db/storage.js';
import type { RecountRepository } from './recount-repository.js';
import { recountRepositoryOver } from './recount-repository.js';

export const recountRepository: RepositoryFactory<RecountRepository> = {
  sqlite: (db) => recountRepositoryOver((sql) => db.prepare(sql).all()),
  postgres: (db) => recountRepositoryOver(async (sql) => (await db.query<Record<string, unknown>>(sql)).rows),
};
