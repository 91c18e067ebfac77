import { browserTestConfig } from '@city/vitest-config';
import { defineConfig, mergeConfig } from 'vitest/config';

// Browser tests: the production build in Debian's Chromium against the real server (e2e/).
export default mergeConfig(browserTestConfig, defineConfig({ test: { testTimeout: 60_000 } }));
