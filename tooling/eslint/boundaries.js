// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';

/**
 * @typedef {{ target: string | string[], from: string | string[], except?: string[], message?: string }} Zone
 * A part of the code (`target`) that may not import another (`from`). Paths are relative to the
 * package folder the config is in.
 */

/**
 * Flat config that keeps the rooms of a package apart: `import-x/no-restricted-paths` with these
 * zones, resolving imports as TypeScript does (so `./routes.js` is `routes.ts`).
 * @param {string} packageDir the folder of the package (its eslint.config.js's folder)
 * @param {Zone[]} zones
 * @returns {import('eslint').Linter.Config[]}
 */
export function importBoundaries(packageDir, zones) {
  return [
    {
      files: ['src/**/*.{ts,tsx}'],
      plugins: { 'import-x': /** @type {import('eslint').ESLint.Plugin} */ (/** @type {unknown} */ (importX)) },
      settings: {
        'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(packageDir, 'tsconfig.json') })],
      },
      rules: {
        'import-x/no-restricted-paths': ['error', { basePath: packageDir, zones }],
      },
    },
  ];
}

/**
 * The sub-folders of `folder` (relative to `packageDir`), as relative paths: the rooms that
 * {@link apart} keeps from each other.
 * @param {string} packageDir
 * @param {string} folder
 */
export function subfolders(packageDir, folder) {
  return readdirSync(path.join(packageDir, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `./${path.posix.join(folder, entry.name)}`);
}

/**
 * Zones in which each of `rooms` may not import `what(other)` of any other room: whole rooms
 * (features that must not know each other), or a part of them (another module's routes).
 * @param {string[]} rooms
 * @param {(room: string) => string} what
 * @param {string} message
 * @returns {Zone[]}
 */
export function apart(rooms, what, message) {
  return rooms.flatMap((room) => {
    const others = rooms.filter((other) => other !== room).map(what);
    return others.length === 0 ? [] : [{ target: room, from: others, message }];
  });
}
