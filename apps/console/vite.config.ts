import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defaultClientConditions, defineConfig } from 'vite';

// react-router 7's package exports name only its development build (dist/development), whatever
// the mode; its production build sits beside it in dist/production, without the development-only
// warnings and checks. Every build uses that one; the dev server keeps the warnings.
const reactRouterDist = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist');

export default defineConfig(({ command }) => ({
  // The server serves the build at /console/ (apps/server/src/console-app.ts).
  base: '/console/',
  plugins: [react()],
  resolve: {
    // In the workspace, @city/* packages resolve to their TypeScript source (the @city/source
    // condition), so the console builds without building the packages first.
    conditions: ['@city/source', ...defaultClientConditions],
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: join(reactRouterDist, 'production/index.mjs') },
            { find: /^react-router\/dom$/, replacement: join(reactRouterDist, 'production/dom-export.mjs') },
          ]
        : [],
  },
  build: { sourcemap: true, target: 'es2022' },
  server: {
    // `pnpm dev`: the staff API of `pnpm start` (port 3000) behind Vite. STAFF_API_PREFIX spelled
    // out: Vite loads this file without the workspace's source condition.
    proxy: { '/console/api': 'http://127.0.0.1:3000' },
  },
}));
