import { LINE_STAND_IN_PATH } from '@city/api-client';
import type { RuntimeConfig } from '../config/env.js';
import { LIFF_MOCK_USER_KEY, localStorageOrNull, readRuntimeConfig, readSettings } from '../config/env.js';
import { lazyApiClient } from '../lib/lazy-api-client.js';
import type { LiffSession, MockLiffUser } from '../lib/liff.js';
import type { Session } from '../lib/session.js';
import { HOME_PATH, isSafeReturnPath } from '../config/paths.js';
import { createSession, findSession, RETURN_PATH_KEY, saveSession, SESSION_KEYS } from '../lib/session.js';
import type { AppServices } from '../store/services.js';

/** What starting the app decided: its services and the session it starts with. */
export interface Boot {
  services: AppServices;
  session: Session | null;
}

/** In the LINE app's browser (its user agent says `Line/<version>`), or opened as a LIFF URL. */
function openedInLine(): boolean {
  return / Line\//i.test(navigator.userAgent) || new URLSearchParams(window.location.search).has('liff.state');
}

/**
 * The test user the LIFF mock plays, when a developer (or a browser test) asked for it and the
 * server says its LINE stand-in is there, which it never is in production.
 */
async function mockLiffUser(runtime: RuntimeConfig, apiBaseUrl: string): Promise<MockLiffUser | undefined> {
  const userId = localStorageOrNull()?.getItem(LIFF_MOCK_USER_KEY);
  if (!runtime.lineStandIn || !userId) return undefined;
  const response = await fetch(`${apiBaseUrl}${LINE_STAND_IN_PATH}/liff/token?${new URLSearchParams({ userId }).toString()}`);
  if (!response.ok) throw new Error(`The LINE stand-in refused the LIFF mock user (${String(response.status)}).`);
  return (await response.json()) as MockLiffUser;
}

/**
 * Reads the settings, and inside LINE starts LIFF (before anything reads or changes the URL) and
 * takes its session. Outside LINE the session is whatever the web login stored.
 */
export async function bootApp(): Promise<Boot> {
  const runtime = readRuntimeConfig();
  const settings = readSettings(runtime);
  const storage = window.sessionStorage;
  const mockUser = await mockLiffUser(runtime, settings.apiBaseUrl);
  const liffId = runtime.liffId ?? (mockUser === undefined ? null : 'mock-liff-id');
  let liffSession: LiffSession | undefined;
  if (liffId !== null && (mockUser !== undefined || openedInLine())) {
    const { startLiff } = await import('../lib/liff.js');
    liffSession = await startLiff({ liffId, ...(mockUser === undefined ? {} : { mockUser }) });
    if (liffSession.tokens !== null) {
      const { idToken, accessToken, profile } = liffSession.tokens;
      saveSession(storage, createSession({ idToken, accessToken, refreshToken: '', profile }));
    }
    honourLiffState();
  }
  const inLiff = liffSession !== undefined;
  const services: AppServices = {
    // Its code arrives with the first screen that calls the server (lib/lazy-api-client.ts).
    api: lazyApiClient({
      baseUrl: settings.apiBaseUrl,
      getIdToken: () => storage.getItem(SESSION_KEYS.idToken),
      // In the mini-app, the LIFF access token goes with a booking, change or cancellation: the
      // server confirms it with a LINE service message. A web login's access token is not one.
      ...(inLiff ? { getLineAccessToken: () => storage.getItem(SESSION_KEYS.accessToken) } : {}),
    }),
    storage,
    settings,
    runtime,
    navigateAway: (url) => {
      window.location.assign(url);
    },
    now: () => Date.now(),
    inLiff,
    ...(liffSession === undefined
      ? {}
      : {
          // Inside LINE the citizen is always signed in to LINE: opening the app again makes
          // liff.init fetch fresh tokens. (liff.login() is for LIFF apps in other browsers.)
          liffLogin: () => {
            const returnPath = storage.getItem(RETURN_PATH_KEY);
            storage.removeItem(RETURN_PATH_KEY);
            window.location.replace(`${settings.webUrl.replace(/\/+$/, '')}${isSafeReturnPath(returnPath) ? returnPath : HOME_PATH}`);
          },
          // Loaded when a citizen asks for quick fill, never before.
          commonProfile: async (scopes, askConsent) => {
            const { commonProfileSource } = await import('../lib/common-profile.js');
            const source = commonProfileSource({ mock: mockUser !== undefined, apiBaseUrl: settings.apiBaseUrl, liffAccessToken: () => storage.getItem(SESSION_KEYS.accessToken) });
            return source.get(scopes, askConsent);
          },
        }),
  };
  return { services, session: findSession(storage) };
}

/**
 * LIFF opens the endpoint URL with the real destination in `liff.state`; the SDK normally moves
 * there during init. If the address still carries it afterwards (the mock does not move), go
 * there ourselves: only to a path of this app. The payment provider returns a citizen in LINE
 * through `https://liff.line.me/{liffId}/completedPayment/{id}`, which arrives here as
 * `liff.state=/completedPayment/{id}` (or `/canceledPayment?order={id}`), before the router exists.
 */
export function honourLiffState(): void {
  const url = new URL(window.location.href);
  const state = url.searchParams.get('liff.state');
  if (state === null) return;
  const target = new URL(state, window.location.origin);
  if (target.origin !== window.location.origin) return;
  window.history.replaceState(null, '', `${target.pathname}${target.search}${target.hash}`);
}
