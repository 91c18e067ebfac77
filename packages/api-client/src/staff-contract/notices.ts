// Notices to citizens from the staff console (issue 27): a message pushed by the municipality's
// official account to the citizens of one record, selected records or a filter result, once per
// citizen however many records they have, with a delivery report (who was reached, who cannot be
// and why). Every send is audited.
import { Type } from 'typebox';
import { closed, Key, PartitionKey } from '../contract/schemas.js';
import { RecordFilterSchema } from './record-filter.js';
import { Data, Millis, STAFF_API_PREFIX } from './shared.js';

/** The longest notice (LINE takes 5,000 characters in a text message). */
export const NOTICE_MAX_LENGTH = 2000;
/** Records a notice to selected records names at most (a larger set is sent as a filter result). */
export const NOTICE_MAX_SELECTED = 1000;

/**
 * Where a citizen's notice stands: `sent`; `pending` (being sent, or retried after LINE failed);
 * `failed` (LINE kept refusing); `not_friend` (the citizen has not added the official account as a
 * friend, or blocked it: LINE delivers nothing to them).
 */
export const NOTICE_RECIPIENT_STATES = ['sent', 'pending', 'failed', 'not_friend'] as const;

export const NoticeReportSchema = Type.Object(
  {
    noticeId: Type.Integer({ minimum: 1 }),
    surveyId: Key,
    text: Type.String(),
    sentBy: Type.String(),
    createdAt: Millis,
    /** Records the notice was for. */
    records: Type.Integer({ minimum: 0 }),
    /** Citizens they belong to: one message each. */
    citizens: Type.Integer({ minimum: 0 }),
    /** Records no LINE account owns (entered by staff from a phone call, imported): nobody to send to. */
    withoutLine: Type.Integer({ minimum: 0 }),
    /** Citizens by state; the four add up to `citizens`. */
    sent: Type.Integer({ minimum: 0 }),
    pending: Type.Integer({ minimum: 0 }),
    failed: Type.Integer({ minimum: 0 }),
    notFriend: Type.Integer({ minimum: 0 }),
  },
  closed,
);

/** One line of the report's list: a citizen by their records' 受付番号 (or a record without LINE). */
export const NoticeRecipientSchema = Type.Object(
  {
    state: Type.Union([Type.Enum(NOTICE_RECIPIENT_STATES), Type.Literal('no_line')]),
    receiptNumbers: Type.Array(Type.String()),
  },
  closed,
);

const NoticePath = Type.Object({ noticeId: Type.Integer({ minimum: 1 }) }, closed);
const SurveyPath = Type.Object({ surveyId: Key }, closed);

export const noticeEndpoints = {
  /**
   * Sends a notice (`records.notify`): to the records named, or to what the filter matches when
   * `expectedCount` still holds (409 `notice_count_changed` otherwise). Answers the report as it
   * stands once every message is queued; the sending goes on in the background.
   */
  staffSendNotice: {
    method: 'POST',
    path: `${STAFF_API_PREFIX}/surveys/:surveyId/notices`,
    params: SurveyPath,
    body: Type.Object(
      {
        text: Type.String({ minLength: 1, maxLength: NOTICE_MAX_LENGTH }),
        target: Type.Union([
          Type.Object({ partitionKeys: Type.Array(PartitionKey, { minItems: 1, maxItems: NOTICE_MAX_SELECTED }) }, closed),
          Type.Object({ filter: RecordFilterSchema, expectedCount: Type.Integer({ minimum: 0 }) }, closed),
        ]),
      },
      closed,
    ),
    response: Data(NoticeReportSchema),
  },
  /** The notices sent for a survey, newest first (the latest 100). */
  staffNotices: {
    method: 'GET',
    path: `${STAFF_API_PREFIX}/surveys/:surveyId/notices`,
    params: SurveyPath,
    response: Data(Type.Array(NoticeReportSchema)),
  },
  /** A notice's delivery report, as it stands now. */
  staffNotice: {
    method: 'GET',
    path: `${STAFF_API_PREFIX}/notices/:noticeId`,
    params: NoticePath,
    response: Data(NoticeReportSchema),
  },
  /** Who was reached and who cannot be: the report's list, by state, 100 a page (`after`: the last one's `next`). */
  staffNoticeRecipients: {
    method: 'GET',
    path: `${STAFF_API_PREFIX}/notices/:noticeId/recipients`,
    params: NoticePath,
    query: Type.Object(
      {
        state: Type.Optional(Type.Union([Type.Enum(NOTICE_RECIPIENT_STATES), Type.Literal('no_line')])),
        after: Type.Optional(Type.String({ maxLength: 200 })),
      },
      closed,
    ),
    response: Data(Type.Object({ recipients: Type.Array(NoticeRecipientSchema), next: Type.Union([Type.String(), Type.Null()]) }, closed)),
  },
} as const;
