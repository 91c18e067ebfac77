import { postgresChangedColumnsUpdate } from '../../db/changed-columns-update.js';
import type { Configuration } from '../../db/configuration-cache.js';
import type { PostgresQueryable } from '../../db/postgres.js';
import type { CalendarRepository, SlotClaim } from './calendar-repository.js';
import type { CalendarRow, CategoryRow, ClaimRow, FreedClaim, SlotRow } from './calendar-rows.js';
import type { NewBookingFactsRow } from './calendar-rows.js';
import { CATEGORY_SELECT, changedClaimColumns, CLAIM_SELECT, newBookingFactsSelect, slotsAsJson, slotSelect, slotsOfJson, toCalendar, toCategory, toClaim, toNewBookingFacts, toSlot } from './calendar-rows.js';

const SLOT_SELECT = slotSelect('$1');

/**
 * Calendars, slots and claims over PostgreSQL, with the same statements as SQLite's. Capacity is
 * taken by one conditional UPDATE of the slot's row: PostgreSQL locks the row and, when another
 * transaction changed it meanwhile, checks the condition again on the newest version, so no
 * interleaving of bookings on any number of instances stores more than the capacity (the table's
 * CHECK is the last word). Two transactions moving claims between the same two slots in opposite
 * directions may deadlock: one is ended by PostgreSQL and run again (postgres-store.ts).
 */
