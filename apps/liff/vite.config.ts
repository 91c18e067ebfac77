import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defaultClientConditions, defineConfig } from 'vite';
import { paths } from './src/config/paths.js';
import { earlyScript } from './vite-plugins/early-script.js';
import { inlineCss } from './vite-plugins/inline-css.js';
import { precompress } from './vite-plugins/precompress.js';
import { routePreloads } from './vite-plugins/route-preloads.js';
import { treeShakeReactRouter } from './vite-plugins/tree-shake-react-router.js';

// react-router 7's package exports name only its development build (dist/development), whatever
// the mode; its production build sits beside it in dist/production, without the development-only
// warnings and checks. Every build (any --mode) uses that one; the dev server keeps the warnings.
const reactRouterDist = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist');

export default defineConfig(({ command, isSsrBuild }) => ({
  // The survey form's early requests as a script of their own; build only: the stylesheet inside
  // index.html, the first screen's chunks for the server to preload, and .br/.gz of every file.
  // The server's build (src/entry-server.tsx, the first screens it renders) is code only.
  plugins: isSsrBuild === true ? [react()] : [react(), treeShakeReactRouter({ packageDir: reactRouterDist }), earlyScript({ entry: 'src/early.ts' }), inlineCss(), routePreloads({ router: 'src/app/router.tsx', paths, alongside: { 'src/store/api-slice.ts': 'src/lib/api-client-code.ts' } }), precompress()],
  resolve: {
    // In the workspace, @city/* packages resolve to their TypeScript source (the @city/source
    // condition), so the app builds without building the packages first.
    conditions: ['@city/source', ...defaultClientConditions],
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: join(reactRouterDist, 'production/index.mjs') },
            { find: /^react-router\/dom$/, replacement: join(reactRouterDist, 'production/dom-export.mjs') },
          ]
        : [],
  },
  // The manifest lets scripts/size.mjs find the entry chunk and its static imports.
  build: {
    // The server's build goes where the server reads it and never serves it (dist/.vite is not served).
    ...(isSsrBuild === true ? { outDir: 'dist/.vite/ssr', emptyOutDir: true, copyPublicDir: false } : {}),
    sourcemap: true,
    target: 'es2022',
    // terser: 3 % smaller than esbuild here, mostly on React DOM (docs/adr/0043-initial-javascript-budget-and-terser.md); the server's build is not minified.
    minify: isSsrBuild === true ? false : 'terser',
    manifest: isSsrBuild !== true,
    // Rollup merges a chunk smaller than this (pure code only, never changing what runs when)
    // into a chunk loaded in the same cases: a small chunk is not worth a request of its own, and
    // a phone opens at most six connections to a host, so a seventh file waits a round trip. With
    // 2 KiB the survey form needs 4 route files (with 1 KiB, 5 since the calendars: core's
    // reservation rules alone); the not-found screen and PageLayout go into the entry (docs/adr/0044-first-paint-from-the-html.md).
    rollupOptions: isSsrBuild === true ? {} : { output: { experimentalMinChunkSize: 2048 } },
  },
  server: {
    // `pnpm dev`: the API and the LINE stand-in of `pnpm start` (port 3000) behind Vite. These are
    // @city/api-client's API_PREFIX and DEV_STAND_INS_PATH, spelled out: Vite loads this file
    // without the workspace's source condition, so it cannot import them unbuilt.
    proxy: { '/survey/api': 'http://127.0.0.1:3000', '/__dev': 'http://127.0.0.1:3000' },
  },
}));
