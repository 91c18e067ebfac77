import type { MemberNumberFormat } from './member-number.js';

/**
 * The entities of the citizen app (spec section 3) and the item types a municipal form needs
 * (ARCHITECTURE.md, "Data").
 */

/** Every item type a survey schema may hold, in the order forms usually use them. */
export const ITEM_TYPES = [
  'text',
  'textarea',
  'radio',
  'checkboxes',
  'dropdown',
  'date',
  'birthday',
  'files',
  'selectProducts',
  'guide',
  'reservation',
] as const;

/** The type of one survey item. */
export type ItemType = (typeof ITEM_TYPES)[number];

/** What a `text` item accepts; `plain` and `address` accept any text. */
export const TEXT_FORMATS = ['plain', 'email', 'phone', 'number', 'postalCode', 'address'] as const;

/** The format of a `text` item. */
export type TextFormat = (typeof TEXT_FORMATS)[number];

/**
 * Review status of a survey result, set by staff for a whole record at once.
 * The first one, 未対応 ("not handled"), is where every new result starts.
 */
export const CHECK_STATUSES = ['未対応', '処理中', '処理済み', '完了', 'キャンセル', '取り消し'] as const;

/** Review status of a survey result (see {@link CHECK_STATUSES}). */
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** The status every new survey result row starts with: 未対応 ("not handled"). */
export const DEFAULT_CHECK_STATUS: CheckStatus = '未対応';

/**
 * What a text or birthday item may be filled with from the citizen's LINE profile (LINE's Common
 * Profile, with their consent, inside the LINE mini-app): `name` 姓 名, `nameKana` セイ メイ,
 * `phone`, `email`, `postalCode`, `address` (都道府県 to 番地・建物), `birthday` (a birthday item).
 */
export const PROFILE_FIELDS = ['name', 'nameKana', 'phone', 'email', 'postalCode', 'address', 'birthday'] as const;

/** A field of the citizen's LINE profile (see {@link PROFILE_FIELDS}). */
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** Fields every survey item has. */
interface SurveyItemBase {
  /** Unique within the survey; must not contain `#`, which separates the parts of a key. */
  itemKey: string;
  title: string;
  description?: string;
  required?: boolean;
  /** Staff-only item: the server removes it before a citizen sees the survey. */
  isAdminItem?: boolean;
  /** The citizen cannot change this item's answer once it is sent. */
  isNotEditable?: boolean;
}

/** A one-line text answer. */
export interface TextItem extends SurveyItemBase {
  type: 'text';
  /** Default `plain`. */
  format?: TextFormat;
  /** In characters as a person counts them (graphemes): a kanji or an emoji is one. */
  minLength?: number;
  maxLength?: number;
  /** Filled from this field of the citizen's LINE profile when they ask (never `birthday`). */
  profileField?: Exclude<ProfileField, 'birthday'>;
}

/** A multi-line text answer. */
export interface TextareaItem extends SurveyItemBase {
  type: 'textarea';
  minLength?: number;
  maxLength?: number;
}

/** One choice among `options`, shown as radio buttons. */
export interface RadioItem extends SurveyItemBase {
  type: 'radio';
  options: readonly string[];
}

/** Any number of `options`, or between `minChoices` and `maxChoices` of them. */
export interface CheckboxesItem extends SurveyItemBase {
  type: 'checkboxes';
  options: readonly string[];
  /** At least this many, when anything is chosen (`required` asks for at least one). */
  minChoices?: number;
  maxChoices?: number;
}

/** One choice among `options`, shown as a select box. */
export interface DropdownItem extends SurveyItemBase {
  type: 'dropdown';
  options: readonly string[];
}

/** A calendar date, answered as `YYYY-MM-DD`. */
export interface DateItem extends SurveyItemBase {
  type: 'date';
}

/** A date of birth, answered as `YYYY-MM-DD`; never in the future. */
export interface BirthdayItem extends SurveyItemBase {
  type: 'birthday';
  /** Filled from the citizen's LINE profile's birthday when they ask. */
  profileField?: 'birthday';
}

/** Uploaded files, answered as a list of {@link FileRef}. */
export interface FilesItem extends SurveyItemBase {
  type: 'files';
}

/** A product the citizen may buy through a `selectProducts` item. */
export interface Product {
  productId: string;
  name: string;
  /** Yen, tax included. */
  unitPrice: number;
  /** The most units of this product one order may hold. Default 10 (`DEFAULT_MAX_QUANTITY`). */
  maxQuantity?: number;
}

/**
 * Products to buy. Answered as the chosen product ids; the choice travels as the submission's
 * `order`, never as result rows, and the server prices it from the survey config.
 */
