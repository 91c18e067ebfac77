import { libraryBuild } from '@city/tsup-config';
import { defineConfig } from 'tsup';

export default defineConfig(
  libraryBuild({ entry: { index: 'src/index.ts', 'member-card': 'src/member-card.ts', styles: 'src/styles.css' }, external: ['react', 'react-dom'] }),
);
