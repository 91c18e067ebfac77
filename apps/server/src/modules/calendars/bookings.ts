// The one capacity path: every claim on a slot is taken, confirmed or freed by a function here
// (records' submissions, staff's reopenings, orders' confirmations and releases). Booking slots through records: the rules a reservation answer must pass (the slot exists under
// the item's category, is not on a closed day, is inside the booking window, the citizen holds
// fewer bookings than the calendar allows, enough units are left), and the claims a record holds.
// The records use-cases call these inside their own transaction, so a record and its claims are
// stored, moved and freed together or not at all. Units are taken by one conditional UPDATE of the
// slot's claimed units (the repository's), which has the last word on capacity, whatever was
// checked here.
import type { BookingLimit } from '@city/api-client';
import { BOOKING_ERROR_CODES } from '@city/api-client';
import type { ReservationItem } from '@city/survey-core';
import { bookingWindowState, canChangeBooking, japanTimeToEpochMs, parseReservationValue, reservationCost } from '@city/survey-core';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import type { CalendarRepository, SlotClaim, SlotClaimWithTimes, StoredCalendar, StoredSlot, WaitlistPlaceHeld, WaitlistTakes } from './calendar-repository.js';
import { isSameOrBelow } from './calendars.js';
import { isClosedOn } from './closures.js';
import type { Awaitable } from '../../db/store.js';

/** A refusal of one reservation answer, with the message beside its item too. */
function refusal(statusCode: 400 | 409, code: string, message: string, itemKey: string): HttpError {
  return new HttpError(statusCode, code, message, { fields: { [itemKey]: message } });
}

/** Whether two claims (or a claim and a slot) name the same slot of the same calendar. */
export const sameSlot = (a: Pick<SlotClaim, 'calendarId' | 'date' | 'slotId'>, b: Pick<SlotClaim, 'calendarId' | 'date' | 'slotId'>) =>
  a.calendarId === b.calendarId && a.date === b.date && a.slotId === b.slotId;

/** Whether the slot has ended at `now`: it no longer counts as an active booking. */
const hasEnded = (slot: { date: string; end: string }, now: number) => now >= japanTimeToEpochMs(slot.date, slot.end);

/** Whether the claim is a hold that expired by `now`: it no longer counts, by the counting rule. */
const hasLapsed = (claim: Pick<SlotClaim, 'holdExpiresAt'>, now: number) => claim.holdExpiresAt !== undefined && claim.holdExpiresAt <= now;

/**
 * How many bookings the user holds in the calendar, as its per-citizen limit counts them: slots not
 * ended, holds not lapsed, the records being replaced (a change gives their bookings up) left out.
 */
export async function activeBookingsOf(calendars: CalendarRepository, calendarId: string, userId: string, now: number, replacedKeys: readonly string[]): Promise<number> {
  const replaced = new Set(replacedKeys);
  const claims = await calendars.claimsOfUser(calendarId, userId);
  return claims.filter((claim) => !replaced.has(claim.partitionKey) && !hasEnded(claim, now) && !hasLapsed(claim, now)).length;
}

/**
 * The user's standing in every calendar at or below the category whose rules limit the bookings
 * one citizen holds, counted as planClaims counts them (the record `replacing` left out), so a
 * screen can say a limit is reached before a slot is chosen. 404 `category_not_found`.
 */
export async function bookingLimits(calendars: CalendarRepository, input: { categoryId: string; userId: string; now: number; replacing?: string | undefined }): Promise<BookingLimit[]> {
  const categories = await calendars.categories();
  const root = categories.find((category) => category.categoryId === input.categoryId);
  if (root === undefined) throw new HttpError(404, 'category_not_found', messages.bookingCategoryNotFound);
  const limits: BookingLimit[] = [];
  for (const category of categories) {
    if (category.calendarId === undefined || !isSameOrBelow(category, root)) continue;
    const calendar = await calendars.findCalendar(category.calendarId);
    const max = calendar?.rules.maxActiveBookingsPerUser;
    if (calendar === undefined || max === undefined) continue;
    const activeBookings = await activeBookingsOf(calendars, calendar.calendarId, input.userId, input.now, input.replacing === undefined ? [] : [input.replacing]);
    limits.push({ calendarId: calendar.calendarId, categoryId: category.categoryId, maxActiveBookingsPerUser: max, activeBookings });
  }
  return limits;
}

