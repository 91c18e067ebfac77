// @ts-check
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

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
    // CI runs every package's checks at once on two cores: unit tests that take a second alone
    // (property runs, jsdom forms) took 5–6 s there, past vitest's 5 s. No test waits on a timer
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
 * Browser tests (e2e/): the production build in Debian's Chromium against the real server, one
 * file at a time (each starts a server and a browser, and the machine has two cores). Conditions
 * are awaited as long as in unit tests: at vitest's 1 s default a heading polled right after a
 * navigation ran out in CI while every package's tests ran at once, and one missed step of a
 * walk through the app failed every step after it. A test's own limit is the app's to set.
 */
export const browserTestConfig = defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    hookTimeout: 60_000,
    allowOnly: !process.env.CI,
    expect: { poll: { timeout: 15_000 } },
  },
});
