// A script of its own, loaded by index.html beside the app: see lib/early-requests.ts; and, on a
// screen the server rendered, what loads the app after its first paint (lib/first-paint.ts).
import { FIRST_SCREEN_IN_PAGE_ATTRIBUTE, startEarlyRequests } from './lib/early-requests.js';
import { loadAppAfterFirstPaint } from './lib/first-paint.js';

try {
  loadAppAfterFirstPaint(document, (url) => import(/* @vite-ignore */ url));
} catch {
  // Nothing to load: the page linked the app itself.
}

let local: Storage | null = null;
try {
  local = window.localStorage;
} catch {
  // Storage blocked: no override can be set either.
}
try {
  startEarlyRequests(window.location, window.sessionStorage, local, document.documentElement.hasAttribute(FIRST_SCREEN_IN_PAGE_ATTRIBUTE));
} catch {
  // Never in the way: the app asks for everything itself.
}
