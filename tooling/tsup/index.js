// @ts-check
/**
 * The build every published @city/* package shares: ESM + CJS + .d.ts from src/index.ts.
 * Plain tsup options only (entry, format, dts, sourcemap, clean, external) so that a move to
 * tsdown stays a one-file change.
 *
 * @param {{ external?: string[] }} [options]
 * @returns {import('tsup').Options}
 */
export function libraryBuild(options = {}) {
  return {
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    external: options.external ?? [],
  };
}
