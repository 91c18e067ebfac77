// pnpm bench:surge: the slot-opening surge that took municipal vaccination booking sites down in
// 2021. 50,000 citizens (SURGE_CITIZENS) arrive evenly within 60 s (SURGE_SECONDS) at a calendar of
// 200 slots of 10 units (20 days), each reloading the calendar's slots, booking one they show
// free, and reloading again (bench/surge-load.ts, a process of its own). Twice: on one SQLite instance, and on
// three instances over one PostgreSQL (SURGE_ENGINES=sqlite,postgres to choose), the build as
// production runs it. Prints the answers by kind, latencies and what the database holds after,
// checked: every attempt answered once (booked, or full with its 409), bookings equal to the
// capacity exactly, no citizen twice, the database's checks (check-database) passing. Asserts
// nothing: the figures go to docs/benchmarks.md. A machine's neighbours move the latencies.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SurveyConfig } from '@city/survey-core';
import { addDaysToDate, todayInJapan } from '@city/survey-core';
import pg from 'pg';
import { checkDatabase, rowsOf } from '../src/backup.js';
import type { Storage } from '../src/db/storage.js';
import { openStorage } from '../src/db/storage.js';
import { calendarImportRepository } from '../src/modules/calendars/repositories.js';
import { surveyRepository } from '../src/modules/surveys/repositories.js';
import { startPostgres } from '../dev/postgres-server.js';
import type { StartedProcess } from './processes.js';
import { cpuMsOfCommand, cpuTimes, startListening, stopProcess } from './processes.js';
import { benchServerSettings, productionNodeFlags } from './server-settings.js';
import type { SurgeResult, SurgeSpec } from './surge-load.js';

const setting = (name: string, fallback: number) => {
  // eslint-disable-next-line no-restricted-syntax -- the bench's own settings, no server setting
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
};
const CITIZENS = setting('SURGE_CITIZENS', 50_000);
const SECONDS = setting('SURGE_SECONDS', 60);
/**
 * Before the surge, other citizens book on another survey's calendar (SURGE_WARMUP_CITIZENS within
 * SURGE_WARMUP_SECONDS; 0 for none): the instances meet the slot opening as a server running since
 * the morning does, its code compiled by V8's optimizing compiler and its connections open. From a
 * cold start the compiler's own work (a sixth of the instances' CPU in the first seconds, in perf)
 * lands on the surge's first seconds.
 */
// eslint-disable-next-line no-restricted-syntax -- the bench's own setting
const WARMUP_CITIZENS = process.env.SURGE_WARMUP_CITIZENS === '0' ? 0 : setting('SURGE_WARMUP_CITIZENS', 6_000);
const WARMUP_SECONDS = setting('SURGE_WARMUP_SECONDS', 10);
const DAYS = 20;
const SLOTS_A_DAY = 10;
const CAPACITY = 10;
// eslint-disable-next-line no-restricted-syntax -- the bench's own setting
const ENGINES = (process.env.SURGE_ENGINES ?? 'sqlite,postgres').split(',').map((engine) => engine.trim());
/** SURGE_PROFILE=<dir>: each instance and the citizens' process write a CPU profile (node --cpu-prof) there when they stop. */
// eslint-disable-next-line no-restricted-syntax -- the bench's own setting
const PROFILE = process.env.SURGE_PROFILE;

const serverDir = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(path.join(serverDir, 'dist/server.js'))) throw new Error('Build the server first (the root `pnpm bench:surge` does)');
const work = mkdtempSync(path.join(tmpdir(), 'city-surge-'));
const children: ChildProcess[] = [];
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

/** A survey with one reservation item on its own category and calendar. */
interface BookingSurvey {
  survey: SurveyConfig;
  categoryId: string;
  calendarId: string;
}
const bookingSurvey = (name: string, title: string): BookingSurvey => ({
  categoryId: `${name}-venue`,
  calendarId: `${name}-calendar`,
  survey: {
    surveyId: `${name}-vaccination`,
    surveyTitle: title,
    isAppending: { value: true },
    surveySchema: [
      { itemKey: 'name', type: 'text', title: 'お名前', required: true },
      { itemKey: 'slot', type: 'reservation', title: '接種日時', categoryId: `${name}-venue`, required: true },
    ],
  },
});
const SURGE = bookingSurvey('surge', 'ワクチン接種の予約 (bench)');
const WARMUP = bookingSurvey('warmup', 'ワクチン接種の予約 (bench, 前日)');
const FIRST_DAY = addDaysToDate(todayInJapan(), 7);

