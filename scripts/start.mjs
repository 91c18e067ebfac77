// `pnpm start`: builds the citizen app, the staff console and the server, then runs the server as production does
// (plain node on the build), saying what it is doing meanwhile. `pnpm start:cluster` (--cluster)
// runs three instances of the build on one PostgreSQL instead (apps/server/dev/cluster.ts). Ctrl-C stops it quietly with exit
// code 0. package.json runs this with `exec`, so no shell stands between pnpm and this process: a
// shell would be killed by the Ctrl-C and pnpm would report the normal stop as a failure.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverDir = fileURLToPath(new URL('../apps/server/', import.meta.url));
// Node's flags as the server's own `start` script (production's command) gives them.
const serverStart = JSON.parse(readFileSync(new URL('../apps/server/package.json', import.meta.url), 'utf8')).scripts.start;
const nodeFlags = serverStart.split(/\s+/).filter((word) => word.startsWith('--'));

/** The child running now, and whether the person asked to stop. */
let current;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    // Ctrl-C reaches every process of the terminal's command anyway; a signal sent to this one
    // alone (a process manager, pnpm passing Ctrl-C on) is passed to the child.
    current?.kill(signal);
  });
}

/** Runs a command with this terminal; answers its exit code, or null when a signal ended it. */
function run(command, args, cwd) {
  return new Promise((resolve) => {
    current = spawn(command, args, { cwd, stdio: 'inherit' });
    current.once('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(1);
    });
    current.once('exit', (code) => {
      current = undefined;
      resolve(code);
    });
  });
}

console.log('Building the citizen app, the staff console and the server (about a minute the first time)…');
const built = await run('turbo', ['run', 'build', '--filter=@city/liff', '--filter=@city/console', '--filter=@city/server', '--output-logs=errors-only'], root);
if (stopping) process.exit(0);
if (built !== 0) {
  console.error('The build failed (see above); nothing was started.');
  process.exit(built ?? 1);
}
const cluster = process.argv.includes('--cluster');
console.log(cluster ? 'Starting PostgreSQL and three server instances…' : 'Starting the server…');
const served = cluster
  ? await run(process.execPath, ['--conditions=@city/source', '--import', 'tsx', 'dev/cluster.ts'], serverDir)
  : await run(process.execPath, [...nodeFlags, 'dist/server.js'], serverDir);
// Asked to stop: done, unless the server said it could not close cleanly.
if (stopping && served !== 1) process.exit(0);
process.exit(served ?? 1);
