// Waitlists (issue 28, キャンセル待ち): on a full slot of a calendar that takes one, a citizen joins
// the slot's queue; the units the queue asked for are owed to it (waitlist_units), so a freed unit
// is never taken by a citizen booking it directly while others wait. The queue is worked through
// by processWaitlists: the next citizen in line is offered units the slot has free (its claims and
// the places already offered within capacity) for the calendar's offer time, and told (LINE, and
// the app's waitlist); booking that slot in the form claims the offer's units (planClaims finds
// it); an offer not taken in time goes to the next. Every step is one transaction holding the
// slot's row: no unit is ever offered to two citizens, nor claimed past capacity.
import type { ReservationItem } from '@city/survey-core';
import { bookingWindowState, deadlineBefore, reservationCost } from '@city/survey-core';
import type { Store } from '../../db/store.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import type { SurveyRepository } from '../surveys/survey-repository.js';
import { citizenViewOf, requireCitizenSurvey, requireOpenForAnswers } from '../surveys/surveys.js';
import { resolveSlot, sameSlot, sweepLapsedHolds } from './bookings.js';
import type { CalendarRepository } from './calendar-repository.js';
import { isClosedOn } from './closures.js';
import type { WaitlistEntry, WaitlistRepository } from './waitlist-repository.js';

export interface WaitlistRepositories {
  calendars: CalendarRepository;
  waitlist: WaitlistRepository;
  surveys: SurveyRepository;
}

/** An offer made: who, which place, until when. */
export interface WaitlistOffer {
  entry: WaitlistEntry;
  until: number;
  /** The slot's times. */
  start: string;
  end: string;
}

export interface WaitlistDeps {
  store: Store<WaitlistRepositories>;
  now: () => number;
  /** Tells the citizen of an offer (a LINE message); called after the offer is committed. */
  offered: (offer: WaitlistOffer) => Promise<void>;
  logError: (error: unknown, message: string) => void;
}

type Slot = { calendarId: string; date: string; slotId: string };

const notFound = () => new HttpError(404, 'waitlist_entry_not_found', messages.waitlistEntryNotFound);

/**
 * The citizen joins the queue of the full slot their reservation item's answer names (`value`, as
 * the form would send it). 409 when the calendar takes no waitlist, the slot is not full (book it),
 * cannot be booked now (closed, stopped, outside the booking window), or they hold it or wait already.
 */
export async function joinWaitlist(deps: WaitlistDeps, userId: string, input: { surveyId: string; itemKey: string; value: string }): Promise<WaitlistEntry> {
  const now = deps.now();
  const entry = await deps.store.transaction(async ({ calendars, waitlist, surveys }) => {
    const survey = await requireCitizenSurvey(surveys, input.surveyId);
    requireOpenForAnswers(survey);
    const item = citizenViewOf(survey.config).surveySchema.find((candidate): candidate is ReservationItem => candidate.type === 'reservation' && candidate.itemKey === input.itemKey);
    if (item === undefined) throw new HttpError(400, 'invalid_reservation_item', messages.waitlistNotReservation);
    const { calendar, slot } = await resolveSlot(calendars, item, input.value, now);
    // The staff's setting: a drawn lottery's queues are worked as a waitlist, but take no one else.
    if ((await waitlist.waitlistSetting(calendar.calendarId)) === undefined) throw new HttpError(409, 'waitlist_not_offered', messages.waitlistNotOffered);
    // A lottery taking applications: the slot is applied for, its queue waits for the draw.
    if (calendar.lotteryClosesAt !== undefined) throw new HttpError(409, 'lottery_pending', messages.lotteryPending);
    if (calendar.rules.bookingStopped === true) throw new HttpError(409, 'booking_stopped', messages.bookingStopped);
    if (await isClosedOn(calendars, calendar, slot.date)) throw new HttpError(409, 'closed_day', messages.closedDay);
    if (bookingWindowState(slot, calendar.rules, now) !== 'open') throw new HttpError(409, 'booking_closed', messages.bookingClosed);
    const units = reservationCost(item);
    if (slot.left >= units) throw new HttpError(409, 'slot_not_full', messages.waitlistSlotNotFull);
    const mine = await calendars.claimsOfUser(calendar.calendarId, userId);
    if (mine.some((claim) => sameSlot(claim, slot))) throw new HttpError(409, 'already_booked', messages.waitlistAlreadyBooked);
    await waitlist.lockSlot(slot);
    const joined = await waitlist.join({ calendarId: calendar.calendarId, date: slot.date, slotId: slot.slotId, userId, surveyId: input.surveyId, itemKey: item.itemKey, units }, now);
    if (joined === undefined) throw new HttpError(409, 'already_waiting', messages.waitlistAlreadyWaiting);
    return joined;
  });
  // A unit may have been freed between the citizen's view and now: the queue is worked at once.
  await workAfter(deps, entry);
  return (await deps.store.read.waitlist.find(entry.entryId)) ?? entry;
}

/** The citizen leaves a queue (an offer held is given up and goes to the next). 404 unless theirs and still open. */
export async function leaveWaitlist(deps: WaitlistDeps, userId: string, entryId: number): Promise<void> {
  const now = deps.now();
  const entry = await deps.store.transaction(async ({ waitlist }) => {
    const found = await waitlist.find(entryId);
    if (found?.userId !== userId) throw notFound();
    // Read again once its slot is locked: as it stands now, not as another instance left it.
    await waitlist.lockSlot(found);
    const current = await waitlist.find(entryId);
    if (current === undefined || (current.state !== 'waiting' && current.state !== 'offered')) throw notFound();
    await waitlist.end(current, 'left', now);
    return current;
  });
  await workAfter(deps, entry);
}

