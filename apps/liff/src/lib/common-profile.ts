// LINE's Common Profile (quick fill) inside the mini-app, loaded only when a citizen asks for it.
// Inside LINE: LINE's plugin (`@line/liff-common-profile-plugin`), which asks for consent in LINE's
// own window and answers null when the citizen declines. With the LIFF mock (development, browser
// tests), the stand-in plays that window: the app's consent dialog, then the stand-in's profile of
// the citizen whose LIFF access token it is. Nothing is read before the citizen agrees.
import liff from '@line/liff/core';
import { LINE_STAND_IN_PATH } from '@city/api-client';
import type { CommonProfile } from './profile-fill.js';

export interface CommonProfileSource {
  /** The profile's fields asked for (the plugin's scopes), or null when the citizen declined. */
  get(scopes: readonly string[], askConsent: () => Promise<boolean>): Promise<CommonProfile | null>;
}

let pluginInstalled = false;

/** LINE's plugin, installed once into the LIFF SDK the app started. */
async function lineCommonProfile(): Promise<CommonProfileSource> {
  if (!pluginInstalled) {
    const [{ LiffCommonProfilePlugin }, { default: SubWindow }] = await Promise.all([import('@line/liff-common-profile-plugin'), import('@line/liff/sub-window')]);
    // The plugin opens LINE's consent window through the SDK's sub-window module.
    liff.use(new SubWindow());
    liff.use(new LiffCommonProfilePlugin() as never);
    pluginInstalled = true;
  }
  const plugin = (liff as unknown as { $commonProfile: { get: (scopes: string[]) => Promise<CommonProfile | null> } }).$commonProfile;
  return { get: (scopes) => plugin.get([...scopes]) };
}

/** The stand-in's Common Profile, after the consent the app asks for (as LINE's window would). */
function standInCommonProfile(apiBaseUrl: string, liffAccessToken: () => string | null): CommonProfileSource {
  return {
    async get(scopes, askConsent) {
      if (!(await askConsent())) return null;
      const token = liffAccessToken();
      const response = await fetch(`${apiBaseUrl}${LINE_STAND_IN_PATH}/common-profile`, { headers: token === null ? {} : { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`The LINE stand-in answered ${String(response.status)}`);
      const { profile } = (await response.json()) as { profile: CommonProfile };
      // Only the fields asked for, as LINE hands over only the scopes requested.
      return Object.fromEntries(Object.entries(profile).filter(([field]) => scopes.includes(field)));
    },
  };
}

/** Where the mini-app reads the citizen's Common Profile from. */
export function commonProfileSource(options: { mock: boolean; apiBaseUrl: string; liffAccessToken: () => string | null }): CommonProfileSource {
  if (options.mock) return standInCommonProfile(options.apiBaseUrl, options.liffAccessToken);
  let source: Promise<CommonProfileSource> | undefined;
  return {
    async get(scopes, askConsent) {
      source ??= lineCommonProfile();
      return (await source).get(scopes, askConsent);
    },
  };
}
