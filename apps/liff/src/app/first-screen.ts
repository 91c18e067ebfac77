// The screens the server renders as HTML before any JavaScript runs (issue 31): those that show
// nothing of a citizen's identity. The server renders them with no session; the app hydrates them
// with no session too (the same markup), then takes the session it has. Every other screen starts
// from index.html's frame and renders on the client, as before.
import { paths } from '../config/paths.js';

const SERVER_RENDERED = new Set<string>([paths.login.to()]);

/** Whether the server renders `pathname`'s first screen (and the app hydrates it). */
export function isServerRendered(pathname: string): boolean {
  return SERVER_RENDERED.has(pathname.toLowerCase());
}

/** The attribute the server sets on `#root` when it rendered the first screen inside it. */
export const SERVER_RENDERED_ATTRIBUTE = 'data-first-screen';
