import type { SigningCredential } from '@atrium/contracts/signing';

/** What the document's data block (CLIENT_CONFIG_ELEMENT_ID) carries, as far as the console reads it. */
export interface DocumentConfig {
  credential: SigningCredential;
  /** The sign-in options as written, checked by client-config.ts where they are used. */
  signIn: unknown;
}

/**
 * Reads the data block the server wrote into the document: the console's transport (client-config.ts)
 * and the document's first calls (src/prerender/first-calls.ts) both read it through this, so neither
 * signs with a half-written credential. Null for anything else than the contract's shape.
 */
export function readDocumentConfig(text: string | null | undefined): DocumentConfig | null {
  let data: unknown;
  try {
    data = JSON.parse(text ?? '');
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { keyId, secret, signIn } = data as Record<string, unknown>;
  return typeof keyId === 'string' && typeof secret === 'string' ? { credential: { keyId, secret }, signIn } : null;
}
