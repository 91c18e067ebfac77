// ID tokens as LINE issues them: the claims of LINE Login, signed as the web login signs them.
import { SignJWT } from 'jose';
import type { TestUser } from './test-users.js';

/** Issuer of every LINE ID token. */
export const LINE_ISSUER = 'https://access.line.me';

export interface TokenOptions {
  /** Seconds from now; negative for an already expired token. Default 3600. */
  expiresIn?: number;
  /** Seconds since the epoch. Default: now. */
  issuedAt?: number;
  audience?: string;
  issuer?: string;
  nonce?: string;
}

/** A LINE Login channel: its id is every token's audience; its secret signs web-login tokens. */
export interface LineChannel {
  channelId: string;
  channelSecret: string;
}

/** The claims of a LINE ID token for this user, not yet signed. */
export function idTokenClaims(channel: Pick<LineChannel, 'channelId'>, user: TestUser, options: TokenOptions = {}): SignJWT {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    name: user.displayName,
    picture: user.pictureUrl,
    amr: ['linesso'],
    ...(options.nonce === undefined ? {} : { nonce: options.nonce }),
  })
    .setIssuer(options.issuer ?? LINE_ISSUER)
    .setSubject(user.userId)
    .setAudience(options.audience ?? channel.channelId)
    .setIssuedAt(options.issuedAt ?? now)
    .setExpirationTime(now + (options.expiresIn ?? 3600));
}

/** An ID token as LINE Login's web flow issues it: HS256 with the channel secret. */
export function signWebIdToken(channel: LineChannel, user: TestUser, options: TokenOptions = {}): Promise<string> {
  return idTokenClaims(channel, user, options)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(channel.channelSecret));
}
