import type { SqliteDatabase } from '../../db/database.js';
import type { LineMessageRepository, NoticeRecord } from './message-repository.js';
import { AWAITING_PAYMENT } from './message-repository.js';
import type { LineMessageRow, NoticeRow, NotificationTokenRow, ReminderDueRow } from './message-rows.js';
import { INSERT_COLUMNS, insertValues, REMINDER_KEY_SQL, toLineMessage, toNotice, toNotificationToken, toReminderDue } from './message-rows.js';

/** Keys one statement looks up at most (SQLite takes 32,766 parameters). */
const KEYS_A_STATEMENT = 500;

export function createSqliteLineMessageRepository(db: SqliteDatabase): LineMessageRepository {
  const insert = db.prepare(`INSERT INTO line_messages (${INSERT_COLUMNS}) VALUES (${INSERT_COLUMNS.split(',').map(() => '?').join(', ')}) ON CONFLICT (dedupe_key) DO NOTHING`);
  // One statement claims: SQLite runs one writer at a time, so no two callers claim a message.
  const claim = db.prepare<[{ claimedUntil: number; now: number; limit: number }], LineMessageRow>(
    `UPDATE line_messages SET claimed_until = @claimedUntil, attempts = attempts + 1
     WHERE message_id IN (SELECT message_id FROM line_messages
                          WHERE state = 'pending' AND due_at <= @now AND (claimed_until IS NULL OR claimed_until <= @now)
                          ORDER BY due_at, message_id LIMIT @limit)
     RETURNING *`,
  );
  const finish = db.prepare<[string, string | null, number, number]>(
    'UPDATE line_messages SET state = ?, outcome = ?, done_at = ?, claimed_until = NULL, liff_access_token = NULL WHERE message_id = ?',
  );
  const retry = db.prepare<[number, string, number, number]>('UPDATE line_messages SET due_at = ?, outcome = ?, claimed_until = NULL, attempts = attempts - ? WHERE message_id = ?');
  const releaseAwaiting = db.prepare<[number, string, number]>("UPDATE line_messages SET due_at = ? WHERE partition_key = ? AND state = 'pending' AND due_at = ?");
  const giveUpAwaiting = db.prepare<[number, number, number]>(
    "UPDATE line_messages SET state = 'unreachable', outcome = 'not_paid', done_at = ?, liff_access_token = NULL WHERE state = 'pending' AND due_at = ? AND created_at < ?",
  );
  const forgetLiff = db.prepare<[number]>('UPDATE line_messages SET liff_access_token = NULL WHERE message_id = ?');
  const byId = db.prepare<[number], LineMessageRow>('SELECT * FROM line_messages WHERE message_id = ?');
  const ofRecord = db.prepare<[string], LineMessageRow>('SELECT * FROM line_messages WHERE partition_key = ? ORDER BY message_id');
  const ofNotice = db.prepare<[number], { state: string; outcome: string | null; count: number }>(
    'SELECT state, outcome, count(*) AS count FROM line_messages WHERE notice_id = ? GROUP BY state, outcome ORDER BY state, outcome',
  );
  const tokenOf = db.prepare<[string], NotificationTokenRow>("SELECT * FROM line_notification_tokens WHERE user_id = ? AND liff_token_hash <> ''");
  const lease = db.prepare<[string, number, number, number]>(
    `INSERT INTO line_notification_tokens (user_id, token, remaining, expires_at, liff_token_hash, leased_until, updated_at) VALUES (?, NULL, 0, 0, '', ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET leased_until = excluded.leased_until
     WHERE line_notification_tokens.leased_until IS NULL OR line_notification_tokens.leased_until <= ?`,
  );
  const save = db.prepare<[string, string | null, number, number, string, number]>(
    `INSERT INTO line_notification_tokens (user_id, token, remaining, expires_at, liff_token_hash, leased_until, updated_at) VALUES (?, ?, ?, ?, ?, NULL, ?)
     ON CONFLICT (user_id) DO UPDATE SET token = excluded.token, remaining = excluded.remaining, expires_at = excluded.expires_at,
       liff_token_hash = excluded.liff_token_hash, leased_until = NULL, updated_at = excluded.updated_at`,
  );
  const release = db.prepare<[string]>('UPDATE line_notification_tokens SET leased_until = NULL WHERE user_id = ?');
  const reminderOf = db.prepare<[string], { days_before: number; send_time: string }>('SELECT days_before, send_time FROM calendar_reminders WHERE calendar_id = ?');
  const setReminder = db.prepare<[string, number, string, number]>(
    `INSERT INTO calendar_reminders (calendar_id, days_before, send_time, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (calendar_id) DO UPDATE SET days_before = excluded.days_before, send_time = excluded.send_time, updated_at = excluded.updated_at`,
  );
  const dropReminder = db.prepare<[string]>('DELETE FROM calendar_reminders WHERE calendar_id = ?');
  const reminders = db.prepare<[], { calendar_id: string; days_before: number; send_time: string }>('SELECT calendar_id, days_before, send_time FROM calendar_reminders ORDER BY calendar_id');
  const due = db.prepare<[string, string, number], ReminderDueRow>(
    `SELECT r.survey_id, c.partition_key, c.item_key, c.user_id, c.calendar_id, c.date, c.slot_id, s.start_time, s.end_time
     FROM slot_claims c
     JOIN survey_records r ON r.partition_key = c.partition_key
     JOIN calendar_slots s ON s.calendar_id = c.calendar_id AND s.date = c.date AND s.slot_id = c.slot_id
     WHERE c.calendar_id = ? AND c.date = ? AND c.hold_expires_at IS NULL AND c.created_at < ? AND r.origin = 'line' AND c.user_id <> ''
       AND NOT EXISTS (SELECT 1 FROM line_messages m WHERE m.dedupe_key = ${REMINDER_KEY_SQL})
     ORDER BY c.partition_key, c.item_key`,
  );

  const insertNotice = db.prepare<[string, string, string, number, number, number, string]>(
    'INSERT INTO line_notices (survey_id, text, created_by, created_at, records, citizens, without_line_json) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const noticeById = db.prepare<[number], NoticeRow>('SELECT * FROM line_notices WHERE notice_id = ?');
  const noticesOfSurvey = db.prepare<[string, number], NoticeRow>('SELECT * FROM line_notices WHERE survey_id = ? ORDER BY notice_id DESC LIMIT ?');
  const ofNoticeAfter = db.prepare<[{ notice: number; after: number; limit: number; state: string | null; outcome: string | null }], LineMessageRow>(
    `SELECT * FROM line_messages WHERE notice_id = @notice AND message_id > @after
       AND (@state IS NULL OR state = @state) AND (@outcome IS NULL OR outcome = @outcome)
     ORDER BY message_id LIMIT @limit`,
  );

  return {
    messagesOfNotice(noticeId, filter, afterMessageId, limit) {
      return ofNoticeAfter.all({ notice: noticeId, after: afterMessageId, limit, state: filter.state ?? null, outcome: filter.outcome ?? null }).map(toLineMessage);
    },
    noticeRecords(surveyId, partitionKeys) {
      const found: NoticeRecord[] = [];
      for (let start = 0; start < partitionKeys.length; start += KEYS_A_STATEMENT) {
        const chunk = partitionKeys.slice(start, start + KEYS_A_STATEMENT);
        const rows = db
          .prepare<unknown[], { partition_key: string; user_id: string; receipt_number: string }>(
            `SELECT partition_key, user_id, receipt_number FROM survey_records WHERE survey_id = ? AND partition_key IN (${chunk.map(() => '?').join(', ')})`,
          )
          .all(surveyId, ...chunk);
        for (const row of rows) found.push({ partitionKey: row.partition_key, userId: row.user_id, receiptNumber: row.receipt_number });
      }
      return found;
    },
    insertNotice(notice) {
      return Number(insertNotice.run(notice.surveyId, notice.text, notice.createdBy, notice.createdAt, notice.records, notice.citizens, JSON.stringify(notice.withoutLine)).lastInsertRowid);
    },
    notice(noticeId) {
      const row = noticeById.get(noticeId);
      return row === undefined ? undefined : toNotice(row);
    },
    noticesOfSurvey(surveyId, limit) {
      return noticesOfSurvey.all(surveyId, limit).map(toNotice);
    },
    enqueue(messages, now) {
      let added = 0;
      for (const message of messages) added += insert.run(...insertValues(message, now)).changes;
      return added;
    },
    claimDue(now, claimedUntil, limit) {
      return claim
        .all({ claimedUntil, now, limit })
        .map(toLineMessage)
        .sort((a, b) => a.dueAt - b.dueAt || a.messageId - b.messageId);
    },
    finish(messageId, state, outcome, now) {
      finish.run(state, outcome, now, messageId);
    },
    retryLater(messageId, dueAt, outcome, counted) {
      retry.run(dueAt, outcome, counted ? 0 : 1, messageId);
    },
    releaseAwaitingPayment(partitionKey, now) {
      return releaseAwaiting.run(now, partitionKey, AWAITING_PAYMENT).changes;
    },
    giveUpAwaitingPayment(createdBefore, now) {
      return giveUpAwaiting.run(now, AWAITING_PAYMENT, createdBefore).changes;
    },
    forgetLiffAccessToken(messageId) {
      forgetLiff.run(messageId);
    },
    message(messageId) {
      const row = byId.get(messageId);
      return row === undefined ? undefined : toLineMessage(row);
    },
    messagesOfRecord(partitionKey) {
      return ofRecord.all(partitionKey).map(toLineMessage);
    },
    countsOfNotice(noticeId) {
      return ofNotice.all(noticeId).map((row) => ({ state: row.state as 'sent', outcome: row.outcome, count: row.count }));
    },
    tokenOf(userId) {
      const row = tokenOf.get(userId);
      return row === undefined ? undefined : toNotificationToken(row);
    },
    leaseToken(userId, now, leasedUntil) {
      return lease.run(userId, leasedUntil, now, now).changes === 1;
    },
    saveToken(token, now) {
      save.run(token.userId, token.token, token.remaining, token.expiresAt, token.liffTokenHash, now);
    },
    releaseToken(userId) {
      release.run(userId);
    },
    reminderOf(calendarId) {
      const row = reminderOf.get(calendarId);
      return row === undefined ? undefined : { daysBefore: row.days_before, sendTime: row.send_time };
    },
    setReminder(calendarId, reminder, now) {
      if (reminder === undefined) dropReminder.run(calendarId);
      else setReminder.run(calendarId, reminder.daysBefore, reminder.sendTime, now);
    },
    reminders() {
      return reminders.all().map((row) => ({ calendarId: row.calendar_id, daysBefore: row.days_before, sendTime: row.send_time }));
    },
    remindersDue(calendarId, date, bookedBefore) {
      return due.all(calendarId, date, bookedBefore).map(toReminderDue);
    },
  };
}
