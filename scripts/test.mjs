// `pnpm test`: every check, in lanes that keep two cores busy until the end (docs/adr/0058).
// - The builds, then the browser suites side by side: the long pole, waiting on pages and servers
//   more than computing, at normal priority.
// - Beside them under `nice`, taking whatever CPU those leave, from the start: the server's suite
//   (the largest task, on SQLite and PostgreSQL); typecheck, lint and the Storybook build, which
//   need no build; and once the builds are there, the other packages' tests and the size check.
// Started all at once, fifty tasks on two cores took longer in total and failed tests that wait
// for a page. Exits non-zero when any task fails; turbo prefixes every line with its task.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const turbo = fileURLToPath(new URL('../node_modules/.bin/turbo', import.meta.url));
const LOW_PRIORITY = 10;

/** Runs `turbo run …args` (under `nice` when `niceness` is given); answers its exit code. */
function turboRun(args, niceness) {
  const [command, commandArgs] = niceness === undefined ? [turbo, ['run', ...args]] : ['nice', ['-n', String(niceness), turbo, 'run', ...args]];
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal === null ? 1 : 128)));
  });
}

// --only: each lane runs just the tasks it names. The builds are the first lane's alone: a second
// turbo run restoring them from its cache would rewrite dist/ while the browser suites' servers
// read it. Typecheck, lint, the Storybook build and the server's tests use the packages' source.
async function builtThenBrowsers() {
  const built = await turboRun(['build', '--concurrency=2']);
  if (built !== 0) return built;
  const [browsers, others] = await Promise.all([
    turboRun(['e2e', '--only']),
    turboRun(['test', 'size', '--filter=!@city/server', '--only', '--concurrency=2'], LOW_PRIORITY),
  ]);
  return browsers !== 0 ? browsers : others;
}

const codes = await Promise.all([
  builtThenBrowsers(),
  turboRun(['test', 'test:bench', '--filter=@city/server', '--only', '--concurrency=1'], LOW_PRIORITY),
  turboRun(['typecheck', 'lint', 'build-storybook', '--only', '--concurrency=2'], LOW_PRIORITY),
]);
process.exit(codes.find((code) => code !== 0) ?? 0);
