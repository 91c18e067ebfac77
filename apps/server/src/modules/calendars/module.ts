// The calendars module, wired: its store and its routes (citizens' and staff's reads).
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type { SqliteConnections } from '../../db/sqlite-store.js';
import { sqliteStore } from '../../db/sqlite-store.js';
import { createSqliteAuditRepository } from '../audit/sqlite-audit-repository.js';
import { createSqliteSurveyRepository } from '../surveys/sqlite-survey-repository.js';
import type { CalendarAdminDeps } from './admin-routes.js';
import { calendarAdminModule } from './admin-routes.js';
import { createSqliteCalendarImportRepository } from './import/sqlite-calendar-import-repository.js';
import { calendarsModule } from './routes.js';
import { createSqliteCalendarRepository } from './sqlite-calendar-repository.js';
import { staffCalendarsModule } from './staff-routes.js';

export function createCalendarsModule(input: {
  connections: SqliteConnections;
  now: () => number;
  authenticate: onRequestAsyncHookHandler;
  authenticateStaff: onRequestAsyncHookHandler;
}): { routes: FastifyPluginAsync[]; admin: CalendarAdminDeps } {
  const calendars = sqliteStore(input.connections, createSqliteCalendarRepository).read;
  const admin = createCalendarAdminDeps(input.connections, input.now);
  return {
    routes: [
      calendarsModule({ authenticate: input.authenticate, calendars, now: input.now }),
      staffCalendarsModule({ authenticateStaff: input.authenticateStaff, calendars, now: input.now }),
      calendarAdminModule({ ...admin, authenticateStaff: input.authenticateStaff }),
    ],
    admin,
  };
}

/**
 * Calendar administration's store: what it writes, what it checks (surveys booking through a
 * category), and the audit log, in one transaction. Never through the configuration cache: what
 * it compares and checks must see another server's change of a moment ago.
 */
export function createCalendarAdminDeps(connections: SqliteConnections, now: () => number): CalendarAdminDeps {
  return {
    store: sqliteStore(connections, (connection) => ({
      calendarImport: createSqliteCalendarImportRepository(connection),
      calendars: createSqliteCalendarRepository(connection),
      surveys: createSqliteSurveyRepository(connection),
      audit: createSqliteAuditRepository(connection),
    })),
    now,
  };
}
