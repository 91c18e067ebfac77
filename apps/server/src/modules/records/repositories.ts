// The records module's repositories on each engine, and the set a record's transaction works with.
import type { RepositoryFactory } from '../../db/storage.js';
import { repositories } from '../../db/storage.js';
import { auditRepository } from '../audit/repositories.js';
import { calendarRepository } from '../calendars/repositories.js';
import { draftRepository } from '../drafts/repositories.js';
import { memberNumberRepository } from '../members/repositories.js';
import { orderRepository } from '../orders/repositories.js';
import { surveyRepository } from '../surveys/repositories.js';
import type { IdempotencyRepository } from './idempotency-repository.js';
import type { LookupGuardRepository } from './lookup-guard-repository.js';
import { createPostgresIdempotencyRepository } from './postgres-idempotency-repository.js';
import { createPostgresLookupGuardRepository } from './postgres-lookup-guard-repository.js';
import { createPostgresRecordEventRepository } from './postgres-record-event-repository.js';
import { createPostgresRecordRepository } from './postgres-record-repository.js';
import { createPostgresRecordSearchRepository } from './postgres-record-search-repository.js';
import type { RecordEventRepository } from './record-event-repository.js';
import type { RecordRepository } from './record-repository.js';
import type { RecordSearchRepository } from './record-search-repository.js';
import type { RecordRepositories } from './records.js';
import { createSqliteIdempotencyRepository } from './sqlite-idempotency-repository.js';
import { createSqliteLookupGuardRepository } from './sqlite-lookup-guard-repository.js';
import { createSqliteRecordEventRepository } from './sqlite-record-event-repository.js';
import { createSqliteRecordRepository } from './sqlite-record-repository.js';
import { createSqliteRecordSearchRepository } from './sqlite-record-search-repository.js';

export const recordRepository: RepositoryFactory<RecordRepository> = { sqlite: createSqliteRecordRepository, postgres: createPostgresRecordRepository };
export const idempotencyRepository: RepositoryFactory<IdempotencyRepository> = { sqlite: createSqliteIdempotencyRepository, postgres: createPostgresIdempotencyRepository };
export const lookupGuardRepository: RepositoryFactory<LookupGuardRepository> = { sqlite: createSqliteLookupGuardRepository, postgres: createPostgresLookupGuardRepository };
export const recordEventRepository: RepositoryFactory<RecordEventRepository> = { sqlite: createSqliteRecordEventRepository, postgres: createPostgresRecordEventRepository };
export const recordSearchRepository: RepositoryFactory<RecordSearchRepository> = { sqlite: createSqliteRecordSearchRepository, postgres: createPostgresRecordSearchRepository };

/** Every repository a records transaction works with (see RecordRepositories). */
export const recordRepositories: RepositoryFactory<RecordRepositories> = repositories<RecordRepositories>({
  records: recordRepository,
  idempotency: idempotencyRepository,
  lookupGuards: lookupGuardRepository,
  surveys: surveyRepository,
  calendars: calendarRepository,
  orders: orderRepository,
  members: memberNumberRepository,
  events: recordEventRepository,
  audit: auditRepository,
  search: recordSearchRepository,
  drafts: draftRepository,
});
