#!/usr/bin/env node
// @ts-check
// `check-import-cycles [packageDir]`: prints every import circle among the package's own files and
// exits 1 if there is any (each package runs it as part of `lint`).
import process from 'node:process';
import { findImportCycles } from './find-import-cycles.js';

const packageDir = process.argv[2] ?? process.cwd();
const cycles = findImportCycles(packageDir);
if (cycles.length === 0) {
  console.log('No import cycles.');
} else {
  console.error(`${cycles.length} import cycle(s) (type-only and lazy imports count too):`);
  for (const cycle of cycles) console.error(`- ${cycle.join(' -> ')}`);
  process.exitCode = 1;
}
