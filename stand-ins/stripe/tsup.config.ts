import { nodeBuild } from '@city/tsup-config';
import { defineConfig } from 'tsup';

export default defineConfig(nodeBuild({ entry: { index: 'src/index.ts' } }));
