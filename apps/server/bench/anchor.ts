// The anchors of `pnpm bench`: a bare Fastify + better-sqlite3 server on a database with the
// server's schema and pragmas (openDatabase). Two kinds, side by side:
// - lean (/putItem, /book, /rowsOfUser, /searchable): only the storage work no request can skip;
// - statement-faithful (/faithful/putItem, /faithful/book): exactly the SQL statements the server
//   runs for the same request, in the same order (from the server's trace, SQL_TRACE_FILE), with
//   the values taken from the request body as the server takes them.
// No sign-in, no checks, no rebuild in either: what the server costs beyond the faithful anchor is
// its own code; beyond the lean anchor, that and the statements it chose to run.
import Fastify from 'fastify';
import { openDatabase } from '../src/db/database.js';
import { connectSqlite } from '../src/db/sqlite-store.js';
import type { AnchorRow as Row, FaithfulRequest } from './anchor-request.js';
import { faithfulRequestOf, hashBodiesAsTheServer } from './anchor-request.js';
import { anchorSettings } from './env.js';
import type { ResultRow } from '../src/modules/records/record-rows.js';
import { toRow } from '../src/modules/records/record-rows.js';

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
    remember: 'INSERT INTO idempotency_keys (user_id, idempotency_key, request_hash, response_json, created_at) VALUES (?, ?, ?, ?, ?)',
  },
  record: {
    // Read as arrays (raw), as the server reads it: the positions are RECORD below.
    withRows:
      "SELECT r.partition_key, r.survey_id, r.user_id, r.receipt_number, r.origin, r.entered_by, r.version, r.survey_version, r.created_at, r.updated_at, (SELECT COUNT(*) FROM orders WHERE partition_key = ? AND status IN ('pending', 'paid')) AS open_orders, s.sort_key, s.survey_id, s.user_id, s.item_key, s.value, s.user_search_key, s.is_liff_mode, s.check_status, s.files_json FROM survey_records r LEFT JOIN survey_results s ON s.partition_key = r.partition_key WHERE r.partition_key = ? ORDER BY s.position",
    insertRow: 'INSERT INTO survey_results (partition_key, sort_key, survey_id, user_id, item_key, value, user_search_key, is_liff_mode, check_status, files_json, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    // The server sets only the columns that changed: for the booking's reservation row, these.
    updateAnswerRow: 'UPDATE survey_results SET sort_key = ?, value = ?, user_search_key = ? WHERE partition_key = ? AND sort_key = ?',
    deleteRow: 'DELETE FROM survey_results WHERE partition_key = ? AND sort_key = ?',
    // The survey version is set only when it changed: not in the bench.
    update: 'UPDATE survey_records SET version = version + 1, updated_at = ? WHERE partition_key = ?',
    // The record's answers folded into the text kept beside it (migration 15), after its rows changed.
    fold: 'UPDATE survey_records AS r SET answers_folded = (SELECT count(*) || char(29) || sum(files_json IS NOT NULL) || char(29) || check_status || substr(min(position), 1, 0) || char(29) || group_concat(item_key || char(31) || value, char(30) ORDER BY position) FROM survey_results s WHERE s.partition_key = r.partition_key) WHERE r.partition_key = ?',
  },
  drafts: {
    remove: 'DELETE FROM survey_drafts WHERE user_id = ? AND survey_id = ?',
  },
  calendar: {
    claimsOfRecord: 'SELECT c.partition_key, c.item_key, c.calendar_id, c.date, c.slot_id, c.user_id, c.units, c.created_at, c.hold_expires_at, s.start_time, s.end_time FROM slot_claims c JOIN calendar_slots s ON s.calendar_id = c.calendar_id AND s.date = c.date AND s.slot_id = c.slot_id WHERE c.partition_key = ? ORDER BY c.item_key',
    slot: 'SELECT s.calendar_id, s.date, s.slot_id, s.start_time, s.end_time, s.capacity, s.waitlist_units, s.capacity - s.claimed_units - s.waitlist_units + COALESCE((SELECT SUM(units) FROM slot_claims c WHERE c.calendar_id = s.calendar_id AND c.date = s.date AND c.slot_id = s.slot_id AND c.hold_expires_at <= ?), 0) AS left_units FROM calendar_slots s WHERE s.calendar_id = ? AND s.date = ? AND s.slot_id = ?',
    giveUnits: 'UPDATE calendar_slots SET claimed_units = claimed_units - ? WHERE calendar_id = ? AND date = ? AND slot_id = ?',
    takeUnits: 'UPDATE calendar_slots SET claimed_units = claimed_units + ? WHERE calendar_id = ? AND date = ? AND slot_id = ? AND claimed_units + waitlist_units + ? <= capacity',
    // The server sets only the columns that changed: for a claim moved within a day, these.
    moveClaim: 'UPDATE slot_claims SET slot_id = ?, created_at = ? WHERE partition_key = ? AND item_key = ?',
  },
} as const;

