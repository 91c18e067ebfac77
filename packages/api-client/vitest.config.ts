import { baseTestConfig } from '@city/vitest-config';
import { defineConfig, mergeConfig } from 'vitest/config';

export default mergeConfig(
  baseTestConfig,
  defineConfig({
    // The built-package test packs and installs the package, which takes longer than a unit test.
    test: { testTimeout: 120_000 },
  }),
);
