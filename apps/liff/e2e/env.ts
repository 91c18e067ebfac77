// The one place the browser tests (and scripts/lighthouse.ts) read the environment.

/** Where Debian's Chromium is; `CHROMIUM_PATH` overrides it. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The PATH handed to the server process the tests start. */
export const searchPath = process.env.PATH ?? '';
/** The pnpm running this script (pnpm sets it for package scripts), to run another package's script with. */
export const pnpmExecPath = process.env.npm_execpath;
