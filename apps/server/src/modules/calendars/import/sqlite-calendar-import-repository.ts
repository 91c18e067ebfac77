import type { SqliteDatabase } from '../../../db/database.js';
import { NO_CLOSURES } from '../closures.js';
import type { CalendarImportRepository, SeededClaim, StoredCategory } from './calendar-import-repository.js';
import type { SlotRow } from './calendar-import-rows.js';
import { calendarParams, slotOf } from './calendar-import-rows.js';

export function createSqliteCalendarImportRepository(db: SqliteDatabase): CalendarImportRepository {
  const categories = db.prepare<[], StoredCategory>(
    'SELECT category_id AS categoryId, tag1, tag2, tag3, position FROM calendar_categories ORDER BY position, category_id',
  );
  const insertCategory = db.prepare<[string, string, string, string, number]>(
    'INSERT INTO calendar_categories (category_id, tag1, tag2, tag3, position) VALUES (?, ?, ?, ?, ?)',
  );
  const renameCategory = db.prepare<[string, string, string, string]>(
    'UPDATE calendar_categories SET tag1 = ?, tag2 = ?, tag3 = ? WHERE category_id = ?',
  );
  const findCalendar = db.prepare<[string], { calendarId: string; categoryId: string }>(
    'SELECT calendar_id AS calendarId, category_id AS categoryId FROM calendars WHERE calendar_id = ?',
  );
  const calendarOfCategory = db.prepare<[string], { calendar_id: string }>('SELECT calendar_id FROM calendars WHERE category_id = ?');
  const insertCalendar = db.prepare(
    `INSERT INTO calendars (calendar_id, category_id, booking_opens_days_ahead, booking_closes_unit, booking_closes_amount,
       change_closes_unit, change_closes_amount, max_active_bookings_per_user, booking_stopped, closed_weekdays, closed_on_public_holidays, updated_at)
     VALUES (@calendarId, @categoryId, @opens, @closesUnit, @closesAmount, @changeUnit, @changeAmount, @maxActive, @stopped, @weekdays, @holidays, @now)`,
  );
  const updateCalendar = db.prepare(
    `UPDATE calendars SET booking_opens_days_ahead = @opens, booking_closes_unit = @closesUnit, booking_closes_amount = @closesAmount,
       change_closes_unit = @changeUnit, change_closes_amount = @changeAmount, max_active_bookings_per_user = @maxActive,
       booking_stopped = @stopped, closed_weekdays = @weekdays, closed_on_public_holidays = @holidays, updated_at = @now
     WHERE calendar_id = @calendarId`,
  );
  const deleteCalendar = db.prepare<[string]>('DELETE FROM calendars WHERE calendar_id = ?');
  const deleteCategory = db.prepare<[string]>('DELETE FROM calendar_categories WHERE category_id = ?');
  const slotsBetween = db.prepare<[string, string, string], SlotRow>(
    `SELECT s.date, s.slot_id, s.start_time, s.end_time, s.capacity,
       s.claimed_units + COALESCE((SELECT SUM(w.units) FROM waitlist_entries w WHERE w.calendar_id = s.calendar_id AND w.date = s.date AND w.slot_id = s.slot_id AND w.state = 'offered'), 0) AS claimed
     FROM calendar_slots s
     WHERE s.calendar_id = ? AND s.date BETWEEN ? AND ?
     ORDER BY s.date, s.start_time, s.slot_id`,
  );
  const claimedDatesFrom = db.prepare<[string, string], { date: string; claimed: number }>(
    'SELECT date, SUM(units) AS claimed FROM slot_claims WHERE calendar_id = ? AND date >= ? GROUP BY date ORDER BY date',
  );
  const touchCalendar = db.prepare<[number, string]>('UPDATE calendars SET updated_at = ? WHERE calendar_id = ?');
  // A list bound as one JSON array parameter: one statement for any number of dates.
  const slotsOn = db.prepare<[string, string], SlotRow>(
    `SELECT s.date, s.slot_id, s.start_time, s.end_time, s.capacity,
       s.claimed_units + COALESCE((SELECT SUM(w.units) FROM waitlist_entries w WHERE w.calendar_id = s.calendar_id AND w.date = s.date AND w.slot_id = s.slot_id AND w.state = 'offered'), 0) AS claimed
     FROM calendar_slots s
     WHERE s.calendar_id = ? AND s.date IN (SELECT value FROM json_each(?))
     ORDER BY s.date, s.start_time, s.slot_id`,
  );
  const putSlot = db.prepare<[string, string, string, string, string, number]>(
    `INSERT INTO calendar_slots (calendar_id, date, slot_id, start_time, end_time, capacity) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (calendar_id, date, slot_id) DO UPDATE SET start_time = excluded.start_time, end_time = excluded.end_time, capacity = excluded.capacity`,
  );
  const addSlot = db.prepare<[string, string, string, string, string, number]>(
    `INSERT INTO calendar_slots (calendar_id, date, slot_id, start_time, end_time, capacity) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (calendar_id, date, slot_id) DO NOTHING`,
  );
  const deleteSlot = db.prepare<[string, string, string]>('DELETE FROM calendar_slots WHERE calendar_id = ? AND date = ? AND slot_id = ?');
  const closedDaysOn = db.prepare<[string, string], { date: string }>(
    'SELECT date FROM calendar_closed_days WHERE calendar_id = ? AND date IN (SELECT value FROM json_each(?)) ORDER BY date',
  );
  const addClosedDay = db.prepare<[string, string]>(
    'INSERT INTO calendar_closed_days (calendar_id, date) VALUES (?, ?) ON CONFLICT (calendar_id, date) DO NOTHING',
  );
  const removeClosedDay = db.prepare<[string, string]>('DELETE FROM calendar_closed_days WHERE calendar_id = ? AND date = ?');
  const labels = db.prepare<[], { tag1: string; tag2: string; tag3: string }>(
    'SELECT tag1_label AS tag1, tag2_label AS tag2, tag3_label AS tag3 FROM calendar_display_settings WHERE id = 1',
  );
  const setLabels = db.prepare<[string, string, string]>(
    'UPDATE calendar_display_settings SET tag1_label = ?, tag2_label = ?, tag3_label = ? WHERE id = 1',
  );
  const claimOf = db.prepare<[string, string], SeededClaim>(
    `SELECT partition_key AS partitionKey, item_key AS itemKey, calendar_id AS calendarId, date, slot_id AS slotId,
       user_id AS userId, units FROM slot_claims WHERE partition_key = ? AND item_key = ?`,
  );
  return {
    async categories() {
      return categories.all();
    },
    async insertCategory(category) {
      insertCategory.run(category.categoryId, category.tag1, category.tag2, category.tag3, category.position);
    },
    async renameCategory(categoryId, path) {
      renameCategory.run(path.tag1, path.tag2, path.tag3, categoryId);
    },
    async findCalendar(calendarId) {
      return findCalendar.get(calendarId);
    },
    async calendarOfCategory(categoryId) {
      return calendarOfCategory.get(categoryId)?.calendar_id;
    },
    async insertCalendar({ calendarId, categoryId, rules, closures = NO_CLOSURES }) {
      insertCalendar.run({ ...calendarParams(calendarId, rules, closures), categoryId });
    },
    async updateCalendar({ calendarId, rules, closures }) {
      updateCalendar.run(calendarParams(calendarId, rules, closures));
    },
    async deleteCalendar(calendarId) {
      deleteCalendar.run(calendarId);
    },
    async deleteCategory(categoryId) {
      deleteCategory.run(categoryId);
    },
    async slotsBetween(calendarId, from, to) {
      return slotsBetween.all(calendarId, from, to).map(slotOf);
    },
    async claimedDatesFrom(calendarId, from) {
      return claimedDatesFrom.all(calendarId, from);
    },
    async touchCalendar(calendarId) {
      touchCalendar.run(Date.now(), calendarId);
    },
    async slotsOn(calendarId, dates) {
      return slotsOn.all(calendarId, JSON.stringify(dates)).map(slotOf);
    },
    async putSlot(calendarId, slot) {
      putSlot.run(calendarId, slot.date, slot.slotId, slot.start, slot.end, slot.capacity);
    },
    async addSlotIfMissing(calendarId, slot) {
      return addSlot.run(calendarId, slot.date, slot.slotId, slot.start, slot.end, slot.capacity).changes > 0;
    },
    async deleteSlot(calendarId, date, slotId) {
      deleteSlot.run(calendarId, date, slotId);
    },
    async closedDaysOn(calendarId, dates) {
      return closedDaysOn.all(calendarId, JSON.stringify(dates)).map((row) => row.date);
    },
    async addClosedDay(calendarId, date) {
      return addClosedDay.run(calendarId, date).changes > 0;
    },
    async removeClosedDay(calendarId, date) {
      removeClosedDay.run(calendarId, date);
    },
    async categoryLabels() {
      const row = labels.get();
      // Migration 3 inserts the row; it is only ever updated.
      if (row === undefined) throw new Error('calendar_display_settings has no row');
      return row;
    },
    async setCategoryLabels({ tag1, tag2, tag3 }) {
      setLabels.run(tag1, tag2, tag3);
    },
    async claimOf(partitionKey, itemKey) {
      return claimOf.get(partitionKey, itemKey);
    },
  };
}
