// The calendars module, wired: its store and its routes (citizens' and staff's reads).
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type { SqliteConnections } from '../../db/sqlite-store.js';
import { sqliteStore } from '../../db/sqlite-store.js';
import { calendarsModule } from './routes.js';
import { createSqliteCalendarRepository } from './sqlite-calendar-repository.js';
import { staffCalendarsModule } from './staff-routes.js';

export function createCalendarsModule(input: {
  connections: SqliteConnections;
  now: () => number;
  authenticate: onRequestAsyncHookHandler;
  authenticateStaff: onRequestAsyncHookHandler;
}): { routes: FastifyPluginAsync[] } {
  const calendars = sqliteStore(input.connections, createSqliteCalendarRepository).read;
  return {
    routes: [
      calendarsModule({ authenticate: input.authenticate, calendars, now: input.now }),
      staffCalendarsModule({ authenticateStaff: input.authenticateStaff, calendars, now: input.now }),
    ],
  };
}
