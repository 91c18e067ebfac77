// pnpm bench: the server as production runs it (plain node, dist/server.js, NODE_ENV=production)
// next to anchors (anchor.ts) on the same data: a lean one doing only the storage work no request
// can skip, and for putItem and a booking a statement-faithful one running exactly the server's
// SQL statements; then putItem and the booking again on PostgreSQL, beside a faithful anchor of
// their own (postgres-anchor.ts). Each is loaded by autocannon from a process of its own
// (load.ts), in the same run, in turns. Before measuring, a traced server and a traced anchor
// (SQL_TRACE_FILE; on PostgreSQL the database's statement log) run one request of each of those
// two cases: the statements are printed, and compared (faithful.ts).
// Prints figures and ratios; asserts nothing (test/bench-faithful.test.ts checks the anchor).
// The machine is shared and noisy: compare the ratios, not the absolute figures.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { routes } from '@city/api-client/contract';
import { EVENT_APPLICATION } from '@city/demo-data';
import { buildSubmissionPayload } from '@city/survey-core';
import pg from 'pg';
import { startPostgres } from '../dev/postgres-server.js';
import { postgresBinaries } from '../src/backup.js';
import { anchorBulk, auditedChanges, BULK_RECORDS, seedBulkRecords, serverBulk } from './bulk-status.js';
import { anchorExport, databaseRecordCount, EXPORT_RECORDS, EXPORT_SURVEY, exportDatabaseFile, exportFromServer, seededExportDatabase } from './export-results.js';
import { anchorDryRun, badLines, dryRunOnServer, IMPORT_LINES, importFile } from './import-results.js';
import { benchSettings, keepFiles, onlyCases, profileDir } from './env.js';
import { FAITHFUL_PATHS, TRACED_CASES, traceCase, verdict } from './faithful.js';
import type { TracedCase } from './faithful.js';
import { benchCitizens, bookingBodies, CITIZENS, putItemBody, rowsPerRecord, seedDatabase } from './fixtures.js';
import type { LoadResult, LoadSpec } from './load.js';
import { benchServerSettings, productionNodeFlags } from './server-settings.js';
import type { StartedProcess } from './processes.js';
import { cpuMs, startListening, stopProcess } from './processes.js';
import { postgresStatementsDuring, STATEMENT_LOG_SETTINGS } from './postgres-trace.js';
import { countLine, statementList, statementsDuring } from './trace.js';

const { seconds: SECONDS, rounds: ROUNDS, slices: SLICES } = benchSettings();
const RECORDS_PER_CITIZEN = 50; // for the read of a citizen's records

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const builtServer = path.join(serverDir, 'dist/server.js');
if (!existsSync(builtServer)) throw new Error('Build the server first: pnpm --filter @city/server build (the root `pnpm bench` does)');

const work = mkdtempSync(path.join(tmpdir(), 'city-bench-'));
const children: ChildProcess[] = [];
process.once('exit', () => {
  for (const child of children) child.kill('SIGTERM');
  if (keepFiles()) console.log(`Databases, traces and logs kept in ${work}`);
  else rmSync(work, { recursive: true, force: true });
});

