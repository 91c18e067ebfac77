// Prints what a phone downloads before the first screen: the entry chunk and every chunk it
// imports statically (gzip), from the production build's manifest. Lazy screens are listed apart.
// Fails when a development build of React or react-router is in the shipped code.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (entryKey === undefined) throw new Error('No entry in dist/.vite/manifest.json: run `pnpm --filter @city/liff build` first.');

const initial = new Set();
const visit = (key) => {
  if (initial.has(key)) return;
  initial.add(key);
  for (const imported of manifest[key].imports ?? []) visit(imported);
};
visit(entryKey);

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
async function measure(key) {
  const code = await readFile(join(dist, manifest[key].file));
  return { file: manifest[key].file, raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

const initialChunks = await Promise.all([...initial].map(measure));
const lazyChunks = await Promise.all(Object.keys(manifest).filter((key) => !initial.has(key) && manifest[key].file.endsWith('.js')).map(measure));
const total = initialChunks.reduce((sum, chunk) => sum + chunk.gzip, 0);

console.log('Initial JavaScript (entry + static imports):');
for (const chunk of initialChunks) console.log(`  ${chunk.file.padEnd(40)} ${kib(chunk.raw).padStart(10)}  gzip ${kib(chunk.gzip).padStart(9)}`);
console.log(`  ${'total'.padEnd(40)} ${''.padStart(10)}  gzip ${kib(total).padStart(9)}`);
console.log('Lazy chunks (loaded with their screen):');
for (const chunk of lazyChunks.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${chunk.file.padEnd(40)} ${kib(chunk.raw).padStart(10)}  gzip ${kib(chunk.gzip).padStart(9)}`);

// The source maps name every module in a chunk: none may be a development build.
const development = [];
for (const chunk of [...initialChunks, ...lazyChunks]) {
  const map = JSON.parse(await readFile(join(dist, `${chunk.file}.map`), 'utf8'));
  for (const source of map.sources) if (/\/(?:development\/|cjs\/[^/]*\.development\.js$)/.test(source)) development.push(source);
}
if (development.length > 0) {
  console.error(`Development builds in the production bundle:\n  ${development.join('\n  ')}`);
  process.exit(1);
}
console.log('React and react-router: production builds.');
