// `pnpm test`: every check, in an order that keeps two cores busy until the end. The browser
// suites are the long pole: they wait on pages and servers more than they compute, so they run
// first (once the builds they need are there), side by side, at normal priority; everything else
// (typecheck, lint, unit and server tests, the size check, the Storybook build) runs beside them at
// a lower priority and takes whatever CPU they leave. Started all at once, fifty tasks on two cores
// took longer in total and failed tests that wait for a page (docs/benchmarks.md, "Test run").
// Exits non-zero when any task fails; turbo prefixes every line with its task.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const turbo = fileURLToPath(new URL('../node_modules/.bin/turbo', import.meta.url));

/** Runs turbo with `args` (under `nice` when `niceness` is given); answers its exit code. */
function turboRun(args, niceness) {
  const [command, commandArgs] = niceness === undefined ? [turbo, args] : ['nice', ['-n', String(niceness), turbo, ...args]];
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal === null ? 1 : 128)));
  });
}

// What the browser suites run on: every package's build (the server, both apps and what they import).
const built = await turboRun(['run', 'build', '--concurrency=2']);
if (built !== 0) process.exit(built);

// --only: the builds are done (or cached); neither run restores them again under the other's feet
// (a cache hit rewrites dist/, which the browser suites' servers are reading).
const [browsers, rest] = await Promise.all([
  turboRun(['run', 'e2e', '--only']),
  turboRun(['run', 'typecheck', 'lint', 'test', 'test:bench', 'size', 'build-storybook', '--only', '--concurrency=3'], 10),
]);
process.exit(browsers !== 0 ? browsers : rest);
