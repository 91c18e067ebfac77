// JSON schemas (TypeBox) of what travels over the API. Entity TYPES are @city/survey-core's; the
// schemas here are their runtime validators, and schemas.test-d.ts fails the build if a schema's
// static type and the core type ever drift apart.
import type { ItemType } from '@city/survey-core';
import { CHECK_STATUSES, PROFILE_FIELDS, TEXT_FORMATS } from '@city/survey-core';
import { type TSchema, Type } from 'typebox';

export const Text = Type.String();
/** An id or key: never empty, never huge. */
export const Key = Type.String({ minLength: 1, maxLength: 256 });
/** `surveyId#userId#<ms>`: two keys and a timestamp. */
export const PartitionKey = Type.String({ minLength: 1, maxLength: 600 });
/** Longest answer text stored; the server refuses more. */
export const MAX_VALUE_LENGTH = 10_000;
/**
 * A file's link, shown to staff and citizens: a web address, or a path on the API's own host (what
 * `uploadFile` answers). Never `javascript:`, nor `//host` or `/\host`, which browsers read as
 * another host.
 */
const FileUrl = Type.String({ maxLength: 2048, pattern: '^(?:https?://|/(?![/\\\\]))' });
/** Unknown properties are refused. */
export const closed = { additionalProperties: false } as const;

// ---- Survey configuration -------------------------------------------------------------------

const itemBase = {
  itemKey: Key,
  title: Text,
  description: Type.Optional(Text),
  required: Type.Optional(Type.Boolean()),
  isAdminItem: Type.Optional(Type.Boolean()),
  isNotEditable: Type.Optional(Type.Boolean()),
};
const Options = Type.Immutable(Type.Array(Text));
const Length = Type.Optional(Type.Integer({ minimum: 0 }));
const item = <Kind extends ItemType, Extra extends Record<string, TSchema>>(
  kind: Kind,
  extra: Extra,
) => Type.Object({ ...itemBase, type: Type.Literal(kind), ...extra }, closed);

export const ProductSchema = Type.Object(
  { productId: Key, name: Text, unitPrice: Type.Integer({ minimum: 0 }), maxQuantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })) },
  closed,
);

export const SurveySchemaItemSchema = Type.Union([
  item('text', {
    format: Type.Optional(Type.Enum(TEXT_FORMATS)),
    minLength: Length,
    maxLength: Length,
    profileField: Type.Optional(Type.Enum(PROFILE_FIELDS.filter((field) => field !== 'birthday'))),
  }),
  item('textarea', { minLength: Length, maxLength: Length }),
  item('radio', { options: Options }),
  item('checkboxes', { options: Options, minChoices: Length, maxChoices: Length }),
  item('dropdown', { options: Options }),
  item('date', {}),
  item('birthday', { profileField: Type.Optional(Type.Literal('birthday')) }),
  item('files', {}),
  item('selectProducts', { products: Type.Immutable(Type.Array(ProductSchema)) }),
  item('guide', {}),
  item('reservation', { categoryId: Type.Optional(Key), cost: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })) }),
]);

export const SurveyConfigSchema = Type.Object(
  {
    surveyId: Key,
    surveyTitle: Type.Optional(Text),
    surveyDescription: Type.Optional(Text),
    surveySchema: Type.Immutable(Type.Array(SurveySchemaItemSchema)),
    isAppending: Type.Optional(Type.Object({ value: Type.Boolean() }, closed)),
    cancelPost: Type.Optional(Type.Boolean()),
    membership: Type.Optional(
      Type.Object(
        {
          name: Text,
          numberFormat: Type.Object({ prefix: Type.String({ pattern: '^[A-Z]{0,4}$' }), digits: Type.Integer({ minimum: 4, maximum: 10 }) }, closed),
          numberItemKey: Key,
          nameItemKeys: Type.Immutable(Type.Array(Key)),
        },
        closed,
      ),
    ),
    requiresMembership: Type.Optional(Key),
    lookupItemKeys: Type.Optional(Type.Immutable(Type.Array(Key))),
    indexItemKeys: Type.Optional(Type.Immutable(Type.Array(Key))),
  },
  closed,
);

// ---- Survey results -------------------------------------------------------------------------

