// Calendar administration in the staff console (`calendars.edit`): the category tree, calendars and
// their rules, closed days, slots, and the earlier platform's CSV files in and out. A refused
// change answers 409 with `blockers` (the bookings in the way); nothing is written then.
import { Type } from 'typebox';
import { CalendarRulesSchema, closed, Key } from '../contract/schemas.js';
import { Data, DateText, Ok, STAFF_API_PREFIX, TimeText } from './shared.js';

const ADMIN = `${STAFF_API_PREFIX}/calendars/admin`;
const Weekday = Type.Integer({ minimum: 0, maximum: 6 });
const Capacity = Type.Integer({ minimum: 0, maximum: 100_000 });
const Tag = Type.String({ maxLength: 100 });

/** Days a calendar's rules close it: weekdays (0 Sunday … 6 Saturday) and Japan's public holidays. */
export const CalendarClosuresSchema = Type.Object({ weekdays: Type.Array(Weekday, { maxItems: 7 }), publicHolidays: Type.Boolean() }, closed);

const CalendarSettingsSchema = Type.Object({ calendarId: Key, rules: CalendarRulesSchema, closures: CalendarClosuresSchema }, closed);

/** The tree as staff administer it: every category, with its calendar's settings when it has one. */
export const CalendarAdminViewSchema = Type.Object(
  {
    labels: Type.Object({ tag1: Type.String(), tag2: Type.String(), tag3: Type.String() }, closed),
    categories: Type.Array(
      Type.Object({ categoryId: Key, tag1: Type.String(), tag2: Type.String(), tag3: Type.String(), calendar: Type.Union([CalendarSettingsSchema, Type.Null()]) }, closed),
    ),
  },
  closed,
);

const SlotSchema = Type.Object({ date: DateText, slotId: Key, start: TimeText, end: TimeText, capacity: Capacity }, closed);
const SlotKeySchema = Type.Object({ date: DateText, slotId: Key }, closed);

/** A calendar's slots as staff edit them: capacity and the units booked (holds included). */
export const CalendarAdminSlotsSchema = Type.Object(
  {
    calendarId: Key,
    closedDays: Type.Array(
      Type.Object(
        {
          date: DateText,
          /** `date`: closed that day by staff; `weekday` or `holiday`: by the calendar's rules. */
          reason: Type.Union([Type.Literal('date'), Type.Literal('weekday'), Type.Literal('holiday')]),
          holidayName: Type.Optional(Type.String()),
        },
        closed,
      ),
    ),
    slots: Type.Array(Type.Object({ date: DateText, slotId: Key, start: TimeText, end: TimeText, capacity: Capacity, booked: Type.Integer({ minimum: 0 }) }, closed)),
  },
  closed,
);

/** A slot or category file of the earlier platform (Shift_JIS or UTF-8), as base64, and where its slots go. */
const CalendarFileBody = Type.Object(
  {
    fileName: Type.String({ maxLength: 256 }),
    contentBase64: Type.String({ maxLength: 8_000_000 }),
    /** A slot file's calendar: made on `categoryId` when it does not exist yet. */
    calendarId: Type.Optional(Key),
    categoryId: Type.Optional(Key),
  },
  closed,
);

const SlotChange = Type.Object({ slotId: Key, start: TimeText, end: TimeText, capacity: Capacity }, closed);

/** What a file changes (preview) or changed (apply), date by date for a slot file. */
export const CalendarFileReportSchema = Type.Object(
  {
    kind: Type.Union([Type.Literal('categories'), Type.Literal('slots')]),
    applied: Type.Boolean(),
    categories: Type.Array(Type.Object({ categoryId: Key, path: Type.String(), outcome: Type.Union([Type.Literal('added'), Type.Literal('changed'), Type.Literal('unchanged')]) }, closed)),
    calendarId: Type.Union([Key, Type.Null()]),
    calendarCreated: Type.Boolean(),
    slots: Type.Object({ added: Type.Integer(), changed: Type.Integer(), removed: Type.Integer(), unchanged: Type.Integer() }, closed),
    closedDays: Type.Object({ added: Type.Integer(), removed: Type.Integer() }, closed),
    dates: Type.Array(
      Type.Object(
        {
          date: DateText,
          added: Type.Array(SlotChange),
          changed: Type.Array(Type.Object({ from: SlotChange, to: SlotChange }, closed)),
          removed: Type.Array(SlotChange),
          closed: Type.Union([Type.Literal('added'), Type.Literal('removed'), Type.Null()]),
        },
        closed,
      ),
    ),
  },
  closed,
);

const CalendarPath = Type.Object({ calendarId: Key }, closed);

/**
 * A calendar's reminder (issue 27): a LINE service message to each citizen who booked it in the
 * mini-app, `daysBefore` the booked date at `sendTime` (Japan time); null when none.
 */
