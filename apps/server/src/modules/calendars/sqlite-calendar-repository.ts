import type { ConfigurationCache } from '../../db/configuration-cache.js';
import { changedColumnsUpdate } from '../../db/changed-columns-update.js';
import type { SqliteDatabase } from '../../db/database.js';
import type { CalendarRepository, SlotClaim } from './calendar-repository.js';
import type { CategoryRow, CalendarRow, ClaimRow, FreedClaim, SlotRow } from './calendar-rows.js';
import type { NewBookingFactsRow } from './calendar-rows.js';
import { CATEGORY_SELECT, changedClaimColumns, CLAIM_SELECT, newBookingFactsSelect, slotsAsJson, slotSelect, slotsOfJson, toCalendar, toCategory, toClaim, toNewBookingFacts, toSlot } from './calendar-rows.js';

const SLOT_SELECT = slotSelect('?');

/**
 * Calendars, slots and claims over SQLite. With `configuration` (the file's cache, which
 * sqliteStore passes), categories, calendars, closed dates and level names are read once per
 * change; slots and claims, always from the database.
 */
export function createSqliteCalendarRepository(db: SqliteDatabase, configuration?: ConfigurationCache): CalendarRepository {
  const settings = db.prepare<[], { tag1_label: string; tag2_label: string; tag3_label: string }>(
    'SELECT tag1_label, tag2_label, tag3_label FROM calendar_display_settings WHERE id = 1',
  );
  const categories = db.prepare<[], CategoryRow>(`${CATEGORY_SELECT} ORDER BY c.position, c.category_id`);
  const category = db.prepare<[string], CategoryRow>(`${CATEGORY_SELECT} WHERE c.category_id = ?`);
  const calendar = db.prepare<[string], CalendarRow>(
    `SELECT calendar_id, category_id, booking_opens_days_ahead, booking_closes_unit, booking_closes_amount,
       change_closes_unit, change_closes_amount, max_active_bookings_per_user, booking_stopped, closed_weekdays, closed_on_public_holidays, lottery_closes_at
     FROM calendars WHERE calendar_id = ?`,
  );
  const slots = db.prepare<[number, string, string, string], string | null>(slotsAsJson(['?', '?', '?', '?'], { array: 'json_array', aggregate: (items) => `json_group_array(${items})` })).pluck();
  const slot = db.prepare<[number, string, string, string], SlotRow>(`${SLOT_SELECT} WHERE s.calendar_id = ? AND s.date = ? AND s.slot_id = ?`);
  const newBookingFacts = db.prepare<[number, string, string | null, string, string, string, string, string], NewBookingFactsRow>(newBookingFactsSelect(() => '?'));
  const nextHoldLapse = db
    .prepare<[string, string, string, number], number | null>('SELECT MIN(hold_expires_at) FROM slot_claims WHERE calendar_id = ? AND date BETWEEN ? AND ? AND hold_expires_at > ?')
    .pluck();
  const closedDays = db.prepare<[string, string, string], { date: string }>(
    'SELECT date FROM calendar_closed_days WHERE calendar_id = ? AND date BETWEEN ? AND ? ORDER BY date',
  );
  const allClosedDays = db.prepare<[string], { date: string }>('SELECT date FROM calendar_closed_days WHERE calendar_id = ?');
  const closedDay = db.prepare<[string, string], { n: number }>(
    'SELECT COUNT(*) AS n FROM calendar_closed_days WHERE calendar_id = ? AND date = ?',
  );
  const claimsOfRecord = db.prepare<[string], ClaimRow>(`${CLAIM_SELECT} WHERE c.partition_key = ? ORDER BY c.item_key`);
  const claimsOfRecords = db.prepare<[string], ClaimRow>(`${CLAIM_SELECT} WHERE c.partition_key IN (SELECT value FROM json_each(?)) ORDER BY c.partition_key, c.item_key`);
  const claimsOfUser = db.prepare<[string, string], ClaimRow>(`${CLAIM_SELECT} WHERE c.calendar_id = ? AND c.user_id = ?`);
  // Capacity is taken by this one conditional statement: the row is locked and the condition
  // checked on its current value (SQLite's one writer; PostgreSQL's row lock), so no interleaving
  // of bookings ever stores more than the capacity. The table's CHECK is the last word.
  const takeUnits = db.prepare<[number, string, string, string, number]>(
    'UPDATE calendar_slots SET claimed_units = claimed_units + ? WHERE calendar_id = ? AND date = ? AND slot_id = ? AND claimed_units + waitlist_units + ? <= capacity',
  );
  const giveUnits = db.prepare<[number, string, string, string]>(
    'UPDATE calendar_slots SET claimed_units = claimed_units - ? WHERE calendar_id = ? AND date = ? AND slot_id = ?',
  );
  const deleteLapsedHolds = db.prepare<[string, string, string, number], { units: number }>(
    'DELETE FROM slot_claims WHERE calendar_id = ? AND date = ? AND slot_id = ? AND hold_expires_at <= ? RETURNING units',
  );
  const deleteEveryLapsedHold = db.prepare<[number], FreedClaim>(
    'DELETE FROM slot_claims WHERE hold_expires_at <= ? RETURNING calendar_id, date, slot_id, units',
  );
  const insertClaim = db.prepare<[string, string, string, string, string, string, number, number, number | null]>(
    `INSERT INTO slot_claims (partition_key, item_key, calendar_id, date, slot_id, user_id, units, created_at, hold_expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // A claim moved sets only the columns that changed (slot_claims has three indexes besides its
  // key): a booking moved within a day sets slot_id and created_at.
  const updateClaim = changedColumnsUpdate(db, 'slot_claims', ['partition_key', 'item_key']);
  const moveClaimRow = (before: SlotClaim, claim: SlotClaim) => {
    updateClaim(changedClaimColumns(before, claim), [claim.partitionKey, claim.itemKey]);
  };
  const deleteClaim = db.prepare<[string, string], FreedClaim>(
    'DELETE FROM slot_claims WHERE partition_key = ? AND item_key = ? RETURNING calendar_id, date, slot_id, units',
  );
  const deleteClaims = db.prepare<[string], FreedClaim>('DELETE FROM slot_claims WHERE partition_key = ? RETURNING calendar_id, date, slot_id, units');
  const deleteHolds = db.prepare<[string], FreedClaim>(
    'DELETE FROM slot_claims WHERE partition_key = ? AND hold_expires_at IS NOT NULL RETURNING calendar_id, date, slot_id, units',
  );
  const waitlistPlace = db.prepare<[string, string, string, string], { entry_id: number; state: 'waiting' | 'offered'; units: number; offered_until: number | null }>(
    "SELECT entry_id, state, units, offered_until FROM waitlist_entries WHERE user_id = ? AND calendar_id = ? AND date = ? AND slot_id = ? AND state IN ('waiting', 'offered')",
  );
  const placeBooked = db.prepare<[number, number]>("UPDATE waitlist_entries SET state = 'booked', offered_until = NULL, updated_at = ? WHERE entry_id = ? AND state IN ('waiting', 'offered')");
  const oweLess = db.prepare<[number, string, string, string]>('UPDATE calendar_slots SET waitlist_units = waitlist_units - ? WHERE calendar_id = ? AND date = ? AND slot_id = ?');
  // The offer's units stop being owed to the queue and are claimed, past the queue's other places.
  const takeOfferedUnits = db.prepare<[number, number, string, string, string, number]>(
    'UPDATE calendar_slots SET claimed_units = claimed_units + ?, waitlist_units = waitlist_units - ? WHERE calendar_id = ? AND date = ? AND slot_id = ? AND claimed_units + ? <= capacity',
  );
  const offerBooked = db.prepare<[number, number]>("UPDATE waitlist_entries SET state = 'booked', offered_until = NULL, updated_at = ? WHERE entry_id = ? AND state = 'offered'");
  const confirmClaim = db.prepare<[string, string]>('UPDATE slot_claims SET hold_expires_at = NULL WHERE partition_key = ? AND item_key = ?');

  /** Gives back the units of claims just deleted. */
  const giveBack = (freed: readonly FreedClaim[]) => {
    for (const claim of freed) giveUnits.run(claim.units, claim.calendar_id, claim.date, claim.slot_id);
  };
  /**
   * Takes the units from the slot; when it has too few, its lapsed holds are swept (their rows
   * deleted, their units given back) and it is tried once more. False: the slot is full (or gone).
   */
  const take = (claim: SlotClaim, now: number): boolean => {
    const { units, calendarId, date, slotId } = claim;
    if (takeUnits.run(units, calendarId, date, slotId, units).changes === 1) return true;
    const lapsed = deleteLapsedHolds.all(calendarId, date, slotId, now);
    if (lapsed.length === 0) return false;
    giveUnits.run(lapsed.reduce((sum, hold) => sum + hold.units, 0), calendarId, date, slotId);
    return takeUnits.run(units, calendarId, date, slotId, units).changes === 1;
  };

  const cached = <T>(key: string, load: () => T): T => (configuration === undefined ? load() : configuration.get(key, load));
  const allCategories = () => cached('categories', () => categories.all().map(toCategory));
  // Derived from the cached list: one read of the table per change, not two.
  const categoriesById = () => cached('categories by id', () => new Map(allCategories().map((category) => [category.categoryId, category])));
  const closedDatesOf = (calendarId: string) => cached(`closed dates\n${calendarId}`, () => new Set(allClosedDays.all(calendarId).map((row) => row.date)));

  return {
    displaySettings() {
      return cached('calendar display settings', () => {
        const row = settings.get();
        // Migration 3 inserts the row; it is only ever updated.
        if (row === undefined) throw new Error('calendar_display_settings has no row');
        return { categoryLabels: { tag1: row.tag1_label, tag2: row.tag2_label, tag3: row.tag3_label } };
      });
    },
    categories() {
      return allCategories();
    },
    findCategory(categoryId) {
      if (configuration !== undefined) return categoriesById().get(categoryId);
      const row = category.get(categoryId);
      return row === undefined ? undefined : toCategory(row);
    },
    findCalendar(calendarId) {
      return cached(`calendar\n${calendarId}`, () => {
        const row = calendar.get(calendarId);
        return row === undefined ? undefined : toCalendar(row);
      });
    },
    slots(calendarId, from, to, now) {
      return slotsOfJson(calendarId, slots.get(now, calendarId, from, to) ?? null);
    },
    async recentAvailability(key, now, build) {
      // Without the file's cache (a repository of its own, uncached): built every time.
      return configuration === undefined ? (await build()).value : configuration.getRecentAvailability(key, now, build);
    },
    newBookingFacts(target, citizen, now) {
      const row = newBookingFacts.get(now, citizen.userId, citizen.idempotencyKey ?? null, citizen.partitionKey, citizen.userId, target.calendarId, target.date, target.slotId);
      return row === undefined ? undefined : toNewBookingFacts(row);
    },
    nextHoldLapse(calendarId, from, to, now) {
      return nextHoldLapse.get(calendarId, from, to, now) ?? undefined;
    },
    findSlot(calendarId, date, slotId, now) {
      const row = slot.get(now, calendarId, date, slotId);
      return row === undefined ? undefined : toSlot(row);
    },
    closedDays(calendarId, from, to) {
      return closedDays.all(calendarId, from, to).map((row) => row.date);
    },
    isClosedDay(calendarId, date) {
      if (configuration !== undefined) return closedDatesOf(calendarId).has(date);
      return (closedDay.get(calendarId, date)?.n ?? 0) > 0;
    },
    claimsOfRecord(partitionKey) {
      return claimsOfRecord.all(partitionKey).map(toClaim);
    },
    claimsOfRecords(partitionKeys) {
      return partitionKeys.length === 0 ? [] : claimsOfRecords.all(JSON.stringify(partitionKeys)).map(toClaim);
    },
    claimsOfUser(calendarId, userId) {
      return claimsOfUser.all(calendarId, userId).map(toClaim);
    },
    addClaim(claim: SlotClaim, now: number) {
      if (!take(claim, now)) return false;
      insertClaim.run(claim.partitionKey, claim.itemKey, claim.calendarId, claim.date, claim.slotId, claim.userId, claim.units, claim.createdAt, claim.holdExpiresAt ?? null);
      return true;
    },
    lockSlots() {
      // One writer: nothing to order.
    },
    giveBackUnits(claim) {
      giveUnits.run(claim.units, claim.calendarId, claim.date, claim.slotId);
    },
    moveClaim(before: SlotClaim, claim: SlotClaim, now: number) {
      if (!take(claim, now)) return false;
      moveClaimRow(before, claim);
      return true;
    },
    waitlistPlaceOf(userId, slot) {
      const row = waitlistPlace.get(userId, slot.calendarId, slot.date, slot.slotId);
      if (row === undefined) return undefined;
      return { entryId: row.entry_id, calendarId: slot.calendarId, date: slot.date, slotId: slot.slotId, userId, units: row.units, state: row.state, ...(row.offered_until === null ? {} : { offeredUntil: row.offered_until }) };
    },
    endWaitlistPlace(place, now) {
      if (placeBooked.run(now, place.entryId).changes === 1) oweLess.run(place.units, place.calendarId, place.date, place.slotId);
    },
    claimOffer(claim, offer) {
      if (offerBooked.run(claim.createdAt, offer.entryId).changes !== 1) return false;
      if (takeOfferedUnits.run(claim.units, offer.units, claim.calendarId, claim.date, claim.slotId, claim.units).changes !== 1) return false;
      insertClaim.run(claim.partitionKey, claim.itemKey, claim.calendarId, claim.date, claim.slotId, claim.userId, claim.units, claim.createdAt, claim.holdExpiresAt ?? null);
      return true;
    },
    releaseClaim(partitionKey, itemKey) {
      giveBack(deleteClaim.all(partitionKey, itemKey));
    },
    releaseClaimsOfRecord(partitionKey) {
      giveBack(deleteClaims.all(partitionKey));
    },
    releaseHoldsOfRecord(partitionKey) {
      giveBack(deleteHolds.all(partitionKey));
    },
    sweepLapsedHolds(now) {
      const lapsed = deleteEveryLapsedHold.all(now);
      giveBack(lapsed);
      return lapsed.length;
    },
    confirmClaim(partitionKey, itemKey) {
      confirmClaim.run(partitionKey, itemKey);
    },
  };
}
