import { endpoints } from '@city/api-client/contract';
import type { LotteryApplication as LotteryApplicationView } from '@city/api-client';
import { staffEndpoints } from '@city/api-client/staff-contract';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import { contractRoute } from '../../http/contract-route.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import type { LotteryApplicationPlace, LotteryDeps } from './lottery.js';
import { slotAskedForView } from './waitlist-routes.js';
import { applyLottery, closeLottery, drawCalendarLottery, lotteryOf, placeOf, setLottery, staffLotteryOf, withdrawLottery } from './lottery.js';

const view = (application: LotteryApplicationPlace): LotteryApplicationView => ({
  applicationId: application.applicationId,
  ...slotAskedForView(application),
  state: application.state,
  ...(application.drawnRank === undefined ? {} : { drawnRank: application.drawnRank }),
});

/** lottery/*: a calendar's lottery, and the signed-in citizen's own applications. */
export function lotteryModule(deps: LotteryDeps & { authenticate: onRequestAsyncHookHandler }): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);

    contractRoute(app, endpoints.getLottery, {}, async (request) => {
      const { lottery, applications } = await lotteryOf(deps, request.userId, request.query.calendarId);
      return { data: { lottery, applications: applications.map(view) } };
    });

    contractRoute(app, endpoints.applyLottery, {}, async (request) => {
      const applied = await applyLottery(deps, request.userId, request.body);
      const place = await placeOf(deps.store.read.calendars, applied, deps.now());
      if (place === undefined) throw new HttpError(404, 'slot_not_found', messages.slotNotFound);
      return { data: view(place) };
    });

    contractRoute(app, endpoints.withdrawLottery, {}, async (request) => {
      await withdrawLottery(deps, request.userId, request.body.applicationId);
      return { result: 'OK' as const };
    });
  };
}

/** A calendar's lottery in the calendar administration: its setting, and its draw. */
export function staffLotteryModule(deps: LotteryDeps & { authenticateStaff: onRequestAsyncHookHandler }): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', deps.authenticateStaff);
    contractRoute(app, staffEndpoints.staffCalendarLottery, {}, async (request) => ({ data: await staffLotteryOf(deps, request.staff, request.params.calendarId) }));
    contractRoute(app, staffEndpoints.staffSetCalendarLottery, {}, async (request) => ({ data: await setLottery(deps, request.staff, request.params.calendarId, request.body.lottery) }));
    contractRoute(app, staffEndpoints.staffCloseCalendarLottery, {}, async (request) => ({ data: await closeLottery(deps, request.staff, request.params.calendarId) }));
    contractRoute(app, staffEndpoints.staffDrawCalendarLottery, {}, async (request) => ({ data: await drawCalendarLottery(deps, request.staff, request.params.calendarId) }));
  };
}