/** A calendar's waitlist (キャンセル待ち): how long an offer of a freed place is held, in minutes; null: off. */
export const CalendarWaitlistSchema = Type.Union([Type.Object({ offerMinutes: Type.Integer({ minimum: 5, maximum: 10_080 }) }, closed), Type.Null()]);
/** Setting a calendar's lottery (抽選): applications until `applicationsCloseAt` (ms, in the future, within a year), winners' places held `winnerHours`; null: none. */
export const CalendarLotterySettingSchema = Type.Union([
  Type.Object({ applicationsCloseAt: Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 }), winnerHours: Type.Integer({ minimum: 1, maximum: 168 }) }, closed),
  Type.Null(),
]);
/** A calendar's lottery as staff see it: its setting, applications counted, and once drawn, the draw's seed (null: none). */
export const CalendarLotterySchema = Type.Union([
  Type.Object(
    {
      applicationsCloseAt: Type.Integer(),
      winnerHours: Type.Integer(),
      drawnAt: Type.Optional(Type.Integer()),
      drawnBy: Type.Optional(Type.String()),
      seed: Type.Optional(Type.String()),
      applications: Type.Integer({ minimum: 0 }),
      applicants: Type.Integer({ minimum: 0 }),
      won: Type.Integer({ minimum: 0 }),
      lost: Type.Integer({ minimum: 0 }),
    },
    closed,
  ),
  Type.Null(),
]);
export const CalendarReminderSchema = Type.Union([Type.Object({ daysBefore: Type.Integer({ minimum: 0, maximum: 14 }), sendTime: TimeText }, closed), Type.Null()]);

