// The maintenance job: what no request should pay for, run every few minutes in the server
// process. Idempotency keys older than a day are forgotten (a client retries within minutes) and
// holds that lapsed are swept (their units given back; a claim finding its slot full sweeps that
// slot's itself, so this only keeps the table small); drafts past their week are removed. Each run
// is one short transaction.
import type { Storage } from './db/storage.js';
import { repositories } from './db/storage.js';
import { sweepLapsedHolds } from './modules/calendars/bookings.js';
import { calendarRepository } from './modules/calendars/repositories.js';
import { draftRepository } from './modules/drafts/repositories.js';
import { idempotencyRepository } from './modules/records/repositories.js';

/** Idempotency keys are kept a day: clients retry within a minute. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60_000;
/** How often the job runs. */
export const MAINTENANCE_INTERVAL_MS = 10 * 60_000;

export interface Maintenance {
  /** Runs the job once (the timer does; tests call it). */
  run(): Promise<{ keysForgotten: number; holdsSwept: number; draftsForgotten: number }>;
  /** Stops the timer. */
  stop(): void;
}

export function startMaintenance(storage: Storage, now: () => number, onError: (error: unknown) => void): Maintenance {
  const store = storage.store(repositories({ idempotency: idempotencyRepository, calendars: calendarRepository, drafts: draftRepository }));
  const run = () =>
    store.transaction(async ({ idempotency, calendars, drafts }) => ({
      // Keys are stamped with the real time when remembered; holds expire on the booking clock.
      keysForgotten: await idempotency.forgetOlderThan(Date.now() - IDEMPOTENCY_KEY_LIFETIME_MS),
      holdsSwept: await sweepLapsedHolds(calendars, now()),
      draftsForgotten: await drafts.removeExpired(now()),
    }));
  // unref: the job never keeps the process alive on its own.
  const timer = setInterval(() => {
    run().catch(onError);
  }, MAINTENANCE_INTERVAL_MS).unref();
  return {
    run,
    stop: () => {
      clearInterval(timer);
    },
  };
}
