// The anchors of `pnpm bench`: a bare Fastify + better-sqlite3 server on a database with the
// server's schema and pragmas (openDatabase). Two kinds, side by side:
// - lean (/putItem, /book, /rowsOfUser, /searchable): only the storage work no request can skip;
// - statement-faithful (/faithful/putItem, /faithful/book): exactly the SQL statements the server
//   runs for the same request, in the same order (from the server's trace, SQL_TRACE_FILE), with
//   the values taken from the request body as the server takes them.
// No sign-in, no checks, no rebuild in either: what the server costs beyond the faithful anchor is
// its own code; beyond the lean anchor, that and the statements it chose to run.
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { CLOSED_CHECK_STATUSES, isStaffOnlyItem, parseReservationValue } from '@city/survey-core';
import type { SurveyConfig } from '@city/survey-core';
import { openDatabase } from '../src/db/database.js';
import { connectSqlite } from '../src/db/sqlite-store.js';
import { anchorSettings } from './env.js';

interface Row {
  partitionKey: string;
  sortKey: string;
  surveyId: string;
  userId: string;
  itemKey: string;
  value: string;
  userSearchKey: string;
  isLiffMode: boolean;
  check: string;
  files?: unknown[];
}

const settings = anchorSettings();
// SQL_TRACE_FILE: traced like the server, so that faithful.ts can compare the two.
const db = openDatabase(settings.databasePath, { sqlTraceFile: settings.sqlTraceFile });
// The server's transaction queue on the same connection, for the faithful endpoints (below).
const connections = connectSqlite(db);
const findKey = db.prepare('SELECT request_hash FROM idempotency_keys WHERE user_id = ? AND idempotency_key = ?');
const pruneKeys = db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?');
const rememberKey = db.prepare('INSERT INTO idempotency_keys (user_id, idempotency_key, request_hash, response_json, created_at) VALUES (?, ?, ?, ?, ?)');
const deleteRecord = db.prepare('DELETE FROM survey_records WHERE partition_key = ?');
const insertRecord = db.prepare(
  'INSERT INTO survey_records (partition_key, survey_id, user_id, receipt_number, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
);
const insertRow = db.prepare(
  `INSERT INTO survey_results (partition_key, sort_key, survey_id, user_id, item_key, value, user_search_key, is_liff_mode, check_status, files_json, position)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
);
const rowsOfUser = db.prepare(
  `SELECT partition_key, sort_key, survey_id, user_id, item_key, value, user_search_key, is_liff_mode, check_status, files_json
   FROM survey_results WHERE survey_id = ? AND user_id = ? ORDER BY partition_key, position`,
);
const searchable = db.prepare('SELECT config_json FROM survey_configs WHERE searchable = 1 ORDER BY survey_id');

// The least a booking on a hot slot can cost: take the write lock, move one unit by a conditional
// UPDATE of a counter (never past the capacity, never below zero), commit. Each connection books
// (+1) then frees (-1) in turn; a run that stops between the two leaves a unit booked, so the
// capacity is large enough never to refuse (the condition is still evaluated every time).
db.exec('CREATE TABLE IF NOT EXISTS anchor_slots (slot_id TEXT PRIMARY KEY, booked INTEGER NOT NULL, capacity INTEGER NOT NULL) STRICT');
db.prepare("INSERT OR IGNORE INTO anchor_slots VALUES ('hot', 0, 1000000)").run();
const moveUnit = db.prepare('UPDATE anchor_slots SET booked = booked + ? WHERE slot_id = ? AND booked + ? BETWEEN 0 AND capacity');
const book = db.transaction((delta: number) => moveUnit.run(delta, 'hot', delta).changes);

// The record's rows replaced in one transaction, with its idempotency key remembered.
const replace = db.transaction((rows: Row[], idempotencyKey: string) => {
  const [first] = rows;
  if (first === undefined) throw new Error('no rows');
  const now = Date.now();
  findKey.get(first.userId, idempotencyKey);
  deleteRecord.run(first.partitionKey);
  insertRecord.run(first.partitionKey, first.surveyId, first.userId, `R${first.partitionKey}`, now, now);
  rows.forEach((row, position) => {
    insertRow.run(row.partitionKey, row.sortKey, row.surveyId, row.userId, row.itemKey, row.value, row.userSearchKey, row.isLiffMode ? 1 : 0, row.check, row.files === undefined ? null : JSON.stringify(row.files), position);
  });
  pruneKeys.run(now - 86_400_000);
  rememberKey.run(first.userId, idempotencyKey, '', '{}', now);
});

// =================================================================================================
// The statement-faithful anchor. What the server runs for one request, copied from the list
// `pnpm bench` prints ("Statements per request"): when the server's statements change, that list
// and "faithful: no" say where, and this section is the one place to follow them. The texts below
// are the server's own (a literal where the server writes one, `?` where it binds a value: both
// read the same in the normalised trace), grouped by what they are about; FAITHFUL_PUT_ITEM and
// FAITHFUL_BOOKING list them in the order the server runs them, each with the values it binds.
// The transaction around the steps is the server's own (connectSqlite's transact,
// src/db/sqlite-store.ts): BEGIN IMMEDIATE, SAVEPOINT work ... RELEASE work, COMMIT, and under load
// one commit shared by the requests queued together (group commit), as in the server. Committing
// each request alone instead halved the booking's throughput (each commit writes its pages to the
// WAL again): the ratio would have measured the commit shape rather than the server's code.
// =================================================================================================
const SQL = {
  // (BEGIN IMMEDIATE, SAVEPOINT work, RELEASE work and COMMIT are transact's, as in the server.)
  idempotency: {
    find: 'SELECT request_hash, response_json FROM idempotency_keys WHERE user_id = ? AND idempotency_key = ?',
    prune: 'DELETE FROM idempotency_keys WHERE created_at < ?',
    remember: 'INSERT INTO idempotency_keys (user_id, idempotency_key, request_hash, response_json, created_at) VALUES (?, ?, ?, ?, ?)',
  },
  survey: {
    byId: 'SELECT survey_id, config_json, lookup_item_keys_json, searchable, version, state FROM survey_configs WHERE survey_id = ?',
  },
  record: {
    byKey: 'SELECT partition_key, survey_id, user_id, receipt_number, origin, entered_by, version, survey_version, created_at, updated_at FROM survey_records WHERE partition_key = ?',
    pendingOrders: "SELECT * FROM orders WHERE partition_key = ? AND status = 'pending'",
    paidOrders: "SELECT * FROM orders WHERE partition_key = ? AND status = 'paid'",
    keptRows: 'SELECT partition_key, sort_key, survey_id, user_id, item_key, value, user_search_key, is_liff_mode, check_status, files_json FROM survey_results WHERE partition_key = ? AND item_key IN (SELECT value FROM json_each(?)) ORDER BY position',
    closed: 'SELECT EXISTS (SELECT 1 FROM survey_results WHERE partition_key = ? AND check_status IN (SELECT value FROM json_each(?))) AS closed',
    delete: 'DELETE FROM survey_records WHERE partition_key = ?',
    insert: 'INSERT INTO survey_records (partition_key, survey_id, user_id, receipt_number, origin, entered_by, version, survey_version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    insertRow: 'INSERT INTO survey_results (partition_key, sort_key, survey_id, user_id, item_key, value, user_search_key, is_liff_mode, check_status, files_json, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  },
  calendar: {
    claimsOfRecord: 'SELECT c.partition_key, c.item_key, c.calendar_id, c.date, c.slot_id, c.user_id, c.units, c.created_at, c.hold_expires_at, s.start_time, s.end_time FROM slot_claims c JOIN calendar_slots s ON s.calendar_id = c.calendar_id AND s.date = c.date AND s.slot_id = c.slot_id WHERE c.partition_key = ? ORDER BY c.item_key',
    category: 'SELECT c.category_id, c.tag1, c.tag2, c.tag3, k.calendar_id FROM calendar_categories c LEFT JOIN calendars k ON k.category_id = c.category_id WHERE c.category_id = ?',
    calendar: 'SELECT calendar_id, category_id, booking_opens_days_ahead, booking_closes_unit, booking_closes_amount, change_closes_unit, change_closes_amount, max_active_bookings_per_user, booking_stopped, closed_weekdays, closed_on_public_holidays FROM calendars WHERE calendar_id = ?',
    slot: 'SELECT s.calendar_id, s.date, s.slot_id, s.start_time, s.end_time, s.capacity, s.capacity - COALESCE((SELECT SUM(units) FROM slot_claims c WHERE c.calendar_id = s.calendar_id AND c.date = s.date AND c.slot_id = s.slot_id AND (c.hold_expires_at IS NULL OR c.hold_expires_at > ?)), 0) AS left_units FROM calendar_slots s WHERE s.calendar_id = ? AND s.date = ? AND s.slot_id = ?',
    closedDay: 'SELECT COUNT(*) AS n FROM calendar_closed_days WHERE calendar_id = ? AND date = ?',
    releaseClaimsOfRecord: 'DELETE FROM slot_claims WHERE partition_key = ?',
    deleteLapsedHolds: 'DELETE FROM slot_claims WHERE calendar_id = ? AND date = ? AND slot_id = ? AND hold_expires_at <= ?',
    insertClaim: 'INSERT INTO slot_claims (partition_key, item_key, calendar_id, date, slot_id, user_id, units, created_at, hold_expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  },
} as const;

/** What a faithful step's values are taken from: the request, as the server reads it. */
interface FaithfulRequest {
  rows: Row[];
  partitionKey: string;
  surveyId: string;
  userId: string;
  idempotencyKey: string;
  /** The body's hash, stored with the key as the server stores one. */
  requestHash: string;
  now: number;
  /** The reservation answer (the booking case). */
  slot: { itemKey: string; categoryId: string; date: string; slotId: string } | undefined;
}
type Read = (name: string) => Record<string, unknown>[];
interface Step {
  sql: string;
  /** Names this SELECT's rows, for the values of later steps (the server uses what it read). */
  name?: string;
  /** The values bound, one list per execution: default once with none; the rows' INSERT runs once per row. */
  values?: (request: FaithfulRequest, read: Read) => unknown[][];
}

const DAY_MS = 86_400_000;
// The items an edit keeps from the stored record (the server's itemsKeptOnEdit), from the survey
// read, parsed once per stored text as the server does.
const keptItemKeys = new Map<string, string>();
const keptOf = (configJson: string): string => {
  let kept = keptItemKeys.get(configJson);
  if (kept === undefined) {
    const config = JSON.parse(configJson) as SurveyConfig;
    kept = JSON.stringify(config.surveySchema.filter((item) => isStaffOnlyItem(item) || item.isNotEditable === true).map((item) => item.itemKey));
    keptItemKeys.set(configJson, kept);
  }
  return kept;
};
const first = (read: Read, name: string): Record<string, unknown> => read(name)[0] ?? {};
/** What the server answers (and stores with the key): the record's receipt number, kept from the stored record. */
const answerOf = (r: FaithfulRequest, read: Read) => ({ result: 'OK', partitionKey: r.partitionKey, receiptNumber: first(read, 'record').receipt_number ?? `R${r.partitionKey}` });
const calendarIdOf = (read: Read) => first(read, 'category').calendar_id;
const slotOf = (request: FaithfulRequest) => {
  if (request.slot === undefined) throw new Error('no reservation answer in the body');
  return request.slot;
};

/** The steps every submission of a citizen replacing their record runs, before the writes. */
const readsOfReplace = (options: { keptRows: boolean }): Step[] => [
  { sql: SQL.idempotency.find, values: (r) => [[r.userId, r.idempotencyKey]] },
  { sql: SQL.survey.byId, name: 'survey', values: (r) => [[r.surveyId]] },
  { sql: SQL.record.byKey, name: 'record', values: (r) => [[r.partitionKey]] },
  { sql: SQL.record.pendingOrders, values: (r) => [[r.partitionKey]] },
  { sql: SQL.record.paidOrders, values: (r) => [[r.partitionKey]] },
  // Only for a survey with items an edit keeps (the questionnaire has staff-only ones; the booking survey none).
  ...(options.keptRows ? [{ sql: SQL.record.keptRows, values: (r: FaithfulRequest, read: Read) => [[r.partitionKey, keptOf(String(first(read, 'survey').config_json))]] }] : []),
  { sql: SQL.record.closed, values: (r) => [[r.partitionKey, JSON.stringify(CLOSED_CHECK_STATUSES)]] },
  { sql: SQL.calendar.claimsOfRecord, values: (r) => [[r.partitionKey]] },
];

/** The record replaced: its claims released, the record and its rows written again (same receipt, next version). */
const replaceRecord: Step[] = [
  { sql: SQL.calendar.releaseClaimsOfRecord, values: (r) => [[r.partitionKey]] },
  { sql: SQL.record.byKey, values: (r) => [[r.partitionKey]] },
  { sql: SQL.record.delete, values: (r) => [[r.partitionKey]] },
  {
    sql: SQL.record.insert,
    values: (r, read) => {
      const previous = first(read, 'record');
      const survey = first(read, 'survey');
      return [[r.partitionKey, r.surveyId, r.userId, previous.receipt_number ?? `R${r.partitionKey}`, 'web', null, Number(previous.version ?? 0) + 1, survey.version ?? 1, previous.created_at ?? r.now, r.now]];
    },
  },
  {
    sql: SQL.record.insertRow,
    values: (r) => r.rows.map((row, position) => [row.partitionKey, row.sortKey, row.surveyId, row.userId, row.itemKey, row.value, row.userSearchKey, row.isLiffMode ? 1 : 0, row.check, row.files === undefined ? null : JSON.stringify(row.files), position]),
  },
];

/** The key remembered with the answer. */
const remember: Step[] = [
  { sql: SQL.idempotency.prune, values: (r) => [[r.now - DAY_MS]] },
  { sql: SQL.idempotency.remember, values: (r, read) => [[r.userId, r.idempotencyKey, r.requestHash, JSON.stringify(answerOf(r, read)), r.now]] },
];

/** putItem of the questionnaire: a citizen replacing their record (update mode, 19 rows). */
const FAITHFUL_PUT_ITEM: Step[] = [...readsOfReplace({ keptRows: true }), ...replaceRecord, ...remember];

/** A booking: a citizen's record of the booking survey moving from one slot to the other. */
const FAITHFUL_BOOKING: Step[] = [
  ...readsOfReplace({ keptRows: false }),
  // The new slot checked: its category (read twice), calendar (twice), what is left, closed day.
  { sql: SQL.calendar.category, name: 'category', values: (r) => [[slotOf(r).categoryId]] },
  { sql: SQL.calendar.category, values: (r) => [[slotOf(r).categoryId]] },
  { sql: SQL.calendar.calendar, values: (_, read) => [[calendarIdOf(read)]] },
  { sql: SQL.calendar.slot, values: (r, read) => [[r.now, calendarIdOf(read), slotOf(r).date, slotOf(r).slotId]] },
  { sql: SQL.calendar.calendar, values: (_, read) => [[calendarIdOf(read)]] },
  { sql: SQL.calendar.closedDay, values: (r, read) => [[calendarIdOf(read), slotOf(r).date]] },
  ...replaceRecord,
  // The claim taken (the capacity trigger sums the slot's claims).
  { sql: SQL.calendar.deleteLapsedHolds, values: (r, read) => [[calendarIdOf(read), slotOf(r).date, slotOf(r).slotId, r.now]] },
  { sql: SQL.calendar.insertClaim, values: (r, read) => [[r.partitionKey, slotOf(r).itemKey, calendarIdOf(read), slotOf(r).date, slotOf(r).slotId, r.userId, 1, r.now, null]] },
  ...remember,
];
// ========================================= end of the server's statements =========================================


/** Each step's statement prepared once. */
const prepare = (steps: Step[]) => steps.map((step) => ({ ...step, statement: db.prepare(step.sql) }));
const faithfulPutItem = prepare(FAITHFUL_PUT_ITEM);
const faithfulBooking = prepare(FAITHFUL_BOOKING);

/** Runs the steps in order, in one transaction of the server's queue (all or nothing, as there). */
function runFaithful(steps: ReturnType<typeof prepare>, request: FaithfulRequest): Promise<Record<string, unknown>> {
  return connections.transact(async () => {
    const results = new Map<string, Record<string, unknown>[]>();
    const read: Read = (name) => results.get(name) ?? [];
    for (const step of steps) {
      for (const values of step.values?.(request, read) ?? [[]]) {
        if (!step.statement.reader) step.statement.run(...values);
        else if (step.name === undefined) step.statement.all(...values);
        else results.set(step.name, step.statement.all(...values) as Record<string, unknown>[]);
      }
    }
    return answerOf(request, read);
  });
}

/** The values of a faithful request, from its body and headers as the server takes them. */
function faithfulRequest(body: { data: Row[] }, idempotencyKey: string): FaithfulRequest {
  const [row] = body.data;
  if (row === undefined) throw new Error('no rows');
  let slot: FaithfulRequest['slot'];
  for (const answer of body.data) {
    const parsed = parseReservationValue(answer.value);
    if (parsed !== undefined) slot = { itemKey: answer.itemKey, ...parsed };
  }
  return {
    rows: body.data,
    partitionKey: row.partitionKey,
    surveyId: row.surveyId,
    userId: row.userId,
    idempotencyKey,
    requestHash: createHash('sha256').update(JSON.stringify(body)).digest('hex'),
    now: Date.now(),
    slot,
  };
}

const app = Fastify({ bodyLimit: 512 * 1024 });
app.post<{ Body: { data: Row[] } }>('/putItem', async (request) => {
  const [first] = request.body.data;
  replace.immediate(request.body.data, String(request.headers['idempotency-key'] ?? ''));
  return { result: 'OK', partitionKey: first?.partitionKey, receiptNumber: `R${first?.partitionKey ?? ''}` };
});
app.post<{ Body: { delta: number } }>('/book', async (request, reply) => {
  if (book.immediate(request.body.delta) === 0) return reply.code(409).send({ code: 'slot_full' });
  return { result: 'OK' };
});
app.post<{ Body: { data: Row[] } }>('/faithful/putItem', async (request) =>
  runFaithful(faithfulPutItem, faithfulRequest(request.body, String(request.headers['idempotency-key'] ?? ''))),
);
app.post<{ Body: { data: Row[] } }>('/faithful/book', async (request) =>
  runFaithful(faithfulBooking, faithfulRequest(request.body, String(request.headers['idempotency-key'] ?? ''))),
);
app.get<{ Querystring: { surveyId: string } }>('/rowsOfUser', async (request) => {
  const rows = rowsOfUser.all(request.query.surveyId, String(request.headers['x-user-id'])) as Record<string, string | number | null>[];
  return {
    result: 'OK',
    data: rows.map((row) => ({
      userId: row.user_id,
      surveyId: row.survey_id,
      partitionKey: row.partition_key,
      sortKey: row.sort_key,
      itemKey: row.item_key,
      value: row.value,
      userSearchKey: row.user_search_key,
      isLiffMode: row.is_liff_mode === 1,
      check: row.check_status,
      ...(row.files_json === null ? {} : { files: JSON.parse(String(row.files_json)) as unknown }),
    })),
  };
});
app.get('/searchable', async () => ({
  data: (searchable.all() as { config_json: string }[]).map((row) => JSON.parse(row.config_json) as unknown),
}));

const close = () => void app.close().then(() => process.exit(0));
process.once('SIGTERM', close);
process.once('SIGINT', close);
const address = await app.listen({ port: settings.port, host: '127.0.0.1' });
// As the server says it (test/bench-faithful.test.ts starts it on port 0 and reads this line).
console.log(`anchor listening at ${address}`);
