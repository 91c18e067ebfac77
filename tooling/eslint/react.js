// @ts-check
import globals from 'globals';
import tseslint from 'typescript-eslint';
import node from './node.js';

/** Flat config for a browser app (React): browser globals in `src/`, Node.js for its tests and scripts. */
export default tseslint.config(...node, {
  files: ['src/**/*.{ts,tsx}'],
  languageOptions: { globals: { ...globals.browser } },
});
