import type { Configuration } from '../../../db/configuration-cache.js';
import type { PostgresQueryable } from '../../../db/postgres.js';
import { NO_CLOSURES } from '../closures.js';
import type { CalendarImportRepository, SeededClaim, StoredCategory } from './calendar-import-repository.js';
import type { SlotRow } from './calendar-import-rows.js';
import { calendarParams, slotOf } from './calendar-import-rows.js';

// A slot's claimed units count the places its waitlist offered (the citizen was told it is theirs):
// staff may not lower its capacity below them, nor move or delete it under them.
const SLOT_COLUMNS = "s.date, s.slot_id, s.start_time, s.end_time, s.capacity, s.claimed_units + COALESCE((SELECT SUM(w.units) FROM waitlist_entries w WHERE w.calendar_id = s.calendar_id AND w.date = s.date AND w.slot_id = s.slot_id AND w.state = 'offered'), 0) AS claimed";
const CALENDAR_VALUES = (p: ReturnType<typeof calendarParams>) => [p.opens, p.closesUnit, p.closesAmount, p.changeUnit, p.changeAmount, p.maxActive, p.stopped, p.weekdays, p.holidays, p.now];

/**
 * The calendar administration's writes over PostgreSQL, with SQLite's statements. Every write to
 * the configuration the servers keep in memory (categories, calendars, closed days, level names)
 * tells the configuration cache in the transaction that writes; slots' availability is forgotten by the transaction that changes a slot.
 */
