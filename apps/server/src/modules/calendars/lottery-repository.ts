import type { Awaitable } from '../../db/store.js';
import type { SlotRequest } from './waitlist-repository.js';

/** A calendar's lottery (migration 19's calendar_lotteries): its deadline, then its draw. */
export interface StoredLottery {
  calendarId: string;
  /** Applications are taken until then (ms). */
  applicationsCloseAt: number;
  /** How long a winner's place is held for them to book (and pay) (hours); reserves offered later get as long. */
  winnerHours: number;
  /** Once drawn: the seed the draw used, when, and by which staff member. */
  seed?: string;
  drawnAt?: number;
  drawnBy?: string;
}

export interface LotteryApplication extends SlotRequest {
  applicationId: number;
  state: 'applied' | 'withdrawn' | 'won' | 'lost';
  /** After the draw: the place in the drawn order (1: drawn first). */
  drawnRank?: number;
  createdAt: number;
}

export type NewLotteryApplication = SlotRequest;

/** Lotteries and their applications. */
export interface LotteryRepository {
  /** Locks the calendar's lottery row until the transaction ends (PostgreSQL; SQLite has one writer): one draw at a time. */
  lock(calendarId: string): Awaitable<void>;
  find(calendarId: string): Awaitable<StoredLottery | undefined>;
  /**
   * Sets the lottery's deadline and winners' hours (undefined: removes it, withdrawing its
   * applications), and the calendar's lottery_closes_at that stops direct bookings until the draw.
   */
  set(calendarId: string, setting: { applicationsCloseAt: number; winnerHours: number } | undefined, now: number): Awaitable<void>;
  /** Adds an application; undefined when the citizen applied for that slot already. */
  apply(application: NewLotteryApplication, now: number): Awaitable<LotteryApplication | undefined>;
  findApplication(applicationId: number): Awaitable<LotteryApplication | undefined>;
  withdraw(applicationId: number, now: number): Awaitable<void>;
  /** Every application to the calendar's lottery, in the order they were made. */
  applicationsOf(calendarId: string): Awaitable<LotteryApplication[]>;
  /** The citizen's applications, newest first (the last 100). */
  ofUser(userId: string): Awaitable<LotteryApplication[]>;
  /**
   * Records the draw: its seed, when and by whom, each application's result and rank; and clears
   * the calendar's lottery_closes_at (its slots are booked through the capacity path from now on).
   */
  recordDraw(calendarId: string, draw: { seed: string; drawnAt: number; drawnBy: string; results: { applicationId: number; state: 'won' | 'lost'; rank: number }[] }): Awaitable<void>;
}
