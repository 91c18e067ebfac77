// Every repository a records transaction works with, over one SQLite connection (see RecordRepositories).
import type { ConfigurationCache } from '../../db/configuration-cache.js';
import type { SqliteDatabase } from '../../db/database.js';
import { createSqliteAuditRepository } from '../audit/sqlite-audit-repository.js';
import { createSqliteCalendarRepository } from '../calendars/sqlite-calendar-repository.js';
import { createSqliteMemberNumberRepository } from '../members/sqlite-member-number-repository.js';
import { createSqliteOrderRepository } from '../orders/sqlite-order-repository.js';
import { createSqliteSurveyRepository } from '../surveys/sqlite-survey-repository.js';
import type { RecordRepositories } from './records.js';
import { createSqliteIdempotencyRepository } from './sqlite-idempotency-repository.js';
import { createSqliteLookupGuardRepository } from './sqlite-lookup-guard-repository.js';
import { createSqliteRecordEventRepository } from './sqlite-record-event-repository.js';
import { createSqliteRecordRepository } from './sqlite-record-repository.js';
import { createSqliteRecordSearchRepository } from './sqlite-record-search-repository.js';

export function createSqliteRecordRepositories(connection: SqliteDatabase, configuration?: ConfigurationCache): RecordRepositories {
  return {
    records: createSqliteRecordRepository(connection),
    idempotency: createSqliteIdempotencyRepository(connection),
    lookupGuards: createSqliteLookupGuardRepository(connection),
    surveys: createSqliteSurveyRepository(connection, configuration),
    calendars: createSqliteCalendarRepository(connection, configuration),
    orders: createSqliteOrderRepository(connection),
    members: createSqliteMemberNumberRepository(connection),
    events: createSqliteRecordEventRepository(connection),
    audit: createSqliteAuditRepository(connection),
    search: createSqliteRecordSearchRepository(connection),
  };
}
