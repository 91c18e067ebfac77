import { browserTestConfig } from '@city/vitest-config';
import { defineConfig, mergeConfig } from 'vitest/config';

// Browser tests: the production build in Debian's Chromium against the real server (e2e/). A test
// walks several screens (an import, an export), hence a longer limit than the citizen app's.
export default mergeConfig(browserTestConfig, defineConfig({ test: { testTimeout: 90_000 } }));
