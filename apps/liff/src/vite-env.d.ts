/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** LINE Login channel id used when the server does not announce one. */
  readonly VITE_LINE_LOGIN_CHANNEL_ID?: string;
  /** LIFF app id used when the server does not announce one. */
  readonly VITE_LIFF_ID?: string;
}
