import { baseTestConfig } from '@city/vitest-config';
import { defineConfig, mergeConfig } from 'vitest/config';

// One PostgreSQL for the run, shared by every test file (test/postgres-global-setup.ts).
export default mergeConfig(baseTestConfig, defineConfig({ test: { globalSetup: ['test/postgres-global-setup.ts'] } }));