/** A place in a queue as its citizen sees it: the slot's times and, while waiting, how many are before them. */
export interface WaitlistPlace extends WaitlistEntry {
  start: string;
  end: string;
  /** While waiting: citizens waiting ahead in the queue (0: next offered). */
  ahead?: number;
}

/** The citizen's places (newest first), with the slot's times. */
export async function waitlistOf(deps: WaitlistDeps, userId: string): Promise<WaitlistPlace[]> {
  const { waitlist, calendars } = deps.store.read;
  const places: WaitlistPlace[] = [];
  for (const entry of await waitlist.ofUser(userId)) {
    const slot = await calendars.findSlot(entry.calendarId, entry.date, entry.slotId, deps.now());
    if (slot === undefined) continue;
    const place: WaitlistPlace = { ...entry, start: slot.start, end: slot.end };
    if (entry.state === 'waiting') {
      const queue = await waitlist.queue(entry.calendarId, entry.date, entry.slotId);
      // Those offered a place already are not ahead: the next unit freed goes to the first waiting.
      place.ahead = queue.filter((other) => other.state === 'waiting' && other.entryId < entry.entryId).length;
    }
    places.push(place);
  }
  return places;
}

/**
 * Works through one slot's queue, in one transaction: offers that were taken (booked) or ran out
 * (expired, their units freed) end; then the free units are offered to the waiting citizens in
 * order, each for the calendar's offer time (but never past the slot's booking deadline). A slot no
 * longer bookable (closed, stopped, past its deadline, the waitlist turned off) ends its queue.
 * Answers the offers made.
 */
export async function workSlotQueue({ calendars, waitlist }: Omit<WaitlistRepositories, 'surveys'>, slotRef: Slot, now: number): Promise<WaitlistOffer[]> {
  await waitlist.lockSlot(slotRef);
  const queue = await waitlist.queue(slotRef.calendarId, slotRef.date, slotRef.slotId);
  if (queue.length === 0) return [];
  const calendar = await calendars.findCalendar(slotRef.calendarId);
  const minutes = calendar === undefined ? undefined : await waitlist.offerMinutes(calendar.calendarId);
  const slot = await calendars.findSlot(slotRef.calendarId, slotRef.date, slotRef.slotId, now);
  const bookable =
    calendar !== undefined &&
    minutes !== undefined &&
    slot !== undefined &&
    calendar.rules.bookingStopped !== true &&
    !(await isClosedOn(calendars, calendar, slot.date)) &&
    bookingWindowState(slot, calendar.rules, now) === 'open';

  const waiting: WaitlistEntry[] = [];
  for (const entry of queue) {
    if (entry.state === 'waiting') {
      if (bookable) waiting.push(entry);
      else await waitlist.end(entry, 'expired', now);
      continue;
    }
    // Offered (a booked one has left the queue): run out, or the slot no longer bookable.
    if (!bookable || (entry.offeredUntil ?? 0) <= now) await waitlist.end(entry, 'expired', now);
  }
  // A lottery taking applications (set while citizens waited): nothing is offered until it is
  // drawn; the waiting keep their places, and the units owed to them (the draw gives only the rest).
  if (!bookable || calendar.lotteryClosesAt !== undefined) return [];

  const until = Math.min(now + minutes * 60_000, deadlineBefore(slot.date, slot.start, calendar.rules.bookingClosesBefore));
  const offers: WaitlistOffer[] = [];
  for (const entry of waiting) {
    // First come, first offered: one who needs more units than are free is not skipped.
    if (!(await waitlist.offer(entry, until, now))) break;
    offers.push({ entry: { ...entry, state: 'offered', offeredUntil: until }, until, start: slot.start, end: slot.end });
  }
  return offers;
}

/** Works one slot's queue and tells the citizens offered a place. */
export async function processSlot(deps: WaitlistDeps, slot: Slot): Promise<WaitlistOffer[]> {
  const offers = await deps.store.transaction((repositories) => workSlotQueue(repositories, slot, deps.now()));
  for (const offer of offers) {
    try {
      await deps.offered(offer);
    } catch (error) {
      deps.logError(error, 'A waitlist offer could not be told to its citizen; it shows in the app');
    }
  }
  return offers;
}

/**
 * Works every slot's queue (the server's timer, and right after a citizen's cancel). Lapsed holds
 * (a payment given up) stay claimed until swept: they are swept first, in a transaction of their
 * own (not under one slot's lock), so their units can be offered. A slot that fails is logged and
 * tried again next run; the others are worked all the same.
 */
export async function processWaitlists(deps: WaitlistDeps): Promise<WaitlistOffer[]> {
  const slots = await deps.store.read.waitlist.slotsWithQueues();
  if (slots.length === 0) return [];
  await deps.store.transaction(({ calendars }) => sweepLapsedHolds(calendars, deps.now()));
  const offers: WaitlistOffer[] = [];
  for (const slot of slots) {
    try {
      offers.push(...(await processSlot(deps, slot)));
    } catch (error) {
      deps.logError(error, `Working the waitlist of ${slot.calendarId} ${slot.date} ${slot.slotId} failed; the next run tries again`);
    }
  }
  return offers;
}

/** Works a slot's queue after a citizen's change was committed: a failure is logged (the timer tries again), never the citizen's. */
async function workAfter(deps: WaitlistDeps, slot: Slot): Promise<void> {
  try {
    await processSlot(deps, slot);
  } catch (error) {
    deps.logError(error, 'Working a waitlist after a citizen\'s change failed; the next run tries again');
  }
}
