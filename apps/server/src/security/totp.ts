import { Secret, TOTP } from 'otpauth';

/**
 * TOTP (RFC 6238) through `otpauth`: HMAC-SHA1, 6 digits, 30-second steps, the current step and one
 * either side accepted. The caller keeps the last step accepted per account and refuses any step not
 * after it, so a code is good once (modules/auth/two-step.service.ts).
 */
const PERIOD = 30;
const WINDOW = 1;

/** The secret's own bytes in an ArrayBuffer of their own (a Buffer may be a view into a larger pool). */
const secretOf = (bytes: Uint8Array) => new Secret({ buffer: new Uint8Array(bytes).buffer });

function totp(secret: Uint8Array, digits: number, label = ''): TOTP {
  return new TOTP({ issuer: 'Atrium', label, algorithm: 'SHA1', digits, period: PERIOD, secret: secretOf(secret) });
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation). */
export function newTotpSecret(): Uint8Array {
  return new Secret({ size: 20 }).bytes;
}

/** The secret as authenticator apps take it typed in. */
export function base32(secret: Uint8Array): string {
  return secretOf(secret).base32;
}

/** The `otpauth://totp/...` URI of the QR code an authenticator app scans. */
export function otpauthUri(secret: Uint8Array, account: string): string {
  return totp(secret, 6, account).toString();
}

/** The code of the step holding `at` (`digits`: 6 for people; RFC 6238's test vectors use 8). */
export function totpCode(secret: Uint8Array, at: Date, digits = 6): string {
  return totp(secret, digits).generate({ timestamp: at.getTime() });
}

/** The time step a code belongs to when it is one of the accepted window's at `at`, else null. */
export function totpStep(secret: Uint8Array, code: string, at: Date, digits = 6): number | null {
  const delta = totp(secret, digits).validate({ token: code, timestamp: at.getTime(), window: WINDOW });
  return delta === null ? null : Math.floor(at.getTime() / 1000 / PERIOD) + delta;
}
