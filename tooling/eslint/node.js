// @ts-check
import globals from 'globals';
import tseslint from 'typescript-eslint';
import base from './base.js';

/** Flat config for code that runs on Node.js (servers, scripts, package tests). */
export default tseslint.config(...base, {
  languageOptions: { globals: { ...globals.node } },
});
