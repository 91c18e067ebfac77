// The processes a bench starts: a server (or an anchor) logging to a file in the bench's folder,
// ready once it answers HTTP, and stopped as an operator stops it. Shared by run.ts and surge.ts.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { openSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../dev/free-port.js';
import { searchPath } from './env.js';

export interface StartedProcess {
  origin: string;
  pid: number | undefined;
  child: ChildProcess;
}

/**
 * Starts `command args` in `cwd` with `env` (the search path, a free port on 127.0.0.1) and
 * resolves once it answers HTTP. Its output goes to `<name>.log` in `logDir`, as an operator's
 * service manager would take it; never through a pipe the bench must drain while it measures.
 */
export async function startListening(name: string, [command, args]: [string, string[]], options: { cwd: string; env: Record<string, string>; logDir: string }): Promise<StartedProcess> {
  const port = await freePort();
  const log = openSync(path.join(options.logDir, `${name}.log`), 'a');
  const child = spawn(command, args, { cwd: options.cwd, env: { PATH: searchPath(), ...options.env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', log, log] });
  const origin = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${String(child.exitCode)}); see its log in ${options.logDir}`);
    try {
      await fetch(origin);
      return { origin, pid: child.pid, child };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50)); // not listening yet: poll again
    }
  }
}

/** SIGTERM, and wait for the exit: the servers close their databases (and write the profile) first. */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => {
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * CPU (ms) from a /proc/<pid>/stat text (clock ticks, 100 a second): user and system, and the same
 * of the children it has waited for (PostgreSQL's postmaster holds there its ended backends').
 */
const cpuOfStat = (stat: string): { command: string; ms: number; systemMs: number; childrenMs: number } => {
  const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ms = (field: number) => (Number(fields[field]) * 1000) / 100;
  return { command, ms: ms(11) + ms(12), systemMs: ms(12), childrenMs: ms(13) + ms(14) };
};

/**
 * CPU time (user + system, ms) a process has used, and of it the kernel's (system calls: sockets,
 * files), from Linux's /proc; undefined elsewhere. Per request, it tells what each server costs
 * even when other work on the machine skews throughput.
 */
export function cpuTimes(pid: number | undefined): { ms: number; systemMs: number } | undefined {
  try {
    const { ms, systemMs } = cpuOfStat(readFileSync(`/proc/${String(pid)}/stat`, 'utf8'));
    return { ms, systemMs };
  } catch {
    return undefined;
  }
}

/** {@link cpuTimes}' user + system (ms). */
export const cpuMs = (pid: number | undefined): number | undefined => cpuTimes(pid)?.ms;

/**
 * CPU time (ms) every running process named `command` (e.g. `postgres`) has used, with their ended
 * children's (a PostgreSQL backend whose connection closed), from /proc; 0 elsewhere.
 */
export function cpuMsOfCommand(command: string): number {
  let total = 0;
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const pid of entries) {
    try {
      const stat = cpuOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      if (stat.command === command) total += stat.ms + stat.childrenMs;
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}