export function createPostgresCalendarRepository(db: PostgresQueryable, configuration: Configuration): CalendarRepository {
  const rows = async <Row extends object>(name: string, text: string, values: unknown[] = []) => (await db.query<Row>({ name, text, values })).rows;
  const changed = async (name: string, text: string, values: unknown[]) => (await db.query({ name, text, values })).rowCount ?? 0;
  /** A statement that moves a slot's units: the availability kept in memory is stale once it commits. */
  const movesUnits = async (name: string, text: string, values: unknown[]) => {
    const count = await changed(name, text, values);
    if (count > 0) configuration.availabilityChanged();
    return count;
  };
  const takeUnits = (claim: SlotClaim) =>
    movesUnits(
      'calendars.takeUnits',
      'UPDATE calendar_slots SET claimed_units = claimed_units + $1 WHERE calendar_id = $2 AND date = $3 AND slot_id = $4 AND claimed_units + waitlist_units + $1 <= capacity',
      [claim.units, claim.calendarId, claim.date, claim.slotId],
    );
  const giveUnits = (units: number, calendarId: string, date: string, slotId: string) =>
    movesUnits('calendars.giveUnits', 'UPDATE calendar_slots SET claimed_units = claimed_units - $1 WHERE calendar_id = $2 AND date = $3 AND slot_id = $4', [units, calendarId, date, slotId]);
  const giveBack = async (freed: readonly FreedClaim[]) => {
    for (const claim of freed) await giveUnits(claim.units, claim.calendar_id, claim.date, claim.slot_id);
  };
  const freeing = (name: string, text: string, values: unknown[]) => rows<FreedClaim>(name, text, values).then(giveBack);
  /** Frees the slot's lapsed holds (their rows go, their units back to the slot). */
  const sweepLapsedHoldsOfSlot = async (claim: SlotClaim, now: number): Promise<void> => {
    const lapsed = await rows<{ units: number }>(
      'calendars.deleteLapsedHoldsOfSlot',
      'DELETE FROM slot_claims WHERE calendar_id = $1 AND date = $2 AND slot_id = $3 AND hold_expires_at <= $4 RETURNING units',
      [claim.calendarId, claim.date, claim.slotId, now],
    );
    // None left when a concurrent transaction swept them (and committed) while this one waited on
    // their rows: the units they freed are in the slot's row now, so the caller tries again either way.
    if (lapsed.length > 0) {
      await giveUnits(
        lapsed.reduce((sum, hold) => sum + hold.units, 0),
        claim.calendarId,
        claim.date,
        claim.slotId,
      );
    }
  };
  /** As on SQLite: takes the units; when too few, sweeps the slot's lapsed holds and tries once more. */
  const take = async (claim: SlotClaim, now: number): Promise<boolean> => {
    if ((await takeUnits(claim)) === 1) return true;
    await sweepLapsedHoldsOfSlot(claim, now);
    return (await takeUnits(claim)) === 1;
  };
  const updateClaim = postgresChangedColumnsUpdate(db, 'slot_claims', ['partition_key', 'item_key']);

  const allCategories = () => configuration.getAsync('categories', async () => (await rows<CategoryRow>('calendars.categories', `${CATEGORY_SELECT} ORDER BY c.position, c.category_id`)).map(toCategory));
  const categoriesById = () => configuration.getAsync('categories by id', async () => new Map((await allCategories()).map((category) => [category.categoryId, category])));
  const closedDatesOf = (calendarId: string) =>
    configuration.getAsync(`closed dates\n${calendarId}`, async () => new Set((await rows<{ date: string }>('calendars.allClosedDays', 'SELECT date FROM calendar_closed_days WHERE calendar_id = $1', [calendarId])).map((row) => row.date)));

  return {
    async displaySettings() {
      return configuration.getAsync('calendar display settings', async () => {
        const [row] = await rows<{ tag1_label: string; tag2_label: string; tag3_label: string }>('calendars.displaySettings', 'SELECT tag1_label, tag2_label, tag3_label FROM calendar_display_settings WHERE id = 1');
        // Migration 13 inserts the row; it is only ever updated.
        if (row === undefined) throw new Error('calendar_display_settings has no row');
        return { categoryLabels: { tag1: row.tag1_label, tag2: row.tag2_label, tag3: row.tag3_label } };
      });
    },
    categories: allCategories,
    async findCategory(categoryId) {
      return (await categoriesById()).get(categoryId);
    },
    async findCalendar(calendarId) {
      return configuration.getAsync(`calendar\n${calendarId}`, async () => {
        const [row] = await rows<CalendarRow>(
          'calendars.findCalendar',
          `SELECT calendar_id, category_id, booking_opens_days_ahead, booking_closes_unit, booking_closes_amount,
             change_closes_unit, change_closes_amount, max_active_bookings_per_user, booking_stopped, closed_weekdays, closed_on_public_holidays, lottery_closes_at
           FROM calendars WHERE calendar_id = $1`,
          [calendarId],
        );
        return row === undefined ? undefined : toCalendar(row);
      });
    },
    async slots(calendarId, from, to, now) {
      // ::text: the JSON as PostgreSQL wrote it, parsed once here rather than by the driver.
      const json = { array: 'json_build_array', aggregate: (items: string) => `json_agg(${items})::text` };
      const [row] = await rows<{ slots: string | null }>('calendars.slots', slotsAsJson(['$1', '$2', '$3', '$4'], json), [now, calendarId, from, to]);
      return slotsOfJson(calendarId, row?.slots ?? null);
    },
    async recentAvailability(key, now, build) {
      return configuration.getRecentAvailability(key, now, build);
    },
    async newBookingFacts(target, citizen, now) {
      const [row] = await rows<NewBookingFactsRow>('calendars.newBookingFacts', newBookingFactsSelect((n) => `$${n}`), [
        now,
        citizen.userId,
        citizen.idempotencyKey ?? null,
        citizen.partitionKey,
        citizen.userId,
        target.calendarId,
        target.date,
        target.slotId,
      ]);
      return row === undefined ? undefined : toNewBookingFacts(row);
    },
    async nextHoldLapse(calendarId, from, to, now) {
      const [row] = await rows<{ lapse: string | null }>(
        'calendars.nextHoldLapse',
        'SELECT MIN(hold_expires_at) AS lapse FROM slot_claims WHERE calendar_id = $1 AND date BETWEEN $2 AND $3 AND hold_expires_at > $4',
        [calendarId, from, to, now],
      );
      return row?.lapse === null || row?.lapse === undefined ? undefined : Number(row.lapse);
    },
    async findSlot(calendarId, date, slotId, now) {
      const [row] = await rows<SlotRow>('calendars.findSlot', `${SLOT_SELECT} WHERE s.calendar_id = $2 AND s.date = $3 AND s.slot_id = $4`, [now, calendarId, date, slotId]);
      return row === undefined ? undefined : toSlot(row);
    },
    async closedDays(calendarId, from, to) {
      return (await rows<{ date: string }>('calendars.closedDays', 'SELECT date FROM calendar_closed_days WHERE calendar_id = $1 AND date BETWEEN $2 AND $3 ORDER BY date', [calendarId, from, to])).map((row) => row.date);
    },
    async isClosedDay(calendarId, date) {
      return (await closedDatesOf(calendarId)).has(date);
    },
    async claimsOfRecord(partitionKey) {
      return (await rows<ClaimRow>('calendars.claimsOfRecord', `${CLAIM_SELECT} WHERE c.partition_key = $1 ORDER BY c.item_key`, [partitionKey])).map(toClaim);
    },
    async claimsOfRecords(partitionKeys) {
      if (partitionKeys.length === 0) return [];
      return (await rows<ClaimRow>('calendars.claimsOfRecords', `${CLAIM_SELECT} WHERE c.partition_key = ANY($1::text[]) ORDER BY c.partition_key, c.item_key`, [partitionKeys])).map(toClaim);
    },
    async claimsOfUser(calendarId, userId) {
      return (await rows<ClaimRow>('calendars.claimsOfUser', `${CLAIM_SELECT} WHERE c.calendar_id = $1 AND c.user_id = $2`, [calendarId, userId])).map(toClaim);
    },
    async addClaim(claim, now) {
      // The units taken and the claim stored in one statement (one round trip while the slot's row
      // is locked): the claim is inserted only when the conditional UPDATE took them.
      const values = [claim.partitionKey, claim.itemKey, claim.calendarId, claim.date, claim.slotId, claim.userId, claim.units, claim.createdAt, claim.holdExpiresAt ?? null];
      const takeAndInsert = () =>
        movesUnits(
          'calendars.takeUnitsAndInsertClaim',
          `WITH taken AS (
             UPDATE calendar_slots SET claimed_units = claimed_units + $7
             WHERE calendar_id = $3 AND date = $4 AND slot_id = $5 AND claimed_units + waitlist_units + $7 <= capacity RETURNING 1
           )
           INSERT INTO slot_claims (partition_key, item_key, calendar_id, date, slot_id, user_id, units, created_at, hold_expires_at)
           SELECT $1, $2, $3, $4, $5, $6, $7::integer, $8::bigint, $9::bigint FROM taken`,
          values,
        );
      if ((await takeAndInsert()) === 1) return true;
      // Too few units: as take() does, the slot's lapsed holds are swept and it is tried once more.
      await sweepLapsedHoldsOfSlot(claim, now);
      return (await takeAndInsert()) === 1;
    },
    async lockSlots(slots) {
      // One slot needs no order: the statement that moves its units locks its row. Skipping it
      // saves a round trip, which the slot's next booking would spend waiting. (A record's key is
      // taken before its slot by a new record, after it by one replacing another: two submissions
      // of one citizen to one new key at once, one of them moving from another record, can
      // deadlock; PostgreSQL ends one and it runs again, see postgres-store.ts.)
      if (new Set(slots.map((slot) => `${slot.calendarId}\n${slot.date}\n${slot.slotId}`)).size <= 1) return;
      await db.query({
        name: 'calendars.lockSlots',
        text: `SELECT 1 FROM calendar_slots s JOIN unnest($1::text[], $2::text[], $3::text[]) AS l (calendar_id, date, slot_id)
                 ON s.calendar_id = l.calendar_id AND s.date = l.date AND s.slot_id = l.slot_id
               ORDER BY s.calendar_id, s.date, s.slot_id FOR NO KEY UPDATE OF s`,
        values: [slots.map((slot) => slot.calendarId), slots.map((slot) => slot.date), slots.map((slot) => slot.slotId)],
      });
    },
    async giveBackUnits(claim) {
      await giveUnits(claim.units, claim.calendarId, claim.date, claim.slotId);
    },
    async moveClaim(before, claim, now) {
      if (!(await take(claim, now))) return false;
      await updateClaim(changedClaimColumns(before, claim), [claim.partitionKey, claim.itemKey]);
      return true;
    },
    async waitlistPlaceOf(userId, slot) {
      const [row] = await rows<{ entry_id: string; state: 'waiting' | 'offered'; units: number; offered_until: string | null }>(
        'calendars.waitlistPlaceOf',
        "SELECT entry_id, state, units, offered_until FROM waitlist_entries WHERE user_id = $1 AND calendar_id = $2 AND date = $3 AND slot_id = $4 AND state IN ('waiting', 'offered')",
        [userId, slot.calendarId, slot.date, slot.slotId],
      );
      if (row === undefined) return undefined;
      return { entryId: Number(row.entry_id), calendarId: slot.calendarId, date: slot.date, slotId: slot.slotId, userId, units: row.units, state: row.state, ...(row.offered_until === null ? {} : { offeredUntil: Number(row.offered_until) }) };
    },
    async endWaitlistPlace(place, now) {
      const ended = await changed('calendars.placeBooked', "UPDATE waitlist_entries SET state = 'booked', offered_until = NULL, updated_at = $1 WHERE entry_id = $2 AND state IN ('waiting', 'offered')", [now, place.entryId]);
      if (ended === 1) {
        await movesUnits('calendars.oweLess', 'UPDATE calendar_slots SET waitlist_units = waitlist_units - $1 WHERE calendar_id = $2 AND date = $3 AND slot_id = $4', [place.units, place.calendarId, place.date, place.slotId]);
      }
    },
    async claimOffer(claim, offer) {
      const booked = await changed('calendars.offerBooked', "UPDATE waitlist_entries SET state = 'booked', offered_until = NULL, updated_at = $1 WHERE entry_id = $2 AND state = 'offered'", [claim.createdAt, offer.entryId]);
      if (booked !== 1) return false;
      // The offer's units stop being owed to the queue and are claimed, past the queue's other places.
      const taken = await movesUnits(
        'calendars.takeOfferedUnits',
        'UPDATE calendar_slots SET claimed_units = claimed_units + $1, waitlist_units = waitlist_units - $2 WHERE calendar_id = $3 AND date = $4 AND slot_id = $5 AND claimed_units + $1 <= capacity',
        [claim.units, offer.units, claim.calendarId, claim.date, claim.slotId],
      );
      if (taken !== 1) return false;
      await db.query({
        name: 'calendars.insertClaim',
        text: `INSERT INTO slot_claims (partition_key, item_key, calendar_id, date, slot_id, user_id, units, created_at, hold_expires_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        values: [claim.partitionKey, claim.itemKey, claim.calendarId, claim.date, claim.slotId, claim.userId, claim.units, claim.createdAt, claim.holdExpiresAt ?? null],
      });
      return true;
    },
    async releaseClaim(partitionKey, itemKey) {
      await freeing('calendars.releaseClaim', 'DELETE FROM slot_claims WHERE partition_key = $1 AND item_key = $2 RETURNING calendar_id, date, slot_id, units', [partitionKey, itemKey]);
    },
    async releaseClaimsOfRecord(partitionKey) {
      await freeing('calendars.releaseClaimsOfRecord', 'DELETE FROM slot_claims WHERE partition_key = $1 RETURNING calendar_id, date, slot_id, units', [partitionKey]);
    },
    async releaseHoldsOfRecord(partitionKey) {
      await freeing('calendars.releaseHoldsOfRecord', 'DELETE FROM slot_claims WHERE partition_key = $1 AND hold_expires_at IS NOT NULL RETURNING calendar_id, date, slot_id, units', [partitionKey]);
    },
    async sweepLapsedHolds(now) {
      const lapsed = await rows<FreedClaim>('calendars.sweepLapsedHolds', 'DELETE FROM slot_claims WHERE hold_expires_at <= $1 RETURNING calendar_id, date, slot_id, units', [now]);
      await giveBack(lapsed);
      return lapsed.length;
    },
    async confirmClaim(partitionKey, itemKey) {
      await db.query({ name: 'calendars.confirmClaim', text: 'UPDATE slot_claims SET hold_expires_at = NULL WHERE partition_key = $1 AND item_key = $2', values: [partitionKey, itemKey] });
    },
  };
}
