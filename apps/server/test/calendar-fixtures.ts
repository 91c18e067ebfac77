// Calendars for tests, written straight into the test's database (the import command is the real
// writer; tests do not depend on it), a survey that books them, and calls over real HTTP.
import type { Endpoints, EndpointName, ErrorBody } from '@city/api-client/contract';
import type { CalendarRules, SubmissionPayload, SurveyConfig } from '@city/survey-core';
import { buildSubmissionPayload, formatReservationValue } from '@city/survey-core';
import type { TestUser } from '@city/line-stand-in';
import type { AddressInfo } from 'node:net';
import type { SqliteDatabase } from '../src/db/database.js';
import type { Storage } from '../src/db/storage.js';
import { calendarImportRepository } from '../src/modules/calendars/repositories.js';
import type { SqlExecutor } from './engines.js';
import type { TestContext, TestRequest } from './helpers.js';
import { pathOf } from './helpers.js';
import { endpoints } from '@city/api-client/contract';
import { DEMO_CALENDAR_RULES } from '@city/demo-data';

export interface CategorySpec {
  categoryId: string;
  tag1: string;
  tag2?: string;
  tag3?: string;
}

export interface SlotSpec {
  date: string;
  slotId: string;
  start: string;
  end: string;
  capacity: number;
}

export interface CalendarSpec {
  calendarId: string;
  categoryId: string;
  /** Over {@link DEFAULT_RULES}; `maxActiveBookingsPerUser: undefined` for no limit. */
  rules?: { [Rule in keyof CalendarRules]?: CalendarRules[Rule] | undefined };
  slots?: readonly SlotSpec[];
  closedDays?: readonly string[];
}

/** The demo's rules: opens 60 days ahead, closes (and changes close) the day before, 3 bookings at most. */
export const DEFAULT_RULES: CalendarRules = DEMO_CALENDAR_RULES;

/** The demo's tree: 健康診断 > 特定健診 > three venues. */
export const CHECKUP_CATEGORIES: readonly CategorySpec[] = [
  { categoryId: 'health', tag1: '健康診断' },
  { categoryId: 'checkup', tag1: '健康診断', tag2: '特定健診' },
  { categoryId: 'checkup-central', tag1: '健康診断', tag2: '特定健診', tag3: '中央保健センター' },
  { categoryId: 'checkup-north', tag1: '健康診断', tag2: '特定健診', tag3: '北部公民館' },
  { categoryId: 'checkup-south', tag1: '健康診断', tag2: '特定健診', tag3: '南部市民センター' },
];

/** {@link insertCategories} on whichever engine the app runs, through the calendar administration's repository. */
export async function addCategories(storage: Storage, categories: readonly CategorySpec[]): Promise<void> {
  await storage.store(calendarImportRepository).transaction(async (admin) => {
    const start = (await admin.categories()).length;
    for (const [index, category] of categories.entries()) {
      await admin.insertCategory({ categoryId: category.categoryId, tag1: category.tag1, tag2: category.tag2 ?? '', tag3: category.tag3 ?? '', position: start + index });
    }
  });
}

/** {@link insertCalendar} on whichever engine the app runs. */
export async function addCalendar(storage: Storage, spec: CalendarSpec): Promise<void> {
  await storage.store(calendarImportRepository).transaction(async (admin) => {
    await admin.insertCalendar({ calendarId: spec.calendarId, categoryId: spec.categoryId, rules: rulesOf(spec) });
    for (const slot of spec.slots ?? []) await admin.putSlot(spec.calendarId, slot);
    for (const date of spec.closedDays ?? []) await admin.addClosedDay(spec.calendarId, date);
  });
}

/** The spec's rules over {@link DEFAULT_RULES}. */
function rulesOf(spec: CalendarSpec): CalendarRules {
  const given = spec.rules ?? {};
  const maxActive = Object.hasOwn(given, 'maxActiveBookingsPerUser') ? given.maxActiveBookingsPerUser : DEFAULT_RULES.maxActiveBookingsPerUser;
  return {
    bookingOpensDaysAhead: given.bookingOpensDaysAhead ?? DEFAULT_RULES.bookingOpensDaysAhead,
    bookingClosesBefore: given.bookingClosesBefore ?? DEFAULT_RULES.bookingClosesBefore,
    changeClosesBefore: given.changeClosesBefore ?? DEFAULT_RULES.changeClosesBefore,
    ...(maxActive === undefined ? {} : { maxActiveBookingsPerUser: maxActive }),
  };
}

