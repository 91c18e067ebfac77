// The one place the citizen app's scripts (scripts/lighthouse.ts) read the environment; what the
// browser tests read is in @city/browser-tests, and shared from there so both agree.
export { chromiumPath, searchPath } from '@city/browser-tests';

/** The pnpm running this script (pnpm sets it for package scripts), to run another package's script with. */
export const pnpmExecPath = process.env.npm_execpath;
