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
