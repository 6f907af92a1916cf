import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// The library's default is argon2id with its recommended cost (~20 ms here): slow for guessing, fine to sign in.
// (Its Algorithm enum is a const enum that isolatedModules cannot read; a test checks the `$argon2id$` prefix.)
const options = {};

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** `hashed` null: an account without a password (company sign-in); refused after the same work as a real check. */
export async function verifyPassword(hashed: string | null, password: string): Promise<boolean> {
  if (hashed === null) return verifyAgainstDummy(password);
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown username cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword('atrium-timing-equaliser');
  await verifyPassword(await dummy, password);
  return false;
}

/**
 * Hash of a short secret bound to a context (captcha id, device), compared after hashing. Unkeyed: a copy
 * of the database alone can try every value of a short secret against it; a secret that must stay one
 * after such a copy (a recovery code, an SMS code) is hashed with `keyedHash` instead.
 */
export function contextHash(context: string, secret: string): string {
  return createHash('sha256').update(`${context}\u0000${secret}`).digest('hex');
}

const purposeKeys = new WeakMap<Buffer, Map<string, Buffer>>();
/** A key of its own for `purpose`, derived from SECRET_KEY (HKDF-SHA256): the sealing key itself hashes nothing. */
export function purposeKey(secretKey: Buffer, purpose: string): Buffer {
  let keys = purposeKeys.get(secretKey);
  if (!keys) purposeKeys.set(secretKey, (keys = new Map()));
  let key = keys.get(purpose);
  if (!key) keys.set(purpose, (key = Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), `atrium:${purpose}`, 32))));
  return key;
}

/** HMAC-SHA256 of `value` under `key` (hex): without the key, no guess can be checked against it. */
export function keyedHash(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

/** Two hashes compared in constant time. */
export const equalHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
