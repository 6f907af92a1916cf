import { vi } from 'vitest';
import { endpoints, resetApiClient } from '../lib/api';

/** A successful answer in the API's envelope. */
export const envelope = (data: unknown) => ({ status: 'success', code: 0, message: 'ok', data, traceId: 't' });

/**
 * A component test's console, signed in on this device: a fresh API client, `fp-<name>` and `tok-<name>`
 * stored as the fingerprint and the session token, and `fetch` answering the client's config itself (a
 * signing credential, password sign-in on) and every other request with `answer` (the URL as sent).
 */
export function signedInFetch(name: string, answer: (url: string, init: RequestInit) => Response | Promise<Response>): void {
  resetApiClient();
  localStorage.setItem('fingerprint', `fp-${name}`);
  localStorage.setItem('token', `tok-${name}`);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) =>
      url === endpoints.auth.clientConfig.path ? new Response(JSON.stringify(envelope({ keyId: 'k', secret: 's', signIn: { sso: null, password: 'on' } })), { status: 200 }) : answer(url, init),
    ),
  );
}
