// The staff console's API (`/console/api`): the one contract the server's staff routes and the
// console's client are both built from, as `../contract` is for the citizen API. Sessions are an
// HttpOnly cookie; every call that changes something carries the session's CSRF token in
// `X-CSRF-Token`.
import { CHECK_STATUSES } from '@city/survey-core';
import { Type } from 'typebox';
import { calendarAdminEndpoints } from './calendar-admin.js';
import { noticeEndpoints } from './notices.js';
import { orderEndpoints } from './orders.js';
import { RECORD_ORIGINS, RecordFilterSchema } from './record-filter.js';
import { Data, DateText, Millis, Ok, STAFF_API_PREFIX } from './shared.js';
import { CalendarCategorySchema, CalendarDisplaySettingsSchema, CalendarSlotsSchema, closed, Key, MAX_VALUE_LENGTH, OrderSchema, PartitionKey, SurveyConfigSchema } from '../contract/schemas.js';

/** The header that carries the session's CSRF token on every state-changing call. */
export const CSRF_HEADER = 'x-csrf-token';

/** The earlier platform's roles, highest first. */
export const STAFF_ROLES = ['administrator', 'admin', 'member', 'operator', 'guest'] as const;
/** What staff do, one name per kind of call (the server's permission table maps roles to these). */
export const STAFF_ACTIONS = [
  'records.read',
  'records.readStaffOnly',
  'records.changeStatus',
  'records.addMemo',
  'records.cancel',
  /** Cancelling a paid booking refunds it: money moves, so not every role that cancels may. */
  'records.refund',
  'records.bulkChange',
  'records.bookOnBehalf',
  'records.export',
  /** Results from a CSV file: the earlier platform's or this product's own export. */
  'records.import',
  /** A record's own audit entries (who viewed or changed it, from where) on its page. */
  'audit.readRecord',
  'audit.readAll',
  /** Create, edit, copy, publish, close and delete the surveys of one's teams. */
  'surveys.edit',
  /** Categories, calendars, their rules, closed days, slots and capacity. */
  'calendars.edit',
  /** The municipality's settings kept in the console (the receipt's issuer). */
  'settings.edit',
  'staff.manage',
  /** Orders against the payment provider's, and settling those that differ. */
  'orders.reconcile',
  /** Notices to citizens through the official account's LINE (one record, selected, a filter result). */
  'records.notify',
] as const;
export { RECORD_ORIGINS, RecordFilterSchema } from './record-filter.js';

const Role = Type.Enum(STAFF_ROLES);
const Status = Type.Enum(CHECK_STATUSES);
const Origin = Type.Enum(RECORD_ORIGINS);
const LoginId = Type.String({ minLength: 3, maxLength: 64, pattern: '^[A-Za-z0-9._@-]+$' });

const TeamSchema = Type.Object({ teamId: Key, name: Type.String({ maxLength: 100 }) }, closed);
const StaffMemberSchema = Type.Object(
  {
    staffId: Key,
    loginId: LoginId,
    displayName: Type.String({ minLength: 1, maxLength: 100 }),
    role: Role,
    teams: Type.Array(TeamSchema),
    totpEnrolled: Type.Boolean(),
    locked: Type.Boolean(),
  },
  closed,
);

/**
 * Where a sign-in stands: `second_factor`, a TOTP code is asked for; `totp_enrolment`, the
 * municipality requires a second factor this account has not set up yet; `signed_in`.
 */
export const StaffSessionSchema = Type.Object(
  {
    stage: Type.Union([Type.Literal('second_factor'), Type.Literal('totp_enrolment'), Type.Literal('signed_in')]),
    staff: StaffMemberSchema,
    csrfToken: Type.String(),
    /** What this staff member may do (from the server's permission table), to show only that. */
    actions: Type.Array(Type.Enum(STAFF_ACTIONS)),
    idleTimeoutSeconds: Type.Integer({ minimum: 1 }),
  },
  closed,
);

const BookingSchema = Type.Object(
  { itemKey: Key, calendarId: Key, date: DateText, slotId: Key, start: Type.String(), end: Type.String(), units: Type.Integer(), held: Type.Boolean() },
  closed,
);

