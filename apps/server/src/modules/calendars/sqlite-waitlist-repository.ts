import type { SqliteDatabase } from '../../db/database.js';
import type { WaitlistRepository } from './waitlist-repository.js';
import { EFFECTIVE_OFFER_MINUTES, toWaitlistEntry, WAITLIST_SELECT } from './waitlist-rows.js';
import type { WaitlistRow } from './waitlist-rows.js';

export function createSqliteWaitlistRepository(db: SqliteDatabase): WaitlistRepository {
  const setting = db.prepare<[string], number>('SELECT offer_minutes FROM calendar_waitlists WHERE calendar_id = ?').pluck();
  const offerMinutes = db.prepare<[string, string], number | null>(`SELECT ${EFFECTIVE_OFFER_MINUTES('?', '?')}`).pluck();
  const saveMinutes = db.prepare<[string, number, number]>(
    'INSERT INTO calendar_waitlists (calendar_id, offer_minutes, updated_at) VALUES (?, ?, ?) ON CONFLICT (calendar_id) DO UPDATE SET offer_minutes = excluded.offer_minutes, updated_at = excluded.updated_at',
  );
  const removeMinutes = db.prepare<[string]>('DELETE FROM calendar_waitlists WHERE calendar_id = ?');
  const insert = db.prepare<[string, string, string, string, string, string, number, number, number], WaitlistRow>(
    `INSERT INTO waitlist_entries (calendar_id, date, slot_id, user_id, survey_id, item_key, units, state, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'waiting', ?, ?) ON CONFLICT DO NOTHING RETURNING *`,
  );
  const owe = db.prepare<[number, string, string, string]>('UPDATE calendar_slots SET waitlist_units = waitlist_units + ? WHERE calendar_id = ? AND date = ? AND slot_id = ?');
  const find = db.prepare<[number], WaitlistRow>(`${WAITLIST_SELECT} WHERE entry_id = ?`);
  const ofUser = db.prepare<[string], WaitlistRow>(`${WAITLIST_SELECT} WHERE user_id = ? ORDER BY entry_id DESC LIMIT 100`);
  const queue = db.prepare<[string, string, string], WaitlistRow>(
    `${WAITLIST_SELECT} WHERE calendar_id = ? AND date = ? AND slot_id = ? AND state IN ('waiting', 'offered') ORDER BY entry_id`,
  );
  const slotsWithQueues = db.prepare<[], { calendar_id: string; date: string; slot_id: string }>(
    "SELECT DISTINCT calendar_id, date, slot_id FROM waitlist_entries WHERE state IN ('waiting', 'offered')",
  );
  // Offered only when the slot has the units free: its claims and the places already offered
  // within its capacity (waiting places are owed only what is freed for them).
  const offer = db.prepare<[number, number, number, number, string, string, string]>(
    `UPDATE waitlist_entries SET state = 'offered', offered_until = ?, updated_at = ?
     WHERE entry_id = ? AND state = 'waiting' AND (
       SELECT s.claimed_units + COALESCE((SELECT SUM(o.units) FROM waitlist_entries o
         WHERE o.calendar_id = s.calendar_id AND o.date = s.date AND o.slot_id = s.slot_id AND o.state = 'offered'), 0) + ? <= s.capacity
       FROM calendar_slots s WHERE s.calendar_id = ? AND s.date = ? AND s.slot_id = ?)`,
  );
  const setState = db.prepare<[string, number, number]>('UPDATE waitlist_entries SET state = ?, offered_until = NULL, updated_at = ? WHERE entry_id = ?');

  return {
    lockSlot() {
      // SQLite's writer is one transaction at a time (BEGIN IMMEDIATE): nothing to lock.
    },
    offerMinutes(calendarId) {
      return offerMinutes.get(calendarId, calendarId) ?? undefined;
    },
    waitlistSetting(calendarId) {
      return setting.get(calendarId);
    },
    setOfferMinutes(calendarId, minutes, now) {
      if (minutes === undefined) removeMinutes.run(calendarId);
      else saveMinutes.run(calendarId, minutes, now);
    },
    join(entry, now) {
      const row = insert.get(entry.calendarId, entry.date, entry.slotId, entry.userId, entry.surveyId, entry.itemKey, entry.units, now, now);
      if (row === undefined) return undefined;
      owe.run(entry.units, entry.calendarId, entry.date, entry.slotId);
      return toWaitlistEntry(row);
    },
    find(entryId) {
      const row = find.get(entryId);
      return row === undefined ? undefined : toWaitlistEntry(row);
    },
    ofUser(userId) {
      return ofUser.all(userId).map(toWaitlistEntry);
    },
    queue(calendarId, date, slotId) {
      return queue.all(calendarId, date, slotId).map(toWaitlistEntry);
    },
    slotsWithQueues() {
      return slotsWithQueues.all().map((row) => ({ calendarId: row.calendar_id, date: row.date, slotId: row.slot_id }));
    },
    offer(entry, until, now) {
      return offer.run(until, now, entry.entryId, entry.units, entry.calendarId, entry.date, entry.slotId).changes === 1;
    },
    end(entry, state, now) {
      if (entry.state === 'waiting' || entry.state === 'offered') owe.run(-entry.units, entry.calendarId, entry.date, entry.slotId);
      setState.run(state, now, entry.entryId);
    },
  };
}
