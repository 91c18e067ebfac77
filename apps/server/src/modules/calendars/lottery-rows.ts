import type { LotteryApplication, StoredLottery } from './lottery-repository.js';
import type { SlotRequestRow } from './waitlist-rows.js';
import { toSlotRequest } from './waitlist-rows.js';

export interface LotteryRow {
  calendar_id: string;
  applications_close_at: number | string;
  winner_hours: number;
  seed: string | null;
  drawn_at: number | string | null;
  drawn_by: string | null;
}

export interface LotteryApplicationRow extends SlotRequestRow {
  application_id: number | string;
  state: LotteryApplication['state'];
  drawn_rank: number | null;
  created_at: number | string;
}

export const LOTTERY_SELECT = 'SELECT calendar_id, applications_close_at, winner_hours, seed, drawn_at, drawn_by FROM calendar_lotteries';
export const APPLICATION_SELECT = 'SELECT application_id, calendar_id, date, slot_id, user_id, survey_id, item_key, units, state, drawn_rank, created_at FROM lottery_applications';

/** A row as either engine reads it (PostgreSQL's BIGINT arrives as text). */
export const toLottery = (row: LotteryRow): StoredLottery => ({
  calendarId: row.calendar_id,
  applicationsCloseAt: Number(row.applications_close_at),
  winnerHours: row.winner_hours,
  ...(row.seed === null ? {} : { seed: row.seed }),
  ...(row.drawn_at === null ? {} : { drawnAt: Number(row.drawn_at) }),
  ...(row.drawn_by === null ? {} : { drawnBy: row.drawn_by }),
});

export const toApplication = (row: LotteryApplicationRow): LotteryApplication => ({
  applicationId: Number(row.application_id),
  ...toSlotRequest(row),
  state: row.state,
  ...(row.drawn_rank === null ? {} : { drawnRank: row.drawn_rank }),
  createdAt: Number(row.created_at),
});
