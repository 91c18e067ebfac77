// @ts-check
// vitest's globalSetup for a browser suite: one Chromium for the whole run, which each test file
// connects to (useBrowserWorld's `browserEndpoint`) for contexts of its own, instead of launching
// and closing one per file. Closed when the run ends.
import { chromium } from 'playwright-core';
import { testChromiumPath } from './env.js';
import { CHROMIUM_ARGS } from './index.js';

/**
 * @param {{ provide: (key: 'browserEndpoint', value: string) => void }} project vitest's TestProject
 * @returns {Promise<() => Promise<void>>}
 */
export default async function setup(project) {
  const browserServer = await chromium.launchServer({ executablePath: testChromiumPath, args: CHROMIUM_ARGS });
  project.provide('browserEndpoint', browserServer.wsEndpoint());
  return () => browserServer.close();
}