export const FileRefSchema = Type.Object(
  {
    name: Type.String({ maxLength: 256 }),
    url: FileUrl,
    contentType: Type.Optional(Type.String({ maxLength: 128 })),
    size: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  closed,
);

export const CheckStatusSchema = Type.Enum(CHECK_STATUSES);

export const SurveyResultRowSchema = Type.Object(
  {
    userId: Key,
    surveyId: Key,
    partitionKey: PartitionKey,
    // itemKey#value, and itemKey#option#value for a chosen checkbox.
    sortKey: Type.String({ maxLength: 2 * MAX_VALUE_LENGTH + 300 }),
    // Empty only in the empty first row of a survey without items.
    itemKey: Type.String({ maxLength: 256 }),
    value: Type.String({ maxLength: MAX_VALUE_LENGTH }),
    userSearchKey: Type.String({ maxLength: 2 * MAX_VALUE_LENGTH + 300 }),
    isLiffMode: Type.Boolean(),
    check: CheckStatusSchema,
    files: Type.Optional(Type.Array(FileRefSchema, { maxItems: 20 })),
  },
  closed,
);

// Prices a client sends along (what its screen showed) are accepted and never read: the server
// prices the order from the survey (core's priceOrder). Integers only, like every amount.
const IgnoredYen = Type.Integer({ minimum: 0, maximum: 100_000_000 });
export const OrderSchema = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        {
          productId: Key,
          quantity: Type.Integer({ minimum: 1, maximum: 99 }),
          name: Type.Optional(Type.String({ maxLength: 200 })),
          unitPrice: Type.Optional(IgnoredYen),
          subtotal: Type.Optional(IgnoredYen),
        },
        closed,
      ),
      { maxItems: 100 },
    ),
    total: Type.Optional(IgnoredYen),
  },
  closed,
);

export const SubmissionPayloadSchema = Type.Object(
  {
    data: Type.Array(SurveyResultRowSchema, { minItems: 1, maxItems: 2_000 }),
    subData: Type.Optional(Type.Unknown()),
    order: Type.Optional(OrderSchema),
    oldPartitionKey: Type.Optional(PartitionKey),
  },
  closed,
);

// ---- Calendars ------------------------------------------------------------------------------

export const CalendarCategorySchema = Type.Object(
  {
    categoryId: Key,
    tag1: Text,
    tag2: Type.Optional(Text),
    tag3: Type.Optional(Text),
    calendarId: Type.Optional(Key),
  },
  closed,
);

const CalendarCategoryTreeLeafSchema = Type.Object({ name: Text, categoryId: Key }, closed);
const CalendarCategoryTreeBranchSchema = Type.Object(
  { name: Text, categoryId: Type.Optional(Key), children: Type.Array(CalendarCategoryTreeLeafSchema) },
  closed,
);
export const CalendarCategoryTreeRootSchema = Type.Object(
  { name: Text, categoryId: Type.Optional(Key), children: Type.Array(CalendarCategoryTreeBranchSchema) },
  closed,
);

export const CalendarDisplaySettingsSchema = Type.Object(
  { categoryLabels: Type.Object({ tag1: Text, tag2: Text, tag3: Text }, closed) },
  closed,
);

/** `YYYY-MM-DD` (the server checks the day exists). */
export const DateText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
/** `HH:MM`. */
const TimeText = Type.String({ pattern: '^\\d{2}:\\d{2}$' });
const Count = Type.Integer({ minimum: 0 });

export const BookingDeadlineSchema = Type.Object(
  { unit: Type.Union([Type.Literal('days'), Type.Literal('hours')]), amount: Count },
  closed,
);

export const CalendarRulesSchema = Type.Object(
  {
    bookingOpensDaysAhead: Count,
    bookingClosesBefore: BookingDeadlineSchema,
    changeClosesBefore: BookingDeadlineSchema,
    maxActiveBookingsPerUser: Type.Optional(Type.Integer({ minimum: 1 })),
    bookingStopped: Type.Optional(Type.Boolean()),
  },
  closed,
);

export const CalendarSlotSchema = Type.Object(
  {
    slotId: Key,
    date: DateText,
    start: TimeText,
    end: TimeText,
    capacity: Count,
    left: Count,
    status: Type.Union([Type.Literal('open'), Type.Literal('notOpenYet'), Type.Literal('closed'), Type.Literal('closedDay')]),
  },
  closed,
);

export const CalendarSlotsSchema = Type.Object(
  {
    calendarId: Key,
    categoryId: Key,
    rules: CalendarRulesSchema,
    today: DateText,
    closedDays: Type.Array(DateText),
    slots: Type.Array(CalendarSlotSchema),
  },
  closed,
);

// ---- Login ----------------------------------------------------------------------------------

export const LoginSessionSchema = Type.Object(
  {
    session: Type.Object(
      { id_token: Text, access_token: Text, refresh_token: Text },
      closed,
    ),
    profile: Type.Object(
      { userId: Key, displayName: Text, pictureUrl: Type.Optional(Text) },
      closed,
    ),
  },
  closed,
);

// ---- Errors ---------------------------------------------------------------------------------

/** Every error response: `{ statusCode, error, message, code }`, `retryable` on a 503 worth retrying. */
export const ErrorBodySchema = Type.Object({
  statusCode: Type.Integer(),
  error: Text,
  message: Text,
  code: Text,
  retryable: Type.Optional(Type.Boolean()),
  fields: Type.Optional(Type.Record(Type.String(), Text)),
  /** Everything wrong with what staff tried to save, where (`survey`, an item's key, …) and what, in Japanese. */
  problems: Type.Optional(Type.Array(Type.Object({ at: Text, message: Text }))),
  /** What stands in the way of a refused change (409): each thing's id and how staff would name it. */
  blockers: Type.Optional(Type.Array(Type.Object({ id: Text, label: Text }))),
});
