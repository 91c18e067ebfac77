// @ts-check
// The one place the shared browser-test harness reads the environment.
import { existsSync } from 'node:fs';

/** Debian's full Chromium, for Lighthouse (`pnpm lighthouse`); `CHROMIUM_PATH` overrides it. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser tests' Chromium: Debian's headless shell (package `chromium-headless-shell`, the
 * same Chromium release built for automation alone, as Playwright runs headless), or the full
 * browser where the shell is not installed; `CHROMIUM_PATH` overrides both (docs/adr/0059).
 */
export const testChromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(DEBIAN_HEADLESS_SHELL) ? DEBIAN_HEADLESS_SHELL : '/usr/bin/chromium');

/** The PATH handed to the server process the tests start. */
export const searchPath = process.env.PATH ?? '';