/** The cores this process may run on (`taskset -pc`, e.g. "0-3,6"), or undefined without taskset. */
function allowedCores(): { list: string; cores: number[] } | undefined {
  const shown = spawnSync('taskset', ['-pc', String(process.pid)], { encoding: 'utf8' });
  const list = shown.status === 0 ? /list:\s*(\S+)/.exec(shown.stdout)?.[1] : undefined;
  if (list === undefined) return undefined;
  const cores = list.split(',').flatMap((part) => {
    const [from = NaN, to = from] = part.split('-').map(Number);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
  return cores.every(Number.isInteger) ? { list, cores } : undefined;
}

/**
 * Where processes run: with taskset and two allowed cores or more, the measured processes (the
 * servers and anchors, one at a time under load) on the last allowed core and the load generator
 * on the others, so that the two never take turns on one core (which made rounds of one process
 * differ by a quarter); elsewhere wherever the system puts them.
 */
const pinning = (() => {
  const allowed = allowedCores();
  const measured = allowed?.cores.at(-1);
  if (allowed === undefined || measured === undefined || allowed.cores.length < 2) return undefined;
  return { measured: String(measured), load: allowed.cores.slice(0, -1).join(','), every: allowed.list };
})();
/** The command and arguments that run node with `args`, on the given cores when pinning. */
const node = (cores: string | undefined, args: string[]): [string, string[]] =>
  cores === undefined ? [process.execPath, args] : ['taskset', ['-c', cores, process.execPath, ...args]];

type Started = StartedProcess;

/** Starts a server process on the measured core and resolves with its origin once it answers HTTP. */
async function start(name: string, args: string[], env: Record<string, string>): Promise<Started> {
  const started = await startListening(name, node(pinning?.measured, args), { cwd: serverDir, env, logDir: work });
  children.push(started.child);
  return started;
}

const stop = stopProcess;

/**
 * The load generator (load.ts): one process for the whole bench, on the load's cores, running the
 * specs sent to it one at a time.
 */
const loadGenerator = (() => {
  const child = spawn(...node(pinning?.load, ['--import', 'tsx', 'bench/load.ts']), { cwd: serverDir, stdio: ['pipe', 'pipe', 'inherit'] });
  // Not among `children`: the PostgreSQL cases still load after the SQLite processes stopped.
  process.once('exit', () => child.kill('SIGTERM'));
  const waiting: { resolve: (line: string) => void; reject: (error: Error) => void }[] = [];
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (let end = output.indexOf('\n'); end >= 0; end = output.indexOf('\n')) {
      const line = output.slice(0, end);
      output = output.slice(end + 1);
      waiting.shift()?.resolve(line);
    }
  });
  child.once('exit', (code) => {
    for (const { reject } of waiting.splice(0)) reject(new Error(`load generator exited ${String(code)}`));
  });
  return {
    run: (spec: LoadSpec) =>
      new Promise<string>((resolve, reject) => {
        waiting.push({ resolve, reject });
        child.stdin.write(`${JSON.stringify(spec)}\n`);
      }),
  };
})();

async function load(spec: LoadSpec): Promise<LoadResult> {
  const result = JSON.parse(await loadGenerator.run(spec)) as LoadResult;
  if (result.failed > 0) throw new Error(`${spec.url}: ${result.failed} of ${result.requests} requests failed`);
  return result;
}

async function post(url: string, headers: Record<string, string>, body: unknown): Promise<void> {
  const response = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
}

// ---------------------------------------------------------------------------------------------
const channel = { channelId: '1650009999', channelSecret: randomBytes(24).toString('hex') };
const citizens = await benchCitizens(channel);
const only = onlyCases();
const selected = (id: string) => only === undefined || only.includes(id);
const serverSettings = (databasePath: string) => benchServerSettings({ databasePath, channel, noAppDir: path.join(work, 'no-app') });
const nodeFlags = productionNodeFlags();
const anchorArgs = [...nodeFlags, '--conditions=@city/source', '--import', 'tsx', 'bench/anchor.ts'];

console.log(
  `pnpm bench — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} cores, ${CITIZENS} connections (one citizen each), ${SECONDS} s per target and round in turns of ${(SECONDS / SLICES).toFixed(1)} s, ${ROUNDS} rounds` +
    (pinning === undefined ? '' : `, measured processes on core ${pinning.measured}, load on ${pinning.load}`),
);

