// The rows of line_messages and line_notification_tokens, and what they are read as, on both engines.
import type { LineMessage, MessageChannel, MessageKind, MessagePayload, MessageState, NewLineMessage, NotificationToken, ReminderDue, StoredNotice } from './message-repository.js';

export interface LineMessageRow {
  message_id: number;
  dedupe_key: string;
  channel: string;
  kind: string;
  user_id: string;
  survey_id: string | null;
  partition_key: string | null;
  notice_id: number | null;
  receipt_numbers_json: string | null;
  payload_json: string;
  liff_access_token: string | null;
  state: string;
  outcome: string | null;
  attempts: number;
  due_at: number;
}

export const toLineMessage = (row: LineMessageRow): LineMessage => ({
  messageId: row.message_id,
  dedupeKey: row.dedupe_key,
  channel: row.channel as MessageChannel,
  kind: row.kind as MessageKind,
  userId: row.user_id,
  surveyId: row.survey_id,
  partitionKey: row.partition_key,
  noticeId: row.notice_id,
  receiptNumbers: row.receipt_numbers_json === null ? [] : (JSON.parse(row.receipt_numbers_json) as string[]),
  payload: JSON.parse(row.payload_json) as MessagePayload,
  liffAccessToken: row.liff_access_token,
  state: row.state as MessageState,
  outcome: row.outcome,
  attempts: row.attempts,
  dueAt: row.due_at,
});

export interface NotificationTokenRow {
  user_id: string;
  token: string | null;
  remaining: number;
  expires_at: number;
  liff_token_hash: string;
}

export const toNotificationToken = (row: NotificationTokenRow): NotificationToken => ({
  userId: row.user_id,
  token: row.token,
  remaining: row.remaining,
  expiresAt: row.expires_at,
  liffTokenHash: row.liff_token_hash,
});

/** The dedupe key of a booking's reminder: one per record, item and slot booked. */
export const reminderKey = (partitionKey: string, itemKey: string, date: string, slotId: string) => `reminder:${partitionKey}:${itemKey}:${date}:${slotId}`;

/** The same key in SQL, over slot_claims `c` (both engines concatenate with ||). */
export const REMINDER_KEY_SQL = "'reminder:' || c.partition_key || ':' || c.item_key || ':' || c.date || ':' || c.slot_id";

/** The columns a new message is inserted with, in order. */
export const INSERT_COLUMNS =
  'dedupe_key, channel, kind, user_id, survey_id, partition_key, notice_id, receipt_numbers_json, payload_json, liff_access_token, state, outcome, attempts, due_at, created_at, done_at';

/** A new message's values, in INSERT_COLUMNS' order. */
export function insertValues(message: NewLineMessage, now: number): unknown[] {
  const givenUp = message.unreachable !== undefined;
  return [
    message.dedupeKey,
    message.channel,
    message.kind,
    message.userId,
    message.surveyId ?? null,
    message.partitionKey ?? null,
    message.noticeId ?? null,
    message.receiptNumbers === undefined ? null : JSON.stringify(message.receiptNumbers),
    JSON.stringify(message.payload),
    givenUp ? null : (message.liffAccessToken ?? null),
    givenUp ? 'unreachable' : 'pending',
    message.unreachable ?? null,
    0,
    message.dueAt,
    now,
    givenUp ? now : null,
  ];
}

export interface NoticeRow {
  notice_id: number;
  survey_id: string;
  text: string;
  created_by: string;
  created_at: number;
  records: number;
  citizens: number;
  without_line_json: string;
}

export const toNotice = (row: NoticeRow): StoredNotice => ({
  noticeId: row.notice_id,
  surveyId: row.survey_id,
  text: row.text,
  createdBy: row.created_by,
  createdAt: row.created_at,
  records: row.records,
  citizens: row.citizens,
  withoutLine: JSON.parse(row.without_line_json) as string[],
});

/** A booking a reminder is due for, as both engines' query answers it. */
export interface ReminderDueRow {
  survey_id: string;
  partition_key: string;
  item_key: string;
  user_id: string;
  calendar_id: string;
  date: string;
  slot_id: string;
  start_time: string;
  end_time: string;
}

export const toReminderDue = (row: ReminderDueRow): ReminderDue => ({
  surveyId: row.survey_id,
  partitionKey: row.partition_key,
  itemKey: row.item_key,
  userId: row.user_id,
  calendarId: row.calendar_id,
  date: row.date,
  slotId: row.slot_id,
  start: row.start_time,
  end: row.end_time,
});