/** One reservation item of a submission and its answer. */
export interface ReservationAnswer {
  item: ReservationItem;
  value: string;
}

export interface PlanClaimsInput {
  userId: string;
  /** The record being stored. */
  partitionKey: string;
  answers: readonly ReservationAnswer[];
  /**
   * The reservation items the submission speaks for (the citizen's view of the survey): claims of
   * other items (staff-only ones) stay with the record as they are, like their answers.
   */
  itemKeys: readonly string[];
  /**
   * The records this submission replaces (the one edited first), whose claims it gives up or
   * keeps: an answer naming the same slot keeps its claim, with no rule checked again.
   */
  replacedKeys: readonly string[];
  /**
   * The record keeps its key (an edit stored in place): with no reservation item to answer, its
   * claims stay as they are, unread.
   */
  keepsKey: boolean;
  now: number;
}

/** What planClaims answers: the claims the record will hold, and those the replaced records hold now. */
export interface ClaimPlan {
  claims: SlotClaim[];
  /** The replaced records' claims, as read (see {@link storeClaimChanges}). */
  held: SlotClaimWithTimes[];
  /** The citizen's waitlist places these claims take (an offer) or end (booked directly): see {@link storeClaims}. */
  waitlist: WaitlistTakes;
}

/**
 * Checks every reservation answer of a submission and answers the claims the stored record will
 * hold (see {@link storeClaims} and {@link storeClaimChanges}). Every claim of the replaced records that is given up (the answer
 * moved to another slot, or was removed) must be before its slot's change deadline. Throws the
 * HttpError of the first rule broken.
 */
export async function planClaims(calendars: CalendarRepository, input: PlanClaimsInput): Promise<ClaimPlan> {
  const { userId, partitionKey, now } = input;
  if (input.keepsKey && input.itemKeys.length === 0) return { claims: [], held: [], waitlist: { offers: [], ended: [] } };
  const held: SlotClaimWithTimes[] = [];
  for (const key of input.replacedKeys) held.push(...(await calendars.claimsOfRecord(key)));
  const kept = new Set<SlotClaimWithTimes>();
  const planned: SlotClaim[] = [];
  for (const claim of held) {
    if (!input.itemKeys.includes(claim.itemKey)) {
      kept.add(claim);
      planned.push({ ...claim, partitionKey, userId });
    }
  }

  // An answer naming a slot one of the replaced records already holds for its item keeps that
  // claim, with no rule checked again; the others are new bookings, checked below.
  const fresh: { item: ReservationItem; calendar: StoredCalendar; slot: StoredSlot }[] = [];
  const waitlist: WaitlistTakes = { offers: [], ended: [] };
  for (const { item, value } of input.answers) {
    const { calendar, slot } = await resolveSlot(calendars, item, value, now);
    const same = held.find((claim) => claim.itemKey === item.itemKey && !kept.has(claim) && sameSlot(claim, slot));
    if (same === undefined) {
      fresh.push({ item, calendar, slot });
    } else {
      kept.add(same);
      planned.push({ ...same, partitionKey, userId });
    }
  }

  // Every claim not kept is given up (its answer moved to another slot, or was removed: a
  // cancellation), whichever replaced record and item it comes from: an edit replacing two records
  // can hold two claims for one item, and each must be before its change deadline. Checked before
  // the new bookings' rules, so a booking past its deadline is refused as such, not as a full slot.
  for (const claim of held) {
    if (!kept.has(claim)) await requireChangeable(calendars, claim, now);
  }

  for (const { item, calendar, slot } of fresh) {
    const { itemKey } = item;
    if (calendar.rules.bookingStopped === true) throw refusal(409, BOOKING_ERROR_CODES.bookingStopped, messages.bookingStopped, itemKey);
    if (await isClosedOn(calendars, calendar, slot.date)) {
      throw refusal(409, BOOKING_ERROR_CODES.closedDay, messages.closedDay, itemKey);
    }
    const window = bookingWindowState(slot, calendar.rules, now);
    if (window === 'notOpenYet') throw refusal(409, BOOKING_ERROR_CODES.bookingNotOpen, messages.bookingNotOpen, itemKey);
    if (window === 'closed') throw refusal(409, BOOKING_ERROR_CODES.bookingClosed, messages.bookingClosed, itemKey);
    const limit = calendar.rules.maxActiveBookingsPerUser;
    if (limit !== undefined) {
      const elsewhere = await activeBookingsOf(calendars, calendar.calendarId, userId, now, input.replacedKeys);
      const here = planned.filter((claim) => claim.calendarId === calendar.calendarId);
      if (elsewhere + here.length >= limit) {
        throw refusal(409, BOOKING_ERROR_CODES.bookingLimitReached, messages.bookingLimitReached, itemKey);
      }
    }
    const units = reservationCost(item);
    // A slot with a waitlist (units kept for it): the citizen's own place in it, if any. An offer
    // still held is what this booking takes; any other place of theirs ends, booked directly.
    const place = (slot.waitlistUnits ?? 0) > 0 ? await calendars.waitlistPlaceOf(userId, slot) : undefined;
    const taken = [...waitlist.offers, ...waitlist.ended].some((seen) => seen.entryId === place?.entryId);
    if (place !== undefined && !taken && place.state === 'offered' && (place.offeredUntil ?? 0) > now && place.units === units) {
      waitlist.offers.push(place);
    } else {
      // A lottery not drawn yet: its slots are applied for, not booked (lottery.ts). An offer made
      // before it was set is still the citizen's to book (above).
      if (calendar.lotteryClosesAt !== undefined) throw refusal(409, 'lottery_pending', messages.lotteryPending, itemKey);
      if (slot.left < units) throw refusal(409, BOOKING_ERROR_CODES.slotFull, messages.slotFull, itemKey);
      if (place !== undefined && !taken) waitlist.ended.push(place);
    }
    planned.push({ partitionKey, itemKey, calendarId: calendar.calendarId, date: slot.date, slotId: slot.slotId, userId, units, createdAt: now });
  }
  return { claims: planned, held, waitlist };
}

