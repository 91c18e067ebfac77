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
  // Imported once: given the secret's bytes, jose imports a key for every token it checks.
  const secretKey = crypto.subtle.importKey('raw', new TextEncoder().encode(options.channelSecret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  secretKey.catch(() => undefined); // a secret that cannot be a key fails each check (invalid_token), never the process
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
      if (alg === 'HS256') ({ payload } = await jwtVerify(token, await secretKey, { ...checks, algorithms: ['HS256'] }));
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
