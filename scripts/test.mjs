// `pnpm test`: every check, in lanes that keep two cores busy until the end (docs/adr/0058).
// - The builds, then the browser suites side by side, and beside them the other packages' tests
//   and the size check, which need the builds too.
// - From the start: the server's suite (the largest task, on SQLite and PostgreSQL), and typecheck,
//   lint and the Storybook build, which read the packages' source and need no build.
// Started all at once, fifty tasks on two cores took longer in total and failed tests that wait
// for a page; in turbo's own order the server's suite started six minutes in. No lane runs under
// `nice`: beside other work on the machine (a busy core), niced lanes got a tenth of that core and
// the run neared CI's limit. Exits non-zero when any task fails; turbo prefixes every line with its task.
import { spawn } from 'node:child_process';
import { constants as osConstants } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const turbo = fileURLToPath(new URL('../node_modules/.bin/turbo', import.meta.url));

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
    const child = spawn(turbo, ['run', ...args], { cwd: root, stdio: 'inherit' });
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
// read it. Typecheck, lint, the Storybook build and the server's tests use the packages' source.
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
  turboRun(['typecheck', 'lint', 'build-storybook', 'transit', '--only', '--concurrency=2']),
]);
process.exit(codes.find((code) => code !== 0) ?? 0);
