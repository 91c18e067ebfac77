import { browserTestConfig } from '@city/vitest-config';
import { defineConfig, mergeConfig } from 'vitest/config';

// Browser tests: the production build in Debian's Chromium against the real server (e2e/). The
// idle sign-out test waits out the real idle limit, hence the longer test limit.
export default mergeConfig(browserTestConfig, defineConfig({ test: { testTimeout: 90_000 } }));
