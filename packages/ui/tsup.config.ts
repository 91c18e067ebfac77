import { libraryBuild } from '@city/tsup-config';
import { defineConfig } from 'tsup';

// The stylesheet is named first: listed after two TypeScript entries, the declaration build
// (tsup's bundled rollup-plugin-dts) puts it into a TypeScript program and fails (TS6054).
// `member-card` is an entry of its own so that qrcode and jsbarcode stay out of the main one.
export default defineConfig(
  libraryBuild({ entry: { styles: 'src/styles.css', index: 'src/index.ts', 'member-card': 'src/member-card.ts' }, external: ['react', 'react-dom'] }),
);