export interface SelectProductsItem extends SurveyItemBase {
  type: 'selectProducts';
  products: readonly Product[];
}

/** Read-only text shown to the citizen (`description` holds it); never answered. */
export interface GuideItem extends SurveyItemBase {
  type: 'guide';
}

/**
 * A calendar slot, chosen on the calendar screen. The answer names the slot:
 * `<categoryId>|<YYYY-MM-DD>|<slotId>` (see `formatReservationValue`).
 */
export interface ReservationItem extends SurveyItemBase {
  type: 'reservation';
  /**
   * The category the citizen books in: a bookable category, or a higher level of the tree under
   * which the citizen picks one. Absent: any category.
   */
  categoryId?: string;
  /** Units of a slot's capacity one booking takes (spec: reservation item cost). Default 1. */
  cost?: number;
}

/** One item of a survey schema, discriminated by `type`. */
export type SurveySchemaItem =
  | TextItem
  | TextareaItem
  | RadioItem
  | CheckboxesItem
  | DropdownItem
  | DateItem
  | BirthdayItem
  | FilesItem
  | SelectProductsItem
  | GuideItem
  | ReservationItem;

/**
 * A survey that registers citizens as members of a service (a library card, a clinic patient
 * card): one registration per citizen, each given a member number by the server.
 */
export interface MembershipSettings {
  /** What the membership (and its card) is called: 図書館利用カード. */
  name: string;
  /** How this membership's numbers look: prefix, digits, then a check digit (see `formatMemberNumber`). */
  numberFormat: MemberNumberFormat;
  /**
   * The text item whose answer is the member number. The server writes it (a number sent by the
   * client is ignored); the form leaves it out; a paper card is found by it (a look-up item).
   */
  numberItemKey: string;
  /** The items whose answers make the name on the card, joined with a space (family name, first name). */
  nameItemKeys: readonly string[];
}

/** A survey or reservation form (spec section 3, "Survey configuration"). */
export interface SurveyConfig {
  surveyId: string;
  surveyTitle?: string;
  /** Shown under the title: what the form is for, who may answer, until when. */
  surveyDescription?: string;
  surveySchema: readonly SurveySchemaItem[];
  /** Append mode: each submission is a new record instead of replacing the citizen's one record. */
  isAppending?: { value: boolean };
  /** When set, the client builds the payload and returns it instead of sending it. */
  cancelPost?: boolean;
  /** Set on a member survey (`/member/{id}`): registrations are memberships with numbers. Never append mode. */
  membership?: MembershipSettings;
  /**
   * Only members may answer (book): the surveyId of the member survey whose membership is needed.
   * The server refuses others (403 `membership_required`); the app leads them to registration.
   */
  requiresMembership?: string;
  /**
   * The items a citizen gives to find a record staff imported (a paper card, a course application)
   * and claim it: `survey-results/filterQuery`, then `reservation/putUserId`. Absent: no look-up.
   */
  lookupItemKeys?: readonly string[];
  /**
   * インデックスキー: the items staff find records by first (the results list's default columns,
   * in this order). Absent: the first items of the form.
   */
  indexItemKeys?: readonly string[];
}

/** A file the citizen uploaded, as stored on a `files` item's row. */
export interface FileRef {
  name: string;
  url: string;
  contentType?: string;
  /** Bytes. */
  size?: number;
}

/** The answer to one item: text, chosen options or product ids, or uploaded files. */
export type AnswerValue = string | string[] | FileRef[];

/** A citizen's answers, by `itemKey`. */
export type Answers = Readonly<Record<string, AnswerValue>>;

/** One stored row of a survey result (spec section 3, "Survey result row"). */
export interface SurveyResultRow {
  userId: string;
  surveyId: string;
  /** Identifies the record: `surveyId#userId`, or `surveyId#userId#<ms>` in append mode. */
  partitionKey: string;
  /** Unique within the record: the bare itemKey for the record's first row, else `itemKey#value`. */
  sortKey: string;
  itemKey: string;
  value: string;
  /** What a look-up by answer searches: `itemKey#value`, or `itemKey#option#value` for checkboxes. */
  userSearchKey: string;
  isLiffMode: boolean;
  check: CheckStatus;
  /** Only on rows of `files` items. */
  files?: FileRef[];
}

/**
 * One line of an order: which product, how many. A client may send along the price it showed
 * (`name`, `unitPrice`, `subtotal`); they are never read: `priceOrder` prices from the survey.
 */
export interface OrderLine {
  productId: string;
  quantity: number;
  name?: string;
  unitPrice?: number;
  subtotal?: number;
}

