import type { CalendarCategory, CalendarRules } from '@city/survey-core';
import type { SqliteDatabase } from '../../db/database.js';
import type { CalendarRepository, SlotClaim, SlotClaimWithTimes, StoredCalendar, StoredSlot } from './calendar-repository.js';


interface CategoryRow {
  category_id: string;
  tag1: string;
  tag2: string;
  tag3: string;
  calendar_id: string | null;
}

interface CalendarRow {
  calendar_id: string;
  category_id: string;
  booking_opens_days_ahead: number;
  booking_closes_unit: 'days' | 'hours';
  booking_closes_amount: number;
  change_closes_unit: 'days' | 'hours';
  change_closes_amount: number;
  max_active_bookings_per_user: number | null;
  booking_stopped: number;
  closed_weekdays: string;
  closed_on_public_holidays: number;
}

interface SlotRow {
  calendar_id: string;
  date: string;
  slot_id: string;
  start_time: string;
  end_time: string;
  capacity: number;
  left_units: number;
}

interface ClaimRow {
  partition_key: string;
  item_key: string;
  calendar_id: string;
  date: string;
  slot_id: string;
  user_id: string;
  units: number;
  created_at: number;
  hold_expires_at: number | null;
  start_time: string;
  end_time: string;
}

const toCategory = (row: CategoryRow): CalendarCategory => ({
  categoryId: row.category_id,
  tag1: row.tag1,
  ...(row.tag2 === '' ? {} : { tag2: row.tag2 }),
  ...(row.tag3 === '' ? {} : { tag3: row.tag3 }),
  ...(row.calendar_id === null ? {} : { calendarId: row.calendar_id }),
});

const toCalendar = (row: CalendarRow): StoredCalendar => {
  const rules: CalendarRules = {
    bookingOpensDaysAhead: row.booking_opens_days_ahead,
    bookingClosesBefore: { unit: row.booking_closes_unit, amount: row.booking_closes_amount },
    changeClosesBefore: { unit: row.change_closes_unit, amount: row.change_closes_amount },
    ...(row.max_active_bookings_per_user === null ? {} : { maxActiveBookingsPerUser: row.max_active_bookings_per_user }),
    ...(row.booking_stopped === 1 ? { bookingStopped: true } : {}),
  };
  const closures = { weekdays: JSON.parse(row.closed_weekdays) as number[], publicHolidays: row.closed_on_public_holidays === 1 };
  return { calendarId: row.calendar_id, categoryId: row.category_id, rules, closures };
};

const toSlot = (row: SlotRow): StoredSlot => ({
  calendarId: row.calendar_id,
  date: row.date,
  slotId: row.slot_id,
  start: row.start_time,
  end: row.end_time,
  capacity: row.capacity,
  left: row.left_units,
});

const toClaim = (row: ClaimRow): SlotClaimWithTimes => ({
  partitionKey: row.partition_key,
  itemKey: row.item_key,
  calendarId: row.calendar_id,
  date: row.date,
  slotId: row.slot_id,
  userId: row.user_id,
  units: row.units,
  createdAt: row.created_at,
  ...(row.hold_expires_at === null ? {} : { holdExpiresAt: row.hold_expires_at }),
  start: row.start_time,
  end: row.end_time,
});

const CATEGORY_SELECT = `SELECT c.category_id, c.tag1, c.tag2, c.tag3, k.calendar_id
  FROM calendar_categories c LEFT JOIN calendars k ON k.category_id = c.category_id`;

// What is left is computed from the claims on every read: there is no stored count to drift.
// Confirmed bookings and holds not yet expired count: now is the first parameter.
const SLOT_SELECT = `SELECT s.calendar_id, s.date, s.slot_id, s.start_time, s.end_time, s.capacity,
    s.capacity - COALESCE((SELECT SUM(units) FROM slot_claims c
      WHERE c.calendar_id = s.calendar_id AND c.date = s.date AND c.slot_id = s.slot_id
        AND (c.hold_expires_at IS NULL OR c.hold_expires_at > ?)), 0) AS left_units
  FROM calendar_slots s`;

const CLAIM_SELECT = `SELECT c.partition_key, c.item_key, c.calendar_id, c.date, c.slot_id, c.user_id, c.units, c.created_at, c.hold_expires_at,
    s.start_time, s.end_time
  FROM slot_claims c JOIN calendar_slots s ON s.calendar_id = c.calendar_id AND s.date = c.date AND s.slot_id = c.slot_id`;

/** The message of the migration's trigger that refuses a claim over capacity. */
const SLOT_FULL_TRIGGER_MESSAGE = 'slot_full';

