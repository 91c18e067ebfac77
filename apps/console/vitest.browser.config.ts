import { defineConfig } from 'vitest/config';

// Browser tests: the production build in Debian's Chromium against the real server (e2e/). One
// file at a time: each starts a server and a browser.
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
    allowOnly: !process.env.CI,
  },
});
