import type { Awaitable } from '../../db/store.js';

/** A slot a citizen asked for (a waitlist place, a lottery application), and the survey's reservation item they book it through. */
export interface SlotRequest {
  calendarId: string;
  date: string;
  slotId: string;
  userId: string;
  surveyId: string;
  itemKey: string;
  units: number;
}

/** A place in a slot's waitlist (migration 18's waitlist_entries). */
export interface WaitlistEntry extends SlotRequest {
  entryId: number;
  state: 'waiting' | 'offered' | 'booked' | 'expired' | 'left';
  /** While offered: until when (ms) the offer is held for them. */
  offeredUntil?: number;
  createdAt: number;
  updatedAt: number;
}

export type NewWaitlistEntry = SlotRequest;

/**
 * Waitlists. Every change of a slot's queue keeps its waitlist_units (the units owed to citizens
 * waiting or offered) right in the same statement set: callers run them in one transaction.
 */
export interface WaitlistRepository {
  /**
   * Locks the slot's row until the transaction ends (PostgreSQL; SQLite has one writer): its queue
   * is worked by one transaction at a time, whichever instance runs it.
   */
  lockSlot(slot: { calendarId: string; date: string; slotId: string }): Awaitable<void>;
  /**
   * How long an offer is held in the calendar (minutes); undefined: the calendar takes no
   * waitlist. A drawn lottery's queue of reserves is worked as a waitlist: without a waitlist
   * setting, its offers last as long as its winners' (lottery.ts).
   */
  offerMinutes(calendarId: string): Awaitable<number | undefined>;
  /** The calendar's waitlist setting as staff set it (minutes); undefined: off. */
  waitlistSetting(calendarId: string): Awaitable<number | undefined>;
  setOfferMinutes(calendarId: string, minutes: number | undefined, now: number): Awaitable<void>;
  /** Adds the citizen at the end of the slot's queue (their units owed to it); false if already in it. */
  join(entry: NewWaitlistEntry, now: number): Awaitable<WaitlistEntry | undefined>;
  find(entryId: number): Awaitable<WaitlistEntry | undefined>;
  /** The citizen's places, newest first (the last 100). */
  ofUser(userId: string): Awaitable<WaitlistEntry[]>;
  /** A slot's queue: its waiting and offered places, first come first. */
  queue(calendarId: string, date: string, slotId: string): Awaitable<WaitlistEntry[]>;
  /** Every slot with a waiting or offered place. */
  slotsWithQueues(): Awaitable<{ calendarId: string; date: string; slotId: string }[]>;
  /**
   * Offers a waiting place until `until`, when the slot has its units free (claimed and already
   * offered units within capacity). False (nothing written) when it has too few.
   */
  offer(entry: WaitlistEntry, until: number, now: number): Awaitable<boolean>;
  /** Ends a waiting or offered place (its units no longer owed): expired or left. */
  end(entry: WaitlistEntry, state: 'expired' | 'left', now: number): Awaitable<void>;
}
