import type { Configuration } from '../../db/configuration-cache.js';
import type { PostgresQueryable } from '../../db/postgres.js';
import type { LotteryRepository } from './lottery-repository.js';
import type { LotteryApplicationRow, LotteryRow } from './lottery-rows.js';
import { APPLICATION_SELECT, LOTTERY_SELECT, toApplication, toLottery } from './lottery-rows.js';

const APPLICATION_COLUMNS = 'application_id, calendar_id, date, slot_id, user_id, survey_id, item_key, units, state, drawn_rank, created_at';

/** The same statements as SQLite's (sqlite-lottery-repository.ts). */
export function createPostgresLotteryRepository(db: PostgresQueryable, configuration: Configuration): LotteryRepository {
  const rows = async <Row extends object>(name: string, text: string, values: unknown[] = []) => (await db.query<Row>({ name, text, values })).rows;
  const run = async (name: string, text: string, values: unknown[]) => {
    await db.query({ name, text, values });
  };
  /** The calendar row every booking reads (and the servers keep in memory): told to the configuration cache. */
  const closesAt = (value: number | null, calendarId: string) => {
    configuration.changed(true);
    return run('lottery.closesAt', 'UPDATE calendars SET lottery_closes_at = $1 WHERE calendar_id = $2', [value, calendarId]);
  };
  return {
    async lock(calendarId) {
      await run('lottery.lock', 'SELECT 1 FROM calendar_lotteries WHERE calendar_id = $1 FOR UPDATE', [calendarId]);
    },
    async find(calendarId) {
      const [row] = await rows<LotteryRow>('lottery.find', `${LOTTERY_SELECT} WHERE calendar_id = $1`, [calendarId]);
      return row === undefined ? undefined : toLottery(row);
    },
    async set(calendarId, setting, now) {
      if (setting === undefined) {
        await run('lottery.withdrawAll', "UPDATE lottery_applications SET state = 'withdrawn', updated_at = $1 WHERE calendar_id = $2 AND state = 'applied'", [now, calendarId]);
        await run('lottery.remove', 'DELETE FROM calendar_lotteries WHERE calendar_id = $1', [calendarId]);
        await closesAt(null, calendarId);
        return;
      }
      await run(
        'lottery.save',
        `INSERT INTO calendar_lotteries (calendar_id, applications_close_at, winner_hours, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (calendar_id) DO UPDATE SET applications_close_at = excluded.applications_close_at, winner_hours = excluded.winner_hours, updated_at = excluded.updated_at`,
        [calendarId, setting.applicationsCloseAt, setting.winnerHours, now],
      );
      await closesAt(setting.applicationsCloseAt, calendarId);
    },
    async apply(application, now) {
      const [row] = await rows<LotteryApplicationRow>(
        'lottery.apply',
        `INSERT INTO lottery_applications (calendar_id, date, slot_id, user_id, survey_id, item_key, units, state, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'applied', $8, $8) ON CONFLICT DO NOTHING RETURNING ${APPLICATION_COLUMNS}`,
        [application.calendarId, application.date, application.slotId, application.userId, application.surveyId, application.itemKey, application.units, now],
      );
      return row === undefined ? undefined : toApplication(row);
    },
    async findApplication(applicationId) {
      const [row] = await rows<LotteryApplicationRow>('lottery.findApplication', `${APPLICATION_SELECT} WHERE application_id = $1`, [applicationId]);
      return row === undefined ? undefined : toApplication(row);
    },
    async withdraw(applicationId, now) {
      await run('lottery.withdraw', "UPDATE lottery_applications SET state = 'withdrawn', updated_at = $1 WHERE application_id = $2 AND state = 'applied'", [now, applicationId]);
    },
    async applicationsOf(calendarId) {
      return (await rows<LotteryApplicationRow>('lottery.applicationsOf', `${APPLICATION_SELECT} WHERE calendar_id = $1 ORDER BY application_id`, [calendarId])).map(toApplication);
    },
    async ofUser(userId) {
      return (await rows<LotteryApplicationRow>('lottery.ofUser', `${APPLICATION_SELECT} WHERE user_id = $1 ORDER BY application_id DESC LIMIT 100`, [userId])).map(toApplication);
    },
    async recordDraw(calendarId, draw) {
      for (const { applicationId, state, rank } of draw.results) {
        await run('lottery.result', "UPDATE lottery_applications SET state = $1, drawn_rank = $2, updated_at = $3 WHERE application_id = $4 AND state = 'applied'", [state, rank, draw.drawnAt, applicationId]);
      }
      await run('lottery.drawn', 'UPDATE calendar_lotteries SET seed = $1, drawn_at = $2, drawn_by = $3, updated_at = $2 WHERE calendar_id = $4', [draw.seed, draw.drawnAt, draw.drawnBy, calendarId]);
      await closesAt(null, calendarId);
    },
  };
}
