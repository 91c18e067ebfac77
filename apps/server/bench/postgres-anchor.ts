// The PostgreSQL anchor of `pnpm bench`: a bare Fastify over the server's own pool and transaction
// shape (openPostgres, connectPostgres's transact: its own connection, BEGIN … COMMIT) on a
// database of the server's schema, running exactly the statements the PostgreSQL server runs for
// putItem (/faithful/putItem) and a booking (/faithful/book), under the same prepared-statement
// names, in the same order, with the values taken from the request as the server takes them. No
// sign-in, no checks, no rebuild: what the server costs beyond it is the server's own code.
// The statements are copied from the list `pnpm bench` prints for PostgreSQL (the database's own
// statement log, postgres-trace.ts); when the server's change, "faithful: NO" there says where.
import Fastify from 'fastify';
import type pg from 'pg';
import { connectPostgres } from '../src/db/postgres-store.js';
import { openPostgres } from '../src/db/postgres.js';
import type { AnchorRow as Row, FaithfulRequest } from './anchor-request.js';
import { faithfulRequestOf, hashBodiesAsTheServer } from './anchor-request.js';

// eslint-disable-next-line no-restricted-syntax -- what run.ts gives this process
const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl === undefined) throw new Error('DATABASE_URL names the anchor’s database');
const connections = connectPostgres(await openPostgres(databaseUrl));

// ===================================== the server's statements =====================================
const SQL = {
  idempotency: {
    reserve: { name: 'idempotency.reserve', text: "INSERT INTO idempotency_keys (user_id, idempotency_key, request_hash, response_json, created_at) VALUES ($1, $2, $3, '', $4) ON CONFLICT DO NOTHING" },
    remember: { name: 'idempotency.remember', text: 'UPDATE idempotency_keys SET request_hash = $3, response_json = $4, created_at = $5 WHERE user_id = $1 AND idempotency_key = $2' },
  },
  drafts: {
    remove: { name: 'drafts.remove', text: 'DELETE FROM survey_drafts WHERE user_id = $1 AND survey_id = $2' },
  },
  record: {
    find: {
      name: 'records.find',
      text: 'SELECT partition_key, survey_id, user_id, receipt_number, origin, entered_by, version, survey_version, created_at, updated_at FROM survey_records WHERE partition_key = $1 FOR UPDATE',
    },
    rowsOf: {
      name: 'records.rowsOf',
      text: 'SELECT partition_key, sort_key, survey_id, user_id, item_key, value, user_search_key, is_liff_mode, check_status, files_json FROM survey_results WHERE partition_key = $1 ORDER BY position',
    },
    openOrders: { name: 'records.openOrders', text: "SELECT COUNT(*) AS n FROM orders WHERE partition_key = $1 AND status IN ('pending', 'paid')" },
    // The server sets only the columns that changed: for the booking's reservation row, these.
    updateAnswerRow: {
      name: 'survey_results.set.sort_key,value,user_search_key',
      text: 'UPDATE survey_results SET sort_key = $1, value = $2, user_search_key = $3 WHERE partition_key = $4 AND sort_key = $5',
    },
    nextVersion: { name: 'records.nextVersion', text: 'UPDATE survey_records SET version = version + 1, updated_at = $1 WHERE partition_key = $2' },
  },
  calendar: {
    claimsOfRecord: {
      name: 'calendars.claimsOfRecord',
      text: 'SELECT c.partition_key, c.item_key, c.calendar_id, c.date, c.slot_id, c.user_id, c.units, c.created_at, c.hold_expires_at, s.start_time, s.end_time FROM slot_claims c JOIN calendar_slots s ON s.calendar_id = c.calendar_id AND s.date = c.date AND s.slot_id = c.slot_id WHERE c.partition_key = $1 ORDER BY c.item_key',
    },
    findSlot: {
      name: 'calendars.findSlot',
      text: 'SELECT s.calendar_id, s.date, s.slot_id, s.start_time, s.end_time, s.capacity, s.waitlist_units, s.capacity - s.claimed_units - s.waitlist_units + COALESCE((SELECT SUM(units) FROM slot_claims c WHERE c.calendar_id = s.calendar_id AND c.date = s.date AND c.slot_id = s.slot_id AND c.hold_expires_at <= $1), 0) AS left_units FROM calendar_slots s WHERE s.calendar_id = $2 AND s.date = $3 AND s.slot_id = $4',
    },
    lockSlots: {
      name: 'calendars.lockSlots',
      text: 'SELECT 1 FROM calendar_slots s JOIN unnest($1::text[], $2::text[], $3::text[]) AS l (calendar_id, date, slot_id) ON s.calendar_id = l.calendar_id AND s.date = l.date AND s.slot_id = l.slot_id ORDER BY s.calendar_id, s.date, s.slot_id FOR NO KEY UPDATE OF s',
    },
    giveUnits: { name: 'calendars.giveUnits', text: 'UPDATE calendar_slots SET claimed_units = claimed_units - $1 WHERE calendar_id = $2 AND date = $3 AND slot_id = $4' },
    takeUnits: {
      name: 'calendars.takeUnits',
      text: 'UPDATE calendar_slots SET claimed_units = claimed_units + $1 WHERE calendar_id = $2 AND date = $3 AND slot_id = $4 AND claimed_units + waitlist_units + $1 <= capacity',
    },
    // The server sets only the columns that changed: for a claim moved within a day, these.
    moveClaim: { name: 'slot_claims.set.slot_id,created_at', text: 'UPDATE slot_claims SET slot_id = $1, created_at = $2 WHERE partition_key = $3 AND item_key = $4' },
  },
} as const;
// ================================== end of the server's statements ==================================

