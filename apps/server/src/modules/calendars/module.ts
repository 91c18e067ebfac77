// The calendars module, wired: its store and its routes (citizens' and staff's reads).
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type { Storage } from '../../db/storage.js';
import { repositories, uncached } from '../../db/storage.js';
import { auditRepository } from '../audit/repositories.js';
import { surveyRepository } from '../surveys/repositories.js';
import type { CalendarAdminDeps } from './admin-routes.js';
import { calendarAdminModule } from './admin-routes.js';
import { calendarImportRepository, calendarRepository } from './repositories.js';
import { calendarsModule } from './routes.js';
import { staffCalendarsModule } from './staff-routes.js';

export function createCalendarsModule(input: {
  storage: Storage;
  now: () => number;
  authenticate: onRequestAsyncHookHandler;
  authenticateStaff: onRequestAsyncHookHandler;
}): { routes: FastifyPluginAsync[]; admin: CalendarAdminDeps } {
  const calendars = input.storage.store(calendarRepository).read;
  const admin = createCalendarAdminDeps(input.storage, input.now);
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
export function createCalendarAdminDeps(storage: Storage, now: () => number): CalendarAdminDeps {
  return {
    store: storage.store(
      uncached(repositories({ calendarImport: calendarImportRepository, calendars: calendarRepository, surveys: surveyRepository, audit: auditRepository })),
    ),
    now,
  };
}