/** Each survey and its calendar: 20 days of 10 slots, 10 units each (2,000 units in all). */
async function seed(storage: Storage): Promise<void> {
  for (const { survey, categoryId, calendarId } of [SURGE, WARMUP]) {
    await storage.store(surveyRepository).transaction((surveys) => surveys.save({ config: survey, lookupItemKeys: [], searchable: false }));
    await storage.store(calendarImportRepository).transaction(async (admin) => {
      await admin.insertCategory({ categoryId, tag1: 'ワクチン接種', tag2: '集団接種会場', tag3: categoryId, position: 0 });
      await admin.insertCalendar({
        calendarId,
        categoryId,
        rules: { bookingOpensDaysAhead: 60, bookingClosesBefore: { unit: 'days', amount: 1 }, changeClosesBefore: { unit: 'days', amount: 1 }, maxActiveBookingsPerUser: 1 },
      });
      for (let day = 0; day < DAYS; day++) {
        for (let n = 0; n < SLOTS_A_DAY; n++) {
          // Half an hour each from 09:00.
          const time = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
          await admin.putSlot(calendarId, { date: addDaysToDate(FIRST_DAY, day), slotId: String(n + 1), start: time(540 + 30 * n), end: time(570 + 30 * n), capacity: CAPACITY });
        }
      }
    });
  }
}

const channel = { channelId: '1650008888', channelSecret: randomBytes(24).toString('hex') };

/** Starts one instance of the build; resolves with its origin once it answers. */
async function startInstance(name: string, env: Record<string, string>): Promise<StartedProcess> {
  const profiling = PROFILE === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE)}`];
  const started = await startListening(name, [process.execPath, [...profiling, ...productionNodeFlags(), 'dist/server.js']], { cwd: serverDir, env, logDir: work });
  children.push(started.child);
  return started;
}

/** The citizens, from their own process. */
function surge(spec: SurgeSpec): Promise<SurgeResult> {
  const profiling = PROFILE === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE)}`, '--cpu-prof-name=load.cpuprofile'];
  const child = spawn(process.execPath, [...profiling, '--conditions=@city/source', '--import', 'tsx', 'bench/surge-load.ts'], { cwd: serverDir, stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify(spec));
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code === 0) resolve(JSON.parse(output) as SurgeResult);
      else reject(new Error(`the surge's load process exited ${String(code)}`));
    });
  });
}

const kinds = (tally: Record<string, number>) => Object.entries(tally).map(([kind, n]) => `${kind}: ${n.toLocaleString('en')}`).join(', ');

/** What the database holds after the surge, against what the citizens were answered. */
async function verify(storage: Storage, result: SurgeResult): Promise<string[]> {
  const [claims] = await rowsOf<{ n: number; users: number; units: number }>(
    storage,
    `SELECT COUNT(*) AS n, COUNT(DISTINCT user_id) AS users, COALESCE(SUM(units), 0) AS units FROM slot_claims WHERE calendar_id = '${SURGE.calendarId}'`,
  );
  const [records] = await rowsOf<{ n: number }>(storage, `SELECT COUNT(*) AS n FROM survey_records WHERE survey_id = '${SURGE.survey.surveyId}'`);
  const answered = Object.values(result.bookings).reduce((sum, n) => sum + n, 0);
  const full = result.bookings['409 slot_full'] ?? 0;
  const ok = result.bookings['200'] ?? 0;
  const capacity = DAYS * SLOTS_A_DAY * CAPACITY;
  const bookedUsers = new Set(result.booked);
  const checks = await checkDatabase(storage);
  const lines = [
    `every attempt answered once: ${answered === result.attempts && ok + full === answered ? 'yes' : 'NO'} (${answered.toLocaleString('en')} answers to ${result.attempts.toLocaleString('en')} attempts; ${ok.toLocaleString('en')} booked, ${full.toLocaleString('en')} full, ${(answered - ok - full).toLocaleString('en')} other)`,
    // Every unit goes while citizens keep coming; fewer citizens than units book one each.
    `bookings = capacity: ${Number(claims?.units) === Math.min(capacity, result.attempts) && ok === Number(claims?.units) ? 'yes' : 'NO'} (${Number(claims?.units).toLocaleString('en')} units claimed of ${capacity.toLocaleString('en')}; ${ok.toLocaleString('en')} answered 200)`,
    `none doubled: ${Number(claims?.n) === Number(claims?.users) && Number(claims?.n) === bookedUsers.size && Number(records?.n) === ok ? 'yes' : 'NO'} (${Number(claims?.n).toLocaleString('en')} claims by ${Number(claims?.users).toLocaleString('en')} citizens, ${Number(records?.n).toLocaleString('en')} records)`,
    `database checks: ${checks.every((check) => check.ok) ? 'all passed' : checks.filter((check) => !check.ok).map((check) => check.message).join('; ')}`,
  ];
  return lines;
}

