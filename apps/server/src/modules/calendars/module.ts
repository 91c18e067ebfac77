// The calendars module, wired: its store and its routes (citizens' and staff's reads).
import type { CalendarCategory, CalendarSlots } from '@city/survey-core';
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import type { Storage } from '../../db/storage.js';
import { repositories, uncached } from '../../db/storage.js';
import { auditRepository } from '../audit/repositories.js';
import { surveyRepository } from '../surveys/repositories.js';
import type { CalendarAdminDeps } from './admin-routes.js';
import { citizenCalendarWeek } from './calendars.js';
import { calendarAdminModule } from './admin-routes.js';
import type { LotteryResult } from './lottery.js';
import { lotteryModule, staffLotteryModule } from './lottery-routes.js';
import { calendarImportRepository, calendarRepository, lotteryRepository, waitlistRepository } from './repositories.js';
import { calendarsModule } from './routes.js';
import { staffCalendarsModule } from './staff-routes.js';
import type { WaitlistDeps, WaitlistOffer } from './waitlist.js';
import { processWaitlists } from './waitlist.js';
import { staffWaitlistModule, waitlistModule } from './waitlist-routes.js';

/** How often each instance works the waitlists' queues (offers that ran out go to the next citizen). */
export const WAITLIST_INTERVAL_MS = 30_000;

export function createCalendarsModule(input: {
  storage: Storage;
  now: () => number;
  authenticate: onRequestAsyncHookHandler;
  authenticateStaff: onRequestAsyncHookHandler;
  /** Tells a citizen of a waitlist offer (LINE). */
  waitlistOffered: (offer: WaitlistOffer) => Promise<void>;
  /** Tells a lottery's applicants their results (LINE). */
  lotteryDrawn: (results: LotteryResult[]) => Promise<void>;
  /** The lottery's seed (tests record theirs); none: 128 random bits a draw. */
  lotterySeed?: () => string;
  logError: (error: unknown, message: string) => void;
  /** Work the queues on a timer in this process (the server); off for tests that drive it. */
  schedule: boolean;
}): {
  routes: FastifyPluginAsync[];
  admin: CalendarAdminDeps;
  waitlist: { runOnce: () => Promise<WaitlistOffer[]>; runSoon: () => void; stop: () => void; settled: () => Promise<void> };
  /** A calendar's week as the citizen app's server-rendered page shows it; undefined for none. */
  citizenWeek: (query: { calendarId: string; from: string; to: string }) => Promise<{ slots: CalendarSlots; categories: CalendarCategory[] } | undefined>;
} {
  const calendars = input.storage.store(calendarRepository).read;
  const admin = createCalendarAdminDeps(input.storage, input.now);
  const waitlistDeps: WaitlistDeps = {
    store: input.storage.store(repositories({ calendars: calendarRepository, waitlist: waitlistRepository, surveys: surveyRepository })),
    now: input.now,
    offered: input.waitlistOffered,
    logError: input.logError,
  };
  // One run at a time in this process; a run asked for meanwhile follows it.
  let running: Promise<unknown> = Promise.resolve();
  const runOnce = () => {
    const run = running.then(() => processWaitlists(waitlistDeps));
    running = run.catch((error: unknown) => {
      input.logError(error, 'Working the waitlists failed; the next run tries again');
    });
    return run;
  };
  const runSoon = () => {
    void runOnce().catch(() => undefined);
  };
  const lotteryDeps = {
    store: input.storage.store(repositories({ calendars: calendarRepository, waitlist: waitlistRepository, lottery: lotteryRepository, surveys: surveyRepository, audit: auditRepository })),
    now: input.now,
    ...(input.lotterySeed === undefined ? {} : { seed: input.lotterySeed }),
    told: input.lotteryDrawn,
    queuesChanged: runSoon,
    logError: input.logError,
  };
  const timer = input.schedule ? setInterval(() => void runOnce().catch(() => undefined), WAITLIST_INTERVAL_MS).unref() : undefined;
  return {
    routes: [
      calendarsModule({ authenticate: input.authenticate, calendars, now: input.now }),
      staffCalendarsModule({ authenticateStaff: input.authenticateStaff, calendars, now: input.now }),
      calendarAdminModule({ ...admin, authenticateStaff: input.authenticateStaff }),
      waitlistModule({ ...waitlistDeps, authenticate: input.authenticate }),
      staffWaitlistModule({
        store: input.storage.store(repositories({ calendars: calendarRepository, waitlist: waitlistRepository, audit: auditRepository })),
        now: input.now,
        authenticateStaff: input.authenticateStaff,
        process: waitlistDeps,
      }),
      lotteryModule({ ...lotteryDeps, authenticate: input.authenticate }),
      staffLotteryModule({ ...lotteryDeps, authenticateStaff: input.authenticateStaff }),
    ],
    admin,
    citizenWeek: (query) => citizenCalendarWeek(calendars, query, input.now()),
    waitlist: {
      runOnce,
      /** Units may have been freed (a cancel, a hold given up, a capacity raised): the queues are worked now, in the background. */
      runSoon,
      stop: () => {
        if (timer !== undefined) clearInterval(timer);
      },
      settled: async () => {
        await running;
      },
    },
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

export type CalendarsModule = ReturnType<typeof createCalendarsModule>;