export function insertCategories(db: SqliteDatabase, categories: readonly CategorySpec[]): void {
  const insert = db.prepare('INSERT INTO calendar_categories (category_id, tag1, tag2, tag3, position) VALUES (?, ?, ?, ?, ?)');
  const start = (db.prepare('SELECT COUNT(*) AS n FROM calendar_categories').get() as { n: number }).n;
  categories.forEach((category, index) => {
    insert.run(category.categoryId, category.tag1, category.tag2 ?? '', category.tag3 ?? '', start + index);
  });
}

export function insertCalendar(db: SqliteDatabase, spec: CalendarSpec): void {
  const rules = rulesOf(spec);
  db.prepare(
    `INSERT INTO calendars (calendar_id, category_id, booking_opens_days_ahead, booking_closes_unit, booking_closes_amount,
       change_closes_unit, change_closes_amount, max_active_bookings_per_user, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)`,
  ).run(
    spec.calendarId,
    spec.categoryId,
    rules.bookingOpensDaysAhead,
    rules.bookingClosesBefore.unit,
    rules.bookingClosesBefore.amount,
    rules.changeClosesBefore.unit,
    rules.changeClosesBefore.amount,
    rules.maxActiveBookingsPerUser ?? null,
  );
  insertSlots(db, spec.calendarId, spec.slots ?? []);
  const closed = db.prepare('INSERT INTO calendar_closed_days (calendar_id, date) VALUES (?, ?)');
  for (const date of spec.closedDays ?? []) closed.run(spec.calendarId, date);
}

export function insertSlots(db: SqliteDatabase, calendarId: string, slots: readonly SlotSpec[]): void {
  const insert = db.prepare('INSERT INTO calendar_slots (calendar_id, date, slot_id, start_time, end_time, capacity) VALUES (?, ?, ?, ?, ?, ?)');
  for (const slot of slots) insert.run(calendarId, slot.date, slot.slotId, slot.start, slot.end, slot.capacity);
}

/** The demo's four slots of a day. */
export function daySlots(date: string, capacity = 5): SlotSpec[] {
  return [
    { date, slotId: '1', start: '09:00', end: '10:00', capacity },
    { date, slotId: '2', start: '10:00', end: '11:00', capacity },
    { date, slotId: '3', start: '13:00', end: '14:00', capacity },
    { date, slotId: '4', start: '14:00', end: '15:00', capacity },
  ];
}

/** A survey booking one slot under 特定健診 (update mode: one record per citizen). */
export const BOOKING_SURVEY: SurveyConfig = {
  surveyId: 'checkup-booking',
  surveyTitle: '健康診断のご予約',
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前', required: true, maxLength: 20 },
    { itemKey: 'slot', type: 'reservation', title: '予約日時', categoryId: 'checkup', cost: 1, required: true },
  ],
};

/** The same in append mode: every submission is a booking of its own. */
export const APPEND_BOOKING_SURVEY: SurveyConfig = { ...BOOKING_SURVEY, surveyId: 'checkup-append', isAppending: { value: true } };

/** The same with a fee (product `fee`): every hold is a record of its own. */
export const PAID_APPEND_BOOKING_SURVEY: SurveyConfig = {
  ...APPEND_BOOKING_SURVEY,
  surveyId: 'checkup-paid-append',
  surveySchema: [
    ...APPEND_BOOKING_SURVEY.surveySchema,
    { itemKey: 'fee', type: 'selectProducts', title: '受診料', products: [{ productId: 'fee', name: '受診料', unitPrice: 1500 }] },
  ],
};

export async function saveSurveys(ctx: TestContext, ...configs: SurveyConfig[]): Promise<void> {
  await ctx.surveys.transaction(async (surveys) => {
    for (const config of configs) await surveys.save({ config, lookupItemKeys: [], searchable: false });
  });
}

