import type { CalendarCategory, CalendarDisplaySettings, CalendarRules } from '@city/survey-core';
import type { Awaitable } from '../../db/store.js';

/** Days a calendar's rules close it (see closures.ts): weekdays, 0 (Sunday) to 6, and Japan's public holidays. */
export interface CalendarClosures {
  weekdays: readonly number[];
  publicHolidays: boolean;
}

/** A calendar: the category it hangs off, its booking rules and the days its rules close it. */
export interface StoredCalendar {
  calendarId: string;
  categoryId: string;
  rules: CalendarRules;
  closures: CalendarClosures;
  /** A lottery takes applications for the calendar's slots until then (ms); nobody books them directly until it is drawn. */
  lotteryClosesAt?: number;
}

/**
 * A slot of a calendar with what is left of it: capacity minus the units of its confirmed claims
 * and of its holds that have not expired (see docs/adr/0003-holds-counted-by-rule.md).
 */
export interface StoredSlot {
  calendarId: string;
  /** `YYYY-MM-DD`, Japan time. */
  date: string;
  slotId: string;
  /** `HH:MM`, Japan time. */
  start: string;
  end: string;
  capacity: number;
  left: number;
  /** Units kept for the slot's waitlist (its waiting and offered places), when it has one; read with one slot. */
  waitlistUnits?: number;
}

/** The units a record's reservation answer takes from a slot. */
/** A citizen's open place in a slot's waitlist (waitlist_entries waiting or offered). */
export interface WaitlistPlaceHeld {
  entryId: number;
  calendarId: string;
  date: string;
  slotId: string;
  userId: string;
  units: number;
  state: 'waiting' | 'offered';
  /** While offered. */
  offeredUntil?: number;
}

/** What a booking does to its citizen's waitlist places: offers it takes, places it ends (booked directly). */
export interface WaitlistTakes {
  offers: WaitlistPlaceHeld[];
  ended: WaitlistPlaceHeld[];
}

export interface SlotClaim {
  partitionKey: string;
  itemKey: string;
  calendarId: string;
  date: string;
  slotId: string;
  userId: string;
  units: number;
  createdAt: number;
  /** Set on a hold (ms since the epoch): it counts until then. Absent on a confirmed booking. */
  holdExpiresAt?: number;
}

/**
 * What a citizen's first booking on a slot depends on, read at once (one statement, one snapshot):
 * see records/full-slot-refusal.ts.
 */
export interface NewBookingFacts {
  /** The slot, with what is left of it. */
  slot: StoredSlot;
  /** The citizen sent this Idempotency-Key before. */
  keySeen: boolean;
  /** A record is stored under the submission's key. */
  recordExists: boolean;
  /** The citizen holds a claim (a booking or a hold) on a slot of this calendar. */
  claimsInCalendar: boolean;
}

/** A claim with its slot's times, which the deadlines are counted from. */
export interface SlotClaimWithTimes extends SlotClaim {
  start: string;
  end: string;
}

/**
 * Categories, calendars, slots and the claims records hold on slots (migration 3). Reads only,
 * but for claims: those are written by the records use-cases, inside their transaction.
 */
