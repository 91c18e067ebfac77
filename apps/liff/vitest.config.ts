import { jsdomTestConfig } from '@city/vitest-config';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';

// Unit and component tests (jsdom). The browser tests against the real server are in e2e/.
export default mergeConfig(
  jsdomTestConfig,
  defineConfig({
    plugins: [react()],
    test: {
      setupFiles: ['./test/setup.ts'],
      projects: [
        { extends: true, test: { name: 'app', exclude: [...configDefaults.exclude, 'src/entry-server.test.tsx'] } },
        // The server's render (React's prerender) in a worker of its own: in the worker the app's
        // component tests share (isolate: false), it left React state behind that broke about
        // every other run of theirs ("You cannot render a <Router> inside another <Router>").
        // A project's include adds to the shared one, so everything else is excluded instead.
        {
          extends: true,
          test: { name: 'server-render', isolate: true, exclude: [...configDefaults.exclude, 'test/**', 'src/**/*.test.ts', 'src/**/!(entry-server).test.tsx'] },
        },
      ],
    },
  }),
);
