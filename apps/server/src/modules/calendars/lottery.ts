// Lottery booking (issue 28, 抽選). Staff set a calendar's lottery: until its deadline citizens
// apply for its slots (nobody books them directly: planClaims refuses while the calendar row says
// a lottery is pending). After the deadline staff draw: the draw (lottery-draw.ts) is a pure
// function of a seed recorded with it, the applications and each slot's free units, so it can be
// drawn again by anyone to the same winners. Winners are offered their slot as a waitlist place
// held for the lottery's winners' hours (booked through the form and the capacity path, paid if
// the survey asks, like any offer); the others who found their slot full queue for it in drawn
// order. A winner who does not book (or pay) in time loses the place, and the waitlist offers it
// to the next drawn (waitlist.ts). The whole draw is one transaction.
import { bookingWindowState, deadlineBefore, reservationCost } from '@city/survey-core';
import type { ReservationItem } from '@city/survey-core';
import { randomBytes } from 'node:crypto';
import type { StaffActor } from '../../access/actor.js';
import { requireRole } from '../../access/permissions.js';
import type { Store } from '../../db/store.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import { appendAudit } from '../audit/audit.js';
import type { AuditRepository } from '../audit/audit-repository.js';
import type { SurveyRepository } from '../surveys/survey-repository.js';
import { citizenViewOf, requireCitizenSurvey, requireOpenForAnswers } from '../surveys/surveys.js';
import { activeBookingsOf, resolveSlot, sameSlot, sweepLapsedHolds } from './bookings.js';
import type { CalendarRepository } from './calendar-repository.js';
import { isClosedOn } from './closures.js';
import { drawLottery } from './lottery-draw.js';
import type { LotteryApplication, LotteryRepository, StoredLottery } from './lottery-repository.js';
import type { WaitlistEntry, WaitlistRepository } from './waitlist-repository.js';

export interface LotteryRepositories {
  calendars: CalendarRepository;
  waitlist: WaitlistRepository;
  lottery: LotteryRepository;
  surveys: SurveyRepository;
  audit: AuditRepository;
}

/** One applicant's result, to be told (a LINE message) once the draw is committed. */
export interface LotteryResult {
  application: LotteryApplication;
  /** The slot's times. */
  start: string;
  end: string;
  /** Won: until when the place is held for them. */
  until?: number;
  /** Lost and queued for the slot: their place among its reserves (1: next). */
  reserveRank?: number;
}

export interface LotteryDeps {
  store: Store<LotteryRepositories>;
  now: () => number;
  /** The draw's seed: 128 random bits, unless a test records its own. */
  seed?: () => string;
  /** Tells every applicant their result (after the draw is committed); a failure is logged. */
  told: (results: LotteryResult[]) => Promise<void>;
  /** The waitlists' queues are worked soon (units a draw left free go to its reserves). */
  queuesChanged: () => void;
  logError: (error: unknown, message: string) => void;
}

/** The furthest a lottery's deadline may be set ahead: a year (a typo of a year, not a decade). */
const LONGEST_APPLICATIONS_MS = 366 * 24 * 3_600_000;

/** A lottery as citizens and staff see it. */
export interface LotteryState {
  applicationsCloseAt: number;
  winnerHours: number;
  drawnAt?: number;
}

const stateOf = (lottery: StoredLottery): LotteryState => ({
  applicationsCloseAt: lottery.applicationsCloseAt,
  winnerHours: lottery.winnerHours,
  ...(lottery.drawnAt === undefined ? {} : { drawnAt: lottery.drawnAt }),
});

/** An application as its citizen sees it, with the slot's times. */
export interface LotteryApplicationPlace extends LotteryApplication {
  start: string;
  end: string;
}

