import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (the two-step verification secrets): AES-256-GCM under SECRET_KEY, with a fresh 96-bit
 * nonce per seal and the owner's context as additional data, so a sealed value copied onto another
 * account (or another purpose) does not open. Text form: `v1.<nonce>.<ciphertext and tag>`, base64url.
 */
const VERSION = 'v1';

export function seal(key: Buffer, context: string, plain: Buffer): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${nonce.toString('base64url')}.${body.toString('base64url')}`;
}

/** The plain bytes, or undefined when the text was not sealed by `key` for `context` (or was altered). */
export function open(key: Buffer, context: string, sealed: string): Buffer | undefined {
  const [version, nonceText, bodyText] = sealed.split('.');
  if (version !== VERSION || !nonceText || !bodyText) return undefined;
  const body = Buffer.from(bodyText, 'base64url');
  if (body.length < 16) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonceText, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(body.subarray(body.length - 16));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]);
  } catch {
    return undefined;
  }
}
