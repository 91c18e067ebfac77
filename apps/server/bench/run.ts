// pnpm bench: the server as production runs it (plain node, dist/server.js, NODE_ENV=production)
// next to an anchor doing only the same storage work (anchor.ts), each loaded by autocannon from
// a process of its own (load.ts), in the same run, in turns. Prints figures and ratios; asserts
// nothing. The machine is shared and noisy: compare the ratios, not the absolute figures.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { routes } from '@city/api-client/contract';
import { CITIZEN_QUESTIONNAIRE, EVENT_APPLICATION } from '@city/demo-data';
import { signWebIdToken } from '@city/line-stand-in';
import type { Answers, SubmissionPayload, SurveyConfig } from '@city/survey-core';
import { addDaysToDate, buildSubmissionPayload, formatReservationValue, todayInJapan } from '@city/survey-core';
import { openDatabase } from '../src/db/database.js';
import { connectSqlite, sqliteStore } from '../src/db/sqlite-store.js';
import { seedDemoData } from '../src/demo-seed.js';
import { createSqliteSurveyRepository } from '../src/modules/surveys/sqlite-survey-repository.js';
import { benchSettings, keepFiles, onlyCases, profileDir, searchPath } from './env.js';
import type { LoadResult, LoadSpec } from './load.js';
import { benchServerSettings } from './server-settings.js';
import { anchorBulk, auditedChanges, BULK_RECORDS, seedBulkRecords, serverBulk } from './bulk-status.js';

const { seconds: SECONDS, rounds: ROUNDS } = benchSettings();
const CITIZENS = 10; // one per connection
const RECORDS_PER_CITIZEN = 50; // for the read of a citizen's records

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const builtServer = path.join(serverDir, 'dist/server.js');
if (!existsSync(builtServer)) throw new Error('Build the server first: pnpm --filter @city/server build (the root `pnpm bench` does)');

const work = mkdtempSync(path.join(tmpdir(), 'city-bench-'));
const children: ChildProcess[] = [];
process.once('exit', () => {
  for (const child of children) child.kill('SIGTERM');
  if (keepFiles()) console.log(`Databases and logs kept in ${work}`);
  else rmSync(work, { recursive: true, force: true });
});

/**
 * The booking case: a survey whose one reservation item books a venue with two slots a week ahead,
 * `hot` and `cold`, ten units each, and no limit per citizen. Each citizen moves their booking
 * from one to the other and back: every request frees a claim and takes one, and the hot slot
 * always has the ten citizens' claims to count.
 */
const BOOKING_SURVEY: SurveyConfig = {
  surveyId: 'bench-booking',
  surveyTitle: '予約 (bench)',
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前', required: true },
    { itemKey: 'slot', type: 'reservation', title: '予約日時', categoryId: 'bench-venue', required: true },
  ],
};
const BOOKING_DATE = addDaysToDate(todayInJapan(), 7);

function addBookingCalendar(db: ReturnType<typeof openDatabase>): void {
  db.prepare("INSERT INTO calendar_categories (category_id, tag1, tag2, tag3, position) VALUES ('bench-venue', '予約', '', '', 0)").run();
  db.prepare(
    `INSERT INTO calendars (calendar_id, category_id, booking_opens_days_ahead, booking_closes_unit, booking_closes_amount,
       change_closes_unit, change_closes_amount, max_active_bookings_per_user, updated_at)
     VALUES ('bench-calendar', 'bench-venue', 60, 'days', 1, 'days', 1, NULL, 0)`,
  ).run();
  const slot = db.prepare("INSERT INTO calendar_slots (calendar_id, date, slot_id, start_time, end_time, capacity) VALUES ('bench-calendar', ?, ?, '10:00', '11:00', 10)");
  slot.run(BOOKING_DATE, 'hot');
  slot.run(BOOKING_DATE, 'cold');
}

/** The same demo surveys in both databases, before either server opens them, and the booking case's calendar. */
async function seedDatabase(file: string): Promise<void> {
  const db = openDatabase(file);
  const connections = connectSqlite(db);
  await seedDemoData(connections);
  await sqliteStore(connections, createSqliteSurveyRepository).transaction((surveys) => surveys.save({ config: BOOKING_SURVEY, lookupItemKeys: [], searchable: false }));
  addBookingCalendar(db);
  connections.reader.close();
  db.close();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => {
        resolve(port);
      });
    });
  });
}

/**
 * CPU time (user + system, ms) a process has used, from Linux's /proc; undefined elsewhere. Per
 * request, it tells what each server costs even when other work on the machine skews throughput.
 */
function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${String(pid)}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks, 100 per second
  } catch {
    return undefined;
  }
}

interface Started {
  origin: string;
  pid: number | undefined;
}

