import type { PostgresQueryable } from '../../db/postgres.js';
import type { LineMessageRepository, MessageState, NoticeRecord } from './message-repository.js';
import { AWAITING_PAYMENT } from './message-repository.js';
import type { LineMessageRow, NoticeRow, NotificationTokenRow, ReminderDueRow } from './message-rows.js';
import { INSERT_COLUMNS, insertValues, REMINDER_KEY_SQL, toLineMessage, toNotice, toNotificationToken, toReminderDue } from './message-rows.js';

const COLUMN_COUNT = INSERT_COLUMNS.split(',').length;
/** Rows a statement inserts at most (16 parameters a row; PostgreSQL takes 65,535). */
const INSERT_CHUNK = 1000;

export function createPostgresLineMessageRepository(db: PostgresQueryable): LineMessageRepository {
  return {
    async messagesOfNotice(noticeId, filter, afterMessageId, limit) {
      const { rows } = await db.query<LineMessageRow>({
        name: 'lineMessages.ofNoticeAfter',
        text: `SELECT * FROM line_messages WHERE notice_id = $1 AND message_id > $2
                 AND ($3::text IS NULL OR state = $3) AND ($4::text IS NULL OR outcome = $4)
               ORDER BY message_id LIMIT $5`,
        values: [noticeId, afterMessageId, filter.state ?? null, filter.outcome ?? null, limit],
      });
      return rows.map(toLineMessage);
    },
    async noticeRecords(surveyId, partitionKeys) {
      const { rows } = await db.query<{ partition_key: string; user_id: string; receipt_number: string }>({
        name: 'lineNotices.records',
        text: 'SELECT partition_key, user_id, receipt_number FROM survey_records WHERE survey_id = $1 AND partition_key = ANY($2::text[])',
        values: [surveyId, partitionKeys],
      });
      return rows.map((row): NoticeRecord => ({ partitionKey: row.partition_key, userId: row.user_id, receiptNumber: row.receipt_number }));
    },
    async insertNotice(notice) {
      const { rows } = await db.query<{ notice_id: number }>({
        name: 'lineNotices.insert',
        text: 'INSERT INTO line_notices (survey_id, text, created_by, created_at, records, citizens, without_line_json) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING notice_id',
        values: [notice.surveyId, notice.text, notice.createdBy, notice.createdAt, notice.records, notice.citizens, JSON.stringify(notice.withoutLine)],
      });
      return (rows[0] as { notice_id: number }).notice_id;
    },
    async notice(noticeId) {
      const { rows } = await db.query<NoticeRow>({ name: 'lineNotices.byId', text: 'SELECT * FROM line_notices WHERE notice_id = $1', values: [noticeId] });
      return rows[0] === undefined ? undefined : toNotice(rows[0]);
    },
    async noticesOfSurvey(surveyId, limit) {
      const { rows } = await db.query<NoticeRow>({
        name: 'lineNotices.ofSurvey',
        text: 'SELECT * FROM line_notices WHERE survey_id = $1 ORDER BY notice_id DESC LIMIT $2',
        values: [surveyId, limit],
      });
      return rows.map(toNotice);
    },
    async enqueue(messages, now) {
      let added = 0;
      for (let start = 0; start < messages.length; start += INSERT_CHUNK) {
        const chunk = messages.slice(start, start + INSERT_CHUNK);
        const values = chunk.flatMap((message) => insertValues(message, now));
        const tuples = chunk.map((_, row) => `(${Array.from({ length: COLUMN_COUNT }, (_unused, column) => `$${String(row * COLUMN_COUNT + column + 1)}`).join(', ')})`);
        const { rowCount } = await db.query({ text: `INSERT INTO line_messages (${INSERT_COLUMNS}) VALUES ${tuples.join(', ')} ON CONFLICT (dedupe_key) DO NOTHING`, values });
        added += rowCount ?? 0;
      }
      return added;
    },
    async claimDue(now, claimedUntil, limit) {
      // SKIP LOCKED: a message another instance is claiming this moment is left to it.
      const { rows } = await db.query<LineMessageRow>({
        name: 'lineMessages.claimDue',
        text: `UPDATE line_messages m SET claimed_until = $1, attempts = m.attempts + 1
               FROM (SELECT message_id FROM line_messages
                     WHERE state = 'pending' AND due_at <= $2 AND (claimed_until IS NULL OR claimed_until <= $2)
                     ORDER BY due_at, message_id LIMIT $3 FOR UPDATE SKIP LOCKED) due
               WHERE m.message_id = due.message_id
               RETURNING m.*`,
        values: [claimedUntil, now, limit],
      });
      return rows.map(toLineMessage).sort((a, b) => a.dueAt - b.dueAt || a.messageId - b.messageId);
    },
    async finish(messageId, state, outcome, now) {
      await db.query({
        name: 'lineMessages.finish',
        text: 'UPDATE line_messages SET state = $1, outcome = $2, done_at = $3, claimed_until = NULL, liff_access_token = NULL WHERE message_id = $4',
        values: [state, outcome, now, messageId],
      });
    },
    async retryLater(messageId, dueAt, outcome, counted) {
      await db.query({
        name: 'lineMessages.retryLater',
        text: 'UPDATE line_messages SET due_at = $1, outcome = $2, claimed_until = NULL, attempts = attempts - $3 WHERE message_id = $4',
        values: [dueAt, outcome, counted ? 0 : 1, messageId],
      });
    },
    async releaseAwaitingPayment(partitionKey, now) {
      const { rowCount } = await db.query({
        name: 'lineMessages.releaseAwaiting',
        text: "UPDATE line_messages SET due_at = $1 WHERE partition_key = $2 AND state = 'pending' AND due_at = $3",
        values: [now, partitionKey, AWAITING_PAYMENT],
      });
      return rowCount ?? 0;
    },
    async giveUpAwaitingPayment(createdBefore, now) {
      const { rowCount } = await db.query({
        name: 'lineMessages.giveUpAwaiting',
        text: "UPDATE line_messages SET state = 'unreachable', outcome = 'not_paid', done_at = $1, liff_access_token = NULL WHERE state = 'pending' AND due_at = $2 AND created_at < $3",
        values: [now, AWAITING_PAYMENT, createdBefore],
      });
      return rowCount ?? 0;
    },
    async forgetLiffAccessToken(messageId) {
      await db.query({ name: 'lineMessages.forgetLiff', text: 'UPDATE line_messages SET liff_access_token = NULL WHERE message_id = $1', values: [messageId] });
    },
    async message(messageId) {
      const { rows } = await db.query<LineMessageRow>({ name: 'lineMessages.byId', text: 'SELECT * FROM line_messages WHERE message_id = $1', values: [messageId] });
      return rows[0] === undefined ? undefined : toLineMessage(rows[0]);
    },
    async messagesOfRecord(partitionKey) {
      const { rows } = await db.query<LineMessageRow>({ name: 'lineMessages.ofRecord', text: 'SELECT * FROM line_messages WHERE partition_key = $1 ORDER BY message_id', values: [partitionKey] });
      return rows.map(toLineMessage);
    },
    async countsOfNotice(noticeId) {
      const { rows } = await db.query<{ state: string; outcome: string | null; count: string }>({
        name: 'lineMessages.ofNotice',
        text: 'SELECT state, outcome, count(*) AS count FROM line_messages WHERE notice_id = $1 GROUP BY state, outcome ORDER BY state, outcome',
        values: [noticeId],
      });
      return rows.map((row) => ({ state: row.state as MessageState, outcome: row.outcome, count: Number(row.count) }));
    },
    async tokenOf(userId) {
      const { rows } = await db.query<NotificationTokenRow>({
        name: 'lineTokens.of',
        text: "SELECT * FROM line_notification_tokens WHERE user_id = $1 AND liff_token_hash <> ''",
        values: [userId],
      });
      return rows[0] === undefined ? undefined : toNotificationToken(rows[0]);
    },
    async leaseToken(userId, now, leasedUntil) {
      const { rowCount } = await db.query({
        name: 'lineTokens.lease',
        text: `INSERT INTO line_notification_tokens (user_id, token, remaining, expires_at, liff_token_hash, leased_until, updated_at) VALUES ($1, NULL, 0, 0, '', $2, $3)
               ON CONFLICT (user_id) DO UPDATE SET leased_until = excluded.leased_until
               WHERE line_notification_tokens.leased_until IS NULL OR line_notification_tokens.leased_until <= $3`,
        values: [userId, leasedUntil, now],
      });
      return rowCount === 1;
    },
    async saveToken(token, now) {
      await db.query({
        name: 'lineTokens.save',
        text: `INSERT INTO line_notification_tokens (user_id, token, remaining, expires_at, liff_token_hash, leased_until, updated_at) VALUES ($1, $2, $3, $4, $5, NULL, $6)
               ON CONFLICT (user_id) DO UPDATE SET token = excluded.token, remaining = excluded.remaining, expires_at = excluded.expires_at,
                 liff_token_hash = excluded.liff_token_hash, leased_until = NULL, updated_at = excluded.updated_at`,
        values: [token.userId, token.token, token.remaining, token.expiresAt, token.liffTokenHash, now],
      });
    },
    async releaseToken(userId) {
      await db.query({ name: 'lineTokens.release', text: 'UPDATE line_notification_tokens SET leased_until = NULL WHERE user_id = $1', values: [userId] });
    },
    async reminderOf(calendarId) {
      const { rows } = await db.query<{ days_before: number; send_time: string }>({
        name: 'calendarReminders.of',
        text: 'SELECT days_before, send_time FROM calendar_reminders WHERE calendar_id = $1',
        values: [calendarId],
      });
      return rows[0] === undefined ? undefined : { daysBefore: rows[0].days_before, sendTime: rows[0].send_time };
    },
    async setReminder(calendarId, reminder, now) {
      if (reminder === undefined) {
        await db.query({ name: 'calendarReminders.drop', text: 'DELETE FROM calendar_reminders WHERE calendar_id = $1', values: [calendarId] });
        return;
      }
      await db.query({
        name: 'calendarReminders.set',
        text: `INSERT INTO calendar_reminders (calendar_id, days_before, send_time, updated_at) VALUES ($1, $2, $3, $4)
               ON CONFLICT (calendar_id) DO UPDATE SET days_before = excluded.days_before, send_time = excluded.send_time, updated_at = excluded.updated_at`,
        values: [calendarId, reminder.daysBefore, reminder.sendTime, now],
      });
    },
    async reminders() {
      const { rows } = await db.query<{ calendar_id: string; days_before: number; send_time: string }>({
        name: 'calendarReminders.all',
        text: 'SELECT calendar_id, days_before, send_time FROM calendar_reminders ORDER BY calendar_id',
      });
      return rows.map((row) => ({ calendarId: row.calendar_id, daysBefore: row.days_before, sendTime: row.send_time }));
    },
    async remindersDue(calendarId, date, bookedBefore) {
      const { rows } = await db.query<ReminderDueRow>({
        name: 'lineMessages.remindersDue',
        text: `SELECT r.survey_id, c.partition_key, c.item_key, c.user_id, c.calendar_id, c.date, c.slot_id, s.start_time, s.end_time
               FROM slot_claims c
               JOIN survey_records r ON r.partition_key = c.partition_key
               JOIN calendar_slots s ON s.calendar_id = c.calendar_id AND s.date = c.date AND s.slot_id = c.slot_id
               WHERE c.calendar_id = $1 AND c.date = $2 AND c.hold_expires_at IS NULL AND c.created_at < $3 AND r.origin = 'line' AND c.user_id <> ''
                 AND NOT EXISTS (SELECT 1 FROM line_messages m WHERE m.dedupe_key = ${REMINDER_KEY_SQL})
               ORDER BY c.partition_key, c.item_key`,
        values: [calendarId, date, bookedBefore],
      });
      return rows.map(toReminderDue);
    },
  };
}
