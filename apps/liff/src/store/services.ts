import type { ApiClient } from '@city/api-client';
import type { IntegrationSettings } from '@city/api-client';
import type { RuntimeConfig } from '../config/env.js';
import type { CommonProfile } from '../lib/profile-fill.js';

/** What queries, thunks and screens reach the outside world through; tests pass their own. */
export interface AppServices {
  api: ApiClient;
  /** Session storage (the session, the OAuth state, the return path, the completion flag). */
  storage: Storage;
  settings: IntegrationSettings;
  runtime: RuntimeConfig;
  /**
   * Leaves the app for another site with a full page navigation (`window.location.assign`): LINE's
   * authorize page, the payment provider's page.
   */
  navigateAway: (url: string) => void;
  /**
   * Resolves after `ms` milliseconds (default: a timer). The payment result screens wait between
   * asks with it; tests pass one that resolves at once or when they say.
   */
  wait?: (ms: number) => Promise<void>;
  /** Milliseconds since the epoch (append-mode partition keys, receipt dates). */
  now: () => number;
  /** True inside the LINE app (LIFF): sessions come from the LIFF SDK, not the web login. */
  inLiff: boolean;
  /** Asks the LIFF SDK to log in again (inside LINE only). */
  liffLogin?: () => void;
  /**
   * Inside LINE only: the citizen's LINE Common Profile for quick fill, after their consent (null
   * when they decline). `askConsent` is the app's dialog where no LINE window asks (the LIFF mock).
   */
  commonProfile?: (scopes: readonly string[], askConsent: () => Promise<boolean>) => Promise<CommonProfile | null>;
}
