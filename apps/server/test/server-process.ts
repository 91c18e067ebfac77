// A test's own server process: src/server.ts through tsx, as an operator starts it (what it writes,
// how it stops), with exactly the environment given.
import { spawn } from 'node:child_process';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '..');

export interface ServerProcess {
  origin: string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Everything written to standard output and error so far. */
  output: () => string;
  signal: (name: NodeJS.Signals) => void;
}

/** Starts the server with `env` (and nothing else); resolves once it listens, rejects if it exits first. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--conditions=@city/source', '--import', 'tsx', 'src/server.ts'], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', resolve);
  });
  const origin = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      // Up to a space, a quote or a colour code (the readable format colours its lines).
      // eslint-disable-next-line no-control-regex -- the escape character of a colour code ends the address
      const match = /listening at (http:\/\/[^\s"\u001b]+)/.exec(output);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    void exited.then((code) => {
      reject(new Error(`The server exited (${String(code)}) before listening:\n${output}`));
    });
  });
  return { origin, exited, output: () => output, signal: (name) => child.kill(name) };
}
