import { endpoints } from '@city/api-client/contract';
import type { SlotAskedFor, WaitlistPlace as WaitlistPlaceView } from '@city/api-client';
import type { CalendarWaitlist } from '@city/api-client/staff-contract';
import { staffEndpoints } from '@city/api-client/staff-contract';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type { StaffActor } from '../../access/actor.js';
import { requireRole } from '../../access/permissions.js';
import type { Store } from '../../db/store.js';
import { contractRoute } from '../../http/contract-route.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import { appendAudit } from '../audit/audit.js';
import type { AuditRepository } from '../audit/audit-repository.js';
import type { CalendarRepository } from './calendar-repository.js';
import type { WaitlistPlace, WaitlistDeps } from './waitlist.js';
import { joinWaitlist, leaveWaitlist, processWaitlists, waitlistOf } from './waitlist.js';
import type { WaitlistRepository } from './waitlist-repository.js';

/** What a citizen is shown of a slot they asked for (a waitlist place, a lottery application). */
export const slotAskedForView = ({ calendarId, date, slotId, start, end, surveyId, itemKey, units, createdAt }: SlotAskedFor): SlotAskedFor => ({
  calendarId,
  date,
  slotId,
  start,
  end,
  surveyId,
  itemKey,
  units,
  createdAt,
});

const view = (place: WaitlistPlace): WaitlistPlaceView => ({
  entryId: place.entryId,
  ...slotAskedForView(place),
  state: place.state,
  ...(place.offeredUntil === undefined ? {} : { offeredUntil: place.offeredUntil }),
  ...(place.ahead === undefined ? {} : { ahead: place.ahead }),
});

/** waitlist/*: the signed-in citizen's own places in full slots' queues. */
export function waitlistModule(deps: WaitlistDeps & { authenticate: onRequestAsyncHookHandler }): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);

    contractRoute(app, endpoints.getWaitlist, {}, async (request) => {
      const { calendarId } = request.query;
      // Open to joining: the staff's setting, and no lottery taking applications (joinWaitlist's rules).
      const calendar = calendarId === undefined ? undefined : await deps.store.read.calendars.findCalendar(calendarId);
      const open = calendar !== undefined && calendar.lotteryClosesAt === undefined && (await deps.store.read.waitlist.waitlistSetting(calendar.calendarId)) !== undefined;
      return { data: { open, places: (await waitlistOf(deps, request.userId)).map(view) } };
    });

    contractRoute(app, endpoints.joinWaitlist, {}, async (request) => {
      const entry = await joinWaitlist(deps, request.userId, request.body);
      const place = (await waitlistOf(deps, request.userId)).find((candidate) => candidate.entryId === entry.entryId);
      if (place === undefined) throw new HttpError(404, 'slot_not_found', messages.slotNotFound);
      return { data: view(place) };
    });

    contractRoute(app, endpoints.leaveWaitlist, {}, async (request) => {
      await leaveWaitlist(deps, request.userId, request.body.entryId);
      return { result: 'OK' as const };
    });
  };
}

/** A calendar's waitlist setting, as staff set it in the calendar administration. */
export function staffWaitlistModule(deps: {
  store: Store<{ calendars: CalendarRepository; waitlist: WaitlistRepository; audit: AuditRepository }>;
  now: () => number;
  authenticateStaff: onRequestAsyncHookHandler;
  /** Works the queues again (a waitlist turned off ends them). */
  process: WaitlistDeps;
}): FastifyPluginAsync {
  const requireCalendar = async (calendars: CalendarRepository, calendarId: string) => {
    if ((await calendars.findCalendar(calendarId)) === undefined) throw new HttpError(404, 'calendar_not_found', messages.calendarNotFound);
  };
  const of = async (actor: StaffActor, calendarId: string): Promise<CalendarWaitlist> => {
    requireRole(actor, 'calendars.edit');
    await requireCalendar(deps.store.read.calendars, calendarId);
    const offerMinutes = await deps.store.read.waitlist.waitlistSetting(calendarId);
    return offerMinutes === undefined ? null : { offerMinutes };
  };
  const set = async (actor: StaffActor, calendarId: string, waitlist: CalendarWaitlist): Promise<CalendarWaitlist> => {
    requireRole(actor, 'calendars.edit');
    const now = deps.now();
    await deps.store.transaction(async ({ calendars, waitlist: repository, audit }) => {
      await requireCalendar(calendars, calendarId);
      const before = await repository.waitlistSetting(calendarId);
      await repository.setOfferMinutes(calendarId, waitlist?.offerMinutes, now);
      await appendAudit(audit, actor, { action: 'calendar.waitlist', target: `calendar:${calendarId}`, detail: { from: before === undefined ? null : { offerMinutes: before }, to: waitlist } }, now);
    });
    // Turned off: its queues end and their units are free for anyone.
    if (waitlist === null) await processWaitlists(deps.process);
    return waitlist;
  };
  return async (app) => {
    app.addHook('onRequest', deps.authenticateStaff);
    contractRoute(app, staffEndpoints.staffCalendarWaitlist, {}, async (request) => ({ data: await of(request.staff, request.params.calendarId) }));
    contractRoute(app, staffEndpoints.staffSetCalendarWaitlist, {}, async (request) => ({ data: await set(request.staff, request.params.calendarId, request.body.waitlist) }));
  };
}