/** The answer naming a slot. */
export const slotValue = (categoryId: string, date: string, slotId: string) => formatReservationValue({ categoryId, date, slotId });

/** A submission of the booking survey choosing `value`. */
export function bookingPayload(
  userId: string,
  value: string,
  options: { config?: SurveyConfig; name?: string; now?: number; oldPartitionKey?: string } = {},
): SubmissionPayload {
  return buildSubmissionPayload({
    config: options.config ?? BOOKING_SURVEY,
    userId,
    answers: { name: options.name ?? '市民', slot: value },
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.oldPartitionKey === undefined ? {} : { oldPartitionKey: options.oldPartitionKey }),
  });
}

/**
 * A claim written straight into the table (as staff's tools and imports before their API did),
 * its units taken from the slot's claimed_units as the server's claims take them.
 */
export async function insertClaimRow(
  query: SqlExecutor,
  claim: { partitionKey: string; itemKey: string; calendarId: string; date: string; slotId: string; userId: string; units: number },
): Promise<void> {
  await query('INSERT INTO slot_claims (partition_key, item_key, calendar_id, date, slot_id, user_id, units, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0)', [
    claim.partitionKey,
    claim.itemKey,
    claim.calendarId,
    claim.date,
    claim.slotId,
    claim.userId,
    claim.units,
  ]);
  await query('UPDATE calendar_slots SET claimed_units = claimed_units + ? WHERE calendar_id = ? AND date = ? AND slot_id = ?', [claim.units, claim.calendarId, claim.date, claim.slotId]);
}

/** Units claimed per slot (`calendarId|date|slotId`), read straight from the database. */
export async function claimedUnits(query: SqlExecutor): Promise<Map<string, number>> {
  const rows = (await query('SELECT calendar_id, date, slot_id, SUM(units) AS units FROM slot_claims GROUP BY calendar_id, date, slot_id')) as {
    calendar_id: string;
    date: string;
    slot_id: string;
    units: number;
  }[];
  return new Map(rows.map((row) => [`${row.calendar_id}|${row.date}|${row.slot_id}`, row.units]));
}

/** A test user of our own: any LINE user id the stand-in signs a token for. */
export const citizen = (n: number): TestUser => ({
  userId: `U${String(n).padStart(32, '0')}`,
  displayName: `市民 ${n}`,
  pictureUrl: 'https://profile.example/p.png',
});

export interface HttpResponse<Name extends EndpointName> {
  status: number;
  body: Endpoints[Name]['response'] & Partial<ErrorBody>;
}

/** The app listening on 127.0.0.1 (or `host`), called over real HTTP with fetch. */
export interface HttpClient {
  baseUrl: string;
  /** A signed ID token for the user (signed once, then reused). */
  token: (user: TestUser) => Promise<string>;
  call: <Name extends EndpointName>(user: TestUser | string, name: Name, request?: TestRequest) => Promise<HttpResponse<Name>>;
}

export async function listen(ctx: TestContext, host = '127.0.0.1'): Promise<HttpClient> {
  // A backlog above Node's default (511), so a burst of a thousand connections is accepted at once.
  await ctx.app.listen({ host, port: 0, backlog: 2048 });
  const { port } = ctx.app.server.address() as AddressInfo;
  const baseUrl = `http://${host}:${port}`;
  const standIn = ctx.app.lineStandIn;
  if (standIn === undefined) throw new Error('test apps run with the LINE stand-in');
  const tokens = new Map<string, string>();
  const token = async (user: TestUser) => {
    const known = tokens.get(user.userId) ?? (await standIn.signWebIdToken(user, { expiresIn: 7 * 24 * 3600 }));
    tokens.set(user.userId, known);
    return known;
  };
  return {
    baseUrl,
    token,
    call: async (user, name, request = {}) => {
      const endpoint = endpoints[name];
      const url = new URL(pathOf(name, request.params), baseUrl);
      for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value);
      const bearer = typeof user === 'string' ? user : await token(user);
      const response = await fetch(url, {
        method: endpoint.method,
        headers: {
          authorization: `Bearer ${bearer}`,
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...request.headers,
        },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      });
      return { status: response.status, body: (await response.json()) as HttpResponse<typeof name>['body'] };
    },
  };
}
