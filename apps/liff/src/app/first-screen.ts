// The screens the server renders as HTML before any JavaScript runs (issue 31): those whose first
// screen shows nothing of a citizen's own: the login screen, a survey's form (its title and
// questions; the server leaves out surveys for members), a calendar's week opened by its address
// (its places and slots: anyone's), and the confirm screen and the receipt: on a page load their
// frame (the citizen's answers live in the tab's memory, and an order is the citizen's own: the
// app fills those in). The server renders them with no session,
// and hands the app the state it rendered with (a script element after #root); the app hydrates
// them with that same state, then takes the session it has. Every other screen starts from
// index.html's frame and renders on the client, as before.
import { matchPath } from 'react-router';
import { paths } from '../config/paths.js';
import type { ServerState } from '../store/server-state.js';

const SERVER_RENDERED = [paths.login.pattern, paths.survey.pattern, paths.calendarSlots.pattern, paths.confirm.pattern, paths.receipt.pattern];

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
