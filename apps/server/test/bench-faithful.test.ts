// The statement-faithful anchor of `pnpm bench` (bench/anchor.ts) must run exactly the SQL
// statements the server runs for the same request, or its ratio means nothing. This traces one
// request of each case on both (SQL_TRACE_FILE) and fails at the first statement that differs:
// when the server's statements change, update the anchor's (apps/server/README.md, "Benchmark").
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TRACED_CASES, traceCase } from '../bench/faithful.js';
import type { Traced } from '../bench/faithful.js';
import type { Citizen } from '../bench/fixtures.js';
import { benchCitizens, seedDatabase } from '../bench/fixtures.js';
import { benchServerSettings } from '../bench/server-settings.js';
import type { ServerProcess } from './server-process.js';
import { startServerProcess } from './server-process.js';

const serverDir = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(tmpdir(), 'city-bench-faithful-'));
const channel = { channelId: '1650009999', channelSecret: 'a-bench-channel-secret' };
let server: ServerProcess | undefined;
let anchor: { origin: string; stop: () => Promise<unknown> } | undefined;
let citizen: Citizen | undefined;

/** bench/anchor.ts in a process of its own, as `pnpm bench` starts it; resolves once it listens. */
function startAnchor(env: Record<string, string>): Promise<{ origin: string; stop: () => Promise<unknown> }> {
  const child = spawn(process.execPath, ['--conditions=@city/source', '--import', 'tsx', 'bench/anchor.ts'], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
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

// Two processes of their own, started through tsx, and the demo data seeded twice: seconds each
// on a loaded machine.
beforeAll(async () => {
  await seedDatabase(path.join(dir, 'server.sqlite'));
  await seedDatabase(path.join(dir, 'anchor.sqlite'));
  citizen = (await benchCitizens(channel))[0];
  const settings = benchServerSettings({ databasePath: path.join(dir, 'server.sqlite'), channel, noAppDir: path.join(dir, 'no-app') });
  [server, anchor] = await Promise.all([
    startServerProcess({ ...settings, HOST: '127.0.0.1', PORT: '0', SQL_TRACE_FILE: path.join(dir, 'server.sql') }),
    startAnchor({ DATABASE_PATH: path.join(dir, 'anchor.sqlite'), PORT: '0', SQL_TRACE_FILE: path.join(dir, 'anchor.sql') }),
  ]);
}, 60_000);

afterAll(async () => {
  server?.signal('SIGTERM');
  await Promise.all([server?.exited, anchor?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

it.each(TRACED_CASES)("%s: the faithful anchor runs the server's statements, in the server's order", { timeout: 60_000 }, async (id) => {
  if (server === undefined || anchor === undefined || citizen === undefined) throw new Error('not started');
  const traced = (origin: string, file: string): Traced => ({ origin, traceFile: path.join(dir, file) });
  const trace = await traceCase(id, traced(server.origin, 'server.sql'), traced(anchor.origin, 'anchor.sql'), citizen);
  expect(trace.server.length).toBeGreaterThan(6); // the trace works: a submission is more than its transaction's four
  expect(trace.difference).toBeUndefined();
});
