import { baseTestConfig } from '@city/vitest-config';
import { defineConfig, mergeConfig } from 'vitest/config';

export default mergeConfig(
  baseTestConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      // user-event drives whole forms in jsdom: a second alone, past vitest's 5 s in CI while the
      // other packages' checks run beside it on two cores. No test waits on a timer: a longer
      // limit only spares a busy machine.
      testTimeout: 20_000,
      setupFiles: ['./test/setup.ts'],
    },
  }),
);
