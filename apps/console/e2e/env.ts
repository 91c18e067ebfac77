// The one place the browser tests read the environment.

/** Where Debian's Chromium is; `CHROMIUM_PATH` overrides it. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The PATH handed to the server process the tests start. */
export const searchPath = process.env.PATH ?? '';
