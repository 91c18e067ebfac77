import { endpoints } from '@city/api-client/contract';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import { contractRoute } from '../../http/contract-route.js';
import { PreparedJson } from '../../http/prepared-json.js';
import type { CalendarRepository } from './calendar-repository.js';
import { bookingLimits } from './bookings.js';
import { categoryTree, recentCalendarSlots } from './calendars.js';

export interface CalendarsModuleDeps {
  authenticate: onRequestAsyncHookHandler;
  /** Read outside transactions: committed data only. */
  calendars: CalendarRepository;
  /** The server's clock (ms since the epoch): where each slot stands in its booking window. */
  now: () => number;
}

/**
 * calendars/*: the category list and tree, the display settings, a calendar's slots, and the
 * signed-in citizen's standing against the per-citizen limits.
 */
export function calendarsModule(deps: CalendarsModuleDeps): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);

    contractRoute(app, endpoints.getCalendarCategories, {}, async () => ({ data: await deps.calendars.categories() }));

    contractRoute(app, endpoints.getCalendarCategoriesTree, {}, async () => ({
      data: categoryTree(await deps.calendars.categories()),
    }));

    contractRoute(app, endpoints.getCalendarDisplaySettings, {}, async () => ({ data: await deps.calendars.displaySettings() }));

    // Reloaded by every citizen waiting for a slot: one answer for all of them, serialized and
    // compressed once per change (a surge's thousands of reloads a second cost next to nothing).
    // The route's own serializer (its response schema) writes JSON text.
    contractRoute(app, endpoints.getCalendarSlots, {}, async (request, reply) => {
      const answer = await recentCalendarSlots(deps.calendars, request.query, deps.now(), 'api-answer', (data) => new PreparedJson(reply.serialize({ data }) as string));
      return answer.send(request, reply);
    });

    contractRoute(app, endpoints.getBookingLimits, {}, async (request) => {
      const { categoryId, partitionKey } = request.query;
      return { data: await bookingLimits(deps.calendars, { categoryId, userId: request.userId, now: deps.now(), replacing: partitionKey }) };
    });
  };
}