/** The calendar's lottery (null: none), and the citizen's applications to any lottery, newest first. */
export async function lotteryOf(deps: LotteryDeps, userId: string, calendarId: string | undefined): Promise<{ lottery: LotteryState | null; applications: LotteryApplicationPlace[] }> {
  const { lottery, calendars } = deps.store.read;
  const stored = calendarId === undefined ? undefined : await lottery.find(calendarId);
  const applications: LotteryApplicationPlace[] = [];
  for (const application of await lottery.ofUser(userId)) {
    const place = await placeOf(calendars, application, deps.now());
    if (place !== undefined) applications.push(place);
  }
  return { lottery: stored === undefined ? null : stateOf(stored), applications };
}

/** An application with its slot's times; undefined when the slot is gone. */
export async function placeOf(calendars: CalendarRepository, application: LotteryApplication, now: number): Promise<LotteryApplicationPlace | undefined> {
  const slot = await calendars.findSlot(application.calendarId, application.date, application.slotId, now);
  return slot === undefined ? undefined : { ...application, start: slot.start, end: slot.end };
}

const notFound = () => new HttpError(404, 'lottery_application_not_found', messages.lotteryApplicationNotFound);

/**
 * The citizen applies for the slot their reservation item's answer names (`value`, as the form
 * would send it). 409 when the calendar holds no lottery taking applications, the slot cannot be
 * booked (closed, stopped, outside the booking window), or they hold it or applied for it already.
 */
export async function applyLottery(deps: LotteryDeps, userId: string, input: { surveyId: string; itemKey: string; value: string }): Promise<LotteryApplication> {
  const now = deps.now();
  return deps.store.transaction(async ({ calendars, lottery, surveys }) => {
    const survey = await requireCitizenSurvey(surveys, input.surveyId);
    requireOpenForAnswers(survey);
    const item = citizenViewOf(survey.config).surveySchema.find((candidate): candidate is ReservationItem => candidate.type === 'reservation' && candidate.itemKey === input.itemKey);
    if (item === undefined) throw new HttpError(400, 'invalid_reservation_item', messages.waitlistNotReservation);
    const { calendar, slot } = await resolveSlot(calendars, item, input.value, now);
    // Read under the lottery's lock: a draw or a close on another instance is either done, or waits.
    await lottery.lock(calendar.calendarId);
    const stored = await lottery.find(calendar.calendarId);
    if (stored === undefined || stored.drawnAt !== undefined) throw new HttpError(409, 'lottery_not_found', messages.lotteryNotFound);
    if (now >= stored.applicationsCloseAt) throw new HttpError(409, 'lottery_closed', messages.lotteryClosed);
    if (calendar.rules.bookingStopped === true) throw new HttpError(409, 'booking_stopped', messages.bookingStopped);
    if (await isClosedOn(calendars, calendar, slot.date)) throw new HttpError(409, 'closed_day', messages.closedDay);
    if (bookingWindowState(slot, calendar.rules, now) !== 'open') throw new HttpError(409, 'booking_closed', messages.bookingClosed);
    const mine = await calendars.claimsOfUser(calendar.calendarId, userId);
    if (mine.some((claim) => sameSlot(claim, slot))) throw new HttpError(409, 'already_booked', messages.waitlistAlreadyBooked);
    // Waiting for the slot already (joined before the lottery was set): that place stands.
    if ((await calendars.waitlistPlaceOf(userId, slot)) !== undefined) throw new HttpError(409, 'already_waiting', messages.waitlistAlreadyWaiting);
    const applied = await lottery.apply({ calendarId: calendar.calendarId, date: slot.date, slotId: slot.slotId, userId, surveyId: input.surveyId, itemKey: item.itemKey, units: reservationCost(item) }, now);
    if (applied === undefined) throw new HttpError(409, 'already_applied', messages.lotteryAlreadyApplied);
    return applied;
  });
}

