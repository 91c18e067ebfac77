import { nodeBuild } from '@city/tsup-config';
import { defineConfig } from 'tsup';

// Production runs dist/server.js with plain node; dependencies (workspace packages included) stay
// imports, resolved to their own builds.
export default defineConfig(nodeBuild({ entry: { server: 'src/server.ts' } }));
