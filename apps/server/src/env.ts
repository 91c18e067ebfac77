// The one place that reads process.env: every setting, validated at start.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// Only the development channel's constants: the stand-in itself is loaded when it is mounted.
import { DEV_CHANNEL } from '@city/line-stand-in/dev-channel';

export type NodeEnv = 'production' | 'development' | 'test';

export interface ServerConfig {
  port: number;
  host: string;
  databasePath: string;
  nodeEnv: NodeEnv;
  /** LINE Login channel id: the `aud` of every ID token. */
  lineChannelId: string;
  /** LINE Login channel secret: signs web-login ID tokens (HS256) and authenticates the code exchange. */
  lineChannelSecret: string;
  /**
   * LINE's API (token, certs). Undefined outside production means: mount the LINE stand-in under
   * `/__dev/line` on this server and use it.
   */
  lineApiBaseUrl: string | undefined;
  /** LINE's authorize endpoint host (browsers go there); the stand-in's URL when it is used. */
  lineAccessBaseUrl: string | undefined;
  /** The one browser origin allowed to call the API from another origin; none when undefined. */
  corsOrigin: string | undefined;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (for rate limits). */
  trustProxy: boolean;
  /** The built citizen app (its `index.html` and `assets/`), served on the same port when present. */
  citizenAppDir: string;
  /** The LIFF app id, passed to the citizen app; none outside LINE's LIFF. */
  liffId: string | undefined;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

// Development-only stand-ins for the channel settings (the LINE stand-in's); refused in production.
const { channelId: DEV_CHANNEL_ID, channelSecret: DEV_CHANNEL_SECRET } = DEV_CHANNEL;
/** Where `pnpm --filter @city/liff build` puts the citizen app (read as files, never imported). */
const DEFAULT_CITIZEN_APP_DIR = fileURLToPath(new URL('../../liff/dist', import.meta.url));

/** Reads and checks the configuration; throws a ConfigError naming every problem at once. */
export function readConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const problems: string[] = [];
  const nodeEnv = env.NODE_ENV ?? 'development';
  if (nodeEnv !== 'production' && nodeEnv !== 'development' && nodeEnv !== 'test') {
    problems.push(`NODE_ENV must be production, development or test (got "${nodeEnv}")`);
  }
  const production = nodeEnv === 'production';
  const port = Number(env.PORT ?? '3000');
  if (!Number.isInteger(port) || port < 0 || port > 65_535) problems.push(`PORT must be 0-65535 (got "${env.PORT ?? ''}")`);

  const required = (name: string, devDefault: string | undefined): string => {
    const value = env[name]?.trim();
    if (value) return value;
    if (production || devDefault === undefined) problems.push(`${name} is required${production ? ' in production' : ''}`);
    return devDefault ?? '';
  };
  const lineChannelId = required('LINE_CHANNEL_ID', DEV_CHANNEL_ID);
  const lineChannelSecret = required('LINE_CHANNEL_SECRET', production ? undefined : DEV_CHANNEL_SECRET);
  if (production && lineChannelSecret === DEV_CHANNEL_SECRET) problems.push('LINE_CHANNEL_SECRET is the development value');
  // The stand-in signs tokens with the channel secret: it runs only with the development secret,
  // so a server given a real secret talks to the real LINE even if NODE_ENV was forgotten.
  const realLine = production || lineChannelSecret !== DEV_CHANNEL_SECRET;
  const lineApiBaseUrl = env.LINE_API_BASE_URL?.trim() || (realLine ? 'https://api.line.me' : undefined);
  const lineAccessBaseUrl = env.LINE_ACCESS_BASE_URL?.trim() || (realLine ? 'https://access.line.me' : undefined);
  const trustProxy = env.TRUST_PROXY?.trim() ?? 'false';
  if (trustProxy !== 'true' && trustProxy !== 'false') problems.push('TRUST_PROXY must be true or false');
  for (const [name, value] of [['LINE_API_BASE_URL', lineApiBaseUrl], ['LINE_ACCESS_BASE_URL', lineAccessBaseUrl], ['CORS_ORIGIN', env.CORS_ORIGIN]] as const) {
    if (value !== undefined && value !== '' && !/^https?:\/\/[^/]+/.test(value)) problems.push(`${name} must be an http(s) URL`);
  }

  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  return {
    port,
    host: env.HOST?.trim() || '127.0.0.1',
    databasePath: env.DATABASE_PATH?.trim() || './data/city.sqlite',
    nodeEnv: nodeEnv as NodeEnv,
    lineChannelId,
    lineChannelSecret,
    lineApiBaseUrl,
    lineAccessBaseUrl,
    corsOrigin: env.CORS_ORIGIN?.trim() || undefined,
    trustProxy: trustProxy === 'true',
    citizenAppDir: path.resolve(env.CITIZEN_APP_DIR?.trim() || DEFAULT_CITIZEN_APP_DIR),
    liffId: env.LIFF_ID?.trim() || undefined,
  };
}