type Read = (name: string) => Record<string, unknown>[];
/** Where the record-with-rows read (raw) has the columns used below. */
const RECORD = { receiptNumber: 3, sortKey: 11, itemKey: 14, value: 15, userSearchKey: 16, check: 18, filesJson: 19 } as const;
type RecordRead = unknown[][];
interface Step {
  sql: string;
  /** Names this SELECT's rows, for the values of later steps (the server uses what it read). */
  name?: string;
  /** Read as arrays (better-sqlite3's raw mode), as the server reads this one. */
  raw?: true;
  /** The values bound, one list per execution: default once with none; none: the step does not run. */
  values?: (request: FaithfulRequest, read: Read) => unknown[][];
}

// The calendar of each category, read once: the server keeps categories and calendars in memory
// (db/configuration-cache.ts), so a booking reads neither.
const calendarOfCategory = new Map(
  (db.prepare('SELECT category_id, calendar_id FROM calendars').all() as { category_id: string; calendar_id: string }[]).map((row) => [row.category_id, row.calendar_id]),
);
/** What the server answers (and stores with the key): the record's receipt number, kept from the stored record. */
const recordRead = (read: Read) => read('record') as unknown as RecordRead;
const answerOf = (r: FaithfulRequest, read: Read) => ({ result: 'OK', partitionKey: r.partitionKey, receiptNumber: recordRead(read)[0]?.[RECORD.receiptNumber] ?? `R${r.partitionKey}` });
const slotOf = (request: FaithfulRequest) => {
  if (request.slot === undefined) throw new Error('no reservation answer in the body');
  const calendarId = calendarOfCategory.get(request.slot.categoryId);
  if (calendarId === undefined) throw new Error(`no calendar under ${request.slot.categoryId}`);
  return { ...request.slot, calendarId };
};
const files = (row: Row) => (row.files === undefined ? null : JSON.stringify(row.files));
/**
 * The rows sent that the stored record lacks, those it holds otherwise (a row whose sort key moved
 * with its answer is the stored row of the same item, updated in place, as the server does), and
 * those it holds no longer.
 */
const rowChanges = (r: FaithfulRequest, read: Read) => {
  const storedRows = recordRead(read).filter((row) => row[RECORD.sortKey] !== null);
  const stored = new Map(storedRows.map((row, position) => [String(row[RECORD.sortKey]), { row, position }]));
  const sent = new Set(r.rows.map((row) => row.sortKey));
  const inserted: unknown[][] = [];
  const updated: unknown[][] = [];
  r.rows.forEach((row, position) => {
    const sameItem = stored.has(row.sortKey) ? undefined : storedRows.find((candidate) => candidate[RECORD.itemKey] === row.itemKey && !sent.has(String(candidate[RECORD.sortKey])));
    const key = sameItem === undefined ? row.sortKey : String(sameItem[RECORD.sortKey]);
    const before = stored.get(key);
    stored.delete(key);
    if (before === undefined) inserted.push([row.partitionKey, row.sortKey, row.surveyId, row.userId, row.itemKey, row.value, row.userSearchKey, row.isLiffMode ? 1 : 0, row.check, files(row), position]);
    else if (before.position !== position || key !== row.sortKey || before.row[RECORD.value] !== row.value || before.row[RECORD.check] !== row.check || before.row[RECORD.userSearchKey] !== row.userSearchKey || before.row[RECORD.filesJson] !== files(row)) {
      updated.push([row.sortKey, row.value, row.userSearchKey, row.partitionKey, key]);
    }
  });
  const deleted = [...stored.keys()].map((sortKey) => [r.partitionKey, sortKey]);
  return { inserted, updated, deleted };
};

/** What every citizen edit of their record (same key) reads: the key, the record with its rows. */
const readsOfEdit: Step[] = [
  { sql: SQL.idempotency.find, values: (r) => [[r.userId, r.idempotencyKey]] },
  // (Its orders are read only when this says it has one: none in the bench.)
  { sql: SQL.record.withRows, name: 'record', raw: true, values: (r) => [[r.partitionKey, r.partitionKey]] },
];

/** The record written in place: only the rows that changed, and its version. */
const updateRecord: Step[] = [
  { sql: SQL.record.insertRow, values: (r, read) => rowChanges(r, read).inserted },
  { sql: SQL.record.updateAnswerRow, values: (r, read) => rowChanges(r, read).updated },
  { sql: SQL.record.deleteRow, values: (r, read) => rowChanges(r, read).deleted },
  { sql: SQL.record.update, values: (r) => [[r.now, r.partitionKey]] },
  // (Only when a row changed: the same answers sent again leave the text as it is.)
  {
    sql: SQL.record.fold,
    values: (r, read) => {
      const { inserted, updated, deleted } = rowChanges(r, read);
      return inserted.length + updated.length + deleted.length > 0 ? [[r.partitionKey]] : [];
    },
  },
];

/** The key remembered with the answer, after the citizen's draft of the form is removed. */
const remember: Step[] = [
  { sql: SQL.drafts.remove, values: (r) => [[r.userId, r.partitionKey.split('#')[0]]] },{ sql: SQL.idempotency.remember, values: (r, read) => [[r.userId, r.idempotencyKey, r.requestHash, JSON.stringify(answerOf(r, read)), r.now]] }];