interface StoredRow {
  sort_key: string;
  item_key: string;
  value: string;
  user_search_key: string;
  check_status: string;
  files_json: string | null;
}
interface StoredClaim {
  calendar_id: string;
  date: string;
  slot_id: string;
  units: number;
}

// The calendar of each category, read once: the server keeps them in memory (configuration cache).
const calendarOfCategory = new Map(
  (await connections.pool.query<{ category_id: string; calendar_id: string }>('SELECT category_id, calendar_id FROM calendars')).rows.map((row) => [row.category_id, row.calendar_id]),
);

const files = (row: Row) => (row.files === undefined ? null : JSON.stringify(row.files));

/** The stored rows whose answer changed, as the server updates them in place (the same item's row). */
function changedRows(request: FaithfulRequest, stored: StoredRow[]): unknown[][] {
  const sent = new Set(request.rows.map((row) => row.sortKey));
  const bySortKey = new Map(stored.map((row) => [row.sort_key, row]));
  const updates: unknown[][] = [];
  for (const row of request.rows) {
    if (bySortKey.has(row.sortKey)) continue;
    const sameItem = stored.find((candidate) => candidate.item_key === row.itemKey && !sent.has(candidate.sort_key));
    if (sameItem === undefined) throw new Error('the bench sends no new items: its records are edited, never grown');
    updates.push([row.sortKey, row.value, row.userSearchKey, row.partitionKey, sameItem.sort_key]);
  }
  return updates;
}

/** A citizen's first request (the warm-up) makes their record: what is measured is an edit. */
const knownRecords = new Set<string>();
async function createIfNew(client: pg.PoolClient, request: FaithfulRequest): Promise<void> {
  if (knownRecords.has(request.partitionKey)) return;
  knownRecords.add(request.partitionKey);
  if ((await client.query('SELECT 1 FROM survey_records WHERE partition_key = $1', [request.partitionKey])).rowCount !== 0) return;
  const [first] = request.rows;
  if (first === undefined) throw new Error('no rows');
  await client.query("INSERT INTO survey_records (partition_key, survey_id, user_id, receipt_number, origin, version, survey_version, created_at, updated_at) VALUES ($1, $2, $3, $4, 'web', 1, 1, $5, $5)", [
    request.partitionKey,
    first.surveyId,
    request.userId,
    `R${request.partitionKey}`,
    request.now,
  ]);
  for (const [position, row] of request.rows.entries()) {
    await client.query(
      'INSERT INTO survey_results (partition_key, sort_key, survey_id, user_id, item_key, value, user_search_key, is_liff_mode, check_status, files_json, position) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)',
      [row.partitionKey, row.sortKey, row.surveyId, row.userId, row.itemKey, row.value, row.userSearchKey, row.isLiffMode ? 1 : 0, row.check, files(row), position],
    );
  }
  if (request.slot === undefined) return;
  const slot = { ...request.slot, calendarId: calendarOf(request.slot.categoryId) };
  const taken = await client.query(SQL.calendar.takeUnits.text, [1, slot.calendarId, slot.date, slot.slotId]);
  if (taken.rowCount === 1) {
    await client.query('INSERT INTO slot_claims (partition_key, item_key, calendar_id, date, slot_id, user_id, units, created_at) VALUES ($1, $2, $3, $4, $5, $6, 1, $7)', [
      request.partitionKey,
      slot.itemKey,
      slot.calendarId,
      slot.date,
      slot.slotId,
      request.userId,
      request.now,
    ]);
  }
}

