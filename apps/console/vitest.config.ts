import { jsdomTestConfig } from '@city/vitest-config';
import react from '@vitejs/plugin-react';
import { defineConfig, mergeConfig } from 'vitest/config';

// Unit and component tests (jsdom). The browser tests against the real server are in e2e/.
export default mergeConfig(
  jsdomTestConfig,
  defineConfig({
    plugins: [react()],
    test: { setupFiles: ['./test/setup.ts'] },
  }),
);
