import { staffEndpoints } from '@city/api-client/staff-contract';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import { requireRole } from '../../access/permissions.js';
import { contractRoute } from '../../http/contract-route.js';
import type { CalendarRepository } from './calendar-repository.js';
import { calendarSlots } from './calendars.js';

/** The calendars as staff booking on a citizen's behalf see them (what the citizen app shows). */
export function staffCalendarsModule(deps: { authenticateStaff: onRequestAsyncHookHandler; calendars: CalendarRepository; now: () => number }): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', deps.authenticateStaff);
    contractRoute(app, staffEndpoints.staffCalendarCategories, {}, async (request) => {
      requireRole(request.staff, 'records.read');
      return { data: { categories: await deps.calendars.categories(), displaySettings: await deps.calendars.displaySettings() } };
    });
    contractRoute(app, staffEndpoints.staffCalendarSlots, {}, async (request) => {
      requireRole(request.staff, 'records.read');
      const { calendarId, from, to } = request.query;
      return { data: await calendarSlots(deps.calendars, calendarId, from, to, deps.now()) };
    });
  };
}
