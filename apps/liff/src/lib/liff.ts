// Inside the LINE app: the LIFF SDK gives the ID token. Pluggable SDK (`@line/liff/core`) with only
// the modules used. This module is loaded only when the app runs as a LIFF app.
import liff from '@line/liff/core';
import GetAccessToken from '@line/liff/get-access-token';
import GetIDToken from '@line/liff/get-id-token';
import GetProfile from '@line/liff/get-profile';
import IsInClient from '@line/liff/is-in-client';
import IsLoggedIn from '@line/liff/is-logged-in';
import Login from '@line/liff/login';
import type { LineProfile } from './session.js';

export interface LiffTokens {
  idToken: string | null;
  accessToken: string | null;
  profile: LineProfile;
}

/** A test user's LIFF tokens from the LINE stand-in (development and tests only). */
export interface MockLiffUser {
  idToken: string;
  accessToken: string;
  profile: LineProfile;
}

export interface LiffSession {
  /** Null when LIFF is sending the citizen to LINE's login (the page is about to leave). */
  tokens: LiffTokens | null;
}

let modulesInstalled = false;

/**
 * Initialises LIFF and reads the citizen's tokens. With `mockUser`, `@line/liff-mock` plays the
 * SDK (loaded only then). Nothing touches the URL before `liff.init` resolves: LIFF reads its
 * `liff.state` deep link from it.
 */
export async function startLiff(options: { liffId: string; mockUser?: MockLiffUser }): Promise<LiffSession> {
  if (!modulesInstalled) {
    liff.use(new IsInClient());
    liff.use(new IsLoggedIn());
    liff.use(new Login());
    liff.use(new GetIDToken());
    liff.use(new GetAccessToken());
    liff.use(new GetProfile());
    modulesInstalled = true;
  }
  const { mockUser } = options;
  if (mockUser === undefined) {
    await liff.init({ liffId: options.liffId });
  } else {
    const { LiffMockPlugin } = await import('@line/liff-mock');
    // The mock's types expect the whole SDK; at run time it needs only what is installed above.
    liff.use(new LiffMockPlugin() as never);
    await liff.init({ liffId: options.liffId, mock: true } as Parameters<typeof liff.init>[0]);
    const mock = (liff as unknown as { $mock: { set: (data: Record<string, unknown>) => void } }).$mock;
    mock.set({
      isInClient: true,
      isLoggedIn: true,
      getIDToken: mockUser.idToken,
      getAccessToken: mockUser.accessToken,
      getProfile: { ...mockUser.profile, statusMessage: '' },
    });
    // The mock keeps its own signed-in state, which only its login() sets (as inside LINE, where
    // the citizen is always signed in).
    liff.login();
  }
  if (!liff.isLoggedIn()) {
    // A LIFF app opened in another browser: LINE's login first, then back here.
    liff.login({ redirectUri: window.location.href });
    return { tokens: null };
  }
  const profile = await liff.getProfile();
  return {
    tokens: {
      idToken: liff.getIDToken(),
      accessToken: liff.getAccessToken(),
      profile: { userId: profile.userId, displayName: profile.displayName, ...(profile.pictureUrl === undefined ? {} : { pictureUrl: profile.pictureUrl }) },
    },
  };
}
