// The calendars module's repositories on each engine: reads and claims, and the administration's writes.
import type { RepositoryFactory } from '../../db/storage.js';
import type { CalendarRepository } from './calendar-repository.js';
import type { CalendarImportRepository } from './import/calendar-import-repository.js';
import { createPostgresCalendarImportRepository } from './import/postgres-calendar-import-repository.js';
import { createSqliteCalendarImportRepository } from './import/sqlite-calendar-import-repository.js';
import { createPostgresCalendarRepository } from './postgres-calendar-repository.js';
import { createSqliteCalendarRepository } from './sqlite-calendar-repository.js';
import { createPostgresWaitlistRepository } from './postgres-waitlist-repository.js';
import { createSqliteWaitlistRepository } from './sqlite-waitlist-repository.js';
import type { WaitlistRepository } from './waitlist-repository.js';
import type { LotteryRepository } from './lottery-repository.js';
import { createPostgresLotteryRepository } from './postgres-lottery-repository.js';
import { createSqliteLotteryRepository } from './sqlite-lottery-repository.js';

export const calendarRepository: RepositoryFactory<CalendarRepository> = { sqlite: createSqliteCalendarRepository, postgres: createPostgresCalendarRepository };
export const calendarImportRepository: RepositoryFactory<CalendarImportRepository> = { sqlite: createSqliteCalendarImportRepository, postgres: createPostgresCalendarImportRepository };
export const waitlistRepository: RepositoryFactory<WaitlistRepository> = { sqlite: createSqliteWaitlistRepository, postgres: createPostgresWaitlistRepository };
export const lotteryRepository: RepositoryFactory<LotteryRepository> = { sqlite: createSqliteLotteryRepository, postgres: createPostgresLotteryRepository };
