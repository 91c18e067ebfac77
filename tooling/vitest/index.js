// @ts-check
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig, mergeConfig } from 'vitest/config';

/** The export condition under which workspace packages point at their TypeScript source. */
export const sourceCondition = '@city/source';

/**
 * Shared test settings: workspace packages resolve to their source (no prebuild needed), a
 * focused test (`.only`) fails the run in CI instead of silently hiding the others, and a test
 * may take 20 s on a busy machine.
 */
export const baseTestConfig = defineConfig({
  resolve: { conditions: [sourceCondition, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [sourceCondition, ...defaultServerConditions] } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    allowOnly: !process.env.CI,
    // CI runs the packages' checks side by side on two cores (scripts/test.mjs), maybe beside other
    // work: unit tests that take a second alone (property runs, jsdom forms) took 5–6 s there. No test waits on a timer
    // (fake timers or a condition), so a longer limit only spares a busy machine; it hides nothing.
    testTimeout: 20_000,
    // expect.poll waits for a condition (never a sleep); its default of 1 s ran out on that busy
    // CI machine before a server's log line or a lock wait showed. It stops as soon as it holds.
    expect: { poll: { timeout: 15_000 } },
    // Type-level tests (*.test-d.ts) are checked by each package's `typecheck` task (tsc over src
    // and test, which fails on a broken expectTypeOf or an unused @ts-expect-error): vitest's own
    // typecheck ran the same tsc again in every package (40 s of CI's two cores for api-client).
  },
});

/**
 * Component tests in jsdom: the base settings, the jsdom environment, and files sharing a worker
 * thread's modules and its jsdom (not a fresh process and window per file). Measured on this
 * machine: 60 to 20 CPU-seconds for the ui package, 41 to 18 for the citizen app, 18 to 4 for the
 * console; CI runs them beside the server's tests on two cores. Each package's setup file cleans
 * the rendered tree after every test, so what a file leaves behind is only modules' state.
 */
export const jsdomTestConfig = mergeConfig(
  baseTestConfig,
  // 60 s a test: they run beside the other packages' checks and the browser suites on CI's two
  // cores, where a form filled key by key (user-event) took over 20 s. None waits on a timer.
  defineConfig({ test: { environment: 'jsdom', pool: 'threads', isolate: false, testTimeout: 60_000 } }),
);

/**
 * Browser tests (e2e/): the production build in Debian's Chromium against the real server, one
 * file at a time (each starts a server, and the machine has two cores). One Chromium for the run
 * (@city/browser-tests' global setup; each file opens its own contexts in it), and the files share
 * one worker's modules (playwright, the harness): a launch and an import of each per file cost some
 * 3 CPU-seconds a file, 90 of the two suites'. Each file still starts its own server on a fresh
 * database. Conditions are awaited as long as in unit tests: at vitest's 1 s default a heading
 * polled right after a navigation ran out in CI while every package's tests ran at once, and one
 * missed step of a walk through the app failed every step after it. A test's own limit is the
 * app's to set.
 */
export const browserTestConfig = defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: [fileURLToPath(import.meta.resolve('@city/browser-tests/global-setup'))],
    fileParallelism: false,
    isolate: false,
    hookTimeout: 60_000,
    allowOnly: !process.env.CI,
    expect: { poll: { timeout: 15_000 } },
  },
});
