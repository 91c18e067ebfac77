import type { Configuration } from '../../db/configuration-cache.js';
import type { PostgresQueryable } from '../../db/postgres.js';
import type { WaitlistRepository } from './waitlist-repository.js';
import type { WaitlistRow } from './waitlist-rows.js';
import { EFFECTIVE_OFFER_MINUTES, toWaitlistEntry, WAITLIST_SELECT } from './waitlist-rows.js';

/** The same statements as SQLite's (sqlite-waitlist-repository.ts). */
export function createPostgresWaitlistRepository(db: PostgresQueryable, configuration: Configuration): WaitlistRepository {
  const rows = async <Row extends object>(name: string, text: string, values: unknown[] = []) => (await db.query<Row>({ name, text, values })).rows;
  /** A statement that changes a slot's units: what citizens are shown of it is stale once it commits. */
  const movesUnits = async (name: string, text: string, values: unknown[]) => {
    const count = (await db.query({ name, text, values })).rowCount ?? 0;
    if (count > 0) configuration.availabilityChanged();
    return count;
  };
  const owe = (units: number, slot: { calendarId: string; date: string; slotId: string }) =>
    movesUnits('waitlist.owe', 'UPDATE calendar_slots SET waitlist_units = waitlist_units + $1 WHERE calendar_id = $2 AND date = $3 AND slot_id = $4', [units, slot.calendarId, slot.date, slot.slotId]);
  const setState = (state: string, now: number, entryId: number) =>
    db.query({ name: 'waitlist.setState', text: 'UPDATE waitlist_entries SET state = $1, offered_until = NULL, updated_at = $2 WHERE entry_id = $3', values: [state, now, entryId] });

  return {
    async lockSlot(slot) {
      await db.query({ name: 'waitlist.lockSlot', text: 'SELECT 1 FROM calendar_slots WHERE calendar_id = $1 AND date = $2 AND slot_id = $3 FOR UPDATE', values: [slot.calendarId, slot.date, slot.slotId] });
    },
    async offerMinutes(calendarId) {
      const [row] = await rows<{ minutes: number | null }>('waitlist.offerMinutes', `SELECT ${EFFECTIVE_OFFER_MINUTES('$1')} AS minutes`, [calendarId]);
      return row?.minutes ?? undefined;
    },
    async waitlistSetting(calendarId) {
      const [row] = await rows<{ offer_minutes: number }>('waitlist.setting', 'SELECT offer_minutes FROM calendar_waitlists WHERE calendar_id = $1', [calendarId]);
      return row?.offer_minutes;
    },
    async setOfferMinutes(calendarId, minutes, now) {
      if (minutes === undefined) await db.query({ name: 'waitlist.removeMinutes', text: 'DELETE FROM calendar_waitlists WHERE calendar_id = $1', values: [calendarId] });
      else {
        await db.query({
          name: 'waitlist.saveMinutes',
          text: 'INSERT INTO calendar_waitlists (calendar_id, offer_minutes, updated_at) VALUES ($1, $2, $3) ON CONFLICT (calendar_id) DO UPDATE SET offer_minutes = excluded.offer_minutes, updated_at = excluded.updated_at',
          values: [calendarId, minutes, now],
        });
      }
    },
    async join(entry, now) {
      const [row] = await rows<WaitlistRow>(
        'waitlist.join',
        `INSERT INTO waitlist_entries (calendar_id, date, slot_id, user_id, survey_id, item_key, units, state, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'waiting', $8, $8) ON CONFLICT DO NOTHING
         RETURNING entry_id, calendar_id, date, slot_id, user_id, survey_id, item_key, units, state, offered_until, created_at, updated_at`,
        [entry.calendarId, entry.date, entry.slotId, entry.userId, entry.surveyId, entry.itemKey, entry.units, now],
      );
      if (row === undefined) return undefined;
      await owe(entry.units, entry);
      return toWaitlistEntry(row);
    },
    async find(entryId) {
      const [row] = await rows<WaitlistRow>('waitlist.find', `${WAITLIST_SELECT} WHERE entry_id = $1`, [entryId]);
      return row === undefined ? undefined : toWaitlistEntry(row);
    },
    async ofUser(userId) {
      return (await rows<WaitlistRow>('waitlist.ofUser', `${WAITLIST_SELECT} WHERE user_id = $1 ORDER BY entry_id DESC LIMIT 100`, [userId])).map(toWaitlistEntry);
    },
    async queue(calendarId, date, slotId) {
      return (
        await rows<WaitlistRow>(
          'waitlist.queue',
          `${WAITLIST_SELECT} WHERE calendar_id = $1 AND date = $2 AND slot_id = $3 AND state IN ('waiting', 'offered') ORDER BY entry_id`,
          [calendarId, date, slotId],
        )
      ).map(toWaitlistEntry);
    },
    async slotsWithQueues() {
      return (
        await rows<{ calendar_id: string; date: string; slot_id: string }>('waitlist.slotsWithQueues', "SELECT DISTINCT calendar_id, date, slot_id FROM waitlist_entries WHERE state IN ('waiting', 'offered')")
      ).map((row) => ({ calendarId: row.calendar_id, date: row.date, slotId: row.slot_id }));
    },
    async offer(entry, until, now) {
      const offered = await db.query({
        name: 'waitlist.offer',
        text: `UPDATE waitlist_entries SET state = 'offered', offered_until = $1, updated_at = $2
               WHERE entry_id = $3 AND state = 'waiting' AND (
                 SELECT s.claimed_units + COALESCE((SELECT SUM(o.units) FROM waitlist_entries o
                   WHERE o.calendar_id = s.calendar_id AND o.date = s.date AND o.slot_id = s.slot_id AND o.state = 'offered'), 0) + $4 <= s.capacity
                 FROM calendar_slots s WHERE s.calendar_id = $5 AND s.date = $6 AND s.slot_id = $7)`,
        values: [until, now, entry.entryId, entry.units, entry.calendarId, entry.date, entry.slotId],
      });
      return offered.rowCount === 1;
    },
    async end(entry, state, now) {
      if (entry.state === 'waiting' || entry.state === 'offered') await owe(-entry.units, entry);
      await setState(state, now, entry.entryId);
    },
  };
}
