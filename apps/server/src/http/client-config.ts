import type { ClientConfig } from '@atrium/contracts/calls/auth';
import type { AppConfig } from '../config.ts';

/**
 * What the console needs before its first call: the signing credential (the keyring's first key) and how
 * the sign-in page offers company sign-in. GET /api/client-config answers it with the server time; the
 * console's document carries it (plugins/static-web.ts).
 */
export function clientConfigOf(config: Pick<AppConfig, 'signingKeys' | 'oidc' | 'passwordSignIn'>): Omit<ClientConfig, 'serverTime'> {
  const key = config.signingKeys[0]!;
  return { keyId: key.keyId, secret: key.secret, signIn: { sso: config.oidc ? { label: config.oidc.label ?? null } : null, password: config.passwordSignIn } };
}
