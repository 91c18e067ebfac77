// What the server and the citizen app agree on beyond the API: the configuration the server puts
// into the app's index.html, and where the development stand-ins live.

/**
 * What the server puts into the citizen app's `index.html` when it serves it, and the app reads at
 * start: where LINE's authorize page is, the LINE Login channel, the LIFF app id, and whether the
 * development LINE stand-in is mounted. One build of the app then runs anywhere.
 */
export interface RuntimeConfig {
  /** LINE's authorize endpoint (the stand-in's, on the same server, in development). */
  lineAuthorizeUrl: string;
  /** The LINE Login channel id: `client_id` of the authorize request. */
  loginAppId: string;
  liffId: string | null;
  /** The LINE stand-in is mounted: the app may play the LIFF SDK with `@line/liff-mock`. */
  lineStandIn: boolean;
}

/** The id of the `<script type="application/json">` element that carries the {@link RuntimeConfig}. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'city-runtime-config';

/** Where the built `index.html` has the comment the server replaces with the configuration. */
export const RUNTIME_CONFIG_PLACEHOLDER = '<!--city-runtime-config-->';

/**
 * Where development stand-ins (of LINE now, of payment providers later) are mounted on the server.
 * Never in production: nothing is served there then.
 */
export const DEV_STAND_INS_PATH = '/__dev';

/** Where the LINE platform stand-in is mounted (LINE Login's paths follow, e.g. `/oauth2/v2.1/authorize`). */
export const LINE_STAND_IN_PATH = `${DEV_STAND_INS_PATH}/line`;

/**
 * Where the sandbox payment provider's hosted page is mounted (outside production only):
 * `${SANDBOX_PAYMENT_PATH}/checkout/{sessionId}`, where a tester pays, cancels, fails or pays late.
 */
export const SANDBOX_PAYMENT_PATH = `${DEV_STAND_INS_PATH}/payments/sandbox`;
