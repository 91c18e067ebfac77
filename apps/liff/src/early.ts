// A script of its own, loaded by index.html beside the app: see lib/early-requests.ts.
import { startEarlyRequests } from './lib/early-requests.js';

let local: Storage | null = null;
try {
  local = window.localStorage;
} catch {
  // Storage blocked: no override can be set either.
}
try {
  startEarlyRequests(window.location, window.sessionStorage, local);
} catch {
  // Never in the way: the app asks for everything itself.
}
