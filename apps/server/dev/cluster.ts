// `pnpm start:cluster` (the root's scripts/start.mjs builds first, then runs this in apps/server):
// one PostgreSQL on a temporary folder (Debian's binaries, see postgres-server.ts) and three server
// instances of the build (dist/server.js, with the `start` script's node flags) on ports 3001 to
// 3003 (CLUSTER_PORTS=4001,4002,4003 to choose), all on that one database: what a prefecture-wide
// deployment runs behind its load balancer. Each line an instance writes is prefixed with its port.
// Ctrl-C stops the instances, then PostgreSQL (its folder goes with it).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { startPostgres } from './postgres-server.js';

const serverDir = new URL('..', import.meta.url);
// eslint-disable-next-line no-restricted-syntax -- passed on whole to the instances, which read it in their env.ts
const given = process.env;
const ports = (given.CLUSTER_PORTS ?? '3001,3002,3003').split(',').map((port) => Number(port.trim()));
if (ports.length === 0 || ports.some((port) => !Number.isInteger(port) || port <= 0 || port > 65535)) {
  console.error('CLUSTER_PORTS must list ports, comma-separated (e.g. 3001,3002,3003)');
  process.exit(2);
}
const startScript = (JSON.parse(readFileSync(new URL('package.json', serverDir), 'utf8')) as { scripts: { start: string } }).scripts.start;
const nodeFlags = startScript.split(/\s+/).filter((word) => word.startsWith('--'));

console.log('Starting PostgreSQL…');
const postgres = await startPostgres();
const admin = new pg.Client({ connectionString: postgres.url });
await admin.connect();
await admin.query('CREATE DATABASE city');
await admin.end();
const databaseUrl = postgres.url.replace(/\/postgres$/, '/city');
console.log(`PostgreSQL is listening at ${databaseUrl}`);

const instances: ChildProcess[] = [];
let stopping = false;
async function stopAll(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await Promise.all(
      instances.map(
        (instance) =>
          new Promise<void>((resolve) => {
            if (instance.exitCode !== null || instance.signalCode !== null) resolve();
            else {
              instance.once('exit', () => {
                resolve();
              });
              instance.kill('SIGTERM');
            }
          }),
      ),
    );
    await postgres.stop();
  }
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stopAll(0));

/** Starts one instance; resolves once it listens. */
function startInstance(port: number): Promise<void> {
  // Everything this process was given (NODE_ENV, LINE_…, PAYMENT_…), plus the shared database; their
  // output comes through a pipe: readable lines all the same when this runs in a terminal.
  const logFormat = given.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : undefined);
  const env = { ...given, DATABASE_URL: databaseUrl, PORT: String(port), ...(logFormat === undefined ? {} : { LOG_FORMAT: logFormat }) };
  const instance = spawn(process.execPath, [...nodeFlags, 'dist/server.js'], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  instances.push(instance);
  return new Promise((resolve, reject) => {
    for (const stream of [instance.stdout, instance.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        console.log(`[${port}] ${line}`);
        if (line.includes('listening at')) resolve();
      });
    }
    instance.once('exit', (code) => {
      if (!stopping) {
        console.error(`[${port}] exited (${String(code)}); stopping the cluster`);
        reject(new Error(`instance on ${port} exited`));
        void stopAll(1);
      }
    });
  });
}

// All at once, as an orchestrator starts replicas: the migrations run under an advisory lock, once.
await Promise.all(ports.map(startInstance));
console.log(`\n${ports.length} instances on one PostgreSQL:\n${ports.map((port) => `  http://127.0.0.1:${port}/login`).join('\n')}\nCtrl-C stops them all.`);
