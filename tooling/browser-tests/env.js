// @ts-check
// The one place the shared browser-test harness reads the environment.

/** Where Debian's Chromium is; `CHROMIUM_PATH` overrides it. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The PATH handed to the server process the tests start. */
export const searchPath = process.env.PATH ?? '';
