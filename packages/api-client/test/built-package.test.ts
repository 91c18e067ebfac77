// Installs the package as a consumer gets it (packed tarball, built files only, its dependencies
// from this workspace) and uses the client and the contract from plain Node.js through `import`
// and `require`, against a real server on 127.0.0.1.
import { execFile, execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Packing and installing take seconds, not the milliseconds a unit test is allowed.
const SLOW = 120_000;
import type { TestServer } from './http-test-server.js';
import { startTestServer } from './http-test-server.js';

const packageDir = path.resolve(import.meta.dirname, '..');
const consumerDir = mkdtempSync(path.join(tmpdir(), 'api-client-consumer-'));
const modules = path.join(consumerDir, 'node_modules');
let server: TestServer;

/** Puts a dependency of the package where the consumer's Node.js finds it. */
function linkDependency(name: string) {
  const target = path.join(modules, name);
  mkdirSync(path.dirname(target), { recursive: true });
  symlinkSync(realpathSync(path.join(packageDir, 'node_modules', name)), target, 'dir');
}

/** Runs a consumer script and parses what it prints. Asynchronous: the test server answers from this process. */
async function runNode(file: string, source: string): Promise<unknown> {
  writeFileSync(path.join(consumerDir, file), source);
  const { stdout } = await promisify(execFile)(process.execPath, [file], { cwd: consumerDir, encoding: 'utf8' });
  return JSON.parse(stdout);
}

beforeAll(async () => {
  for (const dir of [packageDir, path.resolve(packageDir, '../core')]) {
    if (!existsSync(path.join(dir, 'dist', 'index.js'))) {
      throw new Error(`${dir}/dist is missing: run \`pnpm build\` (turbo runs it before this test).`);
    }
  }
  execFileSync('pnpm', ['pack', '--pack-destination', consumerDir], { cwd: packageDir, stdio: 'pipe' });
  const tarball = readdirSync(consumerDir).find((name) => name.endsWith('.tgz'));
  if (tarball === undefined) throw new Error('pnpm pack made no tarball');
  const installed = path.join(modules, '@city', 'api-client');
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', path.join(consumerDir, tarball), '-C', installed, '--strip-components=1']);
  // @city/survey-core as published: its package.json and built files only.
  const core = path.join(modules, '@city', 'survey-core');
  mkdirSync(core, { recursive: true });
  cpSync(path.resolve(packageDir, '../core/package.json'), path.join(core, 'package.json'));
  cpSync(path.resolve(packageDir, '../core/dist'), path.join(core, 'dist'), { recursive: true });
  linkDependency('ky');
  linkDependency('typebox');
  writeFileSync(path.join(consumerDir, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));

  server = await startTestServer();
  server.respond(() => ({ status: 200, body: { data: { surveyId: 'clinic', surveySchema: [] } } }));
}, SLOW);

afterAll(async () => {
  await server.close();
  rmSync(consumerDir, { recursive: true, force: true });
});

const useClient = (url: string) => `
  const api = createApiClient({ baseUrl: '${url}', getIdToken: () => 'token' });
  api.getSurveyConfig('clinic').then((result) => console.log(JSON.stringify({ isError: isApiError(result), result })));
`;

describe('the published @city/api-client', { timeout: SLOW }, () => {
  it('declares its runtime dependencies, including @city/survey-core by version', () => {
    const manifest = createRequire(import.meta.url)(path.join(modules, '@city', 'api-client', 'package.json')) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['@city/survey-core', 'ky', 'typebox']);
    expect(manifest.dependencies['@city/survey-core']).toMatch(/^\^\d+\.\d+\.\d+/);
  });

  it('works through import', async () => {
    const output = await runNode('esm.mjs', `import { createApiClient, isApiError } from '@city/api-client';\n${useClient(server.url)}`);
    expect(output).toEqual({ isError: false, result: { data: { surveyId: 'clinic', surveySchema: [] } } });
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer token');
  });

  it('works through require', async () => {
    const output = await runNode('cjs.cjs', `const { createApiClient, isApiError } = require('@city/api-client');\n${useClient(server.url)}`);
    expect(output).toEqual({ isError: false, result: { data: { surveyId: 'clinic', surveySchema: [] } } });
  });

  it('exposes the contract through import and require, with working JSON schemas', async () => {
    const check = (load: string) => `${load}
      const { endpoints, SurveyResultRowSchema } = contract;
      console.log(JSON.stringify({
        method: endpoints.cancelReservation.method,
        path: endpoints.cancelReservation.path,
        closed: SurveyResultRowSchema.additionalProperties,
        required: SurveyResultRowSchema.required.length,
      }));`;
    const expected = { method: 'POST', path: '/survey/api/v1/db/reservation/cancelItem', closed: false, required: 9 };
    expect(await runNode('contract.mjs', check("import * as contract from '@city/api-client/contract';"))).toEqual(expected);
    expect(await runNode('contract.cjs', check("const contract = require('@city/api-client/contract');"))).toEqual(expected);
  });
});
