import type { SqliteDatabase } from '../../db/database.js';
import type { LotteryRepository } from './lottery-repository.js';
import type { LotteryApplicationRow, LotteryRow } from './lottery-rows.js';
import { APPLICATION_SELECT, LOTTERY_SELECT, toApplication, toLottery } from './lottery-rows.js';

export function createSqliteLotteryRepository(db: SqliteDatabase): LotteryRepository {
  const find = db.prepare<[string], LotteryRow>(`${LOTTERY_SELECT} WHERE calendar_id = ?`);
  const save = db.prepare<[string, number, number, number]>(
    `INSERT INTO calendar_lotteries (calendar_id, applications_close_at, winner_hours, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (calendar_id) DO UPDATE SET applications_close_at = excluded.applications_close_at, winner_hours = excluded.winner_hours, updated_at = excluded.updated_at`,
  );
  const remove = db.prepare<[string]>('DELETE FROM calendar_lotteries WHERE calendar_id = ?');
  const withdrawAll = db.prepare<[number, string]>("UPDATE lottery_applications SET state = 'withdrawn', updated_at = ? WHERE calendar_id = ? AND state = 'applied'");
  // The calendar row every booking reads: a change raises the configuration generation (migration 12).
  const closesAt = db.prepare<[number | null, string]>('UPDATE calendars SET lottery_closes_at = ? WHERE calendar_id = ?');
  const insert = db.prepare<[string, string, string, string, string, string, number, number, number], LotteryApplicationRow>(
    `INSERT INTO lottery_applications (calendar_id, date, slot_id, user_id, survey_id, item_key, units, state, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'applied', ?, ?) ON CONFLICT DO NOTHING
     RETURNING application_id, calendar_id, date, slot_id, user_id, survey_id, item_key, units, state, drawn_rank, created_at`,
  );
  const findApplication = db.prepare<[number], LotteryApplicationRow>(`${APPLICATION_SELECT} WHERE application_id = ?`);
  const withdraw = db.prepare<[number, number]>("UPDATE lottery_applications SET state = 'withdrawn', updated_at = ? WHERE application_id = ? AND state = 'applied'");
  const applicationsOf = db.prepare<[string], LotteryApplicationRow>(`${APPLICATION_SELECT} WHERE calendar_id = ? ORDER BY application_id`);
  const ofUser = db.prepare<[string], LotteryApplicationRow>(`${APPLICATION_SELECT} WHERE user_id = ? ORDER BY application_id DESC LIMIT 100`);
  const result = db.prepare<[string, number, number, number]>("UPDATE lottery_applications SET state = ?, drawn_rank = ?, updated_at = ? WHERE application_id = ? AND state = 'applied'");
  const drawn = db.prepare<[string, number, string, number, string]>('UPDATE calendar_lotteries SET seed = ?, drawn_at = ?, drawn_by = ?, updated_at = ? WHERE calendar_id = ?');

  return {
    lock() {
      // SQLite's writer is one transaction at a time (BEGIN IMMEDIATE): nothing to lock.
    },
    find(calendarId) {
      const row = find.get(calendarId);
      return row === undefined ? undefined : toLottery(row);
    },
    set(calendarId, setting, now) {
      if (setting === undefined) {
        withdrawAll.run(now, calendarId);
        remove.run(calendarId);
        closesAt.run(null, calendarId);
        return;
      }
      save.run(calendarId, setting.applicationsCloseAt, setting.winnerHours, now);
      closesAt.run(setting.applicationsCloseAt, calendarId);
    },
    apply(application, now) {
      const row = insert.get(application.calendarId, application.date, application.slotId, application.userId, application.surveyId, application.itemKey, application.units, now, now);
      return row === undefined ? undefined : toApplication(row);
    },
    findApplication(applicationId) {
      const row = findApplication.get(applicationId);
      return row === undefined ? undefined : toApplication(row);
    },
    withdraw(applicationId, now) {
      withdraw.run(now, applicationId);
    },
    applicationsOf(calendarId) {
      return applicationsOf.all(calendarId).map(toApplication);
    },
    ofUser(userId) {
      return ofUser.all(userId).map(toApplication);
    },
    recordDraw(calendarId, draw) {
      for (const { applicationId, state, rank } of draw.results) result.run(state, rank, draw.drawnAt, applicationId);
      drawn.run(draw.seed, draw.drawnAt, draw.drawnBy, draw.drawnAt, calendarId);
      closesAt.run(null, calendarId);
    },
  };
}
