import { jsdomTestConfig } from '@city/vitest-config';
import { defineConfig, mergeConfig } from 'vitest/config';

export default mergeConfig(
  jsdomTestConfig,
  defineConfig({
    test: {
      setupFiles: ['./test/setup.ts'],
    },
  }),
);