/**
 * Stores the claims {@link planClaims} answered, once the record is stored (and the replaced
 * records' claims freed, so a kept or re-picked slot has its units back). 409 `slot_full` when
 * the database finds the slot full after all: someone else took the units in the meantime.
 */
export function storeClaims(calendars: CalendarRepository, claims: readonly SlotClaim[], now: number, waitlist: WaitlistTakes = NO_WAITLIST): Awaitable<void> {
  // No new claim (an edit that moved or kept its booking): nothing to store, answered at once.
  if (claims.length === 0) return;
  return addClaims(calendars, claims, now, waitlist);
}

const NO_WAITLIST: WaitlistTakes = { offers: [], ended: [] };

async function addClaims(calendars: CalendarRepository, claims: readonly SlotClaim[], now: number, waitlist: WaitlistTakes): Promise<void> {
  // Places booked directly end first: their units are no longer kept for the queue.
  for (const place of waitlist.ended) await calendars.endWaitlistPlace(place, now);
  const offered = [...waitlist.offers];
  for (const claim of claims) {
    // The citizen's waitlist offer of this slot (planClaims found it held): booked with its units.
    const index = offered.findIndex((offer) => sameSlot(offer, claim) && offer.userId === claim.userId && offer.units === claim.units);
    if (index >= 0) {
      const [offer] = offered.splice(index, 1);
      if (offer !== undefined && !(await calendars.claimOffer(claim, offer))) throw refusal(409, BOOKING_ERROR_CODES.slotFull, messages.slotFull, claim.itemKey);
      continue;
    }
    if (!(await calendars.addClaim(claim, now))) {
      throw refusal(409, BOOKING_ERROR_CODES.slotFull, messages.slotFull, claim.itemKey);
    }
  }
}

/** Whether a claim is stored exactly as planned: nothing to write. */
const unchanged = (held: SlotClaim, planned: SlotClaim) =>
  sameSlot(held, planned) && held.partitionKey === planned.partitionKey && held.userId === planned.userId && held.units === planned.units && held.holdExpiresAt === planned.holdExpiresAt;

/**
 * Stores an edit's claims in place, when the record keeps its key (`held`: its claims before,
 * `planned`: after, from planClaims): a claim kept as it is costs no write, one whose answer moved
 * moves its row, one whose answer went is freed, a new one is added. Every unit given up is given
 * back before any is taken, so claims that swap slots find each other's units free. 409
 * `slot_full` when a slot is full after all (someone took the units in the meantime).
 */
