// @ts-check
/**
 * The build every published @city/* package shares: ESM + CJS + .d.ts, from src/index.ts unless
 * the package names its entries. Plain tsup options only (entry, format, dts, sourcemap, clean,
 * external) so that a move to tsdown stays a one-file change.
 *
 * @param {{ entry?: Record<string, string>, external?: string[] }} [options]
 * @returns {import('tsup').Options}
 */
export function libraryBuild(options = {}) {
  return {
    entry: options.entry ?? { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    external: options.external ?? [],
  };
}

/**
 * The build of what only runs in this workspace on Node (the server, the stand-ins, the demo
 * data): ESM JavaScript that plain `node` runs, no type declarations (inside the workspace types
 * come from the source, through the `@city/source` condition). Dependencies stay imports.
 *
 * @param {{ entry: Record<string, string> }} options
 * @returns {import('tsup').Options}
 */
export function nodeBuild(options) {
  return {
    entry: options.entry,
    format: ['esm'],
    sourcemap: true,
    clean: true,
  };
}
