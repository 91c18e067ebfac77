// The LINE session of spec section 3, kept in session storage under the spec's keys.

export const SESSION_KEYS = {
  idToken: 'liffIdToken',
  accessToken: 'liffAccessToken',
  refreshToken: 'liffRefreshToken',
  profile: 'liffProfile',
} as const;

/** Where the web login keeps its `state` between leaving for LINE and coming back (spec section 4). */
export const OAUTH_STATE_KEY = 'lineOauthStateKey';
/** The path to return to after logging in (stored when a session is lost). */
export const RETURN_PATH_KEY = 'loginReturnPath';
/** The reservation-complete flag (spec section 2), removed whenever the page becomes hidden. */
export const RESERVATION_COMPLETE_KEY = 'reservationComplite';

export interface LineProfile {
  userId: string;
  displayName: string;
  pictureUrl?: string;
}

export interface Session {
  idToken: string;
  accessToken: string;
  refreshToken: string;
  profile: LineProfile;
  /** The `sub` of the ID token: the first identity it names. */
  userId: string;
}

/** Thrown when stored session items are missing (spec section 8). */
export const SESSION_NOT_FOUND = 'Not found LIFF Session';
/** Thrown when a session is built from incomplete tokens (spec section 8). */
export const TOKENS_MISSING = 'Id token and Access Token must be present';

/** The user id in an ID token (its `sub`), or undefined when the token cannot be read. */
export function userIdFromIdToken(idToken: string): string | undefined {
  const payload = idToken.split('.')[1];
  if (payload === undefined) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (char) => char.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as { sub?: unknown };
    return typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Builds a session from tokens. Throws 'Id token and Access Token must be present' when either is
 * missing (or the ID token names no user).
 */
export function createSession(tokens: {
  idToken: string | null | undefined;
  accessToken: string | null | undefined;
  refreshToken?: string | null | undefined;
  profile: LineProfile;
}): Session {
  const { idToken, accessToken } = tokens;
  const userId = idToken ? userIdFromIdToken(idToken) : undefined;
  if (!idToken || !accessToken || userId === undefined) throw new Error(TOKENS_MISSING);
  return { idToken, accessToken, refreshToken: tokens.refreshToken ?? '', profile: { ...tokens.profile, userId }, userId };
}

/** Stores a session under the spec's keys. */
export function saveSession(storage: Storage, session: Session): void {
  storage.setItem(SESSION_KEYS.idToken, session.idToken);
  storage.setItem(SESSION_KEYS.accessToken, session.accessToken);
  storage.setItem(SESSION_KEYS.refreshToken, session.refreshToken);
  storage.setItem(SESSION_KEYS.profile, JSON.stringify(session.profile));
}

/** The stored session. Throws 'Not found LIFF Session' when any piece is missing or unreadable. */
export function readSession(storage: Storage): Session {
  const idToken = storage.getItem(SESSION_KEYS.idToken);
  const accessToken = storage.getItem(SESSION_KEYS.accessToken);
  const refreshToken = storage.getItem(SESSION_KEYS.refreshToken);
  const profileText = storage.getItem(SESSION_KEYS.profile);
  if (idToken === null || accessToken === null || refreshToken === null || profileText === null) {
    throw new Error(SESSION_NOT_FOUND);
  }
  let profile: LineProfile;
  try {
    profile = JSON.parse(profileText) as LineProfile;
  } catch {
    throw new Error(SESSION_NOT_FOUND);
  }
  try {
    return createSession({ idToken, accessToken, refreshToken, profile });
  } catch {
    throw new Error(SESSION_NOT_FOUND);
  }
}

/** The stored session, or null when there is none. */
export function findSession(storage: Storage): Session | null {
  try {
    return readSession(storage);
  } catch {
    return null;
  }
}

/** Forgets the session (and everything else in session storage, as the spec's expiry does). */
export function clearSessionStorage(storage: Storage): void {
  storage.clear();
}
