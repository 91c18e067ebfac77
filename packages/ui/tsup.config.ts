import { libraryBuild } from '@city/tsup-config';
import { defineConfig } from 'tsup';

export default defineConfig(
  libraryBuild({ entry: { index: 'src/index.ts', styles: 'src/styles.css' }, external: ['react', 'react-dom'] }),
);