/** putItem of the questionnaire: a citizen sending their record again (update mode, 19 rows, no reservation item). */
const FAITHFUL_PUT_ITEM: Step[] = [...readsOfEdit, ...updateRecord, ...remember];

/** A booking: a citizen's record of the booking survey moving from one slot to the other. */
const FAITHFUL_BOOKING: Step[] = [
  ...readsOfEdit,
  { sql: SQL.calendar.claimsOfRecord, name: 'claims', values: (r) => [[r.partitionKey]] },
  // The new slot: its times (the window) and what is left.
  { sql: SQL.calendar.slot, values: (r) => [[r.now, slotOf(r).calendarId, slotOf(r).date, slotOf(r).slotId]] },
  ...updateRecord,
  // The claim moved: the old slot's unit given back, the new slot's taken by the conditional UPDATE, the row moved.
  { sql: SQL.calendar.giveUnits, values: (_, read) => read('claims').map((claim) => [claim.units, claim.calendar_id, claim.date, claim.slot_id]) },
  { sql: SQL.calendar.takeUnits, values: (r) => [[1, slotOf(r).calendarId, slotOf(r).date, slotOf(r).slotId, 1]] },
  { sql: SQL.calendar.moveClaim, values: (r) => [[slotOf(r).slotId, r.now, r.partitionKey, slotOf(r).itemKey]] },
  ...remember,
];
// ========================================= end of the server's statements =========================================


/** Each step's statement prepared once. */
const prepare = (steps: Step[]) => steps.map((step) => ({ ...step, statement: step.raw === true ? db.prepare(step.sql).raw(true) : db.prepare(step.sql) }));
const faithfulPutItem = prepare(FAITHFUL_PUT_ITEM);
const faithfulBooking = prepare(FAITHFUL_BOOKING);

// A citizen's first submission (the warm-up before the traced request) makes their record: the
// faithful steps are those of an edit, which the bench measures.
const recordExists = db.prepare('SELECT 1 FROM survey_records WHERE partition_key = ?');
const createRecord = db.prepare(
  "INSERT INTO survey_records (partition_key, survey_id, user_id, receipt_number, origin, version, survey_version, created_at, updated_at) VALUES (?, ?, ?, ?, 'web', 1, 1, ?, ?)",
);
const createRow = db.prepare(SQL.record.insertRow);
const createClaim = db.prepare('INSERT INTO slot_claims (partition_key, item_key, calendar_id, date, slot_id, user_id, units, created_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?)');
const takeUnit = db.prepare(SQL.calendar.takeUnits);
const knownRecords = new Set<string>(); // asked once per record: the traced request runs only the server's statements
function createIfNew(r: FaithfulRequest): void {
  if (knownRecords.has(r.partitionKey)) return;
  knownRecords.add(r.partitionKey);
  if (recordExists.get(r.partitionKey) !== undefined) return;
  createRecord.run(r.partitionKey, r.surveyId, r.userId, `R${r.partitionKey}`, r.now, r.now);
  r.rows.forEach((row, position) => createRow.run(row.partitionKey, row.sortKey, row.surveyId, row.userId, row.itemKey, row.value, row.userSearchKey, row.isLiffMode ? 1 : 0, row.check, files(row), position));
  if (r.slot === undefined) return;
  const slot = slotOf(r);
  if (takeUnit.run(1, slot.calendarId, slot.date, slot.slotId, 1).changes === 1) createClaim.run(r.partitionKey, slot.itemKey, slot.calendarId, slot.date, slot.slotId, r.userId, r.now);
}

/** Runs the steps in order, in one transaction of the server's queue (all or nothing, as there). */
function runFaithful(steps: ReturnType<typeof prepare>, request: FaithfulRequest): Promise<Record<string, unknown>> {
  return connections.transact(async () => {
    createIfNew(request);
    const results = new Map<string, Record<string, unknown>[]>();
    const read: Read = (name) => results.get(name) ?? [];
    for (const step of steps) {
      for (const values of step.values === undefined ? [[]] : step.values(request, read)) {
        if (!step.statement.reader) step.statement.run(...values);
        else if (step.name === undefined) step.statement.all(...values);
        else results.set(step.name, step.statement.all(...values) as Record<string, unknown>[]);
      }
    }
    return answerOf(request, read);
  });
}

const app = Fastify({ bodyLimit: 512 * 1024 });
// The body's hash as the server takes it, for the faithful endpoints.
hashBodiesAsTheServer(app);
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
  runFaithful(faithfulPutItem, faithfulRequestOf(request)),
);
app.post<{ Body: { data: Row[] } }>('/faithful/book', async (request) =>
  runFaithful(faithfulBooking, faithfulRequestOf(request)),
);
app.get<{ Querystring: { surveyId: string } }>('/rowsOfUser', async (request) => {
  const rows = rowsOfUser.all(request.query.surveyId, String(request.headers['x-user-id'])) as ResultRow[];
  return { result: 'OK', data: rows.map(toRow) };
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
