// @ts-check
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { findImportCycles } from './find-import-cycles.js';

/** A package on disk with these files (and a tsconfig.json taking them all). */
function packageWith(/** @type {Record<string, string>} */ files) {
  const dir = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'Preserve', moduleResolution: 'Bundler', noEmit: true }, include: ['src'] }));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

test('finds no cycle in a tree of imports', () => {
  const dir = packageWith({
    'src/app.ts': "import { a } from './a.js';\nexport const app = a;",
    'src/a.ts': "import type { B } from './b.js';\nexport const a: B = 1;",
    'src/b.ts': 'export type B = number;',
  });
  try {
    assert.deepEqual(findImportCycles(dir), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('finds a cycle closed by a type-only import, and one closed by a lazy import', () => {
  const dir = packageWith({
    'src/app.ts': "import { routes } from './routes/index.js';\nexport type Deps = { n: number };\nexport const app = routes;",
    'src/routes/index.ts': "import type { Deps } from '../app.js';\nexport const routes = (deps: Deps) => deps.n;",
    'src/router.ts': "export const page = () => import('./page.js');",
    'src/page.ts': "import { page } from './router.js';\nexport const again = page;",
  });
  try {
    const cycles = findImportCycles(dir);
    assert.deepEqual(cycles.map((cycle) => cycle.join(' -> ')).sort(), [
      'src/app.ts -> src/routes/index.ts -> src/app.ts',
      'src/page.ts -> src/router.ts -> src/page.ts',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('reads a package of plain JavaScript without a tsconfig.json', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'import-cycles-js-'));
  writeFileSync(path.join(dir, 'base.js'), "import node from './node.js';\nexport default [node];");
  writeFileSync(path.join(dir, 'node.js'), "import base from './base.js';\nexport default base;");
  writeFileSync(path.join(dir, 'react.js'), "import node from './node.js';\nexport default node;");
  try {
    assert.deepEqual(findImportCycles(dir), [['base.js', 'node.js', 'base.js']]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