export async function storeClaimChanges(calendars: CalendarRepository, held: readonly SlotClaim[], planned: readonly SlotClaim[], now: number, waitlist: WaitlistTakes = NO_WAITLIST): Promise<void> {
  const heldByItem = new Map(held.map((claim) => [claim.itemKey, claim]));
  for (const place of waitlist.ended) await calendars.endWaitlistPlace(place, now);
  const unusedOffers = [...waitlist.offers];
  /** The citizen's offer a claim takes over (planClaims found it), once. */
  const offerFor = (claim: SlotClaim) => {
    const index = unusedOffers.findIndex((offer) => sameSlot(offer, claim) && offer.userId === claim.userId && offer.units === claim.units);
    return index < 0 ? undefined : unusedOffers.splice(index, 1)[0];
  };
  const moves: { before: SlotClaim; claim: SlotClaim }[] = [];
  const takenOver: { before: SlotClaim; claim: SlotClaim; offer: WaitlistPlaceHeld }[] = [];
  const added: SlotClaim[] = [];
  for (const claim of planned) {
    const before = heldByItem.get(claim.itemKey);
    heldByItem.delete(claim.itemKey);
    if (before === undefined) added.push(claim);
    else if (!unchanged(before, claim)) {
      // Moved onto a slot the citizen was offered from its waitlist: booked with the offer's units.
      const offer = offerFor(claim);
      if (offer !== undefined) takenOver.push({ before, claim, offer });
      else {
        await calendars.giveBackUnits(before);
        moves.push({ before, claim });
      }
    }
  }
  for (const gone of heldByItem.values()) await calendars.releaseClaim(gone.partitionKey, gone.itemKey);
  for (const { before, claim, offer } of takenOver) {
    await calendars.releaseClaim(before.partitionKey, before.itemKey);
    if (!(await calendars.claimOffer(claim, offer))) throw refusal(409, BOOKING_ERROR_CODES.slotFull, messages.slotFull, claim.itemKey);
  }
  for (const { before, claim } of moves) {
    if (!(await calendars.moveClaim(before, claim, now))) throw refusal(409, BOOKING_ERROR_CODES.slotFull, messages.slotFull, claim.itemKey);
  }
  await storeClaims(calendars, added, now, { offers: unusedOffers, ended: [] });
}

/**
 * Frees the record's claims when it is cancelled (`cancel`) or deleted (`delete`): only before
 * each slot's change deadline, else 409 `change_deadline_passed`. Deleting a record whose slot
 * has ended is allowed (the booking is history); cancelling it is not. Staff (`byStaff`) may
 * cancel past the citizen's deadline (a call the day before), but not once the slot has ended.
 */
export async function releaseClaims(
  calendars: CalendarRepository,
  partitionKey: string,
  now: number,
  reason: 'cancel' | 'delete',
  byStaff = false,
): Promise<void> {
  for (const claim of await calendars.claimsOfRecord(partitionKey)) {
    if (reason === 'delete' && hasEnded(claim, now)) continue;
    if (byStaff) {
      if (hasEnded(claim, now)) throw refusal(409, BOOKING_ERROR_CODES.changeDeadlinePassed, messages.slotEnded, claim.itemKey);
      continue;
    }
    await requireChangeable(calendars, claim, now);
  }
  await calendars.releaseClaimsOfRecord(partitionKey);
}

/** The calendar and slot a reservation answer names, or 400 `slot_not_found`. */
export async function resolveSlot(calendars: CalendarRepository, item: ReservationItem, value: string, now: number): Promise<{ calendar: StoredCalendar; slot: StoredSlot }> {
  // A function, not an error made up front: an Error records its stack, and most answers are fine.
  const notFound = () => refusal(400, BOOKING_ERROR_CODES.slotNotFound, messages.slotNotFound, item.itemKey);
  const ref = parseReservationValue(value);
  if (ref === undefined) throw notFound();
  const category = await calendars.findCategory(ref.categoryId);
  if (category?.calendarId === undefined) throw notFound();
  // The item's own category is where most answers book: nothing more to look up.
  if (item.categoryId !== undefined && item.categoryId !== category.categoryId) {
    const allowed = await calendars.findCategory(item.categoryId);
    if (allowed === undefined || !isSameOrBelow(category, allowed)) throw notFound();
  }
  const calendar = await calendars.findCalendar(category.calendarId);
  const slot = calendar === undefined ? undefined : await calendars.findSlot(calendar.calendarId, ref.date, ref.slotId, now);
  if (calendar === undefined || slot === undefined) throw notFound();
  return { calendar, slot };
}

