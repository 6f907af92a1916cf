import { createHash } from 'node:crypto';
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

/** Hash of a short secret bound to a context (captcha id, phone number), compared after hashing. */
export function contextHash(context: string, secret: string): string {
  return createHash('sha256').update(`${context}\u0000${secret}`).digest('hex');
}