/** The citizen withdraws an application, before the deadline. 404 unless theirs and taking part. */
export async function withdrawLottery(deps: LotteryDeps, userId: string, applicationId: number): Promise<void> {
  const now = deps.now();
  await deps.store.transaction(async ({ lottery }) => {
    const found = await lottery.findApplication(applicationId);
    if (found?.userId !== userId || found.state !== 'applied') throw notFound();
    await lottery.lock(found.calendarId);
    const stored = await lottery.find(found.calendarId);
    if (stored === undefined || stored.drawnAt !== undefined || now >= stored.applicationsCloseAt) throw new HttpError(409, 'lottery_closed', messages.lotteryClosed);
    await lottery.withdraw(applicationId, now);
  });
}

/** A calendar's lottery as staff see it: its setting, its applications counted, its draw. */
export interface StaffLotteryView extends LotteryState {
  applications: number;
  applicants: number;
  won: number;
  lost: number;
  seed?: string;
  drawnBy?: string;
}

const requireCalendar = async (calendars: CalendarRepository, calendarId: string) => {
  const calendar = await calendars.findCalendar(calendarId);
  if (calendar === undefined) throw new HttpError(404, 'calendar_not_found', messages.calendarNotFound);
  return calendar;
};

export async function staffLotteryOf(deps: LotteryDeps, actor: StaffActor, calendarId: string): Promise<StaffLotteryView | null> {
  requireRole(actor, 'calendars.edit');
  const { calendars, lottery } = deps.store.read;
  await requireCalendar(calendars, calendarId);
  const stored = await lottery.find(calendarId);
  if (stored === undefined) return null;
  const applications = (await lottery.applicationsOf(calendarId)).filter((application) => application.state !== 'withdrawn');
  return {
    ...stateOf(stored),
    applications: applications.length,
    applicants: new Set(applications.map((application) => application.userId)).size,
    won: applications.filter((application) => application.state === 'won').length,
    lost: applications.filter((application) => application.state === 'lost').length,
    ...(stored.seed === undefined ? {} : { seed: stored.seed }),
    ...(stored.drawnBy === undefined ? {} : { drawnBy: stored.drawnBy }),
  };
}

/**
 * Staff set the calendar's lottery (its deadline, in the future, and the winners' hours) or remove
 * it (null: its applications are withdrawn, its slots booked directly again). 409 once drawn.
 */
export async function setLottery(deps: LotteryDeps, actor: StaffActor, calendarId: string, setting: { applicationsCloseAt: number; winnerHours: number } | null): Promise<StaffLotteryView | null> {
  requireRole(actor, 'calendars.edit');
  const now = deps.now();
  await deps.store.transaction(async ({ calendars, lottery, audit }) => {
    await requireCalendar(calendars, calendarId);
    await lottery.lock(calendarId);
    const before = await lottery.find(calendarId);
    if (before?.drawnAt !== undefined) throw new HttpError(409, 'lottery_drawn', messages.lotteryDrawn);
    if (setting !== null && setting.applicationsCloseAt <= now) throw new HttpError(400, 'invalid_lottery', messages.lotteryCloseInPast);
    if (setting !== null && setting.applicationsCloseAt > now + LONGEST_APPLICATIONS_MS) throw new HttpError(400, 'invalid_lottery', messages.lotteryCloseTooFar);
    await lottery.set(calendarId, setting ?? undefined, now);
    await appendAudit(audit, actor, { action: 'calendar.lottery', target: `calendar:${calendarId}`, detail: { from: before === undefined ? null : stateOf(before), to: setting } }, now);
  });
  return staffLotteryOf(deps, actor, calendarId);
}

/**
 * The winner's place in the slot's queue. A place they held already (applying refuses one, so only
 * a race would leave it) ends first: the winner's offer is the lottery's, for its winners' hours.
 */
async function joinAfresh(waitlist: WaitlistRepository, application: LotteryApplication, now: number): Promise<WaitlistEntry> {
  const joined = await waitlist.join(application, now);
  if (joined !== undefined) return joined;
  const held = (await waitlist.queue(application.calendarId, application.date, application.slotId)).find((entry) => entry.userId === application.userId);
  if (held !== undefined) await waitlist.end(held, 'expired', now);
  const again = await waitlist.join(application, now);
  if (again === undefined) throw new Error(`drawCalendarLottery: no place for application ${String(application.applicationId)}`);
  return again;
}