/** 409 `change_deadline_passed` unless the claim's booking may still be changed or cancelled. */
async function requireChangeable(calendars: CalendarRepository, claim: SlotClaimWithTimes, now: number): Promise<void> {
  const calendar = await calendars.findCalendar(claim.calendarId);
  if (calendar !== undefined && canChangeBooking(claim, calendar.rules, now)) return;
  throw refusal(409, BOOKING_ERROR_CODES.changeDeadlinePassed, messages.changeDeadlinePassed, claim.itemKey);
}

/**
 * Claims again the slots a cancelled record had booked (staff reopening it): each answer's slot
 * must still exist, not have ended, and have the units free (409 `slot_full` otherwise, checked
 * by the database as every claim is). The booking window is not applied: staff reopen a booking
 * that was made inside it.
 */
export async function reclaimBookings(
  calendars: CalendarRepository,
  input: { partitionKey: string; userId: string; answers: readonly ReservationAnswer[]; now: number },
): Promise<void> {
  for (const { item, value } of input.answers) {
    const { calendar, slot } = await resolveSlot(calendars, item, value, input.now);
    if (hasEnded(slot, input.now)) throw refusal(409, BOOKING_ERROR_CODES.changeDeadlinePassed, messages.slotEnded, item.itemKey);
    const claim: SlotClaim = {
      partitionKey: input.partitionKey,
      itemKey: item.itemKey,
      calendarId: calendar.calendarId,
      date: slot.date,
      slotId: slot.slotId,
      userId: input.userId,
      units: reservationCost(item),
      createdAt: input.now,
    };
    if (!(await calendars.addClaim(claim, input.now))) throw refusal(409, BOOKING_ERROR_CODES.slotFull, messages.slotFullOnReopen, item.itemKey);
  }
}

/** A slot an order held for one reservation item of its record, to confirm or claim again. */
export interface HeldSlot {
  itemKey: string;
  calendarId: string;
  date: string;
  slotId: string;
  units: number;
}

/**
 * Turns a paid order's holds into bookings: a hold still counting is confirmed; one that lapsed
 * is claimed again under the capacity rule. Answers false, having claimed only part, when a lapsed
 * hold's slot filled meanwhile: the caller rolls its transaction back.
 */
export async function confirmHolds(
  calendars: CalendarRepository,
  order: { partitionKey: string; userId: string; heldClaims: readonly HeldSlot[] },
  now: number,
): Promise<boolean> {
  const claims = await calendars.claimsOfRecord(order.partitionKey);
  for (const held of order.heldClaims) {
    const claim = claims.find((c) => c.itemKey === held.itemKey && sameSlot(c, held));
    // A hold whose row is still there holds its units (a lapsed one too: nobody needed them, or a
    // claim finding the slot full would have swept it): it becomes the booking.
    if (claim?.holdExpiresAt !== undefined) {
      await calendars.confirmClaim(order.partitionKey, held.itemKey);
      continue;
    }
    // The hold lapsed and was swept: its units are claimed again, if the slot still has them.
    if (!(await calendars.addClaim({ ...held, partitionKey: order.partitionKey, userId: order.userId, createdAt: now }, now))) return false;
  }
  return true;
}

/** Frees the record's holds (an order released or expired), keeping its confirmed bookings. */
export async function releaseHolds(calendars: CalendarRepository, partitionKey: string): Promise<void> {
  await calendars.releaseHoldsOfRecord(partitionKey);
}

/** Frees every claim of the records a submission replaces, before it claims its own (see storeSubmission). */
export async function releaseReplacedClaims(calendars: CalendarRepository, partitionKeys: readonly string[]): Promise<void> {
  for (const key of partitionKeys) await calendars.releaseClaimsOfRecord(key);
}

/** Frees every hold lapsed at `now` (the maintenance job): what a claim finding its slot full would sweep. */
export async function sweepLapsedHolds(calendars: CalendarRepository, now: number): Promise<number> {
  return calendars.sweepLapsedHolds(now);
}
