// The processes a bench starts: a server (or an anchor) logging to a file in the bench's folder,
// ready once it answers HTTP, and stopped as an operator stops it. Shared by run.ts and surge.ts.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
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
