/** The integration settings of spec section 3: where the API is, which LINE login app, the web URL. */
export interface IntegrationSettings {
  /** Base URL of the API, e.g. `https://city.example.jp`. */
  apiBaseUrl: string;
  /** LINE Login channel id (or LIFF id) the app signs in with. */
  loginAppId: string;
  /** Public URL of the citizen web app; LINE returns here after login. */
  webUrl: string;
}

/** The local-storage keys an operator (or a test) sets to point the app elsewhere. */
export const INTEGRATION_SETTING_KEYS: Readonly<Record<keyof IntegrationSettings, string>> = Object.freeze({
  apiBaseUrl: 'city.apiBaseUrl',
  loginAppId: 'city.loginAppId',
  webUrl: 'city.webUrl',
});

/** What is read from: `window.localStorage`, or anything with its `getItem`. */
export interface SettingsStorage {
  getItem(key: string): string | null;
}

const URL_SETTINGS = new Set<keyof IntegrationSettings>(['apiBaseUrl', 'webUrl']);

/**
 * Reads the integration settings from storage (normally `window.localStorage`), each falling back to
 * its built-in default when missing, blank, or (for the URLs) neither https nor http on this
 * machine (localhost, 127.0.0.1, [::1]): the API base URL receives the citizen's ID token. Storage that
 * throws (a browser with storage blocked) counts as empty. Nothing is read at import time.
 *
 * @example
 * ```ts
 * const settings = readIntegrationSettings(window.localStorage, {
 *   apiBaseUrl: 'https://city.example.jp',
 *   loginAppId: '1650000000',
 *   webUrl: 'https://city.example.jp',
 * });
 * ```
 */
export function readIntegrationSettings(
  storage: SettingsStorage | null | undefined,
  defaults: IntegrationSettings,
): IntegrationSettings {
  const read = (name: keyof IntegrationSettings): string => {
    let stored: string | null = null;
    try {
      stored = storage?.getItem(INTEGRATION_SETTING_KEYS[name]) ?? null;
    } catch {
      stored = null;
    }
    const value = stored?.trim() ?? '';
    if (value === '') return defaults[name];
    if (URL_SETTINGS.has(name) && !isTrustedUrl(value)) return defaults[name];
    return value;
  };
  return { apiBaseUrl: read('apiBaseUrl'), loginAppId: read('loginAppId'), webUrl: read('webUrl') };
}

// The API base URL receives the citizen's ID token, so a stored override must at least be https;
// plain http is allowed only for this machine (local development).
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isTrustedUrl(value: string): boolean {
  try {
    const { protocol, hostname } = new URL(value);
    return protocol === 'https:' || (protocol === 'http:' && LOOPBACK_HOSTS.has(hostname));
  } catch {
    return false;
  }
}
