// One PostgreSQL for the whole test run (vitest's globalSetup), with the migrated template: every
// test file copies its databases from it (postgres-databases.ts) instead of starting a server of
// its own (an initdb and a start each). Without Debian's PostgreSQL binaries nothing starts here,
// and the tests that need PostgreSQL say what to install when they run.
import type { TestProject } from 'vitest/node';
import { createTemplate } from './postgres-databases.js';
import { postgresBinaries } from '../src/backup.js';
import { startPostgres } from '../dev/postgres-server.js';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (postgresBinaries() === undefined) {
    project.provide('postgresUrl', undefined);
    return undefined;
  }
  const server = await startPostgres();
  try {
    await createTemplate(server);
  } catch (error) {
    await server.stop();
    throw error;
  }
  project.provide('postgresUrl', server.url);
  return server.stop;
}