/** A record as the list shows it: its answers as text, by item. */
export const RecordSummarySchema = Type.Object(
  {
    partitionKey: PartitionKey,
    receiptNumber: Key,
    status: Status,
    origin: Origin,
    /** Whether a citizen's LINE account owns it ('' owner: entered by staff or imported). */
    hasOwner: Type.Boolean(),
    version: Type.Integer({ minimum: 1 }),
    createdAt: Millis,
    updatedAt: Millis,
    answers: Type.Record(Type.String(), Type.String()),
    bookings: Type.Array(BookingSchema),
  },
  closed,
);

/** Where a survey stands: a draft is for staff only, a published one takes answers, a closed one no longer does. */
export const SURVEY_STATES = ['draft', 'published', 'closed'] as const;
const SurveyState = Type.Enum(SURVEY_STATES);

const SurveyListEntrySchema = Type.Object(
  {
    surveyId: Key,
    title: Type.String(),
    teamIds: Type.Array(Key),
    state: SurveyState,
    /** The current version (a record keeps the one it was answered on). */
    version: Type.Integer({ minimum: 1 }),
    /** A member survey's membership name (図書館利用カード), for a members-only survey to require; null for others. */
    membership: Type.Union([Type.String(), Type.Null()]),
    /**
     * Every item the records may answer: the current version's, then those only older versions
     * have (`removed`), so a column stays when an edit removes its item.
     */
    items: Type.Array(
      Type.Object({ itemKey: Key, title: Type.String(), type: Type.String(), staffOnly: Type.Boolean(), removed: Type.Boolean() }, closed),
    ),
  },
  closed,
);

/** A problem with a survey being saved: where (`survey` or an itemKey) and what, in Japanese (400 `invalid_survey` carries a list). */
export const SurveyProblemSchema = Type.Object({ at: Type.String(), message: Type.String() }, closed);

/** The survey as the editor opens it: the whole configuration and what is kept beside it. */
export const SurveyEditorViewSchema = Type.Object(
  {
    config: SurveyConfigSchema,
    state: SurveyState,
    version: Type.Integer({ minimum: 1 }),
    teamIds: Type.Array(Key),
    searchable: Type.Boolean(),
    records: Type.Integer({ minimum: 0 }),
    /** Items holding an answer on some record: removing one needs the editor's explicit choice; retyping one is refused. */
    answeredItemKeys: Type.Array(Key),
    versions: Type.Array(
      Type.Object({ version: Type.Integer({ minimum: 1 }), createdAt: Millis, createdBy: Type.String(), records: Type.Integer({ minimum: 0 }) }, closed),
    ),
  },
  closed,
);

const SurveyDraftBody = {
  config: SurveyConfigSchema,
  teamIds: Type.Array(Key, { maxItems: 50 }),
  searchable: Type.Boolean(),
};

const RecordEventSchema = Type.Object(
  {
    kind: Type.Union([Type.Literal('status'), Type.Literal('memo')]),
    status: Type.Union([Status, Type.Null()]),
    text: Type.String(),
    staffId: Key,
    staffName: Type.String(),
    at: Millis,
  },
  closed,
);

export const AuditEntrySchema = Type.Object(
  {
    seq: Type.Integer({ minimum: 1 }),
    at: Millis,
    actor: Type.String(),
    actorName: Type.String(),
    ip: Type.String(),
    action: Type.String(),
    target: Type.String(),
    detail: Type.Record(Type.String(), Type.Unknown()),
  },
  closed,
);

const OrderSummarySchema = Type.Object(
  { orderId: Key, status: Type.String(), total: Type.Integer(), paidAt: Type.Union([Millis, Type.Null()]), refundedAt: Type.Union([Millis, Type.Null()]) },
  closed,
);

const ReceiptIssuerSchema = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    address: Type.Optional(Type.String({ maxLength: 300 })),
    phone: Type.Optional(Type.String({ maxLength: 50 })),
    registrationNumber: Type.Optional(Type.String({ maxLength: 20 })),
  },
  closed,
);

const RecordPath = Type.Object({ surveyId: Key, partitionKey: PartitionKey }, closed);
const SurveyPath = Type.Object({ surveyId: Key }, closed);
const ExportEncodingSchema = Type.Union([Type.Literal('windows-31j'), Type.Literal('utf-8')]);
const ExportItemsSchema = Type.Union([Type.Literal('all'), Type.Literal('shown')]);
const Reason = Type.String({ maxLength: 1000 });
const Version = Type.Integer({ minimum: 1 });

