import { baseTestConfig } from '@city/vitest-config';
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';

/**
 * Files that run the same whatever engine the suite is on: pure code, SQLite's own file, migrations
 * and bench, PostgreSQL's own tests, the repository tests that already run on both engines
 * (ENGINES), and the cluster of three instances (PostgreSQL by nature). They run once, in the
 * `sqlite` project.
 */
const ENGINE_INDEPENDENT = [
  'test/*-repository.test.ts',
  'test/plain-repositories.test.ts',
  'test/postgres-*.test.ts',
  'test/cluster.test.ts',
  'test/backup-restore.test.ts',
  'test/bench-*.test.ts',
  'test/config.test.ts',
  'test/search-text.test.ts',
  'test/export-encoding.test.ts',
  'test/export-columns.test.ts',
  'test/sqlite-store.test.ts',
  'test/configuration-cache.test.ts',
  'test/migrations.test.ts',
  'test/slot-counts-migration.test.ts',
  'test/payments-migration.test.ts',
  'test/import-files.test.ts',
  'test/import-database.test.ts',
  'test/import-cli.test.ts',
  'test/stripe-provider.test.ts',
  'test/order-differences.test.ts',
  'test/folded-answers-migration.test.ts',
  'test/server-process.test.ts',
  'test/line-notices-at-scale.test.ts',
  'test/lottery-draw.test.ts',
];

// One suite on both engines (issue 25): the `sqlite` project runs every file on SQLite, the
// `postgres` project again on PostgreSQL (TEST_DATABASE, read by test/engines.ts) the files whose
// outcome depends on the engine. `vitest run --project postgres` runs one. One PostgreSQL per
// project for the whole run (test/postgres-global-setup.ts), and one migrated SQLite file that test
// databases are copied from (test/sqlite-template-setup.ts).
export default mergeConfig(
  baseTestConfig,
  defineConfig({
    test: {
      globalSetup: ['test/postgres-global-setup.ts', 'test/sqlite-template-setup.ts'],
      // Two files at a time even on two cores (vitest's default is one fewer than the cores): a
      // test waiting on PostgreSQL, a server process or the network leaves the other core free.
      maxWorkers: 2,
      // Files share a worker's modules instead of importing the whole server afresh each (some 120
      // files, twice): a quarter less CPU for the suite (14.5 to 10.9 CPU-minutes, measured), which
      // in CI runs beside the browser tests on two cores. Every file builds its own app, database
      // and clock (helpers.ts), restores its fake timers, and sets no module state of its own.
      isolate: false,
      // A test that starts an app of its own on PostgreSQL (its demo seed included) takes seconds
      // on a loaded CI machine, past vitest's 5 s; none waits on a timer, so a longer limit only
      // spares a slow machine, it hides nothing.
      testTimeout: 30_000,
      hookTimeout: 60_000,
      projects: [
        { extends: true, test: { name: 'sqlite', env: { TEST_DATABASE: 'sqlite' } } },
        { extends: true, test: { name: 'postgres', env: { TEST_DATABASE: 'postgres' }, exclude: [...configDefaults.exclude, ...ENGINE_INDEPENDENT] } },
      ],
    },
  }),
);
