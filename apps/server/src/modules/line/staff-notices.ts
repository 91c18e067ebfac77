// Notices staff send to citizens (issue 27): a text pushed by the municipality's official account
// to the citizens of one record, selected records or a filter result, once per citizen however
// many records they have. Who cannot be reached is known before anything is sent: records no LINE
// account owns (a phone booking, an import), and citizens who are not friends of the account (LINE
// would answer 200 and deliver nothing). The report adds up: every record is either a citizen's
// (one message each: sent, pending, failed or not a friend) or without LINE.
import type { NoticeRecipient, NoticeReport, RecordFilter } from '@city/api-client/staff-contract';
import type { StaffActor } from '../../access/actor.js';
import { requireRole } from '../../access/permissions.js';
import type { Store } from '../../db/store.js';
import { HttpError } from '../../http/errors.js';
import { messages } from '../../messages.js';
import { appendAudit } from '../audit/audit.js';
import type { AuditRepository } from '../audit/audit-repository.js';
import type { RecordSearchRepository } from '../records/record-search-repository.js';
import { requireVisibleFilter } from '../records/staff-records.js';
import type { SurveyRepository } from '../surveys/survey-repository.js';
import { requireSurvey, requireSurveyOfActor } from '../surveys/surveys.js';
import type { LineApi } from './line-api.js';
import type { LineMessage, LineMessageRepository, NewLineMessage, StoredNotice } from './message-repository.js';

export interface NoticeRepositories {
  messages: LineMessageRepository;
  surveys: SurveyRepository;
  search: RecordSearchRepository;
  audit: AuditRepository;
}

export interface StaffNoticesDeps {
  store: Store<NoticeRepositories>;
  api: LineApi;
  now: () => number;
  staffNames: () => Promise<Map<string, string>>;
  /** Starts delivering what was queued (in the background). */
  deliverSoon: () => void;
}

export type NoticeTarget = { partitionKeys: string[] } | { filter: RecordFilter; expectedCount: number };
type RecipientState = NoticeRecipient['state'];

/** A page of the report's list. */
const RECIPIENTS_A_PAGE = 100;

const recipientStateOf = (message: LineMessage): RecipientState => (message.state === 'unreachable' ? 'not_friend' : message.state);