/** Staff end the applications now, before the deadline set (the draw may follow at once). */
export async function closeLottery(deps: LotteryDeps, actor: StaffActor, calendarId: string): Promise<StaffLotteryView | null> {
  requireRole(actor, 'calendars.edit');
  const now = deps.now();
  await deps.store.transaction(async ({ calendars, lottery, audit }) => {
    await requireCalendar(calendars, calendarId);
    await lottery.lock(calendarId);
    const stored = await lottery.find(calendarId);
    if (stored === undefined) throw new HttpError(404, 'lottery_not_found', messages.lotteryNotFound);
    if (stored.drawnAt !== undefined) throw new HttpError(409, 'lottery_drawn', messages.lotteryDrawn);
    if (stored.applicationsCloseAt <= now) throw new HttpError(409, 'lottery_closed', messages.lotteryClosed);
    await lottery.set(calendarId, { applicationsCloseAt: now, winnerHours: stored.winnerHours }, now);
    await appendAudit(audit, actor, { action: 'calendar.lotteryClosed', target: `calendar:${calendarId}`, detail: { from: stored.applicationsCloseAt, to: now } }, now);
  });
  return staffLotteryOf(deps, actor, calendarId);
}

/**
 * Staff draw the calendar's lottery, once its deadline has passed (409 before, and once drawn).
 * In one transaction: each slot's free units (0 for a slot no longer bookable) are drawn among
 * its applications with a new seed; each winner is offered the slot as a waitlist place held for
 * the winners' hours (never past the booking deadline); those who found the slot full queue for it
 * in drawn order; the draw, its seed and everything it read are recorded (and audited), so anyone
 * can draw it again to the same winners. Every applicant is then told their result.
 */
