// @ts-check
import globals from 'globals';
import tseslint from 'typescript-eslint';
import base from './base.js';

/** Flat config for code that runs on Node.js (servers, scripts, package tests). */
export default tseslint.config(
  ...base,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Fastify plugins and handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests index fixtures they just built; a wrong `!` fails the test loudly anyway.
    files: ['**/*.test.ts', 'test/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
