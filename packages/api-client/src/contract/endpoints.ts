import { type TSchema, Type } from 'typebox';
import { FILE_UPLOAD_LIMITS, routes } from '../routes.js';
import {
  CalendarCategorySchema,
  CalendarCategoryTreeRootSchema,
  CalendarDisplaySettingsSchema,
  CalendarSlotsSchema,
  DateText,
  closed,
  FileRefSchema,
  Key,
  LoginSessionSchema,
  MAX_VALUE_LENGTH,
  PartitionKey,
  SubmissionPayloadSchema,
  SurveyConfigSchema,
  SurveyResultRowSchema,
  Text,
} from './schemas.js';

const Data = <Schema extends TSchema>(schema: Schema) => Type.Object({ data: schema }, closed);
const Rows = Data(Type.Array(SurveyResultRowSchema));
/** A citizen's own records: the rows, and for each record what is not a row (its 受付番号). */
const OwnRecords = Type.Object(
  {
    data: Type.Array(SurveyResultRowSchema),
    records: Type.Array(Type.Object({ partitionKey: PartitionKey, receiptNumber: Key }, closed)),
  },
  closed,
);
const RecordChangeResult = Type.Object({ result: Type.Literal('OK'), partitionKey: PartitionKey }, closed);
const ReservationResult = Type.Object(
  { result: Type.Literal('OK'), partitionKey: PartitionKey, receiptNumber: Key },
  closed,
);
const RecordKeyBody = Type.Object({ surveyId: Key, partitionKey: PartitionKey, userId: Key }, closed);
const OrderLineSchema = Type.Object(
  {
    productId: Key,
    name: Type.String({ maxLength: 200 }),
    unitPrice: Type.Integer({ minimum: 0 }),
    quantity: Type.Integer({ minimum: 1 }),
    subtotal: Type.Integer({ minimum: 0 }),
  },
  closed,
);
const OrderViewSchema = Type.Object(
  {
    orderId: Key,
    surveyId: Key,
    partitionKey: PartitionKey,
    receiptNumber: Key,
    status: Type.Union([
      Type.Literal('pending'),
      Type.Literal('paid'),
      Type.Literal('cancelled'),
      Type.Literal('failed'),
      Type.Literal('expired'),
      Type.Literal('refunded'),
    ]),
    total: Type.Integer({ minimum: 0 }),
    lines: Type.Array(OrderLineSchema),
    holdExpiresAt: Type.Integer(),
    paymentUrl: Type.Optional(Type.String({ maxLength: 2048 })),
    payBy: Type.Optional(Type.Integer()),
    refundPending: Type.Optional(Type.Boolean()),
    paymentMethod: Type.Optional(Type.String({ maxLength: 40 })),
    paidAt: Type.Optional(Type.Integer()),
    refundedAt: Type.Optional(Type.Integer()),
    createdAt: Type.Integer(),
    issuer: Type.Object(
      {
        name: Type.String({ maxLength: 200 }),
        address: Type.Optional(Type.String({ maxLength: 300 })),
        phone: Type.Optional(Type.String({ maxLength: 40 })),
        registrationNumber: Type.Optional(Type.String({ maxLength: 20 })),
        proviso: Type.String({ maxLength: 200 }),
      },
      closed,
    ),
  },
  closed,
);
/** Order ids are the server's: 32 hex digits. */
const OrderId = Type.String({ pattern: '^[0-9a-f]{32}$' });
/** A draft's answers: by item key, a text, the options chosen, or the files uploaded. */
const DraftAnswers = Type.Record(
  Type.String({ minLength: 1, maxLength: 256 }),
  Type.Union([Type.String({ maxLength: MAX_VALUE_LENGTH }), Type.Array(Type.String({ maxLength: MAX_VALUE_LENGTH }), { maxItems: 200 }), Type.Array(FileRefSchema, { maxItems: 20 })]),
);
/** A slot a citizen asked for (a waitlist place, a lottery application), with its times and the item they book it through. */
const SLOT_ASKED_FOR = {
  calendarId: Key,
  date: DateText,
  slotId: Key,
  start: Type.String({ maxLength: 5 }),
  end: Type.String({ maxLength: 5 }),
  surveyId: Key,
  itemKey: Key,
  units: Type.Integer({ minimum: 1 }),
  createdAt: Type.Integer(),
};
const WaitlistPlaceSchema = Type.Object(
  {
    entryId: Type.Integer(),
    ...SLOT_ASKED_FOR,
    state: Type.Union([Type.Literal('waiting'), Type.Literal('offered'), Type.Literal('booked'), Type.Literal('expired'), Type.Literal('left')]),
    offeredUntil: Type.Optional(Type.Integer()),
    ahead: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  closed,
);
const LotteryApplicationSchema = Type.Object(
  {
    applicationId: Type.Integer(),
    ...SLOT_ASKED_FOR,
    state: Type.Union([Type.Literal('applied'), Type.Literal('withdrawn'), Type.Literal('won'), Type.Literal('lost')]),
    drawnRank: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  closed,
);
const LotteryStateSchema = Type.Object({ applicationsCloseAt: Type.Integer(), winnerHours: Type.Integer(), drawnAt: Type.Optional(Type.Integer()) }, closed);
/** Lookup values are short: an id number, a date, a name. */
const LookupValue = Type.String({ maxLength: 200 });

/**
 * The API, described once: every endpoint's method, path, and JSON schemas of its query, body and
 * successful response. The server validates requests against these; the client's types are checked
 * against them.
 */
export const endpoints = {
  getSurveyConfig: {
    ...routes.getSurveyConfig,
    query: Type.Object({ surveyId: Key }, closed),
    response: Data(SurveyConfigSchema),
  },
  getAllSearchableSurveyConfigs: {
    ...routes.getAllSearchableSurveyConfigs,
    response: Data(Type.Array(SurveyConfigSchema)),
  },
  getSurveyConfigsList: {
    ...routes.getSurveyConfigsList,
    body: Type.Object({ surveyIdList: Type.Array(Key, { maxItems: 100 }) }, closed),
    response: Data(Type.Array(SurveyConfigSchema)),
  },
  querySurveyResults: {
    ...routes.querySurveyResults,
    body: Type.Object({ surveyId: Key, userId: Key }, closed),
    response: OwnRecords,
  },
  getSurveyResultsByPartitionKey: {
    ...routes.getSurveyResultsByPartitionKey,
    query: Type.Object({ surveyId: Key, partitionKey: PartitionKey }, closed),
    response: OwnRecords,
  },
  getSurveyResultsByUser: {
    ...routes.getSurveyResultsByUser,
    query: Type.Object({ surveyId: Key }, closed),
    response: Type.Object({ result: Type.Literal('OK'), data: Type.Array(SurveyResultRowSchema) }, closed),
  },
  filterSurveyResults: {
    ...routes.filterSurveyResults,
    body: Type.Object(
      {
        queryParams: Type.Object(
          { surveyId: Key, lookup: Type.Record(Type.String(), LookupValue, { maxProperties: 10 }) },
          closed,
        ),
        requestingUserId: Key,
      },
      closed,
    ),
    response: Rows,
  },
  putReservation: {
    ...routes.putReservation,
    // Other headers pass; this one, when sent, must look like a key (the client sends a UUID).
    headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 8, maxLength: 128 })) }),
    body: SubmissionPayloadSchema,
    response: ReservationResult,
  },
  cancelReservation: { ...routes.cancelReservation, body: RecordKeyBody, response: RecordChangeResult },
  deleteReservation: { ...routes.deleteReservation, body: RecordKeyBody, response: RecordChangeResult },
  putUserId: { ...routes.putUserId, body: RecordKeyBody, response: RecordChangeResult },
  putTemporaryReservation: {
    ...routes.putTemporaryReservation,
    // As putItem's: a retried hold must not hold twice.
    headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 8, maxLength: 128 })) }),
    query: Type.Object({ returnTo: Type.Optional(Type.Union([Type.Literal('liff'), Type.Literal('browser')])) }, closed),
    body: SubmissionPayloadSchema,
    response: Data(
      Type.Object(
        {
          holdId: Key,
          expiresAt: Type.Integer(),
          total: Type.Integer({ minimum: 0 }),
          partitionKey: PartitionKey,
          receiptNumber: Key,
          paymentUrl: Type.String({ maxLength: 2048 }),
        },
        closed,
      ),
    ),
  },
  exchangeLoginCode: {
    ...routes.exchangeLoginCode,
    query: Type.Object({ code: Type.String({ minLength: 1, maxLength: 2048 }), redirectTo: Type.String({ maxLength: 2048 }) }, closed),
    response: Data(LoginSessionSchema),
  },
  getCalendarCategories: { ...routes.getCalendarCategories, response: Data(Type.Array(CalendarCategorySchema)) },
  getCalendarCategoriesTree: {
    ...routes.getCalendarCategoriesTree,
    response: Data(Type.Array(CalendarCategoryTreeRootSchema)),
  },
  getCalendarDisplaySettings: {
    ...routes.getCalendarDisplaySettings,
    response: Data(CalendarDisplaySettingsSchema),
  },
  getCalendarSlots: {
    ...routes.getCalendarSlots,
    // At most CALENDAR_RANGE_MAX_DAYS days, `from` to `to` inclusive.
    query: Type.Object({ calendarId: Key, from: DateText, to: DateText }, closed),
    response: Data(CalendarSlotsSchema),
  },
  getBookingLimits: {
    ...routes.getBookingLimits,
    query: Type.Object({ categoryId: Key, partitionKey: Type.Optional(PartitionKey) }, closed),
    response: Data(
      Type.Array(
        Type.Object(
          { calendarId: Key, categoryId: Key, maxActiveBookingsPerUser: Type.Integer({ minimum: 1 }), activeBookings: Type.Integer({ minimum: 0 }) },
          closed,
        ),
      ),
    ),
  },
  uploadFile: {
    ...routes.uploadFile,
    // The body is the file's bytes, with its type as Content-Type: one of `contentTypes`.
    ...FILE_UPLOAD_LIMITS,
    query: Type.Object({ name: Type.String({ minLength: 1, maxLength: FILE_UPLOAD_LIMITS.maxNameLength }) }, closed),
    response: Data(FileRefSchema),
  },
  downloadFile: {
    ...routes.downloadFile,
    params: Type.Object({ fileId: Type.String({ maxLength: 64 }) }, closed),
    // The response is the file's bytes as uploaded, with its Content-Type: no JSON schema.
  },
  getOrder: { ...routes.getOrder, query: Type.Object({ orderId: OrderId }, closed), response: Data(OrderViewSchema) },
  getOrders: {
    ...routes.getOrders,
    query: Type.Object({ partitionKey: Type.Optional(PartitionKey) }, closed),
    response: Data(Type.Array(OrderViewSchema)),
  },
  cancelOrder: { ...routes.cancelOrder, body: Type.Object({ orderId: OrderId }, closed), response: Data(OrderViewSchema) },
  getMemberCard: {
    ...routes.getMemberCard,
    query: Type.Object({ surveyId: Key }, closed),
    response: Data(
      Type.Object(
        { surveyId: Key, partitionKey: PartitionKey, membershipName: Text, memberNumber: Key, name: Text, issuedOn: DateText },
        closed,
      ),
    ),
  },
  withdrawMembership: {
    ...routes.withdrawMembership,
    body: Type.Object({ surveyId: Key, partitionKey: PartitionKey }, closed),
    response: RecordChangeResult,
  },
  getDraft: {
    ...routes.getDraft,
    query: Type.Object({ surveyId: Key }, closed),
    response: Data(Type.Union([Type.Object({ answers: DraftAnswers, savedAt: Type.Integer(), expiresAt: Type.Integer() }, closed), Type.Null()])),
  },
  saveDraft: {
    ...routes.saveDraft,
    body: Type.Object({ surveyId: Key, answers: DraftAnswers }, closed),
    response: Data(Type.Object({ savedAt: Type.Integer(), expiresAt: Type.Integer() }, closed)),
  },
  discardDraft: { ...routes.discardDraft, query: Type.Object({ surveyId: Key }, closed), response: Type.Object({ result: Type.Literal('OK') }, closed) },
  getWaitlist: {
    ...routes.getWaitlist,
    query: Type.Object({ calendarId: Type.Optional(Key) }, closed),
    response: Data(Type.Object({ open: Type.Boolean(), places: Type.Array(WaitlistPlaceSchema) }, closed)),
  },
  joinWaitlist: {
    ...routes.joinWaitlist,
    body: Type.Object({ surveyId: Key, itemKey: Key, value: Type.String({ minLength: 1, maxLength: 600 }) }, closed),
    response: Data(WaitlistPlaceSchema),
  },
  leaveWaitlist: { ...routes.leaveWaitlist, body: Type.Object({ entryId: Type.Integer({ minimum: 1 }) }, closed), response: Type.Object({ result: Type.Literal('OK') }, closed) },
  getLottery: {
    ...routes.getLottery,
    query: Type.Object({ calendarId: Type.Optional(Key) }, closed),
    response: Data(Type.Object({ lottery: Type.Union([LotteryStateSchema, Type.Null()]), applications: Type.Array(LotteryApplicationSchema) }, closed)),
  },
  applyLottery: {
    ...routes.applyLottery,
    body: Type.Object({ surveyId: Key, itemKey: Key, value: Type.String({ minLength: 1, maxLength: 600 }) }, closed),
    response: Data(LotteryApplicationSchema),
  },
  withdrawLottery: { ...routes.withdrawLottery, body: Type.Object({ applicationId: Type.Integer({ minimum: 1 }) }, closed), response: Type.Object({ result: Type.Literal('OK') }, closed) },
} as const;
