// Installs the package as a consumer gets it (packed tarball, built files only) and uses it from
// plain Node.js through both `import` and `require`, and from TypeScript with Node16 resolution.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Packing and installing take seconds, not the milliseconds a unit test is allowed.
const SLOW = 120_000;

const packageDir = path.resolve(import.meta.dirname, '..');
const consumerDir = mkdtempSync(path.join(tmpdir(), 'survey-core-consumer-'));
const installedDir = path.join(consumerDir, 'node_modules', '@city', 'survey-core');

const usage = `
  const rows = buildSurveyResultRows({
    config: {
      surveyId: 'clinic',
      surveySchema: [
        { itemKey: 'name', type: 'text', title: 'お名前' },
        { itemKey: 'visit', type: 'radio', title: '受診歴', options: ['初診', '再診'] },
      ],
    },
    userId: 'U1',
    answers: { name: '山田太郎', visit: '再診' },
  });
  console.log(JSON.stringify(rows.map((row) => [row.partitionKey, row.sortKey, row.userSearchKey, row.check])));
`;
const expectedRows = [
  ['clinic#U1', 'name', 'name#山田太郎', '未対応'],
  ['clinic#U1', 'visit#初診', 'visit#初診#', '未対応'],
  ['clinic#U1', 'visit#再診', 'visit#再診', '未対応'],
];

function runNode(file: string): unknown {
  return JSON.parse(execFileSync(process.execPath, [file], { cwd: consumerDir, encoding: 'utf8' }));
}

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** Type-checks a consumer file strictly; throws with the compiler's report as its message. */
function compile(file: string): void {
  try {
    execFileSync(process.execPath, [tsc, '--noEmit', '--strict', '--module', 'nodenext', file], {
      cwd: consumerDir,
      encoding: 'utf8',
    });
  } catch (error) {
    throw new Error(String((error as { stdout?: string }).stdout));
  }
}

/** The body of the first fenced block of the given language after a heading line. */
function readmeBlock(readme: string, heading: string, language: string): string {
  const start = readme.indexOf(heading);
  const match = new RegExp('```' + language + '\\n([\\s\\S]*?)```').exec(readme.slice(start));
  if (start < 0 || match?.[1] === undefined) throw new Error(`README has no ${language} block after ${heading}`);
  return match[1];
}

beforeAll(() => {
  if (!existsSync(path.join(packageDir, 'dist', 'index.js'))) {
    throw new Error('packages/core/dist is missing: run `pnpm build` (turbo runs it before this test).');
  }
  execFileSync('pnpm', ['pack', '--pack-destination', consumerDir], { cwd: packageDir, stdio: 'pipe' });
  const tarball = readdirSync(consumerDir).find((name) => name.endsWith('.tgz'));
  if (tarball === undefined) throw new Error('pnpm pack made no tarball');
  mkdirSync(installedDir, { recursive: true });
  execFileSync('tar', ['-xzf', path.join(consumerDir, tarball), '-C', installedDir, '--strip-components=1']);
  writeFileSync(path.join(consumerDir, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
}, SLOW);

afterAll(() => {
  rmSync(consumerDir, { recursive: true, force: true });
});

describe('the published @city/survey-core', { timeout: SLOW }, () => {
  it('ships the build, its source for source maps, and no tests', () => {
    expect(existsSync(path.join(installedDir, 'dist', 'index.cjs'))).toBe(true);
    expect(existsSync(path.join(installedDir, 'dist', 'index.d.ts'))).toBe(true);
    expect(existsSync(path.join(installedDir, 'src', 'rows.ts'))).toBe(true);
    expect(existsSync(path.join(installedDir, 'src', 'rows.test.ts'))).toBe(false);
  });

  it('works through import', () => {
    writeFileSync(path.join(consumerDir, 'esm.mjs'), `import { buildSurveyResultRows } from '@city/survey-core';\n${usage}`);
    expect(runNode('esm.mjs')).toEqual(expectedRows);
  });

  it('works through require', () => {
    writeFileSync(path.join(consumerDir, 'cjs.cjs'), `const { buildSurveyResultRows } = require('@city/survey-core');\n${usage}`);
    expect(runNode('cjs.cjs')).toEqual(expectedRows);
  });

  it('type-checks in a strict TypeScript consumer, ESM and CommonJS, and catches misuse', () => {
    const typed = `import { buildSurveyResultRows, type SurveyResultRow } from '@city/survey-core';
const rows: SurveyResultRow[] = buildSurveyResultRows({
  config: { surveyId: 's', surveySchema: [{ itemKey: 'a', type: 'radio', title: 't', options: ['x'] }] },
  userId: 'U1',
  answers: { a: 'x' },
});
export const first: string | undefined = rows[0]?.sortKey;
`;
    writeFileSync(path.join(consumerDir, 'typed.mts'), typed);
    writeFileSync(path.join(consumerDir, 'typed.cts'), typed);
    writeFileSync(
      path.join(consumerDir, 'misuse.mts'),
      `import { buildSurveyResultRows } from '@city/survey-core';
// A radio item without options must not compile.
buildSurveyResultRows({ config: { surveyId: 's', surveySchema: [{ itemKey: 'a', type: 'radio', title: 't' }] }, userId: 'U1', answers: {} });
`,
    );
    compile('typed.mts');
    compile('typed.cts');
    expect(() => {
      compile('misuse.mts');
    }).toThrow(/options/);
  });

  it('runs the README example exactly as documented: it type-checks and prints the README output', () => {
    const readme = readFileSync(path.join(packageDir, 'README.md'), 'utf8');
    const example = readmeBlock(readme, '## Example', 'ts');
    const documentedOutput = readmeBlock(readme, 'Output:', 'text');
    writeFileSync(path.join(consumerDir, 'readme-example.mts'), example);
    compile('readme-example.mts');
    const js = ts.transpileModule(example, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    writeFileSync(path.join(consumerDir, 'readme-example.mjs'), js);
    const printed = execFileSync(process.execPath, ['readme-example.mjs'], { cwd: consumerDir, encoding: 'utf8' });
    expect(printed).toBe(documentedOutput);
  });
});