export function createStaffNotices(deps: StaffNoticesDeps) {
  const { store } = deps;

  async function reportOf(notice: StoredNotice): Promise<NoticeReport> {
    const counts = await store.read.messages.countsOfNotice(notice.noticeId);
    const count = (state: string, outcome?: string) =>
      counts.filter((entry) => entry.state === state && (outcome === undefined || entry.outcome === outcome)).reduce((sum, entry) => sum + entry.count, 0);
    const names = await deps.staffNames();
    return {
      noticeId: notice.noticeId,
      surveyId: notice.surveyId,
      text: notice.text,
      sentBy: names.get(notice.createdBy) ?? notice.createdBy,
      createdAt: notice.createdAt,
      records: notice.records,
      citizens: notice.citizens,
      withoutLine: notice.withoutLine.length,
      sent: count('sent'),
      pending: count('pending'),
      failed: count('failed'),
      notFriend: count('unreachable', 'not_friend'),
    };
  }

  /** The notice, if the actor's teams own its survey; 404 otherwise. */
  async function noticeOfActor(actor: StaffActor, noticeId: number): Promise<StoredNotice> {
    requireRole(actor, 'records.read');
    const notice = await store.read.messages.notice(noticeId);
    if (notice === undefined) throw new HttpError(404, 'notice_not_found', messages.noticeNotFound);
    try {
      await requireSurveyOfActor(store.read.surveys, actor, notice.surveyId);
    } catch {
      throw new HttpError(404, 'notice_not_found', messages.noticeNotFound);
    }
    return notice;
  }

  return {
    async send(actor: StaffActor, surveyId: string, text: string, target: NoticeTarget): Promise<NoticeReport> {
      requireRole(actor, 'records.notify');
      await requireSurveyOfActor(store.read.surveys, actor, surveyId);
      const survey = await requireSurvey(store.read.surveys, surveyId);
      if (!deps.api.canPush) throw new HttpError(503, 'line_not_configured', messages.noticeNoChannel);
      let keys: string[];
      if ('partitionKeys' in target) {
        keys = [...new Set(target.partitionKeys)];
      } else {
        await requireVisibleFilter(actor, store.read.surveys, survey, target.filter);
        keys = await store.read.search.allMatching(surveyId, target.filter);
        // The staff member confirmed a number: records added or changed since would be told unseen.
        if (keys.length !== target.expectedCount) throw new HttpError(409, 'notice_count_changed', messages.bulkCountChanged(target.expectedCount, keys.length));
      }
      const records = await store.read.messages.noticeRecords(surveyId, keys);
      if (records.length === 0) throw new HttpError(400, 'no_records', messages.noticeNoRecords);
      const byCitizen = new Map<string, string[]>();
      const withoutLine: string[] = [];
      for (const record of records) {
        if (record.userId === '') withoutLine.push(record.receiptNumber);
        else byCitizen.set(record.userId, [...(byCitizen.get(record.userId) ?? []), record.receiptNumber]);
      }
      // Friends first: LINE answers 200 to a push to anyone else and delivers nothing.
      const followers = byCitizen.size === 0 ? { ok: true as const, userIds: new Set<string>() } : await deps.api.followers();
      if (!followers.ok) throw new HttpError(503, 'line_unavailable', messages.noticeLineUnavailable, { retryable: true });
      const now = deps.now();
      const notice = await store.transaction(async ({ messages: repository, audit }) => {
        const stored: Omit<StoredNotice, 'noticeId'> = { surveyId, text, createdBy: actor.staffId, createdAt: now, records: records.length, citizens: byCitizen.size, withoutLine };
        const noticeId = await repository.insertNotice(stored);
        const toSend: NewLineMessage[] = [...byCitizen].map(([userId, receiptNumbers]) => ({
          dedupeKey: `notice:${String(noticeId)}:${userId}`,
          channel: 'push',
          kind: 'notice',
          userId,
          surveyId,
          noticeId,
          receiptNumbers,
          payload: { messages: [{ type: 'text', text }] },
          dueAt: now,
          ...(followers.userIds.has(userId) ? {} : { unreachable: 'not_friend' as const }),
        }));
        await repository.enqueue(toSend, now);
        await appendAudit(
          audit,
          actor,
          { action: 'notice.send', target: `notice:${String(noticeId)}`, detail: { surveyId, text, records: records.length, citizens: byCitizen.size, withoutLine: withoutLine.length } },
          now,
        );
        return { ...stored, noticeId };
      });
      deps.deliverSoon();
      return reportOf(notice);
    },

    async list(actor: StaffActor, surveyId: string): Promise<NoticeReport[]> {
      requireRole(actor, 'records.read');
      await requireSurveyOfActor(store.read.surveys, actor, surveyId);
      await requireSurvey(store.read.surveys, surveyId);
      const notices = await store.read.messages.noticesOfSurvey(surveyId, 100);
      return Promise.all(notices.map(reportOf));
    },

    async report(actor: StaffActor, noticeId: number): Promise<NoticeReport> {
      return reportOf(await noticeOfActor(actor, noticeId));
    },

    async recipients(actor: StaffActor, noticeId: number, state: RecipientState | undefined, after: string | undefined): Promise<{ recipients: NoticeRecipient[]; next: string | null }> {
      const notice = await noticeOfActor(actor, noticeId);
      // The cursor: `m<message id>` within the citizens, then `n<index>` within the records without LINE.
      const cursor = after === undefined ? 'm0' : after;
      if (!/^[mn]\d+$/.test(cursor)) throw new HttpError(400, 'invalid_cursor', messages.invalidFilter);
      const recipients: NoticeRecipient[] = [];
      let next: string | null = null;
      if (cursor.startsWith('m') && state !== 'no_line') {
        const filter = state === undefined ? {} : state === 'not_friend' ? { state: 'unreachable' as const, outcome: 'not_friend' } : { state };
        const page = await store.read.messages.messagesOfNotice(notice.noticeId, filter, Number(cursor.slice(1)), RECIPIENTS_A_PAGE + 1);
        for (const message of page.slice(0, RECIPIENTS_A_PAGE)) recipients.push({ state: recipientStateOf(message), receiptNumbers: message.receiptNumbers });
        if (page.length > RECIPIENTS_A_PAGE) return { recipients, next: `m${String(page[RECIPIENTS_A_PAGE - 1]?.messageId ?? 0)}` };
        if (state !== undefined) return { recipients, next: null };
      }
      // The records without LINE come last (or alone, when asked for).
      if (state === undefined || state === 'no_line') {
        const start = cursor.startsWith('n') ? Number(cursor.slice(1)) : 0;
        const room = RECIPIENTS_A_PAGE - recipients.length;
        const slice = notice.withoutLine.slice(start, start + room);
        for (const receiptNumber of slice) recipients.push({ state: 'no_line', receiptNumbers: [receiptNumber] });
        if (start + room < notice.withoutLine.length) next = `n${String(start + room)}`;
      }
      return { recipients, next };
    },
  };
}

