import type { SlotRequest, WaitlistEntry } from './waitlist-repository.js';

/** The columns of a slot a citizen asked for, as waitlist places and lottery applications store it. */
export interface SlotRequestRow {
  calendar_id: string;
  date: string;
  slot_id: string;
  user_id: string;
  survey_id: string;
  item_key: string;
  units: number;
}

export interface WaitlistRow extends SlotRequestRow {
  entry_id: number | string;
  state: WaitlistEntry['state'];
  offered_until: number | string | null;
  created_at: number | string;
  updated_at: number | string;
}

export const WAITLIST_SELECT = `SELECT entry_id, calendar_id, date, slot_id, user_id, survey_id, item_key, units, state, offered_until, created_at, updated_at
  FROM waitlist_entries`;

/** The slot a waitlist place or a lottery application asks for, from its row. */
export const toSlotRequest = (row: SlotRequestRow): SlotRequest => ({
  calendarId: row.calendar_id,
  date: row.date,
  slotId: row.slot_id,
  userId: row.user_id,
  surveyId: row.survey_id,
  itemKey: row.item_key,
  units: row.units,
});

/** A row as either engine reads it (PostgreSQL's BIGINT arrives as text). */
export const toWaitlistEntry = (row: WaitlistRow): WaitlistEntry => ({
  entryId: Number(row.entry_id),
  ...toSlotRequest(row),
  state: row.state,
  ...(row.offered_until === null ? {} : { offeredUntil: Number(row.offered_until) }),
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

/**
 * How long the calendar's offers last (minutes), `calendar` its id's parameter: its waitlist's
 * setting or, without one, a drawn lottery's winners' hours (its reserves queue as a waitlist).
 */
export const EFFECTIVE_OFFER_MINUTES = (calendar: string, again = calendar) =>
  `COALESCE((SELECT offer_minutes FROM calendar_waitlists WHERE calendar_id = ${calendar}),
    (SELECT winner_hours * 60 FROM calendar_lotteries WHERE calendar_id = ${again} AND drawn_at IS NOT NULL))`;