export function createPostgresCalendarImportRepository(db: PostgresQueryable, configuration: Configuration): CalendarImportRepository {
  const query = async <Row extends object>(name: string, text: string, values: unknown[] = []) => (await db.query<Row>({ name, text, values })).rows;
  const run = async (name: string, text: string, values: unknown[]) => (await db.query({ name, text, values })).rowCount ?? 0;
  const changesConfiguration = (name: string, text: string, values: unknown[]) => {
    configuration.changed(true);
    return run(name, text, values);
  };
  /** A slot added, redefined or removed: the availability citizens reload is stale once it commits. */
  const changesSlots = (name: string, text: string, values: unknown[]) => {
    configuration.availabilityChanged();
    return run(name, text, values);
  };
  return {
    async categories() {
      return query<StoredCategory>('calendarImport.categories', 'SELECT category_id AS "categoryId", tag1, tag2, tag3, position FROM calendar_categories ORDER BY position, category_id');
    },
    async insertCategory(category) {
      await changesConfiguration('calendarImport.insertCategory', 'INSERT INTO calendar_categories (category_id, tag1, tag2, tag3, position) VALUES ($1, $2, $3, $4, $5)', [
        category.categoryId,
        category.tag1,
        category.tag2,
        category.tag3,
        category.position,
      ]);
    },
    async renameCategory(categoryId, path) {
      await changesConfiguration('calendarImport.renameCategory', 'UPDATE calendar_categories SET tag1 = $1, tag2 = $2, tag3 = $3 WHERE category_id = $4', [path.tag1, path.tag2, path.tag3, categoryId]);
    },
    async findCalendar(calendarId) {
      return (await query<{ calendarId: string; categoryId: string }>('calendarImport.findCalendar', 'SELECT calendar_id AS "calendarId", category_id AS "categoryId" FROM calendars WHERE calendar_id = $1', [calendarId]))[0];
    },
    async calendarOfCategory(categoryId) {
      return (await query<{ calendar_id: string }>('calendarImport.calendarOfCategory', 'SELECT calendar_id FROM calendars WHERE category_id = $1', [categoryId]))[0]?.calendar_id;
    },
    async insertCalendar({ calendarId, categoryId, rules, closures = NO_CLOSURES }) {
      await changesConfiguration(
        'calendarImport.insertCalendar',
        `INSERT INTO calendars (calendar_id, category_id, booking_opens_days_ahead, booking_closes_unit, booking_closes_amount,
           change_closes_unit, change_closes_amount, max_active_bookings_per_user, booking_stopped, closed_weekdays, closed_on_public_holidays, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [calendarId, categoryId, ...CALENDAR_VALUES(calendarParams(calendarId, rules, closures))],
      );
    },
    async updateCalendar({ calendarId, rules, closures }) {
      await changesConfiguration(
        'calendarImport.updateCalendar',
        `UPDATE calendars SET booking_opens_days_ahead = $2, booking_closes_unit = $3, booking_closes_amount = $4,
           change_closes_unit = $5, change_closes_amount = $6, max_active_bookings_per_user = $7,
           booking_stopped = $8, closed_weekdays = $9, closed_on_public_holidays = $10, updated_at = $11
         WHERE calendar_id = $1`,
        [calendarId, ...CALENDAR_VALUES(calendarParams(calendarId, rules, closures))],
      );
    },
    async deleteCalendar(calendarId) {
      await changesConfiguration('calendarImport.deleteCalendar', 'DELETE FROM calendars WHERE calendar_id = $1', [calendarId]);
    },
    async deleteCategory(categoryId) {
      await changesConfiguration('calendarImport.deleteCategory', 'DELETE FROM calendar_categories WHERE category_id = $1', [categoryId]);
    },
    async slotsBetween(calendarId, from, to) {
      return (
        await query<SlotRow>('calendarImport.slotsBetween', `SELECT ${SLOT_COLUMNS} FROM calendar_slots s WHERE s.calendar_id = $1 AND s.date BETWEEN $2 AND $3 ORDER BY s.date, s.start_time, s.slot_id`, [calendarId, from, to])
      ).map(slotOf);
    },
    async claimedDatesFrom(calendarId, from) {
      return query<{ date: string; claimed: number }>('calendarImport.claimedDatesFrom', 'SELECT date, SUM(units) AS claimed FROM slot_claims WHERE calendar_id = $1 AND date >= $2 GROUP BY date ORDER BY date', [calendarId, from]);
    },
    async touchCalendar(calendarId) {
      await changesConfiguration('calendarImport.touchCalendar', 'UPDATE calendars SET updated_at = $1 WHERE calendar_id = $2', [Date.now(), calendarId]);
    },
    async slotsOn(calendarId, dates) {
      return (
        await query<SlotRow>('calendarImport.slotsOn', `SELECT ${SLOT_COLUMNS} FROM calendar_slots s WHERE s.calendar_id = $1 AND s.date = ANY($2::text[]) ORDER BY s.date, s.start_time, s.slot_id`, [calendarId, dates])
      ).map(slotOf);
    },
    async putSlot(calendarId, slot) {
      await changesSlots(
        'calendarImport.putSlot',
        `INSERT INTO calendar_slots (calendar_id, date, slot_id, start_time, end_time, capacity) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (calendar_id, date, slot_id) DO UPDATE SET start_time = excluded.start_time, end_time = excluded.end_time, capacity = excluded.capacity`,
        [calendarId, slot.date, slot.slotId, slot.start, slot.end, slot.capacity],
      );
    },
    async addSlotIfMissing(calendarId, slot) {
      const added = await changesSlots(
        'calendarImport.addSlot',
        `INSERT INTO calendar_slots (calendar_id, date, slot_id, start_time, end_time, capacity) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (calendar_id, date, slot_id) DO NOTHING`,
        [calendarId, slot.date, slot.slotId, slot.start, slot.end, slot.capacity],
      );
      return added > 0;
    },
    async deleteSlot(calendarId, date, slotId) {
      await changesSlots('calendarImport.deleteSlot', 'DELETE FROM calendar_slots WHERE calendar_id = $1 AND date = $2 AND slot_id = $3', [calendarId, date, slotId]);
    },
    async closedDaysOn(calendarId, dates) {
      return (await query<{ date: string }>('calendarImport.closedDaysOn', 'SELECT date FROM calendar_closed_days WHERE calendar_id = $1 AND date = ANY($2::text[]) ORDER BY date', [calendarId, dates])).map((row) => row.date);
    },
    async addClosedDay(calendarId, date) {
      return (await changesConfiguration('calendarImport.addClosedDay', 'INSERT INTO calendar_closed_days (calendar_id, date) VALUES ($1, $2) ON CONFLICT (calendar_id, date) DO NOTHING', [calendarId, date])) > 0;
    },
    async removeClosedDay(calendarId, date) {
      await changesConfiguration('calendarImport.removeClosedDay', 'DELETE FROM calendar_closed_days WHERE calendar_id = $1 AND date = $2', [calendarId, date]);
    },
    async categoryLabels() {
      const [row] = await query<{ tag1: string; tag2: string; tag3: string }>('calendarImport.labels', 'SELECT tag1_label AS tag1, tag2_label AS tag2, tag3_label AS tag3 FROM calendar_display_settings WHERE id = 1');
      // Migration 13 inserts the row; it is only ever updated.
      if (row === undefined) throw new Error('calendar_display_settings has no row');
      return row;
    },
    async setCategoryLabels({ tag1, tag2, tag3 }) {
      await changesConfiguration('calendarImport.setLabels', 'UPDATE calendar_display_settings SET tag1_label = $1, tag2_label = $2, tag3_label = $3 WHERE id = 1', [tag1, tag2, tag3]);
    },
    async claimOf(partitionKey, itemKey) {
      const [row] = await query<SeededClaim>(
        'calendarImport.claimOf',
        `SELECT partition_key AS "partitionKey", item_key AS "itemKey", calendar_id AS "calendarId", date, slot_id AS "slotId", user_id AS "userId", units
         FROM slot_claims WHERE partition_key = $1 AND item_key = $2`,
        [partitionKey, itemKey],
      );
      return row;
    },
  };
}
