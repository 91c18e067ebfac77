// The screens the server renders as HTML before any JavaScript runs (issue 31): the first screen of
// every route, rendered with no session, so showing only what is anyone's: the login screen, a
// survey's form (its title and questions; the server leaves out surveys for members), a
// calendar's week opened by its address (its places and slots), and elsewhere the screen's frame
// as a page load has it (its heading, and its loading state or its "nothing to show": what is the
// citizen's, the app fills in). The server hands the app the state it rendered with (a script
// element after #root); the app hydrates the screen with that same state, then takes the session
// it has. Left to the app, from index.html's frame: an address no route knows, the site's root
// (where LIFF starts and moves to its liff.state address), and the login addresses that only
// redirect.
import { matchPath } from 'react-router';
import { paths } from '../config/paths.js';
import type { ServerState } from '../store/server-state.js';

const APP_RENDERED: string[] = [paths.notFound.pattern, paths.loginSurvey.pattern, paths.loginMember.pattern];
const SERVER_RENDERED = Object.values(paths)
  .map((path) => path.pattern as string)
  .filter((pattern) => !APP_RENDERED.includes(pattern));

/** Whether the server renders `pathname`'s first screen (and the app hydrates it). */
export function isServerRendered(pathname: string): boolean {
  return SERVER_RENDERED.some((pattern) => matchPath(pattern, pathname) !== null);
}

/** The attribute the server sets on `#root` when it rendered the first screen inside it. */
export const SERVER_RENDERED_ATTRIBUTE = 'data-first-screen';

/** The script element after `#root` that holds the state the server rendered with. */
const SERVER_STATE_ELEMENT_ID = 'server-state';

/** The element the server puts after `#root`: the state as JSON (`<` escaped: it cannot close the script). */
export function serverStateElement(state: ServerState): string {
  return `<script id="${SERVER_STATE_ELEMENT_ID}" type="application/json">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`;
}

/** The state the server rendered the page's first screen with; undefined when the page holds none. */
export function readServerState(document: Document): ServerState | undefined {
  const text = document.getElementById(SERVER_STATE_ELEMENT_ID)?.textContent ?? '';
  if (text === '') return undefined;
  return JSON.parse(text) as ServerState;
}
