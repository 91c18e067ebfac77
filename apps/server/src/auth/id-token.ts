import { createHmac, timingSafeEqual } from 'node:crypto';
import { createRemoteJWKSet, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import type { JWTPayload } from 'jose';
import { HttpError } from '../http/errors.js';
import { messages } from '../messages.js';

/** Issuer of every LINE ID token. */
export const LINE_ISSUER = 'https://access.line.me';

/**
 * How many verified tokens are remembered. A citizen's app sends the same ID token with every call
 * until it expires, so a verified token is kept (until its own expiry) instead of being checked
 * again on every request; the oldest is forgotten first.
 */
const REMEMBERED_TOKENS = 10_000;

export interface VerifiedUser {
  userId: string;
  name: string | undefined;
  picture: string | undefined;
}

/**
 * Verifies LINE ID tokens: HS256 with the channel secret (web login), ES256 against LINE's JWKS
 * (LIFF). Checks signature, issuer, audience (the channel id), expiry, and the nonce when asked.
 */
export function createIdTokenVerifier(options: { channelId: string; channelSecret: string; lineApiBaseUrl: () => string }) {
  const secret = Buffer.from(options.channelSecret, 'utf8');
  // jose caches the key set and refetches it only on an unknown key id (LINE rotates keys).
  let jwks: { url: string; keys: ReturnType<typeof createRemoteJWKSet> } | undefined;
  const keySet = () => {
    const url = `${options.lineApiBaseUrl()}/oauth2/v2.1/certs`;
    if (jwks?.url !== url) jwks = { url, keys: createRemoteJWKSet(new URL(url)) };
    return jwks.keys;
  };

  // Token -> who it names and when it expires (seconds). Only tokens checked without a nonce: a
  // login checks its nonce every time.
  const verified = new Map<string, { user: VerifiedUser; expiresAt: number }>();
  const remembered = (token: string): VerifiedUser | undefined => {
    const entry = verified.get(token);
    if (entry === undefined) return undefined;
    if (Date.now() / 1000 < entry.expiresAt) return entry.user;
    verified.delete(token); // expired: checked again, which answers session_expired
    return undefined;
  };
  const remember = (token: string, user: VerifiedUser, expiresAt: number) => {
    if (verified.size >= REMEMBERED_TOKENS) verified.delete(verified.keys().next().value as string);
    verified.set(token, { user, expiresAt });
  };

  return async function verifyIdToken(token: string, expected: { nonce?: string } = {}): Promise<VerifiedUser> {
    if (expected.nonce === undefined) {
      const user = remembered(token);
      if (user !== undefined) return user;
    }
    let alg: string | undefined;
    try {
      ({ alg } = decodeProtectedHeader(token));
    } catch {
      throw new HttpError(401, 'invalid_token', messages.invalidToken);
    }
    const checks = { issuer: LINE_ISSUER, audience: options.channelId, requiredClaims: ['exp', 'iat', 'sub'] };
    let payload: JWTPayload;
    try {
      if (alg === 'HS256') payload = verifyHs256(token, secret, checks);
      else if (alg === 'ES256') ({ payload } = await jwtVerify(token, keySet(), { ...checks, algorithms: ['ES256'] }));
      else throw new HttpError(401, 'invalid_token', messages.invalidToken);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (error instanceof errors.JWTExpired) throw new HttpError(401, 'session_expired', messages.sessionExpired);
      // LINE's key set could not be fetched (jose's own errors, or fetch's TypeError): not the
      // citizen's fault, and worth retrying.
      if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid || (alg === 'ES256' && error instanceof TypeError)) {
        throw new HttpError(503, 'line_unavailable', messages.lineUnavailable, { retryable: true });
      }
      throw new HttpError(401, 'invalid_token', messages.invalidToken);
    }
    if (expected.nonce !== undefined && payload.nonce !== expected.nonce) {
      throw new HttpError(401, 'invalid_token', messages.invalidToken);
    }
    if (typeof payload.sub !== 'string' || payload.sub === '') throw new HttpError(401, 'invalid_token', messages.invalidToken);
    const user: VerifiedUser = {
      userId: payload.sub,
      name: typeof payload.name === 'string' ? payload.name : undefined,
      picture: typeof payload.picture === 'string' ? payload.picture : undefined,
    };
    // exp is required above, so a remembered token always expires.
    if (typeof payload.exp === 'number') remember(token, user, payload.exp);
    return user;
  };
}

export type IdTokenVerifier = ReturnType<typeof createIdTokenVerifier>;

const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Refuses bytes that are not UTF-8, as jose's decoder does (a replacement character would slip in). */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** A JWT segment's JSON object, or undefined when the segment is not base64url of one. */
function jsonObjectOf(segment: string): Record<string, unknown> | undefined {
  if (!BASE64URL.test(segment)) return undefined;
  try {
    const value: unknown = JSON.parse(UTF8.decode(Buffer.from(segment, 'base64url')));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A web login's ID token (HS256, the channel secret) checked as jose's jwtVerify checks it with the
 * same options, but with node:crypto's HMAC, synchronously: jose checks through WebCrypto, whose
 * key import and job queue made one check cost about ten times the HMAC itself, and a surge of
 * citizens signing in checks one a citizen (a tenth of an instance's CPU in `pnpm bench:surge`).
 * The signature first (a token not ours is invalid_token whatever it claims), then the claims:
 * issuer, audience, `exp` (passed: session_expired), `iat` and `sub` present, `nbf` passed; a
 * header with `crit` is refused, as jose refuses extensions it does not know.
 */
function verifyHs256(token: string, secret: Buffer, checks: { issuer: string; audience: string }): JWTPayload {
  const invalid = () => new HttpError(401, 'invalid_token', messages.invalidToken);
  const [header = '', claims = '', signature = '', ...more] = token.split('.');
  if (more.length > 0 || !BASE64URL.test(signature)) throw invalid();
  const expected = createHmac('sha256', secret).update(`${header}.${claims}`).digest();
  const given = Buffer.from(signature, 'base64url');
  // The signature's text must be the canonical encoding of its bytes: no second spelling of one token.
  if (given.length !== expected.length || !timingSafeEqual(given, expected) || given.toString('base64url') !== signature) throw invalid();
  const protectedHeader = jsonObjectOf(header);
  const payload = jsonObjectOf(claims) as JWTPayload | undefined;
  if (protectedHeader?.alg !== 'HS256' || 'crit' in protectedHeader || payload === undefined) throw invalid();
  const now = Math.floor(Date.now() / 1000);
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (payload.iss !== checks.issuer || !audiences.includes(checks.audience)) throw invalid();
  // Finite: an `exp` of 1e400 would be remembered for ever.
  if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp) || typeof payload.iat !== 'number' || typeof payload.sub !== 'string') throw invalid();
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) throw invalid();
  if (payload.exp <= now) throw new HttpError(401, 'session_expired', messages.sessionExpired);
  return payload;
}