export interface CalendarRepository {
  displaySettings(): Awaitable<CalendarDisplaySettings>;
  /** Every category, in display order, with the calendar hanging off it (if any). */
  categories(): Awaitable<CalendarCategory[]>;
  findCategory(categoryId: string): Awaitable<CalendarCategory | undefined>;
  findCalendar(calendarId: string): Awaitable<StoredCalendar | undefined>;
  /** The calendar's slots from `from` to `to` (inclusive), by date then start; `left` as at `now`. */
  slots(calendarId: string, from: string, to: string, now: number): Awaitable<StoredSlot[]>;
  /** {@link NewBookingFacts} of one slot for a citizen's submission; undefined when there is no such slot. */
  newBookingFacts(
    slot: { calendarId: string; date: string; slotId: string },
    citizen: { userId: string; partitionKey: string; idempotencyKey: string | undefined },
    now: number,
  ): Awaitable<NewBookingFacts | undefined>;
  /** When the first hold on the calendar's slots from `from` to `to` lapses after `now` (undefined: none held). */
  nextHoldLapse(calendarId: string, from: string, to: string, now: number): Awaitable<number | undefined>;
  /**
   * What `build` makes of a calendar's availability (its slots and what is left of them), kept in
   * memory for the next reloads as db/configuration-cache.ts says: emptied by any change to a slot
   * or the configuration in this process, and kept until `validUntil` at most and
   * AVAILABILITY_MAX_AGE_MS by `now`. `key` names what is built (the form it is kept in, the calendar and its range).
   */
  recentAvailability<T>(key: string, now: number, build: () => Promise<{ value: T; validUntil: number }>): Awaitable<T>;
  /** The slot, with `left` as at `now`. */
  findSlot(calendarId: string, date: string, slotId: string, now: number): Awaitable<StoredSlot | undefined>;
  /** The calendar's closed days from `from` to `to` (inclusive), in order. */
  closedDays(calendarId: string, from: string, to: string): Awaitable<string[]>;
  isClosedDay(calendarId: string, date: string): Awaitable<boolean>;
  claimsOfRecord(partitionKey: string): Awaitable<SlotClaimWithTimes[]>;
  /** The claims of these records (a page of an export), by record and item. */
  claimsOfRecords(partitionKeys: readonly string[]): Awaitable<SlotClaimWithTimes[]>;
  /** The user's claims in the calendar, whatever their record. */
  claimsOfUser(calendarId: string, userId: string): Awaitable<SlotClaimWithTimes[]>;
  /**
   * Adds the claim, taking its units from the slot by one conditional write; false (nothing
   * written) when the slot has fewer units left than it takes, its holds lapsed at `now` counted as
   * free (they are swept then).
   */
  addClaim(claim: SlotClaim, now: number): Awaitable<boolean>;
  /**
   * Moves the record's claim for `claim.itemKey`, stored as `before`, to `claim`'s slot (and units,
   * owner, hold), taking the units there as addClaim does; false (nothing written) when that slot
   * is full. The units of the slot it leaves are given back first, by {@link giveBackUnits}, so
   * that claims which swap slots find each other's units free.
   */
  moveClaim(before: SlotClaim, claim: SlotClaim, now: number): Awaitable<boolean>;
  /** The citizen's open place in the slot's waitlist (see waitlist.ts), if any. */
  waitlistPlaceOf(userId: string, slot: { calendarId: string; date: string; slotId: string }): Awaitable<WaitlistPlaceHeld | undefined>;
  /**
   * Books `claim` with the offer's units: they stop being owed to the slot's queue and are claimed
   * (within capacity: the queue's other places do not stand in the way), and the offer is booked.
   * False (nothing written) when the offer is no longer held or the slot has no room after all.
   */
  claimOffer(claim: SlotClaim, offer: WaitlistPlaceHeld): Awaitable<boolean>;
  /** Ends a place its citizen booked directly (its units no longer owed to the queue). */
  endWaitlistPlace(place: WaitlistPlaceHeld, now: number): Awaitable<void>;
  /** Gives back the units of a claim about to move (see moveClaim); its row stays until moved. */
  giveBackUnits(claim: SlotClaim): Awaitable<void>;
  /**
   * Locks the slots' rows in one order (calendar, date, slot) before their units change, so two
   * transactions changing the same slots wait on each other instead of deadlocking.
   */
  lockSlots(slots: readonly { calendarId: string; date: string; slotId: string }[]): Awaitable<void>;
  /** Frees the record's claim for the item (its row goes, its units go back to the slot). */
  releaseClaim(partitionKey: string, itemKey: string): Awaitable<void>;
  /** Frees every claim of the record. */
  releaseClaimsOfRecord(partitionKey: string): Awaitable<void>;
  /** Frees the record's holds, keeping its confirmed bookings. */
  releaseHoldsOfRecord(partitionKey: string): Awaitable<void>;
  /** Frees every hold lapsed at `now` (the maintenance job); answers how many. */
  sweepLapsedHolds(now: number): Awaitable<number>;
  /** Turns the record's claim for the item into a confirmed booking. */
  confirmClaim(partitionKey: string, itemKey: string): Awaitable<void>;
}