export const staffEndpoints = {
  staffSignIn: {
    method: 'POST',
    path: `${STAFF_API_PREFIX}/session`,
    body: Type.Object({ loginId: Type.String({ minLength: 1, maxLength: 64 }), password: Type.String({ minLength: 1, maxLength: 256 }) }, closed),
    response: Data(StaffSessionSchema),
  },
  staffSecondFactor: {
    method: 'POST',
    path: `${STAFF_API_PREFIX}/session/second-factor`,
    body: Type.Object({ code: Type.String({ pattern: '^\\d{6}$' }) }, closed),
    response: Data(StaffSessionSchema),
  },
  /** A new TOTP secret to enrol (its QR code as SVG); confirmed by staffSecondFactor with a code from it. */
  staffTotpEnrolment: {
    method: 'POST',
    path: `${STAFF_API_PREFIX}/session/totp-enrolment`,
    response: Data(Type.Object({ secret: Type.String(), otpauthUri: Type.String(), qrSvg: Type.String() }, closed)),
  },
  staffSession: { method: 'GET', path: `${STAFF_API_PREFIX}/session`, response: Data(StaffSessionSchema) },
  staffSignOut: { method: 'DELETE', path: `${STAFF_API_PREFIX}/session`, response: Ok },

  staffMembers: { method: 'GET', path: `${STAFF_API_PREFIX}/staff`, response: Data(Type.Array(StaffMemberSchema)) },
  staffUnlock: {
    method: 'POST',
    path: `${STAFF_API_PREFIX}/staff/:staffId/unlock`,
    params: Type.Object({ staffId: Key }, closed),
    response: Ok,
  },

  staffSurveys: { method: 'GET', path: `${STAFF_API_PREFIX}/surveys`, response: Data(Type.Array(SurveyListEntrySchema)) },
  /** The teams a survey may be given to: every team for an administrator, one's own for others. */
  staffTeams: { method: 'GET', path: `${STAFF_API_PREFIX}/teams`, response: Data(Type.Array(TeamSchema)) },
  /** The survey editor's view of a survey (`surveys.edit`). */
  staffSurveyEditor: {
    method: 'GET',
    path: `${STAFF_API_PREFIX}/surveys/:surveyId/editor`,
    params: Type.Object({ surveyId: Key }, closed),
    response: Data(SurveyEditorViewSchema),
  },
  /** A new survey, as a draft (citizens see it once published). 400 `invalid_survey` with `problems`; 409 `survey_exists`. */
  staffCreateSurvey: {
    method: 'POST',
    path: `${STAFF_API_PREFIX}/surveys`,
    body: Type.Object(SurveyDraftBody, closed),
    response: Data(Type.Object({ surveyId: Key, version: Type.Integer({ minimum: 1 }) }, closed)),
  },
  /**
   * Saves an edit made on `expectedVersion` (409 `survey_changed` when another came first). With
   * answers on the current version, the edit is a new version. Refused with `blockers`: 409
   * `answered_item_retyped`, `answered_item_removed` (unless listed in `removeAnsweredItems`),
   * `mode_change_with_records`, `membership_change_with_records`.
   */
  staffEditSurvey: {
    method: 'POST',
    path: `${STAFF_API_PREFIX}/surveys/:surveyId/configuration`,
    params: Type.Object({ surveyId: Key }, closed),
    body: Type.Object({ ...SurveyDraftBody, expectedVersion: Type.Integer({ minimum: 1 }), removeAnsweredItems: Type.Optional(Type.Array(Key, { maxItems: 500 })) }, closed),
    response: Data(Type.Object({ version: Type.Integer({ minimum: 1 }), newVersion: Type.Boolean() }, closed)),
  },
  /** A new draft with the survey's current configuration under another id and title. */
  staffCopySurvey: {
    method: 'POST',
    path: `${STAFF_API_PREFIX}/surveys/:surveyId/copy`,
    params: Type.Object({ surveyId: Key }, closed),
    body: Type.Object({ surveyId: Key, surveyTitle: Type.String({ minLength: 1, maxLength: 200 }), teamIds: Type.Array(Key, { maxItems: 50 }) }, closed),
    response: Data(Type.Object({ surveyId: Key, version: Type.Integer({ minimum: 1 }) }, closed)),
  },
  /** Publishes, closes or reopens a survey; back to a draft only without records (409 `survey_has_records`). */
  staffSetSurveyState: {
    method: 'POST',
    path: `${STAFF_API_PREFIX}/surveys/:surveyId/state`,
    params: Type.Object({ surveyId: Key }, closed),
    body: Type.Object({ state: SurveyState }, closed),
    response: Ok,
  },
  /** Deletes a survey without records (409 `survey_has_records`: close it instead). */
  staffDeleteSurvey: {
    method: 'DELETE',
    path: `${STAFF_API_PREFIX}/surveys/:surveyId`,
    params: Type.Object({ surveyId: Key }, closed),
    response: Ok,
  },
  /**
   * One survey's whole configuration as this staff member may see it (staff-only items only with
   * `records.readStaffOnly`): every item's options, products, reservation category and rules, for
   * the phone booking form and the list's columns.
   */
  staffSurvey: {
    method: 'GET',
    path: `${STAFF_API_PREFIX}/surveys/:surveyId`,
    params: Type.Object({ surveyId: Key }, closed),
    response: Data(SurveyConfigSchema),
  },
  /** The columns this staff member chose for the survey's results list (null: none chosen yet). */
  staffColumnChoice: {
    method: 'GET',
    path: `${STAFF_API_PREFIX}/surveys/:surveyId/columns`,
    params: Type.Object({ surveyId: Key }, closed),
    response: Data(Type.Object({ itemKeys: Type.Union([Type.Array(Key, { maxItems: 500 }), Type.Null()]) }, closed)),
  },
  staffSaveColumnChoice: {
    method: 'POST',
    path: `${STAFF_API_PREFIX}/surveys/:surveyId/columns`,
    params: Type.Object({ surveyId: Key }, closed),
    body: Type.Object({ itemKeys: Type.Array(Key, { maxItems: 500 }) }, closed),
    response: Ok,
  },
  /** One page of a survey's records matching the filter, newest first, and the three counts. */
  staffRecords: {
    method: 'POST',
    path: `${STAFF_API_PREFIX}/surveys/:surveyId/records/search`,
    params: SurveyPath,
    body: Type.Object(
      {
        filter: RecordFilterSchema,
        /** From the previous page's `nextCursor`. */
        after: Type.Optional(Type.String({ maxLength: 1000 })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
      },
      closed,
    ),
    response: Type.Object(
      {
        data: Type.Array(RecordSummarySchema),
        counts: Type.Object({ all: Type.Integer(), matching: Type.Integer(), shown: Type.Integer() }, closed),
        nextCursor: Type.Union([Type.String(), Type.Null()]),
      },
      closed,
    ),
  },
  staffRecord: {
    method: 'GET',
    path: `${STAFF_API_PREFIX}/surveys/:surveyId/records/:partitionKey`,
    params: RecordPath,
    response: Data(
      Type.Object(
        {
          record: RecordSummarySchema,
          enteredBy: Type.Union([Type.String(), Type.Null()]),
          memberNumber: Type.Union([Type.String(), Type.Null()]),
          orders: Type.Array(OrderSummarySchema),
          history: Type.Array(RecordEventSchema),
          audit: Type.Array(AuditEntrySchema),
        },
        closed,
      ),
    ),
  },
  /**
   * Sets the status, with a reason. A closed status (キャンセル, 取り消し) cancels: the booking is
   * freed and a paid order refunded; an open one on a closed record reopens it while its slot is free.
   */
  staffChangeStatus: {
    method: 'POST',
    path: `${STAFF_API_PREFIX}/surveys/:surveyId/records/:partitionKey/status`,
    params: RecordPath,
    body: Type.Object({ status: Status, reason: Type.Optional(Reason), version: Version }, closed),
    response: Data(Type.Object({ version: Version }, closed)),
  },
  staffAddMemo: {
    method: 'POST',
    path: `${STAFF_API_PREFIX}/surveys/:surveyId/records/:partitionKey/memos`,
    params: RecordPath,
    body: Type.Object({ text: Type.String({ minLength: 1, maxLength: 2000 }) }, closed),
    response: Ok,
  },
  /**
   * The records the filter matches as a CSV file (the list's filter, JSON in the query: a link the
   * browser downloads from, streamed to disk). Windows-31J (Excel's Japanese CSV) or UTF-8 with its
   * BOM; every item the staff member may see, or the list's shown columns. Operators may not.
   */
  staffExportRecords: {
    method: 'GET',
    path: `${STAFF_API_PREFIX}/surveys/:surveyId/records/export.csv`,
    params: SurveyPath,
    query: Type.Object(
      {
        filter: Type.Optional(Type.String({ maxLength: 20_000 })),
        encoding: ExportEncodingSchema,
        items: ExportItemsSchema,
        /** The shown columns' item keys, comma-separated (with `items=shown`). */
        columns: Type.Optional(Type.String({ maxLength: 20_000 })),
      },
      closed,
    ),
  },
  /**
   * Before a Windows-31J export: how many records it would hold, and every cell (up to 1,000)
   * Windows-31J cannot hold (𠮷, emoji), by line and column, so staff can choose UTF-8 instead.
   */
  staffCheckExport: {
    method: 'POST',
    path: `${STAFF_API_PREFIX}/surveys/:surveyId/records/export/check`,
    params: SurveyPath,
    body: Type.Object(
      { filter: RecordFilterSchema, items: ExportItemsSchema, columns: Type.Optional(Type.Array(Key, { maxItems: 1_000 })) },
      closed,
    ),
    response: Data(
      Type.Object(
        {
          records: Type.Integer({ minimum: 0 }),
          unencodable: Type.Array(
            Type.Object({ line: Type.Integer({ minimum: 0 }), receiptNumber: Type.String(), column: Type.String(), character: Type.String() }, closed),
          ),
        },
        closed,
      ),
    ),
  },
  /**
   * Results from a CSV file (the earlier platform's result file, or this product's export; Shift_JIS
   * or UTF-8), as base64. `dryRun`: every problem by line and column, and what each line would do,
   * nothing written. Applied: all of the file or none of it; 409 `file_refused` with the problems.
   * The same file twice changes nothing the second time. Operators may not.
   */
  staffImportRecords: {
    method: 'POST',
    path: `${STAFF_API_PREFIX}/surveys/:surveyId/records/import`,
    params: SurveyPath,
    body: Type.Object({ fileName: Type.String({ maxLength: 256 }), contentBase64: Type.String({ maxLength: 70_000_000 }), dryRun: Type.Boolean() }, closed),
    response: Data(
      Type.Object(
        {
          records: Type.Integer({ minimum: 0 }),
          create: Type.Integer({ minimum: 0 }),
          update: Type.Integer({ minimum: 0 }),
          unchanged: Type.Integer({ minimum: 0 }),
          bookings: Type.Integer({ minimum: 0 }),
          /** `3行目 5列目` and what is wrong there. */
          problems: Type.Array(Type.Object({ at: Type.String(), message: Type.String() }, closed)),
          ignoredColumns: Type.Array(Type.String()),
          applied: Type.Boolean(),
        },
        closed,
      ),
    ),
  },
  /**
   * The recount: every slot's claimed units against its claims (and its units kept for its waitlist
   * against its waiting places), every claim against its record,
   * every open record's booking against its claim, every paid order against its record. `drift` is
   * what disagrees, added up (always 0 unless something outside the product changed the data).
   * Administrators and admins (`calendars.edit`).
   */
  staffRecount: {
    method: 'GET',
    path: `${STAFF_API_PREFIX}/recount`,
    response: Data(
      Type.Object(
        {
          totals: Type.Object({ slots: Type.Integer(), claims: Type.Integer(), records: Type.Integer(), orders: Type.Integer() }, closed),
          // waitlistUnits: the units the slot keeps for its waitlist; waitlistPlaces: its waiting and offered places' units.
          slots: Type.Array(
            Type.Object(
              { calendarId: Type.String(), date: Type.String(), slotId: Type.String(), claimedUnits: Type.Integer(), claims: Type.Integer(), capacity: Type.Integer(), waitlistUnits: Type.Integer(), waitlistPlaces: Type.Integer() },
              closed,
            ),
          ),
          claims: Type.Array(
            Type.Object(
              {
                partitionKey: Type.String(),
                itemKey: Type.String(),
                calendarId: Type.String(),
                date: Type.String(),
                slotId: Type.String(),
                reason: Type.Union([Type.Literal('noRecord'), Type.Literal('otherSlot'), Type.Literal('closed')]),
              },
              closed,
            ),
          ),
          answers: Type.Array(Type.Object({ partitionKey: Type.String(), receiptNumber: Type.String(), itemKey: Type.String(), value: Type.String() }, closed)),
          orders: Type.Array(
            Type.Object({ orderId: Type.String(), receiptNumber: Type.String(), partitionKey: Type.String(), reason: Type.Union([Type.Literal('noRecord'), Type.Literal('closed')]) }, closed),
          ),
          drift: Type.Integer({ minimum: 0 }),
        },
        closed,
      ),
    ),
  },
  /**
   * Changes the status of every record the filter matches (not only the page shown); each row
   * checked. A closed status (キャンセル, 取り消し) needs a reason, as a single cancel does.
   */
  staffBulkStatus: {
    method: 'POST',
    path: `${STAFF_API_PREFIX}/surveys/:surveyId/records/bulk-status`,
    params: SurveyPath,
    body: Type.Object(
      {
        filter: RecordFilterSchema,
        status: Status,
        reason: Type.Optional(Reason),
        /** How many records the staff member was told would change: 409 `bulk_count_changed` when the filter now matches another number. */
        expectedCount: Type.Integer({ minimum: 0 }),
      },
      closed,
    ),
    response: Data(
      Type.Object(
        {
          changed: Type.Integer(),
          refused: Type.Array(Type.Object({ partitionKey: PartitionKey, receiptNumber: Key, code: Type.String(), message: Type.String() }, closed)),
        },
        closed,
      ),
    ),
  },
  /**
   * 電話・窓口での代理予約: a new record from the survey's form filled by staff, for a person
   * without LINE, booked through the same capacity path as citizens' bookings.
   */
  staffBookOnBehalf: {
    method: 'POST',
    path: `${STAFF_API_PREFIX}/surveys/:surveyId/records`,
    params: SurveyPath,
    body: Type.Object(
      {
        answers: Type.Record(Type.String({ maxLength: 256 }), Type.Union([Type.String({ maxLength: MAX_VALUE_LENGTH }), Type.Array(Type.String({ maxLength: MAX_VALUE_LENGTH }), { maxItems: 100 })])),
        order: Type.Optional(OrderSchema),
      },
      closed,
    ),
    response: Data(Type.Object({ partitionKey: PartitionKey, receiptNumber: Key }, closed)),
  },
  /** The calendars, as the citizen app reads them, for booking on a citizen's behalf. */
  staffCalendarCategories: {
    method: 'GET',
    path: `${STAFF_API_PREFIX}/calendars/categories`,
    response: Data(Type.Object({ categories: Type.Array(CalendarCategorySchema), displaySettings: CalendarDisplaySettingsSchema }, closed)),
  },
  staffCalendarSlots: {
    method: 'GET',
    path: `${STAFF_API_PREFIX}/calendars/slots`,
    query: Type.Object({ calendarId: Key, from: DateText, to: DateText }, closed),
    response: Data(CalendarSlotsSchema),
  },
  staffAudit: {
    method: 'GET',
    path: `${STAFF_API_PREFIX}/audit`,
    query: Type.Object(
      {
        target: Type.Optional(Type.String({ maxLength: 700 })),
        actor: Type.Optional(Type.String({ maxLength: 300 })),
        action: Type.Optional(Type.String({ maxLength: 100 })),
        before: Type.Optional(Type.Integer({ minimum: 1 })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
      },
      closed,
    ),
    response: Data(Type.Array(AuditEntrySchema)),
  },
  /** The receipt's issuer (発行者): the one saved in the console, else the server's environment's. */
  staffReceiptIssuer: { method: 'GET', path: `${STAFF_API_PREFIX}/settings/receipt-issuer`, response: Data(ReceiptIssuerSchema) },
  /** 400 `invalid_settings` with `problems` (an empty name, a registration number not T and 13 digits). */
  staffSaveReceiptIssuer: { method: 'POST', path: `${STAFF_API_PREFIX}/settings/receipt-issuer`, body: ReceiptIssuerSchema, response: Ok },
  ...calendarAdminEndpoints,
  ...orderEndpoints,
  ...noticeEndpoints,
} as const;

export { STAFF_API_PREFIX };
export type StaffEndpointName = keyof typeof staffEndpoints;