export async function drawCalendarLottery(deps: LotteryDeps, actor: StaffActor, calendarId: string): Promise<StaffLotteryView | null> {
  requireRole(actor, 'calendars.edit');
  const now = deps.now();
  const results = await deps.store.transaction(async ({ calendars, waitlist, lottery, audit }) => {
    const calendar = await requireCalendar(calendars, calendarId);
    await lottery.lock(calendarId);
    const stored = await lottery.find(calendarId);
    if (stored === undefined) throw new HttpError(404, 'lottery_not_found', messages.lotteryNotFound);
    if (stored.drawnAt !== undefined) throw new HttpError(409, 'lottery_drawn', messages.lotteryDrawn);
    if (now < stored.applicationsCloseAt) throw new HttpError(409, 'lottery_not_closed', messages.lotteryNotClosed);
    const applications = (await lottery.applicationsOf(calendarId)).filter((application) => application.state === 'applied');
    // Holds given up count against a slot until swept: swept first, so the draw gives their units.
    await sweepLapsedHolds(calendars, now);

    // What the draw reads: each slot's free units, and each applicant's bookings in the calendar.
    const slotKey = (application: { date: string; slotId: string }) => `${application.date}|${application.slotId}`;
    const slots = new Map<string, { start: string; end: string; until: number }>();
    const capacity = new Map<string, number>();
    const bookableSlots = new Set<string>();
    // Slots are locked in one order (by date and id), as every other writer of several slots does.
    const bySlot = [...applications].sort((a, b) => a.date.localeCompare(b.date) || a.slotId.localeCompare(b.slotId));
    for (const application of bySlot) {
      const key = slotKey(application);
      if (capacity.has(key)) continue;
      await waitlist.lockSlot(application);
      const slot = await calendars.findSlot(calendarId, application.date, application.slotId, now);
      const bookable =
        slot !== undefined && calendar.rules.bookingStopped !== true && !(await isClosedOn(calendars, calendar, slot.date)) && bookingWindowState(slot, calendar.rules, now) === 'open';
      capacity.set(key, bookable ? Math.max(0, slot.left) : 0);
      if (bookable) bookableSlots.add(key);
      if (slot !== undefined) {
        const until = Math.min(now + stored.winnerHours * 3_600_000, deadlineBefore(slot.date, slot.start, calendar.rules.bookingClosesBefore));
        slots.set(key, { start: slot.start, end: slot.end, until });
      }
    }
    const held = new Map<string, number>();
    for (const userId of new Set(applications.map((application) => application.userId))) {
      held.set(userId, await activeBookingsOf(calendars, calendarId, userId, now, []));
    }
    const limit = calendar.rules.maxActiveBookingsPerUser;
    const seed = deps.seed?.() ?? randomBytes(16).toString('hex');
    const draw = drawLottery({
      seed,
      applications: applications.map((application) => ({ applicationId: application.applicationId, userId: application.userId, slotKey: slotKey(application), units: application.units })),
      capacity,
      held,
      limit,
    });

    // Winners first, then each slot's reserves in drawn order: a queue is worked first come first.
    const byId = new Map(applications.map((application) => [application.applicationId, application]));
    const told: LotteryResult[] = [];
    for (const applicationId of draw.winners) {
      const application = byId.get(applicationId);
      const slot = application === undefined ? undefined : slots.get(slotKey(application));
      if (application === undefined || slot === undefined) continue;
      const place = await joinAfresh(waitlist, application, now);
      // The draw gave only free units: an offer that does not fit is a bug, and nothing is kept.
      if (!(await waitlist.offer(place, slot.until, now))) throw new Error(`drawCalendarLottery: the slot ${slotKey(application)} could not hold its winners`);
      told.push({ application: { ...application, state: 'won' }, start: slot.start, end: slot.end, until: slot.until });
    }
    for (const ranked of draw.reserves.values()) {
      let rank = 0;
      for (const applicationId of ranked) {
        const application = byId.get(applicationId);
        const slot = application === undefined ? undefined : slots.get(slotKey(application));
        if (application === undefined) continue;
        // A slot that cannot be booked (closed, gone) keeps no queue: nobody would be offered it.
        const queued = bookableSlots.has(slotKey(application)) && (await waitlist.join(application, now)) !== undefined;
        if (queued) rank += 1;
        told.push({ application: { ...application, state: 'lost' }, start: slot?.start ?? '', end: slot?.end ?? '', ...(queued ? { reserveRank: rank } : {}) });
      }
    }
    for (const applicationId of draw.passedOver) {
      const application = byId.get(applicationId);
      const slot = application === undefined ? undefined : slots.get(slotKey(application));
      if (application !== undefined) told.push({ application: { ...application, state: 'lost' }, start: slot?.start ?? '', end: slot?.end ?? '' });
    }
    const rankOf = new Map(draw.order.map((applicationId, index) => [applicationId, index + 1]));
    const won = new Set(draw.winners);
    await lottery.recordDraw(calendarId, {
      seed,
      drawnAt: now,
      drawnBy: actor.staffId,
      results: draw.order.map((applicationId) => ({ applicationId, state: won.has(applicationId) ? 'won' : 'lost', rank: rankOf.get(applicationId) ?? 0 })),
    });
    // Everything the draw read, so that it can be drawn again to the same winners.
    await appendAudit(
      audit,
      actor,
      {
        action: 'calendar.lotteryDrawn',
        target: `calendar:${calendarId}`,
        detail: { seed, capacity: Object.fromEntries(capacity), held: Object.fromEntries(held), limit: limit ?? null, applications: applications.length, winners: draw.winners },
      },
      now,
    );
    return told;
  });
  try {
    await deps.told(results);
  } catch (error) {
    deps.logError(error, 'The lottery\'s results could not be told to its applicants; they show in the app');
  }
  deps.queuesChanged();
  return staffLotteryOf(deps, actor, calendarId);
}
