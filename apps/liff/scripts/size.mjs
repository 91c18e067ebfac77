// Prints what a phone downloads before the first screen: the entry chunk and every chunk it
// imports statically (gzip), from the production build's manifest; then, for each screen (a
// route's lazily loaded page), that plus the screen's own chunks: what its first paint waits for.
// Fails when a development build of React or react-router is in the shipped code, or when the
// initial JavaScript grows past the budget (raise it on purpose, with the reason, in a decision record: docs/adr/0043).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * Initial JavaScript budget, gzip: what every route loads first, whatever the route (issue 31).
 * 118.6 KiB on 2026-11-27, down from 145.9: RTK Query and the API client now arrive with the first
 * screen that reads server data (store/data-layer.ts, lib/lazy-api-client.ts), react-router's
 * unused components are left out (vite-plugins/tree-shake-react-router.ts), terser minifies, and
 * the look-up and calendar screens' texts left messages.ts. Raise it only on purpose, with the
 * reason, in a decision record (docs/adr/0043-initial-javascript-budget-and-terser.md).
 */
const INITIAL_BUDGET_BYTES = 120 * 1024;

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8'));
// Every entry index.html loads: the app (src/main.tsx) and the early requests (src/early.ts).
const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entryKeys.length === 0) throw new Error('No entry in dist/.vite/manifest.json: run `pnpm --filter @city/liff build` first.');

const initial = new Set();
const visit = (key) => {
  if (initial.has(key)) return;
  initial.add(key);
  for (const imported of manifest[key].imports ?? []) visit(imported);
};
for (const key of entryKeys) visit(key);

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
async function measure(key) {
  const code = await readFile(join(dist, manifest[key].file));
  // The source it came from names a chunk better than its hash (`src/lib/liff.ts`, not `liff-x1y2.js`).
  const name = manifest[key].isEntry ? `${manifest[key].src ?? manifest[key].name} (entry)` : (manifest[key].src ?? manifest[key].name ?? manifest[key].file);
  return { file: manifest[key].file, name, raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

const initialChunks = await Promise.all([...initial].map(measure));
const lazyChunks = await Promise.all(Object.keys(manifest).filter((key) => !initial.has(key) && manifest[key].file.endsWith('.js')).map(measure));
const total = initialChunks.reduce((sum, chunk) => sum + chunk.gzip, 0);

console.log('Initial JavaScript (entry + static imports):');
for (const chunk of initialChunks) console.log(`  ${chunk.name.padEnd(50)} ${kib(chunk.raw).padStart(10)}  gzip ${kib(chunk.gzip).padStart(9)}`);
console.log(`  ${'total'.padEnd(50)} ${''.padStart(10)}  gzip ${kib(total).padStart(9)}  (budget ${kib(INITIAL_BUDGET_BYTES)})`);
// Each screen whole: the initial JavaScript, and the screen's chunk with every chunk it imports
// statically that the initial ones do not hold, the data layer among them. A screen the server
// renders is painted before any of it runs (docs/adr/0042-first-screen-rendered-by-the-server.md); the others wait for all of it.
const gzipOf = new Map([...initialChunks, ...lazyChunks].map((chunk) => [chunk.file, chunk.gzip]));
const screens = [...new Set(entryKeys.flatMap((key) => manifest[key].dynamicImports ?? []))].filter((key) => /-page(?:\.tsx)?$/.test(manifest[key].src ?? manifest[key].name ?? ''));
const closureOf = (key, seen = new Set()) => {
  if (seen.has(key) || initial.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closureOf(imported, seen);
  return seen;
};
console.log("Each screen whole (initial + the chunks the screen imports):");
for (const key of screens.sort()) {
  const own = [...closureOf(key)].reduce((sum, chunk) => sum + (gzipOf.get(manifest[chunk].file) ?? 0), 0);
  const name = manifest[key].src ?? `${manifest[key].name ?? key} (chunk)`;
  console.log(`  ${name.padEnd(50)} ${''.padStart(10)}  gzip ${kib(total + own).padStart(9)}  (+${kib(own)})`);
}
console.log('Lazy chunks (loaded with their screen):');
for (const chunk of lazyChunks.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${chunk.name.padEnd(50)} ${kib(chunk.raw).padStart(10)}  gzip ${kib(chunk.gzip).padStart(9)}`);

// The source maps name every module in a chunk: none may be a development build.
const development = [];
for (const chunk of [...initialChunks, ...lazyChunks]) {
  const mapText = await readFile(join(dist, `${chunk.file}.map`), 'utf8').catch(() => {
    throw new Error(`No source map for ${chunk.file}: the build must keep sourcemap: true (vite.config.ts) for this check.`);
  });
  const map = JSON.parse(mapText);
  for (const source of map.sources) if (/\/(?:development\/|cjs\/[^/]*\.development\.js$)/.test(source)) development.push(source);
}
if (development.length > 0) {
  console.error(`Development builds in the production bundle:\n  ${development.join('\n  ')}`);
  process.exit(1);
}
console.log('React and react-router: production builds.');
if (total > INITIAL_BUDGET_BYTES) {
  console.error(`The initial JavaScript (${kib(total)} gzip) is over its budget of ${kib(INITIAL_BUDGET_BYTES)}.`);
  process.exit(1);
}
