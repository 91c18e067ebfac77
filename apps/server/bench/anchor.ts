// The anchor of `pnpm bench`: a bare Fastify + better-sqlite3 server doing only the storage work
// of the requests measured, on a database with the server's schema and pragmas (openDatabase).
// No sign-in, no checks, no rebuild: what putItem costs beyond this is what the server adds.
import Fastify from 'fastify';
import { openDatabase } from '../src/db/database.js';
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
const db = openDatabase(settings.databasePath);
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
await app.listen({ port: settings.port, host: '127.0.0.1' });