/**
 * What the citizen chose to buy. Prices and the total are the server's to compute: a `total`
 * sent along is never read.
 */
export interface Order {
  items: OrderLine[];
  total?: number;
}

/** The body of a submission (`reservation/putItem`). */
export interface SubmissionPayload {
  data: SurveyResultRow[];
  subData?: unknown;
  order?: Order;
  /** The record this submission replaces: the server swaps it for `data` in one transaction. */
  oldPartitionKey?: string;
}

/** One answered item in the client's view of a record. */
export interface SurveyResultGroupItem {
  itemKey: string;
  value: string;
  /** The schema item's title. */
  title: string;
  check: CheckStatus;
}

/** One record (all rows sharing a partitionKey) in the client's view. */
export interface SurveyResultGroup {
  partitionKey: string;
  surveyId: string;
  userId: string;
  /** The record's review status (staff set it for every row at once). */
  check: CheckStatus;
  items: SurveyResultGroupItem[];
}

/**
 * A bookable category: the path through the category tree (大分類 / 中分類 / 小分類) and the calendar
 * that hangs off it. Labels of the three levels come from {@link CalendarDisplaySettings}.
 */
export interface CalendarCategory {
  categoryId: string;
  /** Top level (大分類 by default). */
  tag1: string;
  /** Second level (中分類), when the tree goes that deep. */
  tag2?: string;
  /** Third level (小分類), when the tree goes that deep. */
  tag3?: string;
  /** The calendar booked through this category; absent when it has none yet. */
  calendarId?: string;
}

/** Third level of the category tree: always a bookable category. */
export interface CalendarCategoryTreeLeaf {
  name: string;
  categoryId: string;
}

/** Second level: bookable itself (`categoryId`) when it has no third level below it. */
export interface CalendarCategoryTreeBranch {
  name: string;
  categoryId?: string;
  children: CalendarCategoryTreeLeaf[];
}

/** Top level of the category tree (at most three levels deep). */
export interface CalendarCategoryTreeRoot {
  name: string;
  categoryId?: string;
  children: CalendarCategoryTreeBranch[];
}

/** How the calendar screens label things. */
export interface CalendarDisplaySettings {
  /** Names of the three category levels, e.g. 大分類 / 中分類 / 小分類, or 地区 / 会場 / 接種回数. */
  categoryLabels: { tag1: string; tag2: string; tag3: string };
}

/**
 * How long before a slot something closes: `hours` before it starts, or `days` before its date
 * (until the end of that day, Japan time). See `deadlineBefore`.
 */
export interface BookingDeadline {
  unit: 'days' | 'hours';
  amount: number;
}

/** The rules of one calendar, enforced by the server and explained by the app. */
export interface CalendarRules {
  /** A slot can be booked from 00:00 (Japan time) this many days before its date. */
  bookingOpensDaysAhead: number;
  /** Booking a slot closes this long before it. */
  bookingClosesBefore: BookingDeadline;
  /** A booking can be changed or cancelled until this long before its slot. */
  changeClosesBefore: BookingDeadline;
  /** Most bookings one citizen may hold in this calendar whose slots have not ended; absent: no limit. */
  maxActiveBookingsPerUser?: number;
  /** 予約停止: staff stopped taking new bookings; those made stay, and may be cancelled. */
  bookingStopped?: boolean;
}

/** Where a slot stands for booking, as the server sees it now. */
export type SlotStatus = 'open' | 'notOpenYet' | 'closed' | 'closedDay';

/** One slot of a calendar, with what is left of it. */
export interface CalendarSlot {
  /** The slot's id within its date (the same id on every date for the same time of day). */
  slotId: string;
  /** `YYYY-MM-DD`, Japan time. */
  date: string;
  /** `HH:MM`, Japan time. */
  start: string;
  end: string;
  /** Units the slot holds. */
  capacity: number;
  /** Units not booked: capacity minus the units of every active booking. */
  left: number;
  /** `open` to book now; else before the booking window, after it, or on a closed day. */
  status: SlotStatus;
}

/** A calendar's slots over a range of dates, with its rules (`calendars/slots`). */
export interface CalendarSlots {
  calendarId: string;
  /** The bookable category the calendar hangs off. */
  categoryId: string;
  rules: CalendarRules;
  /** The server's today in Japan (`YYYY-MM-DD`), where a week view starts. */
  today: string;
  /** Closed days within the range (`YYYY-MM-DD`). */
  closedDays: string[];
  /** Slots within the range, by date then start. */
  slots: CalendarSlot[];
}
