import type { Awaitable } from '../../db/store.js';

/** How a message reaches the citizen: a LINE MINI App service message, or the official account's push. */
export type MessageChannel = 'service' | 'push';
export type MessageState = 'pending' | 'sent' | 'unreachable' | 'failed';
/** What the citizen's message is about. */
export type MessageKind = 'booked' | 'changed' | 'cancelled' | 'paid' | 'reminder' | 'notice' | 'waitlist_offer' | 'lottery_result';
/** Why a citizen cannot be reached. */
export type UnreachableReason = 'no_line' | 'not_friend' | 'no_token' | 'token_expired' | 'token_used_up' | 'not_paid';

/**
 * The due time of a message that waits for its booking's payment (a paid booking's confirmation):
 * never claimed until the payment makes it due.
 */
export const AWAITING_PAYMENT = Number.MAX_SAFE_INTEGER;

/** A service message's template and its values, or a push's messages. */
export type MessagePayload = { templateName: string; params: Record<string, string> } | { messages: { type: 'text'; text: string }[] };

export interface NewLineMessage {
  /** One message per key, ever: the same action or notice seen twice adds nothing. */
  dedupeKey: string;
  channel: MessageChannel;
  kind: MessageKind;
  userId: string;
  surveyId?: string | undefined;
  partitionKey?: string | undefined;
  noticeId?: number | undefined;
  /** The records a notice's message is about (their 受付番号), for the delivery report. */
  receiptNumbers?: readonly string[] | undefined;
  payload: MessagePayload;
  /** The LIFF access token of the action, to issue a notification token from (service messages). */
  liffAccessToken?: string | undefined;
  dueAt: number;
  /** Given up before any attempt (no LINE account, not a friend): stored as `unreachable` with this reason. */
  unreachable?: UnreachableReason | undefined;
}

export interface LineMessage {
  messageId: number;
  dedupeKey: string;
  channel: MessageChannel;
  kind: MessageKind;
  userId: string;
  surveyId: string | null;
  partitionKey: string | null;
  noticeId: number | null;
  receiptNumbers: string[];
  payload: MessagePayload;
  liffAccessToken: string | null;
  state: MessageState;
  outcome: string | null;
  /** Attempts started, this one included once claimed. */
  attempts: number;
  dueAt: number;
}

/** A citizen's latest service notification token (LINE MINI App). */
export interface NotificationToken {
  userId: string;
  /** Null once its last send used it up (LINE renews nothing then). */
  token: string | null;
  remaining: number;
  expiresAt: number;
  /** SHA-256 of the LIFF access token it was issued from: LINE issues one per LIFF access token. */
  liffTokenHash: string;
}

/** A booking a reminder is due for: its record, owner and slot. */
export interface ReminderDue {
  surveyId: string;
  partitionKey: string;
  itemKey: string;
  userId: string;
  calendarId: string;
  date: string;
  slotId: string;
  start: string;
  end: string;
}

/** A notice staff sent: to which survey's records, by whom, and the records nobody could be told of. */
export interface StoredNotice {
  noticeId: number;
  surveyId: string;
  text: string;
  /** The staff member's id. */
  createdBy: string;
  createdAt: number;
  records: number;
  citizens: number;
  /** 受付番号 of the records no LINE account owns. */
  withoutLine: string[];
}

/** A record a notice is for: its owner ('' for none) and 受付番号. */
export interface NoticeRecord {
  partitionKey: string;
  userId: string;
  receiptNumber: string;
}

/** Counts of a notice's messages by state and outcome. */
export interface DeliveryCount {
  state: MessageState;
  outcome: string | null;
  count: number;
}

/** The messages to send to citizens, as a job table (migration 16), and the tokens service messages use. */
export interface LineMessageRepository {
  /** Adds the messages whose dedupe key is new; answers how many were added. */
  enqueue(messages: readonly NewLineMessage[], now: number): Awaitable<number>;
  /**
   * Claims up to `limit` pending messages due by `now` that no one holds (a claim lapses at
   * `claimedUntil`, for an instance that died holding one), oldest due first, counting the
   * attempt. Each is claimed by one caller only, whichever instance asks.
   */
  claimDue(now: number, claimedUntil: number, limit: number): Awaitable<LineMessage[]>;
  /** Ends a message: sent, unreachable or failed, with why; the LIFF access token is dropped. */
  finish(messageId: number, state: Exclude<MessageState, 'pending'>, outcome: string | null, now: number): Awaitable<void>;
  /**
   * Gives a claimed message back, to try again at `dueAt`; `counted` false when the attempt did
   * not reach LINE (another send held the citizen's token), so it does not count towards giving up.
   */
  retryLater(messageId: number, dueAt: number, outcome: string, counted: boolean): Awaitable<void>;
  /** The record's messages waiting for its payment become due at `now`; answers how many. */
  releaseAwaitingPayment(partitionKey: string, now: number): Awaitable<number>;
  /** Messages still waiting for a payment made before `createdBefore` are given up (`unreachable`, `not_paid`). */
  giveUpAwaitingPayment(createdBefore: number, now: number): Awaitable<number>;
  /** Drops the LIFF access token of a message (a notification token was issued from it). */
  forgetLiffAccessToken(messageId: number): Awaitable<void>;
  message(messageId: number): Awaitable<LineMessage | undefined>;
  /** The messages of a record, oldest first. */
  messagesOfRecord(partitionKey: string): Awaitable<LineMessage[]>;
  /** A notice's messages counted by state and outcome. */
  countsOfNotice(noticeId: number): Awaitable<DeliveryCount[]>;
  /** A notice's messages after `afterMessageId`, by id, `limit` of them; of one state (and outcome) when asked. */
  messagesOfNotice(noticeId: number, filter: { state?: MessageState; outcome?: string }, afterMessageId: number, limit: number): Awaitable<LineMessage[]>;
  /** The survey's records at these keys (others left out), with owner and 受付番号. */
  noticeRecords(surveyId: string, partitionKeys: readonly string[]): Awaitable<NoticeRecord[]>;
  insertNotice(notice: Omit<StoredNotice, 'noticeId'>): Awaitable<number>;
  notice(noticeId: number): Awaitable<StoredNotice | undefined>;
  /** The survey's notices, newest first. */
  noticesOfSurvey(surveyId: string, limit: number): Awaitable<StoredNotice[]>;

  tokenOf(userId: string): Awaitable<NotificationToken | undefined>;
  /**
   * Takes the citizen's notification token for one send until `leasedUntil` (a row is made for a
   * citizen who has none yet); false when another send holds it.
   */
  leaseToken(userId: string, now: number, leasedUntil: number): Awaitable<boolean>;
  /** Stores the token (issued or renewed) and gives the lease back. */
  saveToken(token: NotificationToken, now: number): Awaitable<void>;
  /** Gives the lease back, the token unchanged. */
  releaseToken(userId: string): Awaitable<void>;

  /** A calendar's reminder: days before the booked date, at HH:MM Japan time; undefined when none. */
  reminderOf(calendarId: string): Awaitable<{ daysBefore: number; sendTime: string } | undefined>;
  setReminder(calendarId: string, reminder: { daysBefore: number; sendTime: string } | undefined, now: number): Awaitable<void>;
  /** Every calendar's reminder. */
  reminders(): Awaitable<{ calendarId: string; daysBefore: number; sendTime: string }[]>;
  /**
   * The confirmed bookings of the calendar on `date` made in LINE before `bookedBefore` (ms) that
   * have no reminder message yet.
   */
  remindersDue(calendarId: string, date: string, bookedBefore: number): Awaitable<ReminderDue[]>;
}