function calendarOf(categoryId: string): string {
  const calendarId = calendarOfCategory.get(categoryId);
  if (calendarId === undefined) throw new Error(`no calendar under ${categoryId}`);
  return calendarId;
}

/** putItem or a booking: the server's statements in its order, in one transaction. */
function runFaithful(request: FaithfulRequest): Promise<Record<string, unknown>> {
  return connections.transact(async (client) => {
    await createIfNew(client, request);
    const run = <R extends pg.QueryResultRow>(statement: { name: string; text: string }, values: unknown[]) => client.query<R>({ ...statement, values });
    await run(SQL.idempotency.reserve, [request.userId, request.idempotencyKey, request.requestHash, request.now]);
    const [record] = (await run<{ receipt_number: string }>(SQL.record.find, [request.partitionKey])).rows;
    const stored = (await run<StoredRow>(SQL.record.rowsOf, [request.partitionKey])).rows;
    await run(SQL.record.openOrders, [request.partitionKey]);
    let claims: StoredClaim[] = [];
    let slot: { calendarId: string; date: string; slotId: string; itemKey: string } | undefined;
    if (request.slot !== undefined) {
      slot = { ...request.slot, calendarId: calendarOf(request.slot.categoryId) };
      claims = (await run<StoredClaim>(SQL.calendar.claimsOfRecord, [request.partitionKey])).rows;
      await run(SQL.calendar.findSlot, [request.now, slot.calendarId, slot.date, slot.slotId]);
    }
    for (const values of changedRows(request, stored)) await run(SQL.record.updateAnswerRow, values);
    await run(SQL.record.nextVersion, [request.now, request.partitionKey]);
    if (slot !== undefined) {
      // The slots locked just before their units change, when there are two or more.
      const locked = [...claims.map((claim) => [claim.calendar_id, claim.date, claim.slot_id]), [slot.calendarId, slot.date, slot.slotId]];
      if (new Set(locked.map((key) => key.join('\n'))).size > 1) {
        await run(SQL.calendar.lockSlots, [locked.map((key) => key[0]), locked.map((key) => key[1]), locked.map((key) => key[2])]);
      }
      for (const claim of claims) await run(SQL.calendar.giveUnits, [claim.units, claim.calendar_id, claim.date, claim.slot_id]);
      await run(SQL.calendar.takeUnits, [1, slot.calendarId, slot.date, slot.slotId]);
      await run(SQL.calendar.moveClaim, [slot.slotId, request.now, request.partitionKey, slot.itemKey]);
    }
    await run(SQL.drafts.remove, [request.userId, request.partitionKey.split('#')[0]]);
    const answer = { result: 'OK', partitionKey: request.partitionKey, receiptNumber: record?.receipt_number };
    await run(SQL.idempotency.remember, [request.userId, request.idempotencyKey, request.requestHash, JSON.stringify(answer), request.now]);
    return answer;
  });
}

const app = Fastify({ bodyLimit: 512 * 1024 });
// The body's hash as the server takes it, for the faithful endpoints.
hashBodiesAsTheServer(app);
for (const path of ['/faithful/putItem', '/faithful/book']) {
  app.post<{ Body: { data: Row[] } }>(path, async (request) => runFaithful(faithfulRequestOf(request)));
}

const close = () =>
  void app
    .close()
    .then(async () => {
      connections.close();
      await connections.pool.end();
    })
    .then(() => process.exit(0));
process.once('SIGTERM', close);
process.once('SIGINT', close);
// eslint-disable-next-line no-restricted-syntax -- what run.ts gives this process
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`anchor listening at ${address}`);