/** Starts a server process and resolves with its origin once it answers HTTP. */
async function start(name: string, args: string[], env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  // Logs to a file, as an operator's service manager would take them; never through a pipe this
  // process must drain while it measures.
  const log = openSync(path.join(work, `${name}.log`), 'a');
  const child = spawn(process.execPath, args, { cwd: serverDir, env: { PATH: searchPath(), ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', log, log] });
  children.push(child);
  const origin = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}); see its log in ${work}`);
    try {
      await fetch(origin);
      return { origin, pid: child.pid };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50)); // not listening yet: poll again
    }
  }
}

function load(spec: LoadSpec): Promise<LoadResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/load.ts'], { cwd: serverDir, stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify(spec));
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      const result = code === 0 ? (JSON.parse(output) as LoadResult) : undefined;
      if (result === undefined) reject(new Error(`load generator exited ${String(code)}`));
      else if (result.failed > 0) reject(new Error(`${spec.url}: ${result.failed} of ${result.requests} requests failed`));
      else resolve(result);
    });
  });
}

async function post(url: string, headers: Record<string, string>, body: unknown): Promise<void> {
  const response = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
}

const questionnaireAnswers = (n: number): Answers => ({
  name: `市民 ${n}号`,
  kana: 'シミン',
  email: `citizen${n}@example.jp`,
  phone: '090-1234-5678',
  postalCode: '100-0001',
  address: '東京都千代田区千代田1-1',
  household: '3',
  birthday: '1985-04-01',
  area: '中央区',
  satisfaction: 'やや満足',
  services: ['図書館', '体育館'],
  visitDate: '2026-10-01',
  opinion: '子育て支援の窓口が分かりやすくなると助かります。'.repeat(4),
});

// ---------------------------------------------------------------------------------------------
const channel = { channelId: '1650009999', channelSecret: randomBytes(24).toString('hex') };
const citizens = await Promise.all(
  Array.from({ length: CITIZENS }, async (_, i) => {
    const userId = `U${String(i).padStart(32, 'b')}`;
    const token = await signWebIdToken(channel, { userId, displayName: `市民 ${i}`, pictureUrl: 'https://profile.example/p.png' }, { expiresIn: 3 * 3600 });
    return { userId, token };
  }),
);

const profile = profileDir();
const profiling = profile === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`];
await seedDatabase(path.join(work, 'server.sqlite'));
await seedDatabase(path.join(work, 'anchor.sqlite'));
const bulkCase = onlyCases() === undefined || onlyCases()?.includes('bulk') === true;
if (bulkCase) await seedBulkRecords(path.join(work, 'server.sqlite'));
// The anchor's copy is taken before the server opens the file (nothing changed yet).
const bulkAnchorMs = bulkCase ? anchorBulk(path.join(work, 'server.sqlite'), path.join(work, 'bulk-anchor.sqlite')) : undefined;
const [serverProcess, anchorProcess] = await Promise.all([
  start('server', [...profiling, '--enable-source-maps', 'dist/server.js'], benchServerSettings({ databasePath: path.join(work, 'server.sqlite'), channel, noAppDir: path.join(work, 'no-app') })),
  start('anchor', [...profiling, '--conditions=@city/source', '--import', 'tsx', 'bench/anchor.ts'], { DATABASE_PATH: path.join(work, 'anchor.sqlite') }),
]);
const server = serverProcess.origin;
const anchor = anchorProcess.origin;

/** Loads one of the two and measures the CPU time its process used meanwhile. */
async function measure(target: Started, spec: LoadSpec): Promise<LoadResult & { cpuUsPerRequest: number | undefined }> {
  const before = cpuMs(target.pid);
  const result = await load(spec);
  const after = cpuMs(target.pid);
  const cpuUsPerRequest = before === undefined || after === undefined ? undefined : ((after - before) * 1000) / result.requests;
  return { ...result, cpuUsPerRequest };
}

// putItem: each citizen replaces their own record of the update-mode questionnaire.
const rowsPerRecord = buildSubmissionPayload({ config: CITIZEN_QUESTIONNAIRE, userId: 'U0', answers: questionnaireAnswers(0) }).data.length;
const putItem = citizens.map(({ userId, token }, i) => {
  const payload: SubmissionPayload = buildSubmissionPayload({ config: CITIZEN_QUESTIONNAIRE, userId, answers: questionnaireAnswers(i) });
  return { headers: { authorization: `Bearer ${token}` }, body: JSON.stringify(payload) };
});
// The read of a citizen's records: 50 event applications each (append mode), in both databases.
for (const [i, { userId, token }] of citizens.entries()) {
  for (let n = 0; n < RECORDS_PER_CITIZEN; n++) {
    const payload = buildSubmissionPayload({
      config: EVENT_APPLICATION,
      userId,
      answers: { ticket: String(100000 + n), born: '1980-02-03', course: '健康体操', note: `${i}-${n} よろしくお願いします` },
    });
    const headers = { authorization: `Bearer ${token}`, 'idempotency-key': `seed-${i}-${n}` };
    await post(`${server}${routes.putReservation.path}`, headers, payload);
    await post(`${anchor}/putItem`, headers, payload);
  }
}
// Booking: each citizen's record of the booking survey moves between the hot and the cold slot.
const booking = citizens.map(({ userId, token }, i) => ({
  headers: { authorization: `Bearer ${token}` },
  bodies: ['hot', 'cold'].map((slotId) =>
    JSON.stringify(
      buildSubmissionPayload({
        config: BOOKING_SURVEY,
        userId,
        answers: { name: `市民 ${i}号`, slot: formatReservationValue({ categoryId: 'bench-venue', date: BOOKING_DATE, slotId }) },
      }),
    ),
  ),
}));
const anchorBooking = citizens.map(() => ({ headers: {}, bodies: [JSON.stringify({ delta: 1 }), JSON.stringify({ delta: -1 })] }));
const asCitizen = citizens.map(({ userId, token }) => ({ headers: { authorization: `Bearer ${token}`, 'x-user-id': userId } }));

const cases = [
  {
    id: 'putItem',
    name: `putItem (市民アンケート, ${rowsPerRecord} rows, update)`,
    server: { url: `${server}${routes.putReservation.path}`, method: 'POST', connections: putItem, idempotencyKeys: true },
    anchor: { url: `${anchor}/putItem`, method: 'POST', connections: putItem, idempotencyKeys: true },
  },
  {
    id: 'booking',
    name: 'putItem booking one hot slot (each citizen moves their booking between two slots; anchor: BEGIN IMMEDIATE + a conditional UPDATE)',
    server: { url: `${server}${routes.putReservation.path}`, method: 'POST', connections: booking, idempotencyKeys: true },
    anchor: { url: `${anchor}/book`, method: 'POST', connections: anchorBooking },
  },
  {
    id: 'records',
    name: `getBySurveyIdUserIdIndex (${RECORDS_PER_CITIZEN} records)`,
    server: { url: `${server}${routes.getSurveyResultsByUser.path}?surveyId=${EVENT_APPLICATION.surveyId}`, method: 'GET', connections: asCitizen },
    anchor: { url: `${anchor}/rowsOfUser?surveyId=${EVENT_APPLICATION.surveyId}`, method: 'GET', connections: asCitizen },
  },
  {
    id: 'searchable',
    name: 'getAllSearchable',
    server: { url: `${server}${routes.getAllSearchableSurveyConfigs.path}`, method: 'GET', connections: asCitizen },
    anchor: { url: `${anchor}/searchable`, method: 'GET', connections: asCitizen },
  },
] satisfies { id: string; name: string; server: Omit<LoadSpec, 'durationSeconds'>; anchor: Omit<LoadSpec, 'durationSeconds'> }[];

const format = (r: LoadResult & { cpuUsPerRequest: number | undefined }) =>
  `${r.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${String(r.p50Ms).padStart(3)} ms  p99 ${String(r.p99Ms).padStart(3)} ms` +
  (r.cpuUsPerRequest === undefined ? '' : `  CPU ${r.cpuUsPerRequest.toFixed(0).padStart(4)} µs/request`);
console.log(`pnpm bench — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} cores, ${CITIZENS} connections (one citizen each), ${SECONDS} s per run, ${ROUNDS} rounds`);
const only = onlyCases();
for (const benchCase of cases.filter((c) => only === undefined || only.includes(c.id))) {
  console.log(`\n${benchCase.name}`);
  // Warm both (JIT, SQLite page cache) before anything counts.
  await load({ ...benchCase.anchor, durationSeconds: 2 });
  await load({ ...benchCase.server, durationSeconds: 2 });
  const ratios: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const anchorResult = await measure(anchorProcess, { ...benchCase.anchor, durationSeconds: SECONDS });
    const serverResult = await measure(serverProcess, { ...benchCase.server, durationSeconds: SECONDS });
    const ratio = serverResult.requestsPerSecond / anchorResult.requestsPerSecond;
    ratios.push(ratio);
    console.log(`  round ${round}  anchor ${format(anchorResult)}`);
    console.log(`           server ${format(serverResult)}   server/anchor ${ratio.toFixed(2)}x`);
  }
  ratios.sort((a, b) => a - b);
  console.log(`  server/anchor throughput: ${ratios.map((r) => r.toFixed(2)).join(', ')} (median ${(ratios[Math.floor(ratios.length / 2)] ?? 0).toFixed(2)}x)`);
}
if (bulkCase && bulkAnchorMs !== undefined) {
  console.log(`\nBulk status change: ${BULK_RECORDS.toLocaleString('en')} filtered records 未対応 → 処理中 in one staff request (anchor: one transaction doing the same writes and audit entries)`);
  const result = await serverBulk(server);
  console.log(`  anchor ${(bulkAnchorMs / 1000).toFixed(2)} s   server ${(result.ms / 1000).toFixed(2)} s (${result.changed} changed, ${result.refused} refused)   server/anchor time ${(result.ms / bulkAnchorMs).toFixed(2)}x`);
}
// SIGTERM: the servers close their databases (and write the profile) before exiting.
await Promise.all(children.map((child) => new Promise((resolve) => { child.once('exit', resolve); child.kill('SIGTERM'); })));
if (bulkCase) console.log(`  audit entries of status changes afterwards: ${auditedChanges(path.join(work, 'server.sqlite')).toLocaleString('en')}`);
process.exit(0);
