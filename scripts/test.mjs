// `pnpm test`: every check, in lanes that keep two cores busy until the end (docs/adr/0058).
// - The builds, then the browser suites side by side, and beside them the other packages' tests
//   and the size check, which need the builds too.
// - From the start: the server's suite (the largest task, on SQLite and PostgreSQL), and each
//   package's `check` (its type check and lint over one program, tooling/eslint's
//   typecheck-and-lint) and the Storybook build, which read the packages' source and need no build.
// Started all at once, fifty tasks on two cores took longer in total and failed tests that wait
// for a page; in turbo's own order the server's suite started six minutes in. No lane runs under
// `nice`: beside other work on the machine (a busy core), niced lanes got a tenth of that core and
// the run neared CI's limit. Exits non-zero when any task fails; turbo prefixes every line with its task.
import { spawn } from 'node:child_process';
import { accessSync, constants as fsConstants, statfsSync } from 'node:fs';
import { constants as osConstants } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const turbo = fileURLToPath(new URL('../node_modules/.bin/turbo', import.meta.url));

/** Room the run's throwaway files need at most (PostgreSQL's data folders are the largest). */
const SCRATCH_NEEDED_BYTES = 2 * 1024 ** 3;

/**
 * Where the run's throwaway files go: memory (`/dev/shm`) when it has room and TMPDIR names no
 * place of its own. The server's suite makes and drops tens of thousands of files (a PostgreSQL
 * database copied or truncated per test, a SQLite file per test): on ext4 the kernel's inode
 * allocator took a fifth of the suite's CPU (400 CPU-s, 101 of them in the kernel; 328 and 61 in
 * memory). A small /dev/shm (a container's 64 MiB) is left alone.
 */
function scratchFolder() {
  if (process.env.TMPDIR) return undefined;
  try {
    accessSync('/dev/shm', fsConstants.W_OK);
    const { bavail, bsize } = statfsSync('/dev/shm');
    return bavail * bsize >= SCRATCH_NEEDED_BYTES ? '/dev/shm' : undefined;
  } catch {
    return undefined;
  }
}
const scratch = scratchFolder();
const env = scratch === undefined ? process.env : { ...process.env, TMPDIR: scratch };

/** The lanes' turbo processes, to pass a stop on to. */
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
  });
}

/** Runs `turbo run …args`; answers its exit code (128 + the signal's number when one ended it). */
function turboRun(args) {
  return new Promise((resolve) => {
    const child = spawn(turbo, ['run', ...args], { cwd: root, env, stdio: 'inherit' });
    running.add(child);
    child.on('error', (error) => {
      running.delete(child);
      console.error(`turbo run ${args.join(' ')} did not start: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? 128 + (signal === null ? 0 : osConstants.signals[signal]));
    });
  });
}

// --only: each lane runs just the tasks it names. The builds are the first lane's alone: a second
// turbo run restoring them from its cache would rewrite dist/ while the browser suites' servers
// read it. The checks, the Storybook build and the server's tests use the packages' source.
// Each lane names `transit` too (a task with no script): --only drops every dependency it does
// not name, and `^transit` is what puts a package's dependencies' sources in its tasks' hashes.
async function builtThenBrowsers() {
  const built = await turboRun(['build', '--concurrency=2']);
  if (built !== 0) return built;
  const [browsers, others] = await Promise.all([
    turboRun(['e2e', 'transit', '--only']),
    // Without the server's tasks (its own lane's); the apps' unit tests do not use the server.
    turboRun(['test', 'size', 'transit', '--filter=!@city/server', '--only', '--concurrency=2']),
  ]);
  return browsers !== 0 ? browsers : others;
}

const codes = await Promise.all([
  builtThenBrowsers(),
  turboRun(['@city/server#test', '@city/server#test:bench', 'transit', '--only', '--concurrency=1']),
  turboRun(['check', 'build-storybook', 'transit', '--only', '--concurrency=2']),
]);
process.exit(codes.find((code) => code !== 0) ?? 0);