const profile = profileDir();
const profiling = profile === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`];
await seedDatabase({ databasePath: path.join(work, 'server.sqlite') });
await seedDatabase({ databasePath: path.join(work, 'anchor.sqlite') });
// The traced processes' own copies, taken before anything else writes to either file.
copyFileSync(path.join(work, 'server.sqlite'), path.join(work, 'traced-server.sqlite'));
copyFileSync(path.join(work, 'anchor.sqlite'), path.join(work, 'traced-anchor.sqlite'));

// What one request runs: a short-lived traced server and traced anchor, same build and settings
// plus SQL_TRACE_FILE, a warm-up and one traced request each per case. Never measured: tracing
// writes a line per statement.
const statementCounts = new Map<TracedCase, string>();
const tracedCases = TRACED_CASES.filter(selected);
if (tracedCases.length > 0) {
  const serverTrace = path.join(work, 'traced-server.sql');
  const anchorTrace = path.join(work, 'traced-anchor.sql');
  const [tracedServer, tracedAnchor] = await Promise.all([
    start('traced-server', [...nodeFlags, 'dist/server.js'], { ...serverSettings(path.join(work, 'traced-server.sqlite')), SQL_TRACE_FILE: serverTrace }),
    start('traced-anchor', anchorArgs, { DATABASE_PATH: path.join(work, 'traced-anchor.sqlite'), SQL_TRACE_FILE: anchorTrace }),
  ]);
  const [citizen] = citizens;
  if (citizen === undefined) throw new Error('no citizens');
  console.log("\nStatements per request (the server's SQL trace, SQL_TRACE_FILE; literals as ?), in the order they ran, and whether the");
  console.log("faithful anchor ran the same (its transactions go through the server's queue: under load, both share commits alike):");
  for (const id of tracedCases) {
    const trace = await traceCase(id, { origin: tracedServer.origin, statementsDuring: (send) => statementsDuring(serverTrace, send) }, { origin: tracedAnchor.origin, statementsDuring: (send) => statementsDuring(anchorTrace, send) }, citizen);
    statementCounts.set(id, countLine(id, trace.server));
    console.log(`\n${countLine(id, trace.server)}`);
    for (const line of statementList(trace.server)) console.log(line);
    console.log(`  ${verdict(trace)}`);
  }
  await Promise.all([stop(tracedServer.child), stop(tracedAnchor.child)]);
}

const bulkCase = selected('bulk');
// Into both databases: every case after this one runs on them, and an anchor on a smaller
// database than the server's would be measured on easier work (smaller indexes to write).
if (bulkCase) for (const file of ['server.sqlite', 'anchor.sqlite']) await seedBulkRecords(path.join(work, file));
// The anchor's copy is taken before the server opens the file (nothing changed yet).
/**
 * Runs `work` in this process on the measured processes' core, as the server runs (the bulk anchor
 * runs here, in the bench's own process: with node's default flags, not the start script's).
 */
function onMeasuredCore<T>(work: () => T): T {
  if (pinning === undefined) return work();
  const pin = (cores: string) => {
    if (spawnSync('taskset', ['-a', '-p', '-c', cores, String(process.pid)]).status !== 0) throw new Error(`taskset could not move the bench to cores ${cores}`);
  };
  pin(pinning.measured);
  try {
    return work();
  } finally {
    pin(pinning.every);
  }
}
/** Runs `work` (this process's download of a file) on the load's cores, off the measured one. */
async function onLoadCores<T>(work: () => Promise<T>): Promise<T> {
  if (pinning === undefined) return work();
  const pin = (cores: string) => {
    if (spawnSync('taskset', ['-a', '-p', '-c', cores, String(process.pid)]).status !== 0) throw new Error(`taskset could not move the bench to cores ${cores}`);
  };
  pin(pinning.load);
  try {
    return await work();
  } finally {
    pin(pinning.every);
  }
}
const bulkAnchorMs = bulkCase ? onMeasuredCore(() => anchorBulk(path.join(work, 'server.sqlite'), path.join(work, 'bulk-anchor.sqlite'))) : undefined;
const [serverProcess, anchorProcess] = await Promise.all([
  start('server', [...profiling, ...nodeFlags, 'dist/server.js'], serverSettings(path.join(work, 'server.sqlite'))),
  start('anchor', [...profiling, ...anchorArgs], { DATABASE_PATH: path.join(work, 'anchor.sqlite') }),
]);
const server = serverProcess.origin;
const anchor = anchorProcess.origin;

/** What one run of load did to a target: its answers, and the CPU time its process used meanwhile. */
interface Measured extends LoadResult {
  /** Undefined where /proc cannot tell. */
  cpuMs: number | undefined;
}

/** Loads one of the processes and measures the CPU time it used meanwhile. */
async function measure(target: Started, spec: LoadSpec): Promise<Measured> {
  const before = cpuMs(target.pid);
  const result = await load(spec);
  const after = cpuMs(target.pid);
  return { ...result, cpuMs: before === undefined || after === undefined ? undefined : after - before };
}

// putItem: each citizen replaces their own record of the update-mode questionnaire.
const putItem = citizens.map((citizen, i) => ({ headers: { authorization: `Bearer ${citizen.token}` }, body: putItemBody(citizen, i) }));
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
const booking = citizens.map((citizen, i) => ({ headers: { authorization: `Bearer ${citizen.token}` }, bodies: bookingBodies(citizen, i) }));
const leanBooking = citizens.map(() => ({ headers: {}, bodies: [JSON.stringify({ delta: 1 }), JSON.stringify({ delta: -1 })] }));
const asCitizen = citizens.map(({ userId, token }) => ({ headers: { authorization: `Bearer ${token}`, 'x-user-id': userId } }));

type Spec = Omit<LoadSpec, 'durationSeconds'>;
interface Case {
  id: string;
  name: string;
  server: Spec;
  /** In the order they are loaded each round, before the server; `ratio` names server/<it>. */
  anchors: { label: string; ratio: string; spec: Spec }[];
  /** The processes loaded: the SQLite server and anchor unless named. */
  processes?: { server: Started; anchor: Started };
}
const putItemUrl = `${server}${routes.putReservation.path}`;
const cases: Case[] = [
  {
    id: 'putItem',
    name: `putItem (市民アンケート, ${rowsPerRecord()} rows, update)`,
    server: { url: putItemUrl, method: 'POST', connections: putItem, idempotencyKeys: true },
    anchors: [
      { label: 'lean anchor', ratio: 'lean', spec: { url: `${anchor}/putItem`, method: 'POST', connections: putItem, idempotencyKeys: true } },
      { label: 'faithful anchor', ratio: 'faithful', spec: { url: `${anchor}/faithful/putItem`, method: 'POST', connections: putItem, idempotencyKeys: true } },
    ],
  },
  {
    id: 'booking',
    name: 'putItem booking one hot slot (each citizen moves their booking between two slots; lean anchor: BEGIN IMMEDIATE + a conditional UPDATE; faithful anchor: the server\'s statements)',
    server: { url: putItemUrl, method: 'POST', connections: booking, idempotencyKeys: true },
    anchors: [
      { label: 'lean anchor', ratio: 'lean', spec: { url: `${anchor}/book`, method: 'POST', connections: leanBooking } },
      { label: 'faithful anchor', ratio: 'faithful', spec: { url: `${anchor}/faithful/book`, method: 'POST', connections: booking, idempotencyKeys: true } },
    ],
  },
  {
    id: 'records',
    name: `getBySurveyIdUserIdIndex (${RECORDS_PER_CITIZEN} records)`,
    server: { url: `${server}${routes.getSurveyResultsByUser.path}?surveyId=${EVENT_APPLICATION.surveyId}`, method: 'GET', connections: asCitizen },
    anchors: [{ label: 'anchor', ratio: 'anchor', spec: { url: `${anchor}/rowsOfUser?surveyId=${EVENT_APPLICATION.surveyId}`, method: 'GET', connections: asCitizen } }],
  },
  {
    id: 'searchable',
    name: 'getAllSearchable',
    server: { url: `${server}${routes.getAllSearchableSurveyConfigs.path}`, method: 'GET', connections: asCitizen },
    anchors: [{ label: 'anchor', ratio: 'anchor', spec: { url: `${anchor}/searchable`, method: 'GET', connections: asCitizen } }],
  },
];

/**
 * A round's runs of one target added up: requests over the seconds loaded, CPU a request over
 * every run, the median of the runs' p50 and the highest of their p99.
 */
function combined(runs: Measured[]) {
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  const cpu = runs.every((run) => run.cpuMs !== undefined) ? runs.reduce((sum, run) => sum + (run.cpuMs ?? 0), 0) : undefined;
  return {
    requestsPerSecond: requests / seconds,
    p50Ms: median(runs.map((run) => run.p50Ms)),
    p99Ms: Math.max(...runs.map((run) => run.p99Ms)),
    cpuUsPerRequest: cpu === undefined ? undefined : (cpu * 1000) / requests,
  };
}
const format = (r: ReturnType<typeof combined>) =>
  `${r.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${String(r.p50Ms).padStart(3)} ms  p99 ${String(r.p99Ms).padStart(3)} ms` +
  (r.cpuUsPerRequest === undefined ? '' : `  CPU ${r.cpuUsPerRequest.toFixed(0).padStart(4)} µs/request`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Loads a case's anchors and server in turns, round after round, and prints the figures and ratios.
 *
 * Within a round each target is loaded SLICES times for SECONDS / SLICES, the targets taking turns
 * (anchors, server, anchors, server, …, each slice starting one further along), and a round's
 * figures add its slices up. On this shared machine the speed drifts by a fifth over a few
 * seconds (other tenants): one run of SECONDS per target, in turn, made rounds of the same code
 * range from 0.58x to 1.07x. Short turns give every target the same share of fast and slow moments.
 */
async function measureCase(benchCase: Case): Promise<void> {
  const { server: serverTarget, anchor: anchorTarget } = benchCase.processes ?? { server: serverProcess, anchor: anchorProcess };
  console.log(`\n${benchCase.name}`);
  const statements = statementCounts.get(benchCase.id as TracedCase);
  if (statements !== undefined) console.log(`  ${statements} a request, as traced above`);
  // Warm every target (JIT, SQLite page cache) before anything counts.
  for (const { spec } of benchCase.anchors) await load({ ...spec, durationSeconds: 2 });
  await load({ ...benchCase.server, durationSeconds: 2 });
  const targets = [
    ...benchCase.anchors.map(({ label, spec }) => ({ label, process: anchorTarget, spec })),
    { label: 'server', process: serverTarget, spec: benchCase.server },
  ];
  const ratios = new Map<string, number[]>(benchCase.anchors.map(({ ratio }) => [ratio, []]));
  const width = Math.max(...targets.map(({ label }) => label.length));
  for (let round = 1; round <= ROUNDS; round++) {
    const runs = targets.map((): Measured[] => []);
    for (let slice = 0; slice < SLICES; slice++) {
      const first = (round - 1 + slice) % targets.length;
      for (let k = 0; k < targets.length; k++) {
        const index = (first + k) % targets.length;
        const target = targets[index];
        if (target === undefined) continue;
        runs[index]?.push(await measure(target.process, { ...target.spec, durationSeconds: SECONDS / SLICES }));
      }
    }
    const results = runs.map(combined);
    const serverResult = results.at(-1);
    if (serverResult === undefined) throw new Error('no server runs');
    const lines = targets.map(({ label }, index) => `  ${index === 0 ? `round ${round}` : '       '}  ${label.padEnd(width)} ${format(results[index] ?? serverResult)}`);
    const roundRatios = benchCase.anchors.map(({ ratio }, index) => {
      const value = serverResult.requestsPerSecond / (results[index]?.requestsPerSecond ?? NaN);
      ratios.get(ratio)?.push(value);
      return `server/${ratio} ${value.toFixed(2)}x`;
    });
    // The faithful ratio first: it is the one the server's own code answers for.
    console.log(`${lines.join('\n')}   ${roundRatios.reverse().join('  ')}`);
  }
  const medians = [...ratios.entries()].reverse().map(([ratio, values]) => `server/${ratio} ${median(values).toFixed(2)}x (rounds ${values.map((v) => v.toFixed(2)).join(', ')})`);
  console.log(`  throughput, median of ${ROUNDS}: ${medians.join('   ')}`);
}
for (const benchCase of cases.filter((c) => selected(c.id))) await measureCase(benchCase);
if (bulkCase && bulkAnchorMs !== undefined) {
  console.log(`\nBulk status change: ${BULK_RECORDS.toLocaleString('en')} filtered records 未対応 → 処理中 in one staff request (anchor: one transaction doing the same writes and audit entries)`);
  const result = await serverBulk(server);
  console.log(`  anchor ${(bulkAnchorMs / 1000).toFixed(2)} s   server ${(result.ms / 1000).toFixed(2)} s (${result.changed} changed, ${result.refused} refused)   server/anchor time ${(result.ms / bulkAnchorMs).toFixed(2)}x`);
}
await Promise.all(children.map(stop));
if (bulkCase) console.log(`  audit entries of status changes afterwards: ${auditedChanges(path.join(work, 'server.sqlite')).toLocaleString('en')}`);

// ---------------------------------------------------------------------------------------------
// The export (issue 26): a database of its own, seeded once the other servers have stopped, and
// a server of its own on it.
if (selected('export')) await benchExport();

async function benchExport(): Promise<void> {
  const file = exportDatabaseFile();
  const surveyItems = EXPORT_SURVEY.surveySchema.length;
  console.log(`\nExport: ${EXPORT_RECORDS.toLocaleString('en')} records of a ${String(surveyItems)}-item survey, every record as Windows-31J, downloaded from the server by a staff member (anchor: the same records, answers and memos read in order by one statement, written as the same CSV, in one process)`);
  const seeded = await seededExportDatabase(file);
  console.log(seeded === undefined ? `  database: ${file}, seeded by an earlier run` : `  database: ${file}, seeded in ${seeded.toFixed(0)} s (kept for the next run; BENCH_EXPORT_DATABASE moves it)`);
  // The file read through once first: the anchor and the server then both read it from the
  // system's file cache (without this, whichever went first read 13 GB from disk: 329 s for the
  // anchor once, against 63 s warm).
  if (spawnSync('sh', ['-c', 'cat "$0" > /dev/null', file]).status !== 0) throw new Error(`could not read ${file}`);
  const anchorRun = onMeasuredCore(() => anchorExport(file));
  const exporter = await start('export-server', [...profiling, ...nodeFlags, 'dist/server.js'], serverSettings(file));
  const pid = exporter.child.pid;
  if (pid === undefined) throw new Error('the export server has no process id');
  const measured = await onLoadCores(() => exportFromServer(exporter.origin, pid));
  // The import's dry run on the same server and database: every line's key is looked up among a million records.
  const importBytes = importFile();
  const importAnchor = onMeasuredCore(() => anchorDryRun(importBytes));
  const dryRun = await onLoadCores(() => dryRunOnServer(exporter.origin, importBytes));
  await stop(exporter.child);
  const inDatabase = databaseRecordCount(file);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`  header: ${measured.header.slice(0, 60)}…`);
  console.log(
    `  server: first byte ${seconds(measured.firstByteMs)}, whole file ${seconds(measured.totalMs)} (${(measured.bytes / 1024 / 1024).toFixed(0)} MiB, ${((measured.totalMs * 1000) / Math.max(1, measured.records)).toFixed(1)} µs a record)   anchor ${seconds(anchorRun.ms)}   server/anchor time ${(measured.totalMs / anchorRun.ms).toFixed(2)}x`,
  );
  console.log(
    `  server memory: ${measured.rssStartedMb.toFixed(0)} MiB started, ${measured.rssBeforeMb.toFixed(0)} MiB after a first export (${measured.warmUpRecords.toLocaleString('en')} records: +${(measured.rssBeforeMb - measured.rssStartedMb).toFixed(0)} MiB), ${measured.rssPeakMb.toFixed(0)} MiB at its highest during the measured one (growth ${(measured.rssPeakMb - measured.rssBeforeMb).toFixed(0)} MiB)`,
  );
  console.log(`  records: ${measured.records.toLocaleString('en')} in the file, ${inDatabase.toLocaleString('en')} in the database, ${anchorRun.records.toLocaleString('en')} by the anchor${measured.records === inDatabase ? '' : '   MISMATCH'}`);
  const expectedBad = badLines();
  const reported = new Set(dryRun.problems.map((problem) => Number(/^(\d+)行目/.exec(problem.at)?.[1])));
  const everyBadLine = expectedBad.every((line) => reported.has(line)) && reported.size === expectedBad.length;
  console.log(
    `\nImport, dry run: ${IMPORT_LINES.toLocaleString('en')} lines of the same survey (${(importBytes.length / 1024 / 1024).toFixed(0)} MiB, Windows-31J), one in a hundred bad, sent to the same server (anchor: the file read and every line's answers checked, in one process)`,
  );
  console.log(
    `  server ${seconds(dryRun.ms)} (${dryRun.records.toLocaleString('en')} lines, ${dryRun.create.toLocaleString('en')} to create, ${dryRun.problems.length.toLocaleString('en')} problems on ${reported.size.toLocaleString('en')} lines${everyBadLine ? ', every bad line named' : ', NOT every bad line named'})   anchor ${seconds(importAnchor.ms)} (${importAnchor.bad.toLocaleString('en')} bad)   server/anchor time ${(dryRun.ms / importAnchor.ms).toFixed(2)}x`,
  );
  console.log(`  first problems: ${dryRun.problems.slice(0, 2).map((problem) => `${problem.at}: ${problem.message}`).join(' / ')}`);
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: putItem and the booking again, the server (DATABASE_URL) beside the PostgreSQL
// anchor (postgres-anchor.ts), each on a database of its own in one PostgreSQL server started for
// the bench (Debian's binaries, as the tests use). The statements are traced by PostgreSQL itself
// (its statement log, on the traced databases only) and compared as on SQLite.
const postgresCases = (['putItem', 'booking'] as const).filter((id) => selected(`${id}-postgres`));
if (postgresCases.length > 0 && postgresBinaries() === undefined) {
  console.log("\nOn PostgreSQL: not measured, PostgreSQL's binaries were not found (install Debian's postgresql package, as .ci/run does)");
} else if (postgresCases.length > 0) {
  await benchPostgres(postgresCases);
}

async function benchPostgres(ids: readonly TracedCase[]): Promise<void> {
  const postgres = await startPostgres({ settings: STATEMENT_LOG_SETTINGS });
  const logFile = path.join(postgres.dataDirectory, 'log/postgres.log');
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  const urlOf = (database: string) => postgres.url.replace(/\/postgres$/, `/${database}`);
  for (const database of ['server', 'anchor', 'traced_server', 'traced_anchor']) {
    await admin.query(`CREATE DATABASE ${database}`);
    if (database.startsWith('traced_')) await admin.query(`ALTER DATABASE ${database} SET log_statement = 'all'`);
    await seedDatabase({ databasePath: 'unused', databaseUrl: urlOf(database) });
  }
  await admin.end();
  const serverOn = (database: string) => ({ ...serverSettings(path.join(work, 'unused.sqlite')), DATABASE_URL: urlOf(database) });
  const postgresAnchorArgs = [...nodeFlags, '--conditions=@city/source', '--import', 'tsx', 'bench/postgres-anchor.ts'];

  const [tracedServer, tracedAnchor] = await Promise.all([
    start('traced-postgres-server', [...nodeFlags, 'dist/server.js'], serverOn('traced_server')),
    start('traced-postgres-anchor', postgresAnchorArgs, { DATABASE_URL: urlOf('traced_anchor') }),
  ]);
  const [citizen] = citizens;
  if (citizen === undefined) throw new Error('no citizens');
  console.log("\nOn PostgreSQL: statements per request (PostgreSQL's own statement log, prepared statements' names in brackets), and whether the");
  console.log('PostgreSQL anchor ran the same (its transactions are the server\'s own: a connection of the pool, BEGIN … COMMIT):');
  const counts = new Map<TracedCase, string>();
  for (const id of ids) {
    const traced = (origin: string, database: string) => ({ origin, statementsDuring: (send: () => Promise<void>) => postgresStatementsDuring(logFile, database, send) });
    const trace = await traceCase(id, traced(tracedServer.origin, 'traced_server'), traced(tracedAnchor.origin, 'traced_anchor'), citizen);
    counts.set(id, countLine(id, trace.server));
    console.log(`\n${countLine(id, trace.server)}`);
    for (const line of statementList(trace.server)) console.log(line);
    console.log(`  ${verdict(trace)}`);
  }
  await Promise.all([stop(tracedServer.child), stop(tracedAnchor.child)]);

  const [server, anchor] = await Promise.all([
    start('postgres-server', [...profiling, ...nodeFlags, 'dist/server.js'], serverOn('server')),
    start('postgres-anchor', [...profiling, ...postgresAnchorArgs], { DATABASE_URL: urlOf('anchor') }),
  ]);
  const url = `${server.origin}${routes.putReservation.path}`;
  const anchorUrl = (id: TracedCase) => `${anchor.origin}${FAITHFUL_PATHS[id]}`;
  for (const id of ids) {
    const connections = id === 'putItem' ? putItem : booking;
    await measureCase({
      id: `${id}-postgres`,
      name: `${id === 'putItem' ? `putItem (市民アンケート, ${rowsPerRecord()} rows, update)` : 'putItem booking one hot slot'} on PostgreSQL (${counts.get(id) ?? 'not traced'}); faithful anchor: the server's statements`,
      server: { url, method: 'POST', connections, idempotencyKeys: true },
      anchors: [{ label: 'faithful anchor', ratio: 'faithful', spec: { url: anchorUrl(id), method: 'POST', connections, idempotencyKeys: true } }],
      processes: { server, anchor },
    });
  }
  await Promise.all([stop(server.child), stop(anchor.child)]);
  await postgres.stop();
}
process.exit(0);