export function createSqliteCalendarRepository(db: SqliteDatabase): CalendarRepository {
  const settings = db.prepare<[], { tag1_label: string; tag2_label: string; tag3_label: string }>(
    'SELECT tag1_label, tag2_label, tag3_label FROM calendar_display_settings WHERE id = 1',
  );
  const categories = db.prepare<[], CategoryRow>(`${CATEGORY_SELECT} ORDER BY c.position, c.category_id`);
  const category = db.prepare<[string], CategoryRow>(`${CATEGORY_SELECT} WHERE c.category_id = ?`);
  const calendar = db.prepare<[string], CalendarRow>(
    `SELECT calendar_id, category_id, booking_opens_days_ahead, booking_closes_unit, booking_closes_amount,
       change_closes_unit, change_closes_amount, max_active_bookings_per_user, booking_stopped, closed_weekdays, closed_on_public_holidays
     FROM calendars WHERE calendar_id = ?`,
  );
  const slots = db.prepare<[number, string, string, string], SlotRow>(
    `${SLOT_SELECT} WHERE s.calendar_id = ? AND s.date BETWEEN ? AND ? ORDER BY s.date, s.start_time, s.slot_id`,
  );
  const slot = db.prepare<[number, string, string, string], SlotRow>(`${SLOT_SELECT} WHERE s.calendar_id = ? AND s.date = ? AND s.slot_id = ?`);
  const closedDays = db.prepare<[string, string, string], { date: string }>(
    'SELECT date FROM calendar_closed_days WHERE calendar_id = ? AND date BETWEEN ? AND ? ORDER BY date',
  );
  const closedDay = db.prepare<[string, string], { n: number }>(
    'SELECT COUNT(*) AS n FROM calendar_closed_days WHERE calendar_id = ? AND date = ?',
  );
  const claimsOfRecord = db.prepare<[string], ClaimRow>(`${CLAIM_SELECT} WHERE c.partition_key = ? ORDER BY c.item_key`);
  const claimsOfUser = db.prepare<[string, string], ClaimRow>(`${CLAIM_SELECT} WHERE c.calendar_id = ? AND c.user_id = ?`);
  const deleteLapsedHolds = db.prepare<[string, string, string, number]>(
    'DELETE FROM slot_claims WHERE calendar_id = ? AND date = ? AND slot_id = ? AND hold_expires_at <= ?',
  );
  const insertClaim = db.prepare<[string, string, string, string, string, string, number, number, number | null]>(
    `INSERT INTO slot_claims (partition_key, item_key, calendar_id, date, slot_id, user_id, units, created_at, hold_expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const deleteClaims = db.prepare<[string]>('DELETE FROM slot_claims WHERE partition_key = ?');
  const deleteHolds = db.prepare<[string]>('DELETE FROM slot_claims WHERE partition_key = ? AND hold_expires_at IS NOT NULL');
  const confirmClaim = db.prepare<[string, string]>('UPDATE slot_claims SET hold_expires_at = NULL WHERE partition_key = ? AND item_key = ?');

  return {
    async displaySettings() {
      const row = settings.get();
      // Migration 3 inserts the row; it is only ever updated.
      if (row === undefined) throw new Error('calendar_display_settings has no row');
      return { categoryLabels: { tag1: row.tag1_label, tag2: row.tag2_label, tag3: row.tag3_label } };
    },
    async categories() {
      return categories.all().map(toCategory);
    },
    async findCategory(categoryId) {
      const row = category.get(categoryId);
      return row === undefined ? undefined : toCategory(row);
    },
    async findCalendar(calendarId) {
      const row = calendar.get(calendarId);
      return row === undefined ? undefined : toCalendar(row);
    },
    async slots(calendarId, from, to, now) {
      return slots.all(now, calendarId, from, to).map(toSlot);
    },
    async findSlot(calendarId, date, slotId, now) {
      const row = slot.get(now, calendarId, date, slotId);
      return row === undefined ? undefined : toSlot(row);
    },
    async closedDays(calendarId, from, to) {
      return closedDays.all(calendarId, from, to).map((row) => row.date);
    },
    async isClosedDay(calendarId, date) {
      return (closedDay.get(calendarId, date)?.n ?? 0) > 0;
    },
    async claimsOfRecord(partitionKey) {
      return claimsOfRecord.all(partitionKey).map(toClaim);
    },
    async claimsOfUser(calendarId, userId) {
      return claimsOfUser.all(calendarId, userId).map(toClaim);
    },
    async addClaim(claim: SlotClaim, now: number) {
      deleteLapsedHolds.run(claim.calendarId, claim.date, claim.slotId, now);
      try {
        insertClaim.run(
          claim.partitionKey,
          claim.itemKey,
          claim.calendarId,
          claim.date,
          claim.slotId,
          claim.userId,
          claim.units,
          claim.createdAt,
          claim.holdExpiresAt ?? null,
        );
        return true;
      } catch (error) {
        // RAISE(ABORT) undoes this statement only: the transaction goes on, and the caller decides.
        if (error instanceof Error && error.message === SLOT_FULL_TRIGGER_MESSAGE) return false;
        throw error;
      }
    },
    async releaseClaimsOfRecord(partitionKey) {
      deleteClaims.run(partitionKey);
    },
    async releaseHoldsOfRecord(partitionKey) {
      deleteHolds.run(partitionKey);
    },
    async confirmClaim(partitionKey, itemKey) {
      confirmClaim.run(partitionKey, itemKey);
    },
  };
}
