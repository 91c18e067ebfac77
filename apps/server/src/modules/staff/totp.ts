// The second factor: TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps), as every authenticator app
// reads it from a QR code. A code is accepted one step either side of the server's clock, and each
// step once only: the step accepted is stored, and a code of that step or an earlier one is refused.
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

const PERIOD_SECONDS = 30;

const totpOf = (secret: string, label = 'staff', issuer = 'city') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** A new random secret, base32 (160 bits, as RFC 4226 recommends). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The time step a code is checked in, `delta` steps from now's. */
const stepAt = (now: number) => Math.floor(now / 1000 / PERIOD_SECONDS);

/** The step of a valid code at `now` (one step either side allowed), or undefined. */
export function totpStepOf(secret: string, code: string, now: number): number | undefined {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? undefined : stepAt(now) + delta;
}

/** The code for `now` (the demo prints none; tests and the create-staff command's check use it). */
export function totpCode(secret: string, now: number): string {
  return totpOf(secret).generate({ timestamp: now });
}

/** What an authenticator app scans: the otpauth:// address and its QR code as SVG. */
export async function totpEnrolment(secret: string, loginId: string, issuer: string): Promise<{ otpauthUri: string; qrSvg: string }> {
  const otpauthUri = totpOf(secret, loginId, issuer).toString();
  return { otpauthUri, qrSvg: await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) };
}