console.log(
  `pnpm bench:surge — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}: ${CITIZENS.toLocaleString('en')} citizens arriving within ${SECONDS} s, ` +
    `${DAYS * SLOTS_A_DAY} slots of ${CAPACITY} (${(DAYS * SLOTS_A_DAY * CAPACITY).toLocaleString('en')} units); each reloads the slots, books, reloads`,
);
for (const engine of ENGINES) {
  let storage: Storage;
  let origins: string[];
  let stopDatabase = async () => undefined as unknown;
  const instances: ChildProcess[] = [];
  if (engine === 'sqlite') {
    const databasePath = path.join(work, 'surge.sqlite');
    storage = await openStorage({ databasePath });
    await seed(storage);
    const instance = await startInstance('sqlite', benchServerSettings({ databasePath, channel, noAppDir: path.join(work, 'no-app') }));
    instances.push(instance.child);
    origins = [instance.origin];
  } else if (engine === 'postgres') {
    const server = await startPostgres();
    stopDatabase = server.stop;
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query('CREATE DATABASE city');
    await admin.end();
    const databaseUrl = server.url.replace(/\/postgres$/, '/city');
    storage = await openStorage({ databasePath: 'unused', databaseUrl });
    await seed(storage);
    const started = await Promise.all(
      [1, 2, 3].map((n) => startInstance(`postgres-${n}`, { ...benchServerSettings({ databasePath: 'unused', channel, noAppDir: path.join(work, 'no-app') }), DATABASE_URL: databaseUrl })),
    );
    instances.push(...started.map((instance) => instance.child));
    origins = started.map((instance) => instance.origin);
  } else {
    throw new Error(`SURGE_ENGINES lists sqlite or postgres, not ${engine}`);
  }
  console.log(`\n${engine === 'sqlite' ? 'One SQLite instance' : 'Three instances over one PostgreSQL'}:`);
  if (WARMUP_CITIZENS > 0) {
    // Citizens other than the surge's (their numbers follow the surge's), on the warm-up survey.
    const warmup = await surge({ origins, firstCitizen: CITIZENS, citizens: WARMUP_CITIZENS, seconds: WARMUP_SECONDS, channel, ...WARMUP, from: FIRST_DAY, to: addDaysToDate(FIRST_DAY, DAYS - 1) });
    console.log(
      `  before it, the warm-up: ${WARMUP_CITIZENS.toLocaleString('en')} other citizens within ${WARMUP_SECONDS} s on another survey's calendar (${kinds(warmup.bookings)}; p99 ${warmup.bookingMs.p99} ms)`,
    );
  }
  // CPU time (from /proc) of the instances, of PostgreSQL's processes and of the citizens' process:
  // where a citizen's cost goes, whatever the machine's neighbours do to the latencies.
  const instancesCpu = () =>
    instances.reduce(
      (sum, child) => {
        const times = cpuTimes(child.pid);
        return { ms: sum.ms + (times?.ms ?? 0), systemMs: sum.systemMs + (times?.systemMs ?? 0) };
      },
      { ms: 0, systemMs: 0 },
    );
  const cpuBefore = { instances: instancesCpu(), postgres: cpuMsOfCommand('postgres') };
  const result = await surge({ origins, firstCitizen: 0, citizens: CITIZENS, seconds: SECONDS, channel, ...SURGE, from: FIRST_DAY, to: addDaysToDate(FIRST_DAY, DAYS - 1) });
  const perCitizen = (ms: number) => `${(ms / 1000).toFixed(1)} s (${Math.round((ms * 1000) / CITIZENS)} µs a citizen)`;
  const instancesAfter = instancesCpu();
  const cpu = {
    instances: instancesAfter.ms - cpuBefore.instances.ms,
    instancesSystem: instancesAfter.systemMs - cpuBefore.instances.systemMs,
    postgres: cpuMsOfCommand('postgres') - cpuBefore.postgres,
  };
  console.log(`  all answered ${(result.elapsedMs / 1000).toFixed(1)} s after the first arrival (arrivals over ${SECONDS} s)${result.resent > 0 ? `; ${result.resent} sent again after a failed connection` : ''}`);
  console.log(`  bookings: ${kinds(result.bookings)}; p50 ${result.bookingMs.p50} ms, p95 ${result.bookingMs.p95} ms, p99 ${result.bookingMs.p99} ms, max ${result.bookingMs.max} ms`);
  console.log(`  slowest booking by second of arrival (ms): ${result.slowestBookingBySecond.join(' ')}`);
  console.log(`  reloads of the slots: ${kinds(result.reloads)}; p50 ${result.reloadMs.p50} ms, p95 ${result.reloadMs.p95} ms, p99 ${result.reloadMs.p99} ms, max ${result.reloadMs.max} ms`);
  console.log(
    `  CPU: ${engine === 'sqlite' ? 'the instance' : 'the three instances'} ${perCitizen(cpu.instances)}, ${Math.round((100 * cpu.instancesSystem) / Math.max(1, cpu.instances))}% of it in the kernel` +
      `${engine === 'postgres' ? `, PostgreSQL ${perCitizen(cpu.postgres)}` : ''}, the citizens' own process ${perCitizen(result.loadCpuMs)}`,
  );
  await Promise.all(instances.map(stopProcess));
  for (const line of await verify(storage, result)) console.log(`  ${line}`);
  await storage.close();
  await stopDatabase();
}
process.exit(0);
