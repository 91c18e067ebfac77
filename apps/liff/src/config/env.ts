// The one place that reads build-time and runtime configuration.
import type { IntegrationSettings, RuntimeConfig } from '@city/api-client';
import { readIntegrationSettings, RUNTIME_CONFIG_ELEMENT_ID } from '@city/api-client';

export type { RuntimeConfig };

const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  lineAuthorizeUrl: 'https://access.line.me/oauth2/v2.1/authorize',
  loginAppId: import.meta.env.VITE_LINE_LOGIN_CHANNEL_ID ?? '',
  liffId: import.meta.env.VITE_LIFF_ID ?? null,
  lineStandIn: false,
};

export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const text = doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return DEFAULT_RUNTIME_CONFIG;
  try {
    const parsed = JSON.parse(text) as Partial<RuntimeConfig>;
    return {
      lineAuthorizeUrl: typeof parsed.lineAuthorizeUrl === 'string' ? parsed.lineAuthorizeUrl : DEFAULT_RUNTIME_CONFIG.lineAuthorizeUrl,
      loginAppId: typeof parsed.loginAppId === 'string' ? parsed.loginAppId : DEFAULT_RUNTIME_CONFIG.loginAppId,
      liffId: typeof parsed.liffId === 'string' && parsed.liffId !== '' ? parsed.liffId : DEFAULT_RUNTIME_CONFIG.liffId,
      lineStandIn: parsed.lineStandIn === true,
    };
  } catch {
    return DEFAULT_RUNTIME_CONFIG;
  }
}

/** Local storage, or nothing where the browser blocks it. */
export function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The integration settings of spec section 3, read from local storage (keys `city.apiBaseUrl`,
 * `city.loginAppId`, `city.webUrl`) with built-in defaults: this origin for the API and the web
 * URL, and the LINE Login channel the server announced.
 */
export function readSettings(runtime: RuntimeConfig): IntegrationSettings {
  const origin = window.location.origin;
  return readIntegrationSettings(localStorageOrNull(), { apiBaseUrl: origin, loginAppId: runtime.loginAppId, webUrl: origin });
}

/**
 * Local-storage key that makes the app behave as if opened inside LINE, with `@line/liff-mock`
 * playing the LIFF SDK and a test user's token from the LINE stand-in. Honoured only when the
 * server says the stand-in is there (never in production).
 */
export const LIFF_MOCK_USER_KEY = 'city.liffMockUser';
