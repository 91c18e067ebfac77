// A real PostgreSQL for tests and development, without Docker: Debian's server binaries (`.ci/run`
// installs the `postgresql` package when they are missing) on a fresh data directory in a temporary
// folder, listening on 127.0.0.1 on a free port. It stops when asked, and otherwise when the process
// that started it exits (its folder goes with it).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postgresBinaries } from '../src/backup.js';
import { freePort } from './free-port.js';

export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  port: number;
  /** Its data directory (a relative `log_directory` setting is under it). */
  dataDirectory: string;
  /** Stops the server (fast shutdown) and removes its folder. */
  stop: () => Promise<void>;
}

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user the package made. */
const asServerUser = (command: string, args: string[]): [string, string[]] =>
  process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];

/**
 * Starts a PostgreSQL server on a new data directory; resolves once it accepts connections.
 * `settings`: more server settings (`name=value`, each passed as `-c`), e.g. a statement log.
 */
export async function startPostgres(options: { settings?: string[] } = {}): Promise<PostgresServer> {
  const bin = postgresBinaries();
  if (bin === undefined) throw new Error("PostgreSQL's binaries were not found: install Debian's postgresql package (.ci/run does)");
  const dir = mkdtempSync(path.join(tmpdir(), 'city-postgres-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) {
    const owner = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim();
    const group = execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim();
    chownSync(dir, Number(owner), Number(group));
  }
  chmodSync(dir, 0o700);
  const [initdb, initdbArgs] = asServerUser(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
  execFileSync(initdb, initdbArgs, { stdio: 'pipe' });
  const port = await freePort();
  // Tests need no durability: no fsync, no full pages; sockets only in the test's own folder.
  const settings = ['-p', String(port), '-h', '127.0.0.1', '-k', dir, '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200', ...(options.settings ?? []).flatMap((setting) => ['-c', setting])];
  const [postgres, postgresArgs] = asServerUser(path.join(bin, 'postgres'), ['-D', data, ...settings]);
  const server = spawn(postgres, postgresArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  server.stderr.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  // The server's own process id, from its pid file once it runs: the child may be runuser, which
  // does not pass signals on. SIGINT is PostgreSQL's "fast" shutdown (transactions rolled back, no
  // waiting for clients).
  let postmaster: number | undefined;
  const signal = () => {
    try {
      if (postmaster !== undefined) process.kill(postmaster, 'SIGINT');
      else server.kill('SIGINT');
    } catch {
      // Already gone.
    }
  };
  // With the process that started it, whatever ends it normally. (A process killed outright gets no
  // say: its server then stops at the next machine restart, its folder with the temporary files.)
  const onExit = () => {
    signal();
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  const exited = new Promise<void>((resolve) => {
    server.once('exit', () => {
      // Never signal a number that may since belong to another process.
      postmaster = undefined;
      process.off('exit', onExit);
      resolve();
    });
  });
  const stop = async () => {
    signal();
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const isReady = path.join(bin, 'pg_isready');
  for (let attempt = 0; ; attempt++) {
    if (server.exitCode !== null || server.signalCode !== null) {
      await stop();
      throw new Error(`PostgreSQL did not start:\n${log}`);
    }
    const pidFile = path.join(data, 'postmaster.pid');
    if (postmaster === undefined && existsSync(pidFile)) postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]) || undefined;
    if (spawnSync(isReady, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-q']).status === 0 && postmaster !== undefined) break;
    if (attempt > 200) {
      await stop();
      throw new Error(`PostgreSQL did not accept connections within 20 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100)); // not accepting connections yet: ask again
  }
  return { url: `postgres://postgres@127.0.0.1:${String(port)}/postgres`, port, dataDirectory: data, stop };
}