export const calendarAdminEndpoints = {
  staffCalendarAdmin: { method: 'GET', path: ADMIN, response: Data(CalendarAdminViewSchema) },
  /** Adds a category (any level) or renames one. 409 `category_path_taken`. */
  staffSaveCategory: {
    method: 'POST',
    path: `${ADMIN}/categories`,
    body: Type.Object({ categoryId: Key, tag1: Tag, tag2: Tag, tag3: Tag }, closed),
    response: Data(Type.Object({ created: Type.Boolean() }, closed)),
  },
  /** 409 `category_has_children`, `category_in_use` (a survey books through it), `category_has_bookings`. */
  staffDeleteCategory: { method: 'DELETE', path: `${ADMIN}/categories/:categoryId`, params: Type.Object({ categoryId: Key }, closed), response: Ok },
  staffSaveCategoryLabels: { method: 'POST', path: `${ADMIN}/labels`, body: Type.Object({ tag1: Tag, tag2: Tag, tag3: Tag }, closed), response: Ok },
  /** Makes a calendar on a bookable category, or sets its rules (予約停止 among them) and closures. 409 `booked_day_closed`. */
  staffSaveCalendar: {
    method: 'POST',
    path: `${ADMIN}/calendars/:calendarId`,
    params: CalendarPath,
    body: Type.Object({ categoryId: Key, rules: CalendarRulesSchema, closures: CalendarClosuresSchema }, closed),
    response: Data(Type.Object({ created: Type.Boolean() }, closed)),
  },
  /** At most 93 days (a month grid with its edges). */
  staffCalendarAdminSlots: {
    method: 'GET',
    path: `${ADMIN}/calendars/:calendarId/slots`,
    params: CalendarPath,
    query: Type.Object({ from: DateText, to: DateText }, closed),
    response: Data(CalendarAdminSlotsSchema),
  },
  /** 409 `booked_day_closed` when a date to close has bookings. */
  staffSetClosedDays: {
    method: 'POST',
    path: `${ADMIN}/calendars/:calendarId/closed-days`,
    params: CalendarPath,
    body: Type.Object({ close: Type.Array(DateText, { maxItems: 400 }), open: Type.Array(DateText, { maxItems: 400 }) }, closed),
    response: Ok,
  },
  /** Adds or sets slots, all or none: 409 `capacity_below_booked`, `booked_slot_retimed`. */
  staffPutSlots: {
    method: 'POST',
    path: `${ADMIN}/calendars/:calendarId/slots`,
    params: CalendarPath,
    body: Type.Object({ slots: Type.Array(SlotSchema, { maxItems: 10_000 }) }, closed),
    response: Data(Type.Object({ added: Type.Integer(), changed: Type.Integer(), unchanged: Type.Integer() }, closed)),
  },
  /** Adds the slots of a weekly pattern; slots already there stay as they are. */
  staffGenerateSlots: {
    method: 'POST',
    path: `${ADMIN}/calendars/:calendarId/slots/generate`,
    params: CalendarPath,
    body: Type.Object(
      {
        from: DateText,
        to: DateText,
        weekdays: Type.Array(Weekday, { minItems: 1, maxItems: 7 }),
        start: TimeText,
        end: TimeText,
        minutes: Type.Integer({ minimum: 5, maximum: 1440 }),
        capacity: Capacity,
        skipClosedDays: Type.Optional(Type.Boolean()),
      },
      closed,
    ),
    response: Data(Type.Object({ added: Type.Integer(), existing: Type.Integer() }, closed)),
  },
  /** Deletes slots, all or none: 409 `booked_slot_deleted`. */
  staffDeleteSlots: {
    method: 'POST',
    path: `${ADMIN}/calendars/:calendarId/slots/delete`,
    params: CalendarPath,
    body: Type.Object({ slots: Type.Array(SlotKeySchema, { minItems: 1, maxItems: 10_000 }) }, closed),
    response: Data(Type.Object({ deleted: Type.Integer() }, closed)),
  },
  /** What a file would change, changing nothing. 400 `invalid_file` with `problems` (line and column). */
  staffPreviewCalendarFile: { method: 'POST', path: `${ADMIN}/files/preview`, body: CalendarFileBody, response: Data(CalendarFileReportSchema) },
  /** Applies a file in one transaction, all or nothing (the same refusals as the preview). */
  staffApplyCalendarFile: { method: 'POST', path: `${ADMIN}/files/apply`, body: CalendarFileBody, response: Data(CalendarFileReportSchema) },
  /** The calendar's slots and closed days as the earlier platform's slot file (UTF-8 with BOM), which imports back to the same state. */
  staffExportSlots: {
    method: 'GET',
    path: `${ADMIN}/calendars/:calendarId/slots.csv`,
    params: CalendarPath,
    query: Type.Object({ from: DateText, to: DateText }, closed),
  },
  /** The category tree as the earlier platform's category file (UTF-8 with BOM). */
  staffExportCategories: { method: 'GET', path: `${ADMIN}/categories.csv` },
  staffCalendarReminder: { method: 'GET', path: `${ADMIN}/calendars/:calendarId/reminder`, params: CalendarPath, response: Data(CalendarReminderSchema) },
  /** Sets or removes (null) the calendar's reminder (`calendars.edit`, audited). 404 for an unknown calendar. */
  staffSetCalendarReminder: {
    method: 'POST',
    path: `${ADMIN}/calendars/:calendarId/reminder`,
    params: CalendarPath,
    body: Type.Object({ reminder: CalendarReminderSchema }, closed),
    response: Data(CalendarReminderSchema),
  },
  staffCalendarWaitlist: { method: 'GET', path: `${ADMIN}/calendars/:calendarId/waitlist`, params: CalendarPath, response: Data(CalendarWaitlistSchema) },
  /**
   * Turns the calendar's waitlist on (how long an offer is held) or off (null: every place in its
   * queues ends, their slots' units free for anyone); `calendars.edit`, audited. 404 for an unknown calendar.
   */
  staffSetCalendarWaitlist: {
    method: 'POST',
    path: `${ADMIN}/calendars/:calendarId/waitlist`,
    params: CalendarPath,
    body: Type.Object({ waitlist: CalendarWaitlistSchema }, closed),
    response: Data(CalendarWaitlistSchema),
  },
  staffCalendarLottery: { method: 'GET', path: `${ADMIN}/calendars/:calendarId/lottery`, params: CalendarPath, response: Data(CalendarLotterySchema) },
  /**
   * Sets the calendar's lottery (its slots are applied for until the deadline, not booked) or
   * removes it (null: its applications are withdrawn); `calendars.edit`, audited. 409
   * `lottery_drawn` once drawn, 400 `invalid_lottery` for a deadline in the past.
   */
  staffSetCalendarLottery: {
    method: 'POST',
    path: `${ADMIN}/calendars/:calendarId/lottery`,
    params: CalendarPath,
    body: Type.Object({ lottery: CalendarLotterySettingSchema }, closed),
    response: Data(CalendarLotterySchema),
  },
  /**
   * Ends the lottery's applications now, before the deadline set (`calendars.edit`, audited): the
   * draw may follow at once. 404 `lottery_not_found`, 409 `lottery_drawn` or `lottery_closed` (already).
   */
  staffCloseCalendarLottery: { method: 'POST', path: `${ADMIN}/calendars/:calendarId/lottery/close`, params: CalendarPath, response: Data(CalendarLotterySchema) },
  /**
   * Draws the lottery with a new recorded seed (`calendars.edit`, audited with everything the draw
   * read): winners are offered their slot, the others queue for it in drawn order, and everyone is
   * told. 409 `lottery_not_closed` before the deadline, `lottery_drawn` once drawn.
   */
  staffDrawCalendarLottery: { method: 'POST', path: `${ADMIN}/calendars/:calendarId/lottery/draw`, params: CalendarPath, response: Data(CalendarLotterySchema) },
} as const;
