// LINE Login's web flow (spec sections 4 and 7): the authorize redirect and its state check.
import { OAUTH_STATE_KEY } from './session.js';

/** A random integer below 100000 (spec section 9), from the browser's secure generator. */
export function newOauthState(): number {
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
  return value % 100_000;
}

/** LINE's authorize URL with the spec's query: code flow, `profile openid`, no iOS auto login. */
export function buildAuthorizeUrl(options: { authorizeUrl: string; clientId: string; redirectUri: string; state: number }): string {
  const url = new URL(options.authorizeUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    state: String(options.state),
    scope: 'profile openid',
    disable_ios_auto_login: 'true',
  }).toString();
  return url.toString();
}

/** Stores a new state and returns the authorize URL to send the browser to. */
export function startWebLogin(storage: Storage, options: { authorizeUrl: string; clientId: string; redirectUri: string }): string {
  const state = newOauthState();
  storage.setItem(OAUTH_STATE_KEY, String(state));
  return buildAuthorizeUrl({ ...options, state });
}

/**
 * Compares the state LINE sent back with the stored one, and forgets the stored one either way (a
 * state is good for one return only).
 */
export function takeOauthState(storage: Storage, returned: string | null): boolean {
  const stored = storage.getItem(OAUTH_STATE_KEY);
  storage.removeItem(OAUTH_STATE_KEY);
  return stored !== null && returned !== null && stored === returned;
}
