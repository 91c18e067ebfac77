// The statement-faithful anchors of `pnpm bench` (bench/anchor.ts on SQLite, bench/postgres-anchor.ts
// on PostgreSQL) must run exactly the SQL statements the server runs for the same request, or their
// ratios mean nothing. This traces one request of each case on both, on each engine (SQLite's
// SQL_TRACE_FILE; PostgreSQL's own statement log), and fails at the first statement that differs:
// when the server's statements change, update the anchor's (docs/benchmarks.md, "Server").
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres } from '../dev/postgres-server.js';
import type { PostgresServer } from '../dev/postgres-server.js';
import { TRACED_CASES, traceCase } from '../bench/faithful.js';
import type { Traced } from '../bench/faithful.js';
import type { Citizen } from '../bench/fixtures.js';
import { benchCitizens, seedDatabase } from '../bench/fixtures.js';
import { postgresStatementsDuring, STATEMENT_LOG_SETTINGS } from '../bench/postgres-trace.js';
import { benchServerSettings } from '../bench/server-settings.js';
import { statementsDuring } from '../bench/trace.js';
import type { ServerProcess } from './server-process.js';
import { startServerProcess } from './server-process.js';

const serverDir = path.resolve(import.meta.dirname, '..');
const channel = { channelId: '1650009999', channelSecret: 'a-bench-channel-secret' };

/** An anchor in a process of its own, as `pnpm bench` starts it; resolves once it listens. */
function startAnchor(script: string, env: Record<string, string>): Promise<{ origin: string; stop: () => Promise<unknown> }> {
  const child = spawn(process.execPath, ['--conditions=@city/source', '--import', 'tsx', script], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /anchor listening at (\S+)/.exec(output);
      const stop = () => {
        child.kill('SIGTERM');
        return exited;
      };
      if (match?.[1] !== undefined) resolve({ origin: match[1], stop });
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    void exited.then((code) => {
      reject(new Error(`The anchor exited (${String(code)}) before listening:\n${output}`));
    });
  });
}

interface Pair {
  server: Traced;
  anchor: Traced;
}

/**
 * Each engine's server and anchor, started and traced as `pnpm bench` does: on SQLite each on a
 * file of its own; on PostgreSQL each on a database of its own in one server that logs statements.
 */
const ENGINES: Record<'sqlite' | 'postgres', (dir: string, stops: (() => Promise<unknown>)[]) => Promise<Pair>> = {
  sqlite: async (dir, stops) => {
    await seedDatabase({ databasePath: path.join(dir, 'server.sqlite') });
    await seedDatabase({ databasePath: path.join(dir, 'anchor.sqlite') });
    const settings = benchServerSettings({ databasePath: path.join(dir, 'server.sqlite'), channel, noAppDir: path.join(dir, 'no-app') });
    const [server, anchor] = await Promise.all([
      startServerProcess({ ...settings, HOST: '127.0.0.1', PORT: '0', SQL_TRACE_FILE: path.join(dir, 'server.sql') }),
      startAnchor('bench/anchor.ts', { DATABASE_PATH: path.join(dir, 'anchor.sqlite'), PORT: '0', SQL_TRACE_FILE: path.join(dir, 'anchor.sql') }),
    ]);
    stops.push(() => stopServer(server), anchor.stop);
    const traced = (origin: string, file: string): Traced => ({ origin, statementsDuring: (send) => statementsDuring(path.join(dir, file), send) });
    return { server: traced(server.origin, 'server.sql'), anchor: traced(anchor.origin, 'anchor.sql') };
  },
  postgres: async (dir, stops) => {
    const postgres: PostgresServer = await startPostgres({ settings: STATEMENT_LOG_SETTINGS });
    stops.push(postgres.stop);
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    const urlOf = (database: string) => postgres.url.replace(/\/postgres$/, `/${database}`);
    for (const database of ['server', 'anchor']) {
      await admin.query(`CREATE DATABASE ${database}`);
      await admin.query(`ALTER DATABASE ${database} SET log_statement = 'all'`);
      await seedDatabase({ databasePath: 'unused', databaseUrl: urlOf(database) });
    }
    await admin.end();
    const settings = benchServerSettings({ databasePath: path.join(dir, 'unused.sqlite'), channel, noAppDir: path.join(dir, 'no-app') });
    const [server, anchor] = await Promise.all([
      startServerProcess({ ...settings, DATABASE_URL: urlOf('server'), HOST: '127.0.0.1', PORT: '0' }),
      startAnchor('bench/postgres-anchor.ts', { DATABASE_URL: urlOf('anchor'), PORT: '0' }),
    ]);
    // The processes first, their database after.
    stops.unshift(() => stopServer(server), anchor.stop);
    const logFile = path.join(postgres.dataDirectory, 'log/postgres.log');
    const traced = (origin: string, database: string): Traced => ({ origin, statementsDuring: (send) => postgresStatementsDuring(logFile, database, send) });
    return { server: traced(server.origin, 'server'), anchor: traced(anchor.origin, 'anchor') };
  },
};

function stopServer(server: ServerProcess): Promise<unknown> {
  server.signal('SIGTERM');
  return server.exited;
}

describe.each(['sqlite', 'postgres'] as const)('on %s', (engine) => {
  const dir = mkdtempSync(path.join(tmpdir(), `city-bench-faithful-${engine}-`));
  const stops: (() => Promise<unknown>)[] = [];
  let pair: Pair | undefined;
  let citizen: Citizen | undefined;

  // Two processes of their own, started through tsx, and the demo data seeded twice: seconds each
  // on a loaded machine.
  beforeAll(async () => {
    citizen = (await benchCitizens(channel))[0];
    pair = await ENGINES[engine](dir, stops);
  }, 60_000);

  afterAll(async () => {
    for (const stop of stops) await stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(TRACED_CASES)("%s: the faithful anchor runs the server's statements, in the server's order", { timeout: 60_000 }, async (id) => {
    if (pair === undefined || citizen === undefined) throw new Error('not started');
    const trace = await traceCase(id, pair.server, pair.anchor, citizen);
    expect(trace.server.length).toBeGreaterThan(6); // the trace works: a submission is more than its transaction's control statements
    expect(trace.difference).toBeUndefined();
  });
});
